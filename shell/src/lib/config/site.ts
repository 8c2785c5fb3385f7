/**
 * Site configuration of the chrome (keyed au, nz, others): base URLs
 * and customer-service links per country, social accounts, footer link groups and the link rules'
 * external allow-list. The fernleaf domains and social handles are example values of this
 * deployment: change them here.
 */
import { MARKETS, type MarketSettings } from '@store/contracts/market';
import { useMarket } from '@store/ui/market';

export interface CustomerService {
  supportUrl: string;
  supportDelivery: string;
  supportWarranty: string;
  supportReturns: string;
}

export interface CountrySettings {
  countryCode: string;
  baseUrl: string;
  customerService: CustomerService;
  /** Terms of use and privacy policy of the site's market (NZ's when absent). */
  legal?: { termsUrl: string; privacyUrl: string };
}

/** NZ and AU are markets of this deployment: their customer-service links are the market data's (@store/contracts/market). */
export const COUNTRY_SETTINGS: Record<'au' | 'nz' | 'others', CountrySettings> = {
  nz: {
    countryCode: 'NZ',
    baseUrl: 'https://www.fernleaf.co.nz',
    customerService: MARKETS.NZ.customerService,
  },
  au: {
    countryCode: 'AU',
    baseUrl: 'https://www.fernleaf.com.au',
    customerService: MARKETS.AU.customerService,
  },
  others: {
    countryCode: 'XX',
    baseUrl: 'https://www.fernleaf.com',
    customerService: {
      supportUrl: 'https://www.fernleaf.com/help',
      supportDelivery: 'https://www.fernleaf.com/help/international-shipping',
      supportWarranty: 'https://www.fernleaf.com/help/warranty',
      supportReturns: 'https://www.fernleaf.com/help/international-returns',
    },
  },
};

/** The settings for a country code ("NZ", "AU", anything else → others). */
export function countrySettings(country: string): CountrySettings {
  const key = country.toLowerCase();
  return key === 'nz' || key === 'au' ? COUNTRY_SETTINGS[key] : COUNTRY_SETTINGS.others;
}

/** A market's settings: its country's, with the market's own customer-service links. */
export function siteSettings(market: MarketSettings): CountrySettings {
  return { ...countrySettings(market.country), customerService: market.customerService, legal: market.legal ?? MARKETS.NZ.legal };
}

/** This page's market and its site settings (the market the edge embedded, or the server render's). */
export function useSite(): { market: MarketSettings; settings: CountrySettings } {
  const market = useMarket();
  return { market, settings: siteSettings(market) };
}

export const SOCIAL = {
  /** Instagram: the NZ account for the NZ site, the global account for others. */
  instagram: { nz: 'https://www.instagram.com/fernleaf.nz', others: 'https://www.instagram.com/fernleaf' },
  facebook: 'https://www.facebook.com/fernleafgoods',
};

export function instagramUrl(country: string): string {
  return country.toUpperCase() === 'NZ' ? SOCIAL.instagram.nz : SOCIAL.instagram.others;
}

/** External origins links may navigate to (refused unless allow-listed). */
export const ALLOWED_EXTERNAL = [
  'https://www.instagram.com',
  'https://www.facebook.com',
  'https://www.fernleaf.com',
  'https://www.fernleaf.com.au',
  'https://www.fernleaf.ca',
  'https://www.fernleaf.eu',
  'https://www.fernleaf.co.uk',
];

export const LINK_RULES = { baseUrl: COUNTRY_SETTINGS.nz.baseUrl, allowedExternal: ALLOWED_EXTERNAL };

/** The search page and its query parameter (search takes its term from a configured parameter). */
export const SEARCH_PATH = '/search';
export const SEARCH_PARAM = 'q';

export interface FooterLink {
  label: string;
  href: string;
}

/** The footer's link groups; the help centre, terms of use and privacy policy are the market's. */
export function footerGroups(settings: CountrySettings): { groupHeading: string; links: FooterLink[] }[] {
  const legal = settings.legal ?? MARKETS.NZ.legal;
  const hrefOf = (link: FooterLink): string =>
    link.label === 'Help centre' ? settings.customerService.supportUrl : link.label === 'Terms of use' ? legal.termsUrl : link.label === 'Privacy policy' ? legal.privacyUrl : link.href;
  return FOOTER_GROUPS.map((group) => ({ ...group, links: group.links.map((link) => ({ ...link, href: hrefOf(link) })) }));
}

export const FOOTER_GROUPS: { groupHeading: string; links: FooterLink[] }[] = [
  {
    groupHeading: 'Shop',
    links: [
      { label: 'Bags', href: '/categories/bags' },
      { label: 'Travel', href: '/categories/travel' },
      { label: 'Accessories', href: '/categories/accessories' },
      { label: 'New arrivals', href: '/categories/new-arrivals' },
      { label: 'Sale', href: '/categories/sale' },
    ],
  },
  {
    groupHeading: 'Customer care',
    links: [
      { label: 'Help centre', href: COUNTRY_SETTINGS.nz.customerService.supportUrl },
      { label: 'Track an order', href: '/orders' },
      { label: 'Cart', href: '/cart' },
      { label: 'My account', href: '/account' },
      { label: 'Find a store', href: '/stores' },
    ],
  },
  {
    groupHeading: 'About Fernleaf',
    links: [
      { label: 'Journal', href: '/blog' },
      { label: 'Terms of use', href: '/articles/terms-of-use' },
      { label: 'Privacy policy', href: '/articles/privacy-policy' },
    ],
  },
];
