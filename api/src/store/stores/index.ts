/**
 * Stores: the one source for the store locator, checkout pickup and find-in-store.
 *
 *   findStoresNear(
 *     db: Database,
 *     where: { lat: number; lng: number } | { postcode: string } | { query: string },  // query: suburb, town or postcode
 *     options?: { radiusKm?: number = 200; variantId?: number | string },
 *   ): Promise<StoreNear[]>
 *
 * returns the stores within `radiusKm` of the place, nearest first (`distanceKm`: great-circle
 * distance, one decimal under 10 km, whole km above), each with `stock: { variantId, qty }` when
 * `variantId` is given (qty 0 when the store has none), else `stock: null`. An unknown postcode or
 * suburb gives []. `resolveLocation(db, where, country)` answers the search origin itself (or null).
 * Other exports: listStores, getStoreByPath, getStoreByErpId, storeStockFor, suggestLocalities.
 * Opening hours are wall-clock times of the store's own zone (`timeZone`; contract: @store/contracts Store).
 *
 * Localities are per country: `country` ('NZ' default, 'AU') picks nz_localities or
 * au_localities; the routes pass the request's market country, so the AU site looks up
 * Australian suburbs and postcodes and the NZ site New Zealand ones.
 */
import { localityLabel, STORE_SEARCH_RADIUS_KM, type Locality, type Store, type StoreNear, type StoreSearchOrigin } from '@store/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { auLocalities, nzLocalities, stores, storeStock } from '../../platform/db/schema-stores.js';

/** Countries with a localities table. */
export type LocalityCountry = 'NZ' | 'AU';
const LOCALITY_TABLES = { NZ: nzLocalities, AU: auLocalities } as const;
const localityCountry = (country: string | undefined): LocalityCountry => (country === 'AU' ? 'AU' : 'NZ');

export type StoreLocation = { lat: number; lng: number } | { postcode: string } | { query: string };

export interface FindStoresOptions {
  radiusKm?: number;
  variantId?: number | string;
  /** Only this country's stores, and the place looked up in its localities (default: NZ localities, every store). */
  country?: string;
}

type StoreRow = typeof stores.$inferSelect;
type LocalityRow = typeof nzLocalities.$inferSelect;

export function toStore(row: StoreRow): Store {
  return {
    id: String(row.id),
    erpStoreId: row.erpStoreId,
    name: row.name,
    path: row.path,
    address: { street1: row.street1, street2: row.street2, locality: row.locality, region: row.region, postcode: row.postcode, country: row.country },
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    email: row.email,
    openingHours: row.openingHours,
    timeZone: row.timeZone,
    clickAndCollect: row.clickAndCollect,
    description: row.description,
  };
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One decimal under 10 km ("2.4 km"), whole km above ("148 km"). */
export function roundDistance(km: number): number {
  return km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
}

/** Lower case, no diacritics (Whangārei = whangarei), single spaces, "Mt" = "Mount", "St" = "Saint"-free. */
export function normalisePlace(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\bmt\b/g, 'mount')
    .replace(/\s+/g, ' ')
    .trim();
}

const localityCache = new Map<LocalityCountry, { db: Database; rows: LocalityRow[] }>();

async function allLocalities(db: Database, country: LocalityCountry): Promise<LocalityRow[]> {
  const cached = localityCache.get(country);
  if (cached?.db === db && cached.rows.length > 0) return cached.rows;
  const table = LOCALITY_TABLES[country];
  const rows: LocalityRow[] = await db.select().from(table).orderBy(asc(table.id));
  localityCache.set(country, { db, rows });
  return rows;
}

function toLocality(row: LocalityRow, country: LocalityCountry): Locality {
  return { name: row.name, city: row.city, region: row.region, postcode: row.postcode, lat: row.lat, lng: row.lng, label: localityLabel(row, country) };
}

const AU_STATE_CODES = new Set(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);

/** Suburbs and towns of a country matching what was typed (name or city prefix, or postcode prefix), best first. */
export async function suggestLocalities(db: Database, q: string, limit = 8, country: string = 'NZ'): Promise<Locality[]> {
  const c = localityCountry(country);
  // "Mount Eden, Auckland 1024" (a suggestion's label): the part before the comma names the place;
  // "Surry Hills NSW 2010" (an AU label): a state code narrows to that state
  let place = q.replace(/\d+/g, ' ').split(',')[0] ?? '';
  let state: string | undefined;
  if (c === 'AU') {
    const words = place.trim().split(/\s+/);
    const last = words[words.length - 1]?.toUpperCase();
    if (last && words.length > 1 && AU_STATE_CODES.has(last)) {
      state = last;
      place = words.slice(0, -1).join(' ');
    }
  }
  const text = normalisePlace(place);
  const postcode = /\b(\d{1,4})\b/.exec(q)?.[1];
  const scored: { row: LocalityRow; score: number }[] = [];
  for (const row of await allLocalities(db, c)) {
    if (state && row.region !== state) continue;
    const name = normalisePlace(row.name);
    const city = normalisePlace(row.city);
    let score = 0;
    if (text) {
      if (name === text) score = 100;
      else if (name.startsWith(text)) score = 80;
      else if (name.split(' ').some((w) => w.startsWith(text))) score = 60;
      else if (city.startsWith(text)) score = 40;
      else continue;
    }
    if (postcode) {
      if (row.postcode === postcode) score += 50;
      else if (row.postcode.startsWith(postcode) && postcode.length < 4) score += 30;
      else continue;
    }
    scored.push({ row, score });
  }
  scored.sort((a, b) => b.score - a.score || a.row.name.localeCompare(b.row.name));
  return scored.slice(0, limit).map(({ row }) => toLocality(row, c));
}

