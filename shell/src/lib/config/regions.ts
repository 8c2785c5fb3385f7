/**
 * Region sites (configuration). Each region has its own Fernleaf site; the URLs below are the
 * deployment's configuration (example fernleaf domains): change them here for another deployment.
 * New Zealand and Australia are served by this deployment: which one a page is, and
 * their URLs, come from the market the edge embedded in the page (`market.sites`), not from here.
 */
import type { MarketSettings } from '@store/contracts/market';

export type CountryCode = string;

export interface RegionSite {
  id: string;
  /** Name in the region selector. */
  label: string;
  currency: string;
  url: string;
  /** "Visit our {adjective} site" in the change-country prompt. */
  adjective: string;
  /** Visitor countries (ISO 3166 alpha-2) this site serves. */
  countries: CountryCode[];
}

export interface RegionGroup {
  heading: string;
  regions: RegionSite[];
}

/** Every region, for visitors whose country has no site of its own. */
export const ALL_REGIONS_URL = 'https://www.fernleaf.com/regions';

const EU = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'];

export const REGION_GROUPS: RegionGroup[] = [
  {
    heading: 'North America',
    regions: [
      { id: 'us', label: 'United States', currency: 'USD', url: 'https://www.fernleaf.com', adjective: 'US', countries: ['US'] },
      { id: 'ca-en', label: 'Canada — English', currency: 'CAD', url: 'https://www.fernleaf.ca/en', adjective: 'Canadian', countries: ['CA'] },
      { id: 'ca-fr', label: 'Canada — French', currency: 'CAD', url: 'https://www.fernleaf.ca/fr', adjective: 'Canadian (French)', countries: [] },
    ],
  },
  {
    heading: 'Rest of world',
    regions: [
      { id: 'eu', label: 'Europe', currency: 'EUR', url: 'https://www.fernleaf.eu', adjective: 'European', countries: EU },
      { id: 'uk', label: 'United Kingdom', currency: 'GBP', url: 'https://www.fernleaf.co.uk', adjective: 'UK', countries: ['GB'] },
      { id: 'au', label: 'Australia', currency: 'AUD', url: 'https://www.fernleaf.com.au', adjective: 'Australian', countries: ['AU'] },
      { id: 'nz', label: 'New Zealand', currency: 'NZD', url: 'https://www.fernleaf.co.nz', adjective: 'New Zealand', countries: ['NZ'] },
    ],
  },
];

const ALL = REGION_GROUPS.flatMap((group) => group.regions);

/** A region with this deployment's own URL for the markets it serves (market.sites: NZ and AU). */
function withSiteUrl(region: RegionSite, market?: MarketSettings): RegionSite {
  const url = market?.sites?.[region.id.toUpperCase() as keyof NonNullable<MarketSettings['sites']>];
  return url ? { ...region, url } : region;
}

/** The region groups of the selector, the NZ and AU entries linking to this deployment's sites. */
export function regionGroupsFor(market?: MarketSettings): RegionGroup[] {
  return REGION_GROUPS.map((group) => ({ ...group, regions: group.regions.map((region) => withSiteUrl(region, market)) }));
}

/** The region site serving a visitor country, if any. */
export function regionForCountry(country: CountryCode, market?: MarketSettings): RegionSite | undefined {
  const code = country.toUpperCase();
  const region = ALL.find((r) => r.countries.includes(code));
  return region ? withSiteUrl(region, market) : undefined;
}

/** This site's region (the page's market). */
export function currentRegion(market: MarketSettings): RegionSite {
  return regionForCountry(market.country, market)!;
}

/** English name of a country code ("AU" → "Australia"), the code itself when unknown. */
export function countryName(country: CountryCode): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** Countries whose English name takes "the" in a sentence ("you're in the United States"). */
const WITH_THE = new Set(['US', 'GB', 'NL', 'PH', 'AE', 'BS', 'GM', 'DO', 'CF', 'KY', 'MV', 'MH', 'SB', 'FK', 'FO', 'VI', 'VG', 'TC', 'KM', 'CK']);

/** The country's name as it reads in a sentence: "the United States", "Australia". */
export function countryInSentence(country: CountryCode): string {
  const name = countryName(country);
  return WITH_THE.has(country.toUpperCase()) && name !== country ? `the ${name}` : name;
}
