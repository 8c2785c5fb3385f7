import type { CountrySettings } from '../config/site';
import FooterContent from './FooterContent';

/** The three policy links from this country's customer-service settings (spec §2, §3 Country settings). */
export function policyLinks(settings: CountrySettings) {
  return [
    { label: 'Shipping', href: settings.customerService.supportDelivery },
    { label: 'Warranty', href: settings.customerService.supportWarranty },
    { label: 'Returns', href: settings.customerService.supportReturns },
  ];
}

/**
 * The footer: rendered on the server (its links and text work before and without JavaScript) and
 * hydrated with the rest of the chrome. Its code is part of the chrome's chunk, not loaded on its
 * own: a link in a part React cannot hydrate yet (its code still loading) would be followed as a
 * plain link, a full page load, instead of the store's client-side navigation.
 */
export function Footer() {
  return <FooterContent />;
}