/** Where a search starts: the coordinates as given, or the locality (of `country`) of a postcode / suburb / town. */
export async function resolveLocation(db: Database, where: StoreLocation, country: string = 'NZ'): Promise<StoreSearchOrigin | null> {
  if ('lat' in where) {
    if (!Number.isFinite(where.lat) || !Number.isFinite(where.lng)) return null;
    return { lat: where.lat, lng: where.lng, label: 'your location' };
  }
  const c = localityCountry(country);
  const localities = await allLocalities(db, c);
  if ('postcode' in where) {
    const matches = localities.filter((l) => l.postcode === where.postcode.trim());
    if (matches.length === 0) return null;
    const lat = matches.reduce((s, l) => s + l.lat, 0) / matches.length;
    const lng = matches.reduce((s, l) => s + l.lng, 0) / matches.length;
    const label = matches.length === 1 ? localityLabel(matches[0]!, c) : c === 'AU' ? `${matches[0]!.city} ${matches[0]!.region} ${where.postcode.trim()}` : `${matches[0]!.city} ${where.postcode.trim()}`;
    return { lat, lng, label };
  }
  const query = where.query.trim();
  if (/^\d{4}$/.test(query)) return resolveLocation(db, { postcode: query }, c);
  const [best] = await suggestLocalities(db, query, 1, c);
  if (best) return { lat: best.lat, lng: best.lng, label: best.label };
  // A town or city name without a locality of its own ("Christchurch"): its first suburb.
  const city = localities.find((l) => normalisePlace(l.city) === normalisePlace(query));
  return city ? { lat: city.lat, lng: city.lng, label: city.city } : null;
}

/** Units of one variant per store id (stores without a row have none). */
export async function storeStockFor(db: Database, variantId: number | string): Promise<Map<number, number>> {
  const id = Number(variantId);
  if (!Number.isSafeInteger(id) || id <= 0) return new Map();
  const rows = await db.select({ storeId: storeStock.storeId, qty: storeStock.qty }).from(storeStock).where(eq(storeStock.variantId, id));
  return new Map(rows.map((r) => [r.storeId, r.qty]));
}

export async function findStoresNear(db: Database, where: StoreLocation, { radiusKm = STORE_SEARCH_RADIUS_KM, variantId, country }: FindStoresOptions = {}): Promise<StoreNear[]> {
  const origin = await resolveLocation(db, where, country);
  if (!origin) return [];
  const rows = (await db.select().from(stores)).filter((row) => country === undefined || row.country === country);
  const stock = variantId === undefined ? null : await storeStockFor(db, variantId);
  return rows
    .map((row) => ({ row, km: distanceKm(origin, row) }))
    .filter(({ km }) => km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.row.name.localeCompare(b.row.name))
    .map(({ row, km }) => ({
      ...toStore(row),
      distanceKm: roundDistance(km),
      stock: stock ? { variantId: String(variantId), qty: stock.get(row.id) ?? 0 } : null,
    }));
}

/** Every store by name (no origin), with stock when `variantId` is given. */
export async function listStores(db: Database, { variantId, country }: { variantId?: number | string; country?: string } = {}): Promise<StoreNear[]> {
  const rows = await db.select().from(stores).where(country === undefined ? undefined : eq(stores.country, country)).orderBy(asc(stores.name));
  const stock = variantId === undefined ? null : await storeStockFor(db, variantId);
  return rows.map((row) => ({ ...toStore(row), distanceKm: null, stock: stock ? { variantId: String(variantId), qty: stock.get(row.id) ?? 0 } : null }));
}

export async function getStoreByPath(db: Database, path: string): Promise<Store | null> {
  const [row] = await db.select().from(stores).where(eq(stores.path, path)).limit(1);
  return row ? toStore(row) : null;
}

export async function getStoreByErpId(db: Database, erpStoreId: string): Promise<Store | null> {
  const [row] = await db.select().from(stores).where(eq(stores.erpStoreId, erpStoreId)).limit(1);
  return row ? toStore(row) : null;
}

/** Stock of several variants in one store (for pickup checks): variant id -> qty (0 when none). */
export async function storeStockOfVariants(db: Database, storeId: number, variantIds: number[]): Promise<Map<number, number>> {
  const result = new Map(variantIds.map((id) => [id, 0]));
  if (variantIds.length === 0) return result;
  const rows = await db
    .select({ variantId: storeStock.variantId, qty: storeStock.qty })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), inArray(storeStock.variantId, variantIds)));
  for (const r of rows) result.set(r.variantId, r.qty);
  return result;
}
