import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { CountrySettings } from '../config/site';

// The footer's content is not server-rendered (spec §2: shown once the client is ready), so its code
// is not part of the first load either: it loads when the client is ready.
const FooterContent = lazy(() => import(/* webpackChunkName: "footer" */ './FooterContent'));

/** The three policy links from this country's customer-service settings (spec §2, §3 Country settings). */
export function policyLinks(settings: CountrySettings) {
  return [
    { label: 'Shipping', href: settings.customerService.supportDelivery },
    { label: 'Warranty', href: settings.customerService.supportWarranty },
    { label: 'Returns', href: settings.customerService.supportReturns },
  ];
}

/**
 * Becomes true after the first client render (spec §2: the footer is shown once the client is ready).
 * The footer then renders as a transition, in slices that yield to the browser, not as one long task.
 */
function useClientReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setReady(true));
    const w = window as Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(show, { timeout: 500 });
    else setTimeout(show, 0);
  }, []);
  return ready;
}

const placeholder = <div aria-hidden="true" css={{ minHeight: 200, background: 'var(--forest)', marginTop: '4rem' }} />;

export function Footer() {
  const ready = useClientReady();
  if (!ready) return placeholder;
  return <Suspense fallback={placeholder}>{<FooterContent />}</Suspense>;
}
