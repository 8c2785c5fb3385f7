/**
 * Product listing engine: category, brand and search pages with facet filters, the seven sorts,
 * facet counts that reflect the other active filters, and typo-tolerant full-text search.
 *
 * One SQL statement computes the page's ids, the total and every facet: a `matched` set (scope +
 * text) carries one boolean per facet filter, and each facet counts the rows that pass every
 * other filter. A second, cheap statement loads the 48 tiles.
 *
 * Text: `websearch_to_tsquery('english')` over the weighted `search_vector` (name A; brand,
 * type, colour, material, categories and features B; description C), ranked with ts_rank (weights D 0.02, C 0.1, B 0.4, A 1) plus a small boost
 * for products in a colour the text names.
 * When the text matches nothing as typed, each word that is not a catalogue word is replaced by
 * its nearest catalogue word by trigram similarity (pg_trgm), and the search runs again; if that
 * still finds nothing the words are OR-ed (best matches first).
 */
import { productsIn, type Currency } from './prices.js';
import { PRODUCT_LIST_PAGE_SIZE } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';

export interface ListingFilters {
  /** Category ids of the page scope (the category and its descendants); null = whole catalogue. */
  scopeCategoryIds: number[] | null;
  /** The page's category itself (its id), when scoped to one. */
  scopeCategoryId?: number | null;
  brandId: number | null;
  /** Normalised search text ("" = none). */
  q: string;
  /** Each inner array is one selected category's subtree ids; a product matches any. */
  filterCategoryIds: number[] | null;
  featureIds: number[] | null;
  colourNames: string[] | null;
  minPrice: number | null;
  maxPrice: number | null;
  sort: string;
  page: number;
  /** Colours named in the search text: products in them rank higher ('black leather backpack'). */
  boostColourNames?: string[];
}

export interface FacetRows {
  total: number;
  ids: number[];
  categories: { id: number; n: number }[];
  features: { id: number; n: number }[];
  colours: { name: string; n: number }[];
  price: { min: number; max: number } | null;
}

/** Ancestor pairs (descendant id, ancestor id, itself included) for rolling category counts up. */
export interface CategoryRollup {
  descendant: number[];
  ancestor: number[];
}

