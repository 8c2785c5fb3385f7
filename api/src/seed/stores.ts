import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/index.js';
import { nzLocalities, stores } from '../db/schema-stores.js';
import { openingHours, SEED_LOCALITIES, SEED_STORES } from './stores-data.js';

/**
 * Seeds the stores and NZ localities when they are missing, and store stock for every catalogue
 * variant that has none yet: deterministic (a function of store id and variant id, 0-8 units,
 * about half of the store/variant pairs stocked), so re-running never changes existing rows.
 */
export async function seedStores(db: Database): Promise<{ stores: number; localities: number; stockRows: number }> {
  const [counts] = await queryRows<{ stores: number; localities: number }>(
    db,
    sql`select (select count(*)::int from stores) as stores, (select count(*)::int from nz_localities) as localities`,
  );
  let storeCount = 0;
  let localityCount = 0;
  if (Number(counts?.stores ?? 0) === 0) {
    await db.insert(stores).values(
      SEED_STORES.map((s) => ({
        erpStoreId: s.erpStoreId,
        name: s.name,
        path: s.path,
        street1: s.street1,
        street2: s.street2,
        locality: s.locality,
        region: s.region,
        postcode: s.postcode,
        country: 'NZ',
        lat: s.lat,
        lng: s.lng,
        phone: s.phone,
        email: s.email,
        openingHours: openingHours(s.hours),
        clickAndCollect: s.clickAndCollect,
        description: s.description,
      })),
    );
    storeCount = SEED_STORES.length;
  }
  if (Number(counts?.localities ?? 0) === 0) {
    await db.insert(nzLocalities).values(SEED_LOCALITIES.map(([name, city, region, postcode, lat, lng]) => ({ name, city, region, postcode, lat, lng })));
    localityCount = SEED_LOCALITIES.length;
  }
  const inserted = await queryRows<{ n: number }>(
    db,
    sql`with added as (
          insert into store_stock (store_id, variant_id, qty)
          select s.id, v.id, ((v.id::bigint * 7 + s.id::bigint * 13 + (v.id::bigint * s.id::bigint) % 5) % 17 - 8)::int
          from stores s cross join variants v
          where ((v.id::bigint * 7 + s.id::bigint * 13 + (v.id::bigint * s.id::bigint) % 5) % 17) > 8
            and not exists (select 1 from store_stock x where x.variant_id = v.id)
          on conflict do nothing
          returning 1
        ) select count(*)::int as n from added`,
  );
  return { stores: storeCount, localities: localityCount, stockRows: Number(inserted[0]?.n ?? 0) };
}
