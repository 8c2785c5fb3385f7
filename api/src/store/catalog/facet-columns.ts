// The facet index's columns, read from the database: per product its price, brand, colour,
// category and feature bit masks and merchandising position, and the row order of every sort.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { productsIn, type Currency } from './prices.js';

const SORT_KEYS = ['', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest', 'oldest'] as const;

export interface FacetColumns {
  ids: Int32Array;
  price: Int32Array;
  brand: Int32Array;
  colour: Uint8Array;
  catMask: Uint32Array;
  featMask: Uint32Array;
  merchPos: Int32Array;
  /** Row order per sort. */
  orders: Map<string, Int32Array>;
  /** Bit index -> category id / feature id / colour name. */
  categoryBits: number[];
  featureBits: number[];
  colourBits: string[];
}

/**
 * Reads the columns. `ancestorsOf(categoryId)` gives the category and its ancestors. Returns null
 * when the catalogue has more than 32 categories, features or colours (bit masks).
 */
export async function loadFacetColumns(db: Database, ancestorsOf: (categoryId: number) => number[], currency: Currency): Promise<FacetColumns | null> {
  const rows = await queryRows<{ id: number; price: number; brand_id: number; colour_name: string; merch_rank: number; name: string; created: string; cats: number[] | string | null; feats: number[] | string | null }>(
    db,
    sql`select p.id, p.price, p.brand_id, p.colour_name, p.merch_rank, p.name, p.created_at::text as created,
               (select array_agg(pc.category_id) from product_categories pc where pc.product_id = p.id) as cats,
               (select array_agg(pf.feature_id) from product_features pf where pf.product_id = p.id) as feats
        from ${productsIn(currency)} p order by p.id`,
  );
  const parseArray = (value: number[] | string | null): number[] =>
    value === null ? [] : Array.isArray(value) ? value.map(Number) : value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  const n = rows.length;
  const categoryBit = new Map<number, number>();
  const featureBit = new Map<number, number>();
  const colourBit = new Map<string, number>();
  const bit = <K>(map: Map<K, number>, key: K): number => {
    let b = map.get(key);
    if (b === undefined) {
      b = map.size;
      map.set(key, b);
    }
    return b;
  };
  const ids = new Int32Array(n);
  const price = new Int32Array(n);
  const brand = new Int32Array(n);
  const colour = new Uint8Array(n);
  const catMask = new Uint32Array(n);
  const featMask = new Uint32Array(n);
  const merchPos = new Int32Array(n);
  const created = new Float64Array(n);
  const names: string[] = new Array(n);
  const merch = new Float64Array(n);
  for (let row = 0; row < n; row++) {
    const r = rows[row]!;
    ids[row] = Number(r.id);
    price[row] = Number(r.price);
    brand[row] = Number(r.brand_id);
    colour[row] = bit(colourBit, r.colour_name);
    let cm = 0;
    for (const c of parseArray(r.cats)) for (const a of ancestorsOf(c)) cm |= 1 << bit(categoryBit, a);
    catMask[row] = cm >>> 0;
    let fm = 0;
    for (const f of parseArray(r.feats)) fm |= 1 << bit(featureBit, f);
    featMask[row] = fm >>> 0;
    created[row] = Date.parse(r.created.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
    names[row] = r.name;
    merch[row] = Number(r.merch_rank);
    if (categoryBit.size > 32 || featureBit.size > 32 || colourBit.size > 32) return null;
  }
  const order = (compare: (a: number, b: number) => number) => Int32Array.from({ length: n }, (_, i) => i).sort(compare);
  const byName = (a: number, b: number) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : 0);
  const orders = new Map<string, Int32Array>();
  orders.set('', order((a, b) => merch[a]! - merch[b]! || ids[a]! - ids[b]!));
  orders.set('name-asc', order((a, b) => byName(a, b) || ids[a]! - ids[b]!));
  orders.set('name-desc', order((a, b) => byName(b, a) || ids[a]! - ids[b]!));
  orders.set('price-asc', order((a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!));
  orders.set('price-desc', order((a, b) => price[b]! - price[a]! || ids[a]! - ids[b]!));
  orders.set('newest', order((a, b) => created[b]! - created[a]! || ids[b]! - ids[a]!));
  orders.set('oldest', order((a, b) => created[a]! - created[b]! || ids[a]! - ids[b]!));
  orders.get('')!.forEach((row, pos) => (merchPos[row] = pos));
  for (const key of SORT_KEYS) if (!orders.has(key)) throw new Error(`missing sort ${key}`);
  const inverse = <K>(map: Map<K, number>): K[] => {
    const out: K[] = [];
    for (const [key, b] of map) out[b] = key;
    return out;
  };
  return { ids, price, brand, colour, catMask, featMask, merchPos, orders, categoryBits: inverse(categoryBit), featureBits: inverse(featureBit), colourBits: inverse(colourBit) };
}
