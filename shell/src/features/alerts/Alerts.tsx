import { bus, topics, type PayloadOf } from '@store/shared-events';

export type AlertShow = PayloadOf<typeof topics.alertShow>;
/** Where the alerts come from: the bus by default; the chrome hands over the ones published before this code loaded. */
export type AlertSource = (listener: (alert: AlertShow) => void) => () => void;
const fromBus: AlertSource = (listener) => bus.subscribe(topics.alertShow, listener);
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** At most 4 alerts, 5 s by default, inserted after 300 ms. */
export const ALERTS_MAX = 4;
export const ALERT_DEFAULT_DURATION_MS = 5000;
export const ALERT_INSERT_DELAY_MS = 300;
/** Space kept between the alerts and the screen edge or the sticky header. */
export const ALERT_EDGE_GAP = 8;

interface ShownAlert {
  id: string;
  type: 'SUCCESS' | 'ERROR';
  content: string;
}

export type AlertPlacement = 'top' | 'bottom';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Form controls a shopper may be using: what alerts must not cover. */
export const COVERED_CONTROLS = 'input:not([type="hidden"]), select, textarea, form button, [role="combobox"]';

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where the alerts go: below the sticky header, or at the bottom of the screen, whichever covers
 * no form control on screen (the focused one counts most, then the number covered). `height` and
 * `width` are the alerts' size, `right` their right edge; `headerBottom` the sticky header's
 * bottom edge.
 */
export function choosePlacement(controls: { box: Box; focused: boolean }[], size: { height: number; left: number; right: number }, viewportHeight: number, headerBottom: number): AlertPlacement {
  const area = (placement: AlertPlacement): Box =>
    placement === 'top'
      ? { top: headerBottom + ALERT_EDGE_GAP, bottom: headerBottom + ALERT_EDGE_GAP + size.height, left: size.left, right: size.right }
      : { top: viewportHeight - ALERT_EDGE_GAP - size.height, bottom: viewportHeight - ALERT_EDGE_GAP, left: size.left, right: size.right };
  const cost = (placement: AlertPlacement): number => {
    const box = area(placement);
    return controls.reduce((sum, c) => sum + (overlaps(box, c.box) ? (c.focused ? 100 : 1) : 0), 0);
  };
  return cost('bottom') < cost('top') ? 'bottom' : 'top';
}

function headerBottomEdge(): number {
  const header = document.getElementById('shell-header');
  const bottom = header ? header.getBoundingClientRect().bottom : 0;
  return Math.max(0, bottom);
}

/** The form controls on screen now, with the focused one marked. */
function visibleControls(viewportHeight: number, exclude: Element | null): { box: Box; focused: boolean }[] {
  const list: { box: Box; focused: boolean }[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(COVERED_CONTROLS)) {
    if (exclude?.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > viewportHeight) continue;
    list.push({ box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right }, focused: el === document.activeElement });
  }
  return list;
}

let counter = 0;

/**
 * Alerts raised by any team on the bus (alert.show). They are placed where they cover no form
 * control (below the header, or at the bottom of the screen), re-checked when focus moves, the
 * page scrolls or the window resizes; and clicks pass through them (they hold text only).
 */
export function Alerts({ source = fromBus }: { source?: AlertSource } = {}) {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const [placement, setPlacement] = useState<AlertPlacement>('top');
  const [headerBottom, setHeaderBottom] = useState(64);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };
    const unsubscribe = source((alert) => {
      counter += 1;
      const id = alert.id ?? `alert-${counter}`;
      later(ALERT_INSERT_DELAY_MS, () => {
        setAlerts((current) => [...current.filter((a) => a.id !== id), { id, type: alert.type ?? 'SUCCESS', content: alert.content }].slice(-ALERTS_MAX));
        later(alert.duration ?? ALERT_DEFAULT_DURATION_MS, () => setAlerts((current) => current.filter((a) => a.id !== id)));
      });
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [source]);

  const place = useCallback(() => {
    const node = region.current;
    if (!node) return;
    const viewportHeight = window.innerHeight || document.documentElement.clientHeight;
    const top = headerBottomEdge();
    const r = node.getBoundingClientRect();
    setHeaderBottom(top);
    setPlacement(choosePlacement(visibleControls(viewportHeight, node), { height: r.height, left: r.left, right: r.right }, viewportHeight, top));
  }, []);

  const shown = alerts.length > 0;
  useLayoutEffect(() => {
    if (shown) place();
  }, [shown, alerts, place]);

  useEffect(() => {
    if (!shown) return undefined;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    document.addEventListener('focusin', schedule);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', schedule);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [shown, place]);

  return (
    <div
      ref={region}
      aria-live="polite"
      data-testid="alerts"
      data-placement={placement}
      css={{
        position: 'fixed',
        right: 16,
        left: 16,
        marginLeft: 'auto',
        zIndex: 150,
        display: 'grid',
        gap: 8,
        maxWidth: 360,
        pointerEvents: 'none',
        ...(placement === 'top' ? { top: headerBottom + ALERT_EDGE_GAP } : { bottom: `calc(${ALERT_EDGE_GAP}px + env(safe-area-inset-bottom, 0px))` }),
      }}
    >
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role={alert.type === 'ERROR' ? 'alert' : 'status'}
          data-alert-type={alert.type}
          css={{ padding: '.75rem 1rem', borderRadius: 8, background: alert.type === 'ERROR' ? '#7a1f12' : 'var(--forest)', color: '#fff', boxShadow: '0 6px 20px rgba(0,0,0,.15)' }}
        >
          {alert.content}
        </div>
      ))}
    </div>
  );
}
