import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../platform/db/index.js';
import { auLocalities, nzLocalities, stores, type StoreDayHours } from '../platform/db/schema-stores.js';
import { AU_HOURS_TEMPLATES, SEED_AU_LOCALITIES, SEED_AU_STORES, type SeedAuStore } from './stores-au-data.js';
import { openingHours, SEED_LOCALITIES, SEED_STORES } from './stores-data.js';

function auOpeningHours(template: SeedAuStore['hours']): StoreDayHours[] {
  if (template !== 'mall-late-thursday') return openingHours(template);
  return AU_HOURS_TEMPLATES[template].map((period, index) => ({ day: index + 1, open: period?.[0] ?? null, close: period?.[1] ?? null }));
}

type SeedStoreFields = Pick<SeedAuStore, 'erpStoreId' | 'name' | 'path' | 'street1' | 'street2' | 'locality' | 'region' | 'postcode' | 'lat' | 'lng' | 'phone' | 'email' | 'clickAndCollect' | 'description'>;

/** A stores row of a seeded store, with its country, time zone and opening hours. */
function storeRow(s: SeedStoreFields, where: { country: 'NZ' | 'AU'; timeZone: string; openingHours: StoreDayHours[] }) {
  return {
    erpStoreId: s.erpStoreId,
    name: s.name,
    path: s.path,
    street1: s.street1,
    street2: s.street2,
    locality: s.locality,
    region: s.region,
    postcode: s.postcode,
    lat: s.lat,
    lng: s.lng,
    phone: s.phone,
    email: s.email,
    clickAndCollect: s.clickAndCollect,
    description: s.description,
    ...where,
  };
}

/**
 * Seeds the stores and NZ localities when they are missing, the Australian stores (by ERP store
 * id) and AU localities when missing, and store stock for every catalogue variant that
 * has none yet and for every store that has none yet (a store added later, e.g. the AU stores on
 * a database seeded before them): deterministic (a function of store id and variant id, 0-8
 * units, about half of the store/variant pairs stocked), so re-running never changes existing rows.
 */
export async function seedStores(db: Database): Promise<{ stores: number; localities: number; stockRows: number }> {
  const [counts] = await queryRows<{ stores: number; localities: number; au_localities: number }>(
    db,
    sql`select (select count(*)::int from stores) as stores, (select count(*)::int from nz_localities) as localities, (select count(*)::int from au_localities) as au_localities`,
  );
  let storeCount = 0;
  let localityCount = 0;
  if (Number(counts?.stores ?? 0) === 0) {
    await db.insert(stores).values(
      SEED_STORES.map((s) => storeRow(s, { country: 'NZ', timeZone: 'Pacific/Auckland', openingHours: openingHours(s.hours) })),
    );
    storeCount = SEED_STORES.length;
  }
  if (Number(counts?.localities ?? 0) === 0) {
    await db.insert(nzLocalities).values(SEED_LOCALITIES.map(([name, city, region, postcode, lat, lng]) => ({ name, city, region, postcode, lat, lng })));
    localityCount = SEED_LOCALITIES.length;
  }
  // the Australian stores: added where missing (a database seeded before the Australian market existed has the NZ ones only)
  const addedAu = await db
    .insert(stores)
    .values(
      SEED_AU_STORES.map((s) => storeRow(s, { country: 'AU', timeZone: s.timeZone, openingHours: auOpeningHours(s.hours) })),
    )
    .onConflictDoNothing()
    .returning({ id: stores.id });
  storeCount += addedAu.length;
  if (Number(counts?.au_localities ?? 0) === 0) {
    await db.insert(auLocalities).values(SEED_AU_LOCALITIES.map(([name, city, region, postcode, lat, lng]) => ({ name, city, region, postcode, lat, lng })));
    localityCount += SEED_AU_LOCALITIES.length;
  }
  const inserted = await queryRows<{ n: number }>(
    db,
    sql`with added as (
          insert into store_stock (store_id, variant_id, qty)
          select s.id, v.id, ((v.id::bigint * 7 + s.id::bigint * 13 + (v.id::bigint * s.id::bigint) % 5) % 17 - 8)::int
          from stores s cross join variants v
          where ((v.id::bigint * 7 + s.id::bigint * 13 + (v.id::bigint * s.id::bigint) % 5) % 17) > 8
            and (not exists (select 1 from store_stock x where x.variant_id = v.id)
                 or not exists (select 1 from store_stock y where y.store_id = s.id))
          on conflict do nothing
          returning 1
        ) select count(*)::int as n from added`,
  );
  return { stores: storeCount, localities: localityCount, stockRows: Number(inserted[0]?.n ?? 0) };
}
