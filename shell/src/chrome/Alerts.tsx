import { bus, topics } from '@store/shared-events';
import { useEffect, useState } from 'react';

/** Spec §9: at most 4 alerts, 5 s by default, inserted after 300 ms. */
export const ALERTS_MAX = 4;
export const ALERT_DEFAULT_DURATION_MS = 5000;
export const ALERT_INSERT_DELAY_MS = 300;

interface ShownAlert {
  id: string;
  type: 'SUCCESS' | 'ERROR';
  content: string;
}

let counter = 0;

/** Alerts raised by any team on the bus (alert.show). */
export function Alerts() {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    };
    const unsubscribe = bus.subscribe(topics.alertShow, (alert) => {
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
  }, []);
  return (
    <div aria-live="polite" data-testid="alerts" css={{ position: 'fixed', top: 72, right: 16, left: 16, marginLeft: 'auto', zIndex: 150, display: 'grid', gap: 8, maxWidth: 360, pointerEvents: 'none' }}>
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role={alert.type === 'ERROR' ? 'alert' : 'status'}
          data-alert-type={alert.type}
          css={{ pointerEvents: 'auto', padding: '.75rem 1rem', borderRadius: 8, background: alert.type === 'ERROR' ? '#7a1f12' : 'var(--forest)', color: '#fff', boxShadow: '0 6px 20px rgba(0,0,0,.15)' }}
        >
          {alert.content}
        </div>
      ))}
    </div>
  );
}
