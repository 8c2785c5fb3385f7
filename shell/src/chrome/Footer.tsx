import { lazy, Suspense, type ComponentType } from 'react';
import type { CountrySettings } from '../config/site';

// The footer's links and text are in the server's HTML (they work before and without JavaScript);
// its code is not part of the first load: the browser loads it when the footer is hydrated, and
// until then React keeps the server's HTML in place (a dehydrated Suspense boundary).
const LazyFooterContent = lazy(() => import(/* webpackChunkName: "footer" */ './FooterContent'));

/** The three policy links from this country's customer-service settings (spec §2, §3 Country settings). */
export function policyLinks(settings: CountrySettings) {
  return [
    { label: 'Shipping', href: settings.customerService.supportDelivery },
    { label: 'Warranty', href: settings.customerService.supportWarranty },
    { label: 'Returns', href: settings.customerService.supportReturns },
  ];
}

const placeholder = <div aria-hidden="true" css={{ minHeight: 200, background: 'var(--forest)', marginTop: '4rem' }} />;

/**
 * The footer. `content` is the footer's content component: the server entry passes it directly
 * (rendered into the page's HTML); the browser loads it on demand.
 */
export function Footer({ content: Content = LazyFooterContent }: { content?: ComponentType } = {}) {
  return (
    <Suspense fallback={placeholder}>
      <Content />
    </Suspense>
  );
}
