import type { CountrySettings } from '../../lib/config/site';
import FooterContent from './FooterContent';

/** The three policy links from this country's customer-service settings. */
export function policyLinks(settings: CountrySettings) {
  return [
    { label: 'Shipping', href: settings.customerService.supportDelivery },
    { label: 'Warranty', href: settings.customerService.supportWarranty },
    { label: 'Returns', href: settings.customerService.supportReturns },
  ];
}

/**
 * The footer: rendered on the server (its links and text work before and without JavaScript) and
 * hydrated when the shopper comes near it or has shown intent (its own chunk: lifecycles.tsx). A link tapped before
 * that is followed as a plain link, a full page load instead of a client-side navigation.
 */
export function Footer() {
  return <FooterContent />;
}
