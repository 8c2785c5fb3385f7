import { z } from 'zod';
import { STORE_SEARCH_RADIUS_KM } from './store-hours';

/**
 * Stores and the store locator (store locator, store pickup selection, store
 * search radius 200 and address combobox delay 1000 ms). Opening hours are wall-clock times of
 * the store's own `timeZone` (Pacific/Auckland in New Zealand; Australia/Sydney, /Melbourne,
 * /Brisbane, /Perth ... in Australia). Stores and localities are per country.
 */


export const StoreAddress = z.object({
  street1: z.string(),
  street2: z.string().nullable(),
  locality: z.string().describe('Suburb or town'),
  region: z.string(),
  postcode: z.string(),
  country: z.string().describe('ISO 3166 alpha-2'),
});
export type StoreAddress = z.infer<typeof StoreAddress>;

export const StoreDayHours = z.object({
  day: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday'),
  open: z.string().nullable().describe('HH:MM in the store\'s timeZone, null when closed'),
  close: z.string().nullable().describe('HH:MM in the store\'s timeZone, null when closed'),
});
export type StoreDayHours = z.infer<typeof StoreDayHours>;

export const Store = z.object({
  id: z.string(),
  erpStoreId: z.string(),
  name: z.string(),
  path: z.string().describe('Page at /stores/{path}'),
  address: StoreAddress,
  lat: z.number(),
  lng: z.number(),
  phone: z.string(),
  email: z.string(),
  openingHours: z.array(StoreDayHours).describe('Seven days, Monday first'),
  timeZone: z.string().describe('IANA time zone of openingHours (Pacific/Auckland, Australia/Sydney, Australia/Perth, ...)'),
  clickAndCollect: z.boolean(),
  description: z.string(),
});
export type Store = z.infer<typeof Store>;

export const StoreNear = Store.extend({
  distanceKm: z.number().nullable().describe('From the search origin; one decimal under 10 km, whole km above; null without an origin'),
  stock: z
    .object({ variantId: z.string(), qty: z.number().int() })
    .nullable()
    .describe('Units of the requested variant on hand in the store; null when no variantId was asked'),
});
export type StoreNear = z.infer<typeof StoreNear>;

const Postcode = z.string().regex(/^\d{4}$/, 'Must be a 4-digit postcode');

/** GET /api/stores: one of q, postcode or lat+lng (none: every store, by name). */
export const StoresQuery = z
  .object({
    q: z.string().trim().min(2).max(100).optional().describe('Suburb, town or postcode'),
    postcode: Postcode.optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radiusKm: z.coerce.number().positive().max(2000).default(STORE_SEARCH_RADIUS_KM),
    variantId: z.string().regex(/^\d{1,12}$/, 'Must be a variant id').optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.lat === undefined) !== (value.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: [value.lat === undefined ? 'lat' : 'lng'], message: 'lat and lng go together' });
    }
  });
export type StoresQuery = z.infer<typeof StoresQuery>;

export const StoreSearchOrigin = z.object({ lat: z.number(), lng: z.number(), label: z.string().describe('e.g. "Mount Eden, Auckland 1024" or "your location"') });
export type StoreSearchOrigin = z.infer<typeof StoreSearchOrigin>;

export const StoresResponse = z.object({
  origin: StoreSearchOrigin.nullable(),
  radiusKm: z.number(),
  stores: z.array(StoreNear).describe('Sorted by distance (nearest first) when there is an origin, else by name'),
});
export type StoresResponse = z.infer<typeof StoresResponse>;

export const StorePathParams = z.object({ path: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Must be a store path') });

/** GET /api/stores/localities?q= : suggestions for the address combobox. */
export const LocalitiesQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const Locality = z.object({
  name: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  label: z.string().describe('"Mount Eden, Auckland 1024" (NZ), "Surry Hills NSW 2010" (AU)'),
});
export type Locality = z.infer<typeof Locality>;
export const LocalitiesResponse = z.object({ items: z.array(Locality) });
export type LocalitiesResponse = z.infer<typeof LocalitiesResponse>;

// Constants and the opening-hours helpers: zod-free in ./store-hours, so pages that only need
// them (the store locator, store cards) do not bundle zod and every schema with it.
export {
  ADDRESS_COMBOBOX_SPINNER_DELAY_MS,
  aucklandClock,
  formatHour,
  localityLabel,
  STORE_SEARCH_RADIUS_KM,
  STORE_TIME_ZONE,
  storeClock,
  storeOpenState,
  type StoreOpenState,
  timeZoneLabel,
  weekdayName,
} from './store-hours';