const intArray = (values: number[]) => sql`${sql.param(values)}::int[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

function orderBy(sort: string, ranked: boolean): SQL {
  switch (sort) {
    case 'name-asc':
      return sql`m.name collate "C" asc, m.id asc`;
    case 'name-desc':
      return sql`m.name collate "C" desc, m.id asc`;
    case 'price-asc':
      return sql`m.price asc, m.id asc`;
    case 'price-desc':
      return sql`m.price desc, m.id asc`;
    case 'newest':
      return sql`m.created_at desc, m.id desc`;
    case 'oldest':
      return sql`m.created_at asc, m.id asc`;
    default:
      return ranked ? sql`m.rank desc, m.merch_rank asc, m.id asc` : sql`m.merch_rank asc, m.id asc`;
  }
}

/** The tsquery for a text: AND of the words (websearch syntax), or OR of them. */
function tsQuery(text: string, mode: 'and' | 'or'): SQL {
  if (mode === 'or') {
    const words = text.split(/\s+/).filter(Boolean);
    return sql`websearch_to_tsquery('english', ${words.join(' or ')})`;
  }
  return sql`websearch_to_tsquery('english', ${text})`;
}

/**
 * Runs the listing statement. `text` is the (possibly corrected) search text; `mode` AND or OR.
 */
export async function queryListing(db: Database, f: ListingFilters, rollup: CategoryRollup, text: string, mode: 'and' | 'or', currency: Currency = 'NZD'): Promise<FacetRows> {
  const ranked = text.length > 0;
  const query = ranked ? tsQuery(text, mode) : null;
  const where: SQL[] = [];
  if (f.scopeCategoryIds) where.push(sql`exists (select 1 from product_categories s where s.product_id = p.id and s.category_id = any(${intArray(f.scopeCategoryIds)}))`);
  if (f.brandId !== null) where.push(sql`p.brand_id = ${f.brandId}`);
  if (query) where.push(sql`p.search_vector @@ ${query}`);
  const fCat = f.filterCategoryIds
    ? sql`exists (select 1 from product_categories c where c.product_id = p.id and c.category_id = any(${intArray(f.filterCategoryIds)}))`
    : sql`true`;
  const fFeat = f.featureIds ? sql`exists (select 1 from product_features pf where pf.product_id = p.id and pf.feature_id = any(${intArray(f.featureIds)}))` : sql`true`;
  const fCol = f.colourNames ? sql`p.colour_name = any(${textArray(f.colourNames)})` : sql`true`;
  const priceParts: SQL[] = [];
  if (f.minPrice !== null) priceParts.push(sql`p.price >= ${f.minPrice}`);
  if (f.maxPrice !== null) priceParts.push(sql`p.price <= ${f.maxPrice}`);
  const fPrice = priceParts.length > 0 ? sql.join(priceParts, sql` and `) : sql`true`;
  const whereSql = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const boost = f.boostColourNames && f.boostColourNames.length > 0 ? sql` + case when p.colour_name = any(${textArray(f.boostColourNames)}) then 0.1 else 0 end` : sql``;
  const rank = query ? sql`ts_rank('{0.02, 0.1, 0.4, 1.0}'::real[], p.search_vector, ${query})${boost}` : sql`0::real`;
  const pageSize = PRODUCT_LIST_PAGE_SIZE;
  const offset = (f.page - 1) * pageSize;

  const statement = sql`
    with m as materialized (
      select p.id, p.name, p.price, p.created_at, p.merch_rank, p.colour_name, ${rank} as rank,
             ${fCat} as f_cat, ${fFeat} as f_feat, ${fCol} as f_col, ${fPrice} as f_price
      from ${productsIn(currency)} p
      ${whereSql}
    )
    select
      (select count(*)::int from m where f_cat and f_feat and f_col and f_price) as total,
      (select coalesce(json_agg(x.id), '[]'::json) from (
         select m.id from m where f_cat and f_feat and f_col and f_price
         order by ${orderBy(f.sort, ranked)} limit ${pageSize} offset ${offset}) x) as ids,
      (select coalesce(json_agg(json_build_array(x.a, x.n)), '[]'::json) from (
         select r.a, count(distinct m.id)::int as n
         from m join product_categories pc on pc.product_id = m.id
         join unnest(${intArray(rollup.descendant)}, ${intArray(rollup.ancestor)}) as r(d, a) on r.d = pc.category_id
         where f_feat and f_col and f_price group by r.a) x) as categories,
      (select coalesce(json_agg(json_build_array(x.feature_id, x.n)), '[]'::json) from (
         select pf.feature_id, count(*)::int as n
         from m join product_features pf on pf.product_id = m.id
         where f_cat and f_col and f_price group by pf.feature_id) x) as features,
      (select coalesce(json_agg(json_build_array(x.colour_name, x.n)), '[]'::json) from (
         select m.colour_name, count(*)::int as n from m where f_cat and f_feat and f_price group by m.colour_name) x) as colours,
      (select json_build_array(min(m.price), max(m.price)) from m where f_cat and f_feat and f_col) as price`;
  const [row] = await queryRows<{
    total: number;
    ids: unknown;
    categories: unknown;
    features: unknown;
    colours: unknown;
    price: unknown;
  }>(db, statement);
  const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
  const price = json<[number | null, number | null] | null>(row?.price);
  return {
    total: Number(row?.total ?? 0),
    ids: json<number[]>(row?.ids ?? []).map(Number),
    categories: json<[number, number][]>(row?.categories ?? []).map(([id, n]) => ({ id: Number(id), n: Number(n) })),
    features: json<[number, number][]>(row?.features ?? []).map(([id, n]) => ({ id: Number(id), n: Number(n) })),
    colours: json<[string, number][]>(row?.colours ?? []).map(([name, n]) => ({ name, n: Number(n) })),
    price: price && price[0] !== null && price[1] !== null ? { min: Number(price[0]), max: Number(price[1]) } : null,
  };
}

/** Lower-cased words of product names and search keywords (3+ letters): the typo-correction vocabulary. */
export async function loadVocabulary(db: Database): Promise<string[]> {
  const rows = await queryRows<{ w: string }>(
    db,
    sql`select distinct w from (
          select regexp_split_to_table(lower(n.t), '[^a-z]+') as w
          from (select distinct name || ' ' || search_keywords as t from products) n
        ) words where length(w) >= 3`,
  );
  return rows.map((r) => r.w).sort();
}

/** Search text as used: trimmed, inner whitespace collapsed, at most 200 characters. */
export function normaliseQuery(q: string | undefined): string {
  return (q ?? '').replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * Replaces words that are not catalogue words with their most similar catalogue word (pg_trgm
 * similarity at least 0.3). Returns null when nothing changed.
 */
export async function correctQuery(db: Database, text: string, vocabulary: ReadonlySet<string>, vocabularyList: string[]): Promise<string | null> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    const letters = word.replace(/[^a-z]/g, '');
    if (letters.length < 3 || vocabulary.has(letters)) {
      out.push(word);
      continue;
    }
    const [best] = await queryRows<{ w: string; s: number }>(
      db,
      sql`select v.w, similarity(v.w, ${letters}) as s from unnest(${textArray(vocabularyList)}) as v(w)
          where similarity(v.w, ${letters}) >= 0.3 order by s desc, v.w asc limit 1`,
    );
    if (best && best.w !== letters) {
      out.push(best.w);
      changed = true;
    } else out.push(word);
  }
  return changed ? out.join(' ') : null;
}

/** The tsquery Postgres makes of the text (its text form, e.g. `'leather' & 'backpack'`): no table is read. */
export async function tsQueryText(db: Database, text: string, mode: 'and' | 'or'): Promise<string> {
  const [row] = await queryRows<{ q: string }>(db, sql`select ${tsQuery(text, mode)}::text as q`);
  return row?.q ?? '';
}

/**
 * pg_trgm's trigrams of one lower-case word of letters a-z: the word padded with two spaces in
 * front and one behind, every three consecutive characters, sorted and unique (generate_trgm).
 */
export function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out].sort();
}

/** pg_trgm's similarity() of two sorted, unique trigram lists: shared / (all - shared), in float4. */
export function trigramSimilarity(a: string[], b: string[]): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      shared++;
      i++;
      j++;
    }
  }
  return Math.fround(shared / (a.length + b.length - shared));
}

/** The catalogue words with their trigrams, for correcting typos without a query. */
export interface Vocabulary {
  set: ReadonlySet<string>;
  list: string[];
  trigrams: string[][];
  /** Corrections already worked out: word -> best catalogue word (or null). */
  nearest: Map<string, string | null>;
}

export function vocabularyOf(list: string[]): Vocabulary {
  return { set: new Set(list), list, trigrams: list.map(trigrams), nearest: new Map() };
}

/**
 * correctQuery() computed in memory: the same words, the same pg_trgm similarity (threshold 0.3,
 * best similarity first, then the word in ascending order), no database round trip.
 */
/** How many misspelt words' nearest catalogue words are remembered (oldest forgotten first). */
export const NEAREST_KEPT = 4096;

export function correctQueryInMemory(text: string, vocabulary: Vocabulary): string | null {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  let changed = false;
  const out: string[] = [];
  for (const word of words) {
    const letters = word.replace(/[^a-z]/g, '');
    if (letters.length < 3 || vocabulary.set.has(letters)) {
      out.push(word);
      continue;
    }
    let best = vocabulary.nearest.get(letters);
    if (best === undefined) {
      const mine = trigrams(letters);
      let bestScore = -1;
      best = null;
      for (let k = 0; k < vocabulary.list.length; k++) {
        const s = trigramSimilarity(vocabulary.trigrams[k]!, mine);
        if (s < 0.3) continue;
        const w = vocabulary.list[k]!;
        if (s > bestScore || (s === bestScore && best !== null && w < best)) {
          bestScore = s;
          best = w;
        }
      }
      // at most NEAREST_KEPT words are remembered: a query is the client's, words without end
      if (vocabulary.nearest.size >= NEAREST_KEPT) vocabulary.nearest.delete(vocabulary.nearest.keys().next().value as string);
      vocabulary.nearest.set(letters, best);
    }
    if (best !== null && best !== letters) {
      out.push(best);
      changed = true;
    } else out.push(word);
  }
  return changed ? out.join(' ') : null;
}

/** Text matches: product id -> rank (weights D 0.02, C 0.1, B 0.4, A 1). */
export async function textMatches(db: Database, text: string, mode: 'and' | 'or'): Promise<Map<number, number>> {
  const query = tsQuery(text, mode);
  const rows = await queryRows<{ id: number; rank: number }>(
    db,
    sql`select p.id, ts_rank('{0.02, 0.1, 0.4, 1.0}'::real[], p.search_vector, ${query}) as rank from products p where p.search_vector @@ ${query}`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.rank)]));
}
