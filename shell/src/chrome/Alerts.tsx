import { bus, topics } from '@store/shared-events';
import { useEffect, useState } from 'react';

export const ALERTS_MAX = 4;
export const ALERT_DEFAULT_DURATION_MS = 5000;

interface ShownAlert {
  id: string;
  type: 'SUCCESS' | 'ERROR';
  content: string;
}

let counter = 0;

/** Alerts raised by any team on the bus: at most four at once, five seconds by default. */
export function Alerts() {
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  useEffect(
    () =>
      bus.subscribe(topics.alertShow, (alert) => {
        counter += 1;
        const id = alert.id ?? `alert-${counter}`;
        setAlerts((current) => [...current.filter((a) => a.id !== id), { id, type: alert.type ?? 'SUCCESS', content: alert.content }].slice(-ALERTS_MAX));
        setTimeout(() => setAlerts((current) => current.filter((a) => a.id !== id)), alert.duration ?? ALERT_DEFAULT_DURATION_MS);
      }),
    [],
  );
  return (
    <div aria-live="polite" css={{ position: 'fixed', top: 72, right: 16, zIndex: 50, display: 'grid', gap: 8, maxWidth: 360 }}>
      {alerts.map((alert) => (
        <div
          key={alert.id}
          role={alert.type === 'ERROR' ? 'alert' : 'status'}
          css={{ padding: '.75rem 1rem', borderRadius: 8, background: alert.type === 'ERROR' ? '#7a1f12' : 'var(--forest)', color: '#fff', boxShadow: '0 6px 20px rgba(0,0,0,.15)' }}
        >
          {alert.content}
        </div>
      ))}
    </div>
  );
}
