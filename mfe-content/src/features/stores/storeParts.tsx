import { formatHour, STORE_TIME_ZONE, storeClock, storeOpenState, timeZoneLabel, weekdayName, type Store, type StoreDayHours } from '@store/contracts';
import { useEffect, useState } from 'react';

/**
 * The clock, re-read every minute so "open now" stays true to it. null until the first tick just
 * after the page renders: the server's clock (and a hydrating render) must not decide what the
 * browser shows, so open or closed and today's row fill in after hydration.
 */
export function useNow(intervalMs = 60_000): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    const tick = () => setNow(new Date());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}

/** Open or closed now by the store's own clock (`timeZone`: Pacific/Auckland, Australia/Sydney, Australia/Perth, ...). */
export function OpenState({ hours, now, timeZone = STORE_TIME_ZONE }: { hours: StoreDayHours[]; now: Date | null; timeZone?: string }) {
  // before the clock is read: a placeholder of the same height
  if (now === null) return <span data-open-state="pending">{'\u00a0'}</span>;
  const state = storeOpenState(hours, now, timeZone);
  return (
    <span css={{ color: state.open ? 'var(--forest)' : 'var(--muted)', fontWeight: 600 }}>
      <span aria-hidden="true" css={{ display: 'inline-block', width: 8, height: 8, borderRadius: 99, marginRight: 6, background: state.open ? 'var(--forest)' : 'var(--muted)' }} />
      {state.text}
    </span>
  );
}

export function formatPeriod(h: StoreDayHours): string {
  return h.open && h.close ? `${formatHour(h.open)} – ${formatHour(h.close)}` : 'Closed';
}

/** The week's opening hours, Monday first, today marked (by the store's clock, `timeZone`). */
export function OpeningHours({ hours, now, timeZone = STORE_TIME_ZONE }: { hours: StoreDayHours[]; now: Date | null; timeZone?: string }) {
  const today = now === null ? null : storeClock(now, timeZone).day;
  return (
    <table css={{ borderCollapse: 'collapse', width: '100%', maxWidth: '24rem', '& th, & td': { textAlign: 'left', padding: '.35rem .5rem .35rem 0', borderBottom: '1px solid var(--line)' } }}>
      <caption css={{ textAlign: 'left', fontWeight: 600, marginBottom: '.5rem' }}>{`Opening hours (${timeZoneLabel(timeZone)})`}</caption>
      <tbody>
        {[...hours]
          .sort((a, b) => a.day - b.day)
          .map((h) => (
            <tr key={h.day} aria-current={h.day === today ? 'date' : undefined} css={h.day === today ? { fontWeight: 700 } : undefined}>
              <th scope="row" css={{ fontWeight: 'inherit' }}>
                {weekdayName(h.day)}
                {h.day === today ? ' (today)' : ''}
              </th>
              <td>{formatPeriod(h)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

export function AddressLines({ store }: { store: Store }) {
  const a = store.address;
  return (
    <address css={{ fontStyle: 'normal' }}>
      {a.street1}
      <br />
      {a.street2 ? (
        <>
          {a.street2}
          <br />
        </>
      ) : null}
      {/* Australian addresses are written "Sydney NSW 2000" */}
      {a.country === 'AU' ? `${a.locality} ${a.region} ${a.postcode}` : `${a.locality}, ${a.region} ${a.postcode}`}
    </address>
  );
}

export function formatDistance(km: number): string {
  return km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`;
}
