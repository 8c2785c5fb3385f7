import zlib from 'node:zlib';
import {
  PRODUCT_LIST_PAGE_SIZE,
  SORT_OPTIONS,
  discountPercent,
  exclusiveOfGst,
  marketOfCurrency,
  type Breadcrumb,
  type CategoryNode,
  type CategoryRef,
  type FacetOption,
  type ListingResponse,
  type Overlay,
  type Product,
  type ProductTile,
} from '@store/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/index.js';
import { brands, categories, features, productCategories, productFeatures, productImages, products, variants } from '../db/schema.js';
import { OVERLAY_BY_ID } from '../seed/data.js';
import { FacetIndex as MemoryFacetIndex, type TextRows } from './facet-index.js';
import { correctQuery, correctQueryInMemory, loadVocabulary, vocabularyOf, type Vocabulary, normaliseQuery, queryListing, textMatches, tsQueryText, type CategoryRollup, type FacetRows, type ListingFilters } from './listing.js';
import type { SeedCategory } from '../seed/generate.js';
import { Lru, SingleFlight } from './lru.js';
import { TextIndex, parseTsQuery, type TsQueryNode } from './text-index.js';
import { priceColumns, type Currency } from './prices.js';

/** A category row as the service keeps it in memory: the same shape the seed writes. */
export type CategoryInfo = SeedCategory;

interface CategoryIndex {
  list: CategoryInfo[];
  byId: Map<number, CategoryInfo>;
  byPath: Map<string, CategoryInfo>;
  /** Category id -> ids of itself and all descendants. */
  subtree: Map<number, number[]>;
  counts: Map<number, number>;
}

/** A cached JSON answer and its lazily compressed forms. */
export class CachedBody {
  private brotli?: Buffer;
  private gzip?: Buffer;
  constructor(
    readonly json: string,
    readonly etag: string,
  ) {}

  br(): Buffer {
    this.brotli ??= zlib.brotliCompressSync(this.json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
    });
    return this.brotli;
  }

  gz(): Buffer {
    this.gzip ??= zlib.gzipSync(this.json, { level: 6 });
    return this.gzip;
  }
}

interface FacetIndex {
  brandsBySlug: Map<string, { id: number; slug: string; name: string }>;
  featuresBySlug: Map<string, { id: number; slug: string; name: string }>;
  featuresById: Map<number, { id: number; slug: string; name: string }>;
  coloursBySlug: Map<string, { name: string; hex: string; slug: string }>;
  coloursByName: Map<string, { name: string; hex: string; slug: string }>;
  rollup: CategoryRollup;
}

/** A listing request after validation (see ListingQuery in contracts). */
export interface ListingRequest {
  category?: string;
  brand?: string;
  q?: string;
  categories?: string[];
  features?: string[];
  colours?: string[];
  minPrice?: number;
  maxPrice?: number;
  sort?: string;
  page: number;
}

/** "Grey Marle" -> "grey-marle" */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Tiles carry sold-out state: re-read after this long (spec §9 stock data age max 300). */
export const TILE_MAX_AGE_MS = 300_000;

export const SORT_VALUES: ReadonlySet<string> = new Set(SORT_OPTIONS.map((s) => s.value));

/** Unknown sorts mean Recommended (spec: a sort value not in the configured list is ignored). */
export function normaliseSort(sort: string | undefined): string {
  const value = (sort ?? '').trim().toLowerCase();
  return SORT_VALUES.has(value) ? value : '';
}

/** "/Bags/Backpacks/" -> "bags/backpacks" */
export function normaliseCategoryPath(path: string): string {
  return path
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^categories\//, '')
    .replace(/\/{2,}/g, '/');
}

/** Accepts "x-p12", "/products/x-p12" or "products/x-p12/". */
export function normaliseProductPath(path: string): string {
  return path
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(/^products\//, '')
    .toLowerCase();
}

function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function overlaysOf(ids: string[]): Overlay[] {
  const out: Overlay[] = [];
  for (const id of ids) {
    const overlay = OVERLAY_BY_ID.get(id);
    if (overlay) out.push(overlay);
  }
  return out;
}

export interface ImageSourceRow {
  productId: number;
  position: number;
  width: number;
  height: number;
  kind: string;
  colourHex: string;
}

/** A change another process must apply to its caches. */
export type CatalogChange = { kind: 'stock'; productIds: number[] } | { kind: 'all' };

export interface CatalogCacheOptions {
  listingCacheSize?: number;
  productCacheSize?: number;
  /** Filters and facet counts from the in-memory index (default) or from one SQL statement each time. */
  inMemoryFacets?: boolean;
  /** The price list this service answers in (default NZD; see forCurrency). */
  currency?: Currency;
}

/**
 * Read side of the catalogue with in-memory caches. Every cache is keyed by the catalogue
 * version: call `invalidate()` after any catalogue write.
 */
export class CatalogService {
  private versionNo = 1;
  /** Products whose stock changed while a load was running (one set per running load): not cached from that load. */
  private readonly changedDuringLoads = new Set<Set<number>>();
  /** Product ids on each cached listing page (for stockChanged). */
  private readonly listingProducts = new Map<string, readonly number[]>();
  /** Tells the other API processes (catalog/sync.ts); set by startCatalogSync. */
  private publisher: ((change: CatalogChange) => void) | null = null;
  private categoryIndex: Promise<CategoryIndex> | null = null;
  private treeBody: Promise<CachedBody> | null = null;
  private readonly listings: Lru<string, CachedBody>;
  private readonly listingFlights = new SingleFlight<string, CachedBody>();
  private facetIndexPromise: Promise<FacetIndex> | null = null;
  private vocabularyPromise: Promise<Vocabulary> | null = null;
  private memoryIndexPromise: Promise<{ facets: MemoryFacetIndex; text: TextIndex | null } | null> | null = null;
  /** The tsquery text of a search text (websearch_to_tsquery), per text and mode. */
  private readonly tsQueries = new Lru<string, Promise<string>>(5000);
  private readonly textCache = new Lru<string, Promise<Map<number, number>>>(64);
  private readonly textRowsCache = new Lru<string, TextRows>(64);
  /** Tiles by product id with when they were read (stock data age max 300 s, spec §9). */
  private readonly tileCache = new Map<number, { tile: ProductTile; at: number }>();
  private readonly productJson: Lru<number, string | null>;
  private readonly pathToId: Lru<string, number | null>;
  private readonly imageSources = new Lru<string, ImageSourceRow | null>(5000);

  private readonly inMemoryFacets: boolean;
  /** The currency of every price this service answers with (issue 14: one service per price list). */
  readonly currency: Currency;
  /** The same catalogue in the other currencies (forCurrency): its caches follow this one's changes. */
  private readonly siblings = new Map<Currency, CatalogService>();

  constructor(
    private readonly db: Database,
    private readonly options: CatalogCacheOptions = {},
  ) {
    this.currency = options.currency ?? 'NZD';
    this.inMemoryFacets = options.inMemoryFacets ?? true;
    this.listings = new Lru(options.listingCacheSize ?? 2000);
    this.productJson = new Lru(options.productCacheSize ?? 10_000);
    this.pathToId = new Lru(options.productCacheSize ?? 10_000);
  }

  get version(): number {
    return this.versionNo;
  }

  /**
   * The catalogue priced in a currency (a market's): this service for its own currency, else a
   * sibling with its own caches, told of every stock change and invalidation this one sees.
   */
  forCurrency(currency: Currency): CatalogService {
    if (currency === this.currency) return this;
    let sibling = this.siblings.get(currency);
    if (!sibling) {
      sibling = new CatalogService(this.db, { ...this.options, currency });
      this.siblings.set(currency, sibling);
    }
    return sibling;
  }

  /** A set that collects the products whose stock changes from now on (remove it from changedDuringLoads when done). */
  private trackStockChanges(): Set<number> {
    const changed = new Set<number>();
    this.changedDuringLoads.add(changed);
    return changed;
  }

  /** Where changes made by this process are announced to the others (catalog/sync.ts). */
  setPublisher(publish: ((change: CatalogChange) => void) | null): void {
    this.publisher = publish;
  }

  /**
   * Stock of these products was taken or given back: their tiles (sold-out state), product JSON
   * (variant quantities) and the cached listing pages showing them are dropped; the in-memory
   * facet and text indexes do not depend on stock and stay. Other processes are told unless
   * `remote` (the change came from one of them).
   */
  stockChanged(productIds: readonly number[], { remote = false }: { remote?: boolean } = {}): void {
    if (productIds.length === 0) return;
    const ids = new Set(productIds);
    for (const changed of this.changedDuringLoads) for (const id of ids) changed.add(id);
    for (const id of ids) {
      this.tileCache.delete(id);
      this.productJson.delete(id);
    }
    for (const [key, shown] of this.listingProducts) {
      if (shown.some((id) => ids.has(id))) {
        this.listings.delete(key);
        this.listingProducts.delete(key);
      }
    }
    if (!remote) this.publisher?.({ kind: 'stock', productIds: [...ids] });
    for (const sibling of this.siblings.values()) sibling.stockChanged([...ids], { remote: true });
  }

  /** Bumps the catalogue version and drops every cached answer (and tells the other processes). */
  invalidate({ remote = false }: { remote?: boolean } = {}): void {
    if (!remote) this.publisher?.({ kind: 'all' });
    this.versionNo++;
    this.listingProducts.clear();
    this.categoryIndex = null;
    this.treeBody = null;
    this.listings.clear();
    this.facetIndexPromise = null;
    this.vocabularyPromise = null;
    this.memoryIndexPromise = null;
    this.textCache.clear();
    this.textRowsCache.clear();
    this.tsQueries.clear();
    this.tileCache.clear();
    this.productJson.clear();
    this.pathToId.clear();
    this.imageSources.clear();
    for (const sibling of this.siblings.values()) sibling.invalidate({ remote: true });
  }

  // -------------------------------------------------------------------------------------------
  // Categories

  private categories(): Promise<CategoryIndex> {
    if (!this.categoryIndex) {
      const version = this.versionNo;
      const promise = this.loadCategories();
      this.categoryIndex = promise;
      promise.catch(() => {
        if (this.versionNo === version && this.categoryIndex === promise) this.categoryIndex = null;
      });
    }
    return this.categoryIndex;
  }

  private async loadCategories(): Promise<CategoryIndex> {
    const rows = await this.db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        slug: categories.slug,
        path: categories.path,
        name: categories.name,
        position: categories.position,
        kind: categories.kind,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id));
    const list = rows.map((r) => ({ ...r, kind: r.kind === 'collection' ? ('collection' as const) : ('category' as const) }));
    const byId = new Map(list.map((c) => [c.id, c]));
    const byPath = new Map(list.map((c) => [c.path, c]));
    const subtree = new Map<number, number[]>();
    for (const c of list) subtree.set(c.id, list.filter((d) => d.path === c.path || d.path.startsWith(`${c.path}/`)).map((d) => d.id));
    const countRows = await queryRows<{ id: number; n: number }>(
      this.db,
      sql`select c.id as id, count(distinct pc.product_id)::int as n
          from ${categories} c
          join ${categories} d on d.path = c.path or d.path like c.path || '/%'
          join ${productCategories} pc on pc.category_id = d.id
          group by c.id`,
    );
    const counts = new Map(countRows.map((r) => [Number(r.id), Number(r.n)]));
    return { list, byId, byPath, subtree, counts };
  }

  /** JSON body of GET /api/catalog/categories. */
  categoryTree(): Promise<CachedBody> {
    if (!this.treeBody) {
      const version = this.versionNo;
      this.treeBody = this.categories().then((index) => {
        const build = (parentId: number | null): CategoryNode[] =>
          index.list
            .filter((c) => c.parentId === parentId)
            .map((c) => ({
              id: String(c.id),
              name: c.name,
              slug: c.slug,
              path: c.path,
              position: c.position,
              kind: c.kind,
              productCount: index.counts.get(c.id) ?? 0,
              children: build(c.id),
            }));
        const json = JSON.stringify({ categories: build(null) });
        return new CachedBody(json, `W/"c${version}-${fnv(json)}"`);
      });
      this.treeBody.catch(() => {
        this.treeBody = null;
      });
    }
    return this.treeBody;
  }

  async categoryByPath(path: string): Promise<CategoryInfo | undefined> {
    return (await this.categories()).byPath.get(normaliseCategoryPath(path));
  }

  private breadcrumbs(index: CategoryIndex, category: CategoryInfo): Breadcrumb[] {
    const chain: Breadcrumb[] = [];
    let current: CategoryInfo | undefined = category;
    while (current) {
      chain.unshift({ name: current.name, path: current.path });
      current = current.parentId === null ? undefined : index.byId.get(current.parentId);
    }
    return chain;
  }

  // -------------------------------------------------------------------------------------------
  // Listing

  private facetIndex(): Promise<FacetIndex> {
    if (!this.facetIndexPromise) {
      const promise = this.loadFacetIndex();
      this.facetIndexPromise = promise;
      promise.catch(() => {
        if (this.facetIndexPromise === promise) this.facetIndexPromise = null;
      });
    }
    return this.facetIndexPromise;
  }

  private async loadFacetIndex(): Promise<FacetIndex> {
    const index = await this.categories();
    const brandRows = await this.db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands).orderBy(asc(brands.name));
    const featureRows = await this.db.select({ id: features.id, slug: features.slug, name: features.name }).from(features).orderBy(asc(features.id));
    const colourRows = await queryRows<{ name: string; hex: string }>(this.db, sql`select colour_name as name, min(colour_hex) as hex from products group by colour_name order by colour_name`);
    const descendant: number[] = [];
    const ancestor: number[] = [];
    for (const [ancestorId, ids] of index.subtree) {
      for (const id of ids) {
        descendant.push(id);
        ancestor.push(ancestorId);
      }
    }
    const colours = colourRows.map((c) => ({ name: c.name, hex: c.hex, slug: slugOf(c.name) }));
    return {
      brandsBySlug: new Map(brandRows.map((b) => [b.slug, { id: b.id, slug: b.slug, name: b.name }])),
      featuresBySlug: new Map(featureRows.map((f) => [f.slug, f])),
      featuresById: new Map(featureRows.map((f) => [f.id, f])),
      coloursBySlug: new Map(colours.map((c) => [c.slug, c])),
      coloursByName: new Map(colours.map((c) => [c.name, c])),
      rollup: { descendant, ancestor },
    };
  }

  private vocabulary(): Promise<Vocabulary> {
    if (!this.vocabularyPromise) {
      const promise = loadVocabulary(this.db).then(vocabularyOf);
      this.vocabularyPromise = promise;
      promise.catch(() => {
        if (this.vocabularyPromise === promise) this.vocabularyPromise = null;
      });
    }
    return this.vocabularyPromise;
  }

  /**
   * The in-memory facet and text indexes (null when the catalogue does not fit the facet index's
   * bit masks: SQL is used then; text null when the search vectors cannot be ranked in memory).
   */
  private memoryIndex(): Promise<{ facets: MemoryFacetIndex; text: TextIndex | null } | null> {
    if (!this.inMemoryFacets) return Promise.resolve(null);
    if (!this.memoryIndexPromise) {
      const promise = this.categories().then(async (index) => {
        const memory = await MemoryFacetIndex.load(
          this.db,
          (categoryId) => {
            const chain: number[] = [];
            for (let c = index.byId.get(categoryId); c; c = c.parentId === null ? undefined : index.byId.get(c.parentId)) chain.push(c.id);
            return chain;
          },
          this.currency,
        );
        if (!memory) return null;
        const text = await TextIndex.load(this.db, (id) => memory.rowById.get(id), memory.size);
        await this.prefillTiles();
        return { facets: memory, text };
      });
      this.memoryIndexPromise = promise;
      promise.catch(() => {
        if (this.memoryIndexPromise === promise) this.memoryIndexPromise = null;
      });
    }
    return this.memoryIndexPromise;
  }

  /** Loads the caches a listing needs (call at start-up so the first shopper does not wait). */
  async warm(): Promise<void> {
    await this.facetIndex();
    await this.memoryIndex();
    await this.vocabulary();
  }

  private textMatchesCached(text: string, mode: 'and' | 'or'): Promise<Map<number, number>> {
    const key = `${this.versionNo}|${mode}|${text.toLowerCase()}`;
    let hit = this.textCache.get(key);
    if (!hit) {
      hit = textMatches(this.db, text, mode);
      this.textCache.set(key, hit);
      hit.catch(() => this.textCache.delete(key));
    }
    return hit;
  }

  /**
   * The tsquery of a text as a tree. Text of plain words (letters only, no `or`) is the AND (or,
   * in 'or' mode, the OR) of its words' queries, exactly what websearch_to_tsquery makes of it,
   * so each word is asked of Postgres once; other text is asked as a whole. Null: the text index
   * does not evaluate this query (phrases, negation).
   */
  private async tsQueryTree(text: string, mode: 'and' | 'or'): Promise<TsQueryNode | 'empty' | null> {
    const words = text.toLowerCase().split(' ');
    if (words.length > 1 && words.every((w) => /^[a-z]+$/.test(w) && w !== 'or')) {
      let tree: TsQueryNode | 'empty' = 'empty';
      for (const word of words) {
        const node = parseTsQuery(await this.tsQueryCached(word, 'and'));
        if (node === null) return null;
        if (node === 'empty') continue;
        tree = tree === 'empty' ? node : { op: mode, left: tree, right: node };
      }
      return tree;
    }
    return parseTsQuery(await this.tsQueryCached(text, mode));
  }

  private tsQueryCached(text: string, mode: 'and' | 'or'): Promise<string> {
    const key = `${this.versionNo}|${mode}|${text.toLowerCase()}`;
    let hit = this.tsQueries.get(key);
    if (!hit) {
      hit = tsQueryText(this.db, text, mode);
      this.tsQueries.set(key, hit);
      hit.catch(() => this.tsQueries.delete(key));
    }
    return hit;
  }

  /**
   * Full-text matches of a text as facet-index rows: matched and ranked in memory when the text
   * index evaluates the query (plain words, AND/OR), else by Postgres (GIN) as one query.
   */
  private async textRowsOf(memory: { facets: MemoryFacetIndex; text: TextIndex | null }, text: string, mode: 'and' | 'or'): Promise<TextRows> {
    const key = `${this.versionNo}|${mode}|${text.toLowerCase()}`;
    const cached = this.textRowsCache.get(key);
    if (cached) return cached;
    let rows: TextRows | null = null;
    if (memory.text) {
      const query = await this.tsQueryTree(text, mode);
      if (query) rows = memory.text.match(query);
    }
    rows ??= memory.facets.textRows(await this.textMatchesCached(text, mode));
    this.textRowsCache.set(key, rows);
    return rows;
  }

  /** The listing's ids, total and facets: from the in-memory index, or one SQL statement. */
  private async runListing(filters: ListingFilters, facets: FacetIndex, text: string, mode: 'and' | 'or'): Promise<FacetRows> {
    const indexes = await this.memoryIndex();
    if (!indexes) return queryListing(this.db, filters, facets.rollup, text, mode, this.currency);
    const memory = indexes.facets;
    const rows = text ? await this.textRowsOf(indexes, text, mode) : null;
    const scopeMask = filters.scopeCategoryId ? memory.categoryMaskOf([filters.scopeCategoryId]) : 0;
    if (filters.scopeCategoryId && scopeMask === 0) return { total: 0, ids: [], categories: [], features: [], colours: [], price: null };
    const result = memory.query({
      scopeMask,
      categoryMask: filters.filterCategoryIds ? memory.categoryMaskOf(filters.filterCategoryIds) : 0,
      featureMask: filters.featureIds ? memory.featureMaskOf(filters.featureIds) : 0,
      colourMask: filters.colourNames ? memory.colourMaskOf(filters.colourNames) : 0,
      brandId: filters.brandId,
      minPrice: filters.minPrice,
      maxPrice: filters.maxPrice,
      sort: filters.sort,
      offset: (filters.page - 1) * PRODUCT_LIST_PAGE_SIZE,
      limit: PRODUCT_LIST_PAGE_SIZE,
      text: rows,
      boostColourMask: memory.colourMaskOf(filters.boostColourNames ?? []),
    });
    // A filter naming only unknown values matches nothing (the masks would be 0 = no filter).
    const none = (ids: unknown[] | null, mask: number) => ids !== null && ids.length > 0 && mask === 0;
    if (
      none(filters.filterCategoryIds, filters.filterCategoryIds ? memory.categoryMaskOf(filters.filterCategoryIds) : 0) ||
      none(filters.featureIds, filters.featureIds ? memory.featureMaskOf(filters.featureIds) : 0) ||
      none(filters.colourNames, filters.colourNames ? memory.colourMaskOf(filters.colourNames) : 0)
    ) {
      return { total: 0, ids: [], categories: [], features: [], colours: [], price: null };
    }
    return {
      total: result.total,
      ids: result.ids,
      categories: result.categories.map((n, b) => ({ id: memory.categoryBits[b]!, n })),
      features: result.features.map((n, b) => ({ id: memory.featureBits[b]!, n })),
      colours: result.colours.map((n, b) => ({ name: memory.colourBits[b]!, n })),
      price: result.price,
    };
  }

  async brandBySlug(slug: string): Promise<{ id: number; slug: string; name: string } | undefined> {
    return (await this.facetIndex()).brandsBySlug.get(slug);
  }

  /**
   * A listing page as cached JSON: `{ status: 'not-found', what }` for an unknown category or
   * brand. Answers are cached per normalised request (LRU), concurrent misses share one query.
   */
  async listing(request: ListingRequest, { cache = true }: { cache?: boolean } = {}): Promise<CachedBody | { notFound: 'category' | 'brand' }> {
    const index = await this.categories();
    const facets = await this.facetIndex();
    const category = request.category === undefined ? null : (index.byPath.get(normaliseCategoryPath(request.category)) ?? undefined);
    if (category === undefined) return { notFound: 'category' };
    const brand = request.brand === undefined ? null : (facets.brandsBySlug.get(request.brand) ?? undefined);
    if (brand === undefined) return { notFound: 'brand' };
    const sort = normaliseSort(request.sort);
    const q = normaliseQuery(request.q);
    const uniq = <T>(list: T[] | undefined): T[] => [...new Set(list ?? [])].sort();
    const selectedCategories = uniq(request.categories).filter((path) => index.byPath.has(path));
    const selectedFeatures = uniq(request.features).filter((slug) => facets.featuresBySlug.has(slug));
    const selectedColours = uniq(request.colours).filter((slug) => facets.coloursBySlug.has(slug));
    const minPrice = request.minPrice ?? null;
    const maxPrice = request.maxPrice ?? null;
    const key = JSON.stringify([category?.id ?? 0, brand?.id ?? 0, q, selectedCategories, selectedFeatures, selectedColours, minPrice, maxPrice, sort, request.page]);
    if (cache) {
      const cached = this.listings.get(key);
      if (cached) return cached;
    }
    const version = this.versionNo;
    const buildListingInner = async (changed: Set<number>) => {
      const filterCategoryIds = selectedCategories.length > 0 ? [...new Set(selectedCategories.flatMap((path) => index.subtree.get(index.byPath.get(path)!.id) ?? []))] : null;
      const filters: ListingFilters = {
        scopeCategoryIds: category ? (index.subtree.get(category.id) ?? [category.id]) : null,
        scopeCategoryId: category?.id ?? null,
        brandId: brand?.id ?? null,
        q,
        filterCategoryIds,
        featureIds: selectedFeatures.length > 0 ? selectedFeatures.map((slug) => facets.featuresBySlug.get(slug)!.id) : null,
        colourNames: selectedColours.length > 0 ? selectedColours.map((slug) => facets.coloursBySlug.get(slug)!.name) : null,
        minPrice,
        maxPrice,
        sort,
        page: request.page,
      };
      const colourText = ` ${q.toLowerCase()} `;
      filters.boostColourNames = [...facets.coloursByName.keys()].filter((name) => colourText.includes(` ${name.toLowerCase()} `));
      let rows = await this.runListing(filters, facets, q, 'and');
      let correctedQuery: string | null = null;
      if (q && rows.total === 0) {
        const vocabulary = await this.vocabulary();
        // With the in-memory index, the same pg_trgm similarity is computed in memory.
        const corrected = (await this.memoryIndex()) ? correctQueryInMemory(q, vocabulary) : await correctQuery(this.db, q, vocabulary.set, vocabulary.list);
        const text = corrected ?? q;
        if (corrected) rows = await this.runListing(filters, facets, text, 'and');
        if (rows.total === 0 && text.includes(' ')) rows = await this.runListing(filters, facets, text, 'or');
        if (rows.total > 0 && corrected) correctedQuery = corrected;
      }
      const tiles = await this.tiles(rows.ids);
      const pageCount = Math.ceil(rows.total / PRODUCT_LIST_PAGE_SIZE);
      const excluded = new Set<number>();
      if (category) for (let c: CategoryInfo | undefined = category; c; c = c.parentId === null ? undefined : index.byId.get(c.parentId)) excluded.add(c.id);
      const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.label.localeCompare(b.label);
      const withSelected = (options: FacetOption[], selected: string[], make: (value: string) => FacetOption | null): FacetOption[] => {
        const present = new Set(options.map((o) => o.value));
        for (const value of selected) {
          if (!present.has(value)) {
            const option = make(value);
            if (option) options.push(option);
          }
        }
        return options;
      };
      const categoryOptions = rows.categories
        .filter((r) => !excluded.has(r.id) && r.n > 0 && index.byId.has(r.id))
        .map((r) => {
          const c = index.byId.get(r.id)!;
          return { value: c.path, label: c.name, count: r.n, selected: selectedCategories.includes(c.path) };
        });
      const featureOptions = rows.features
        .filter((r) => r.n > 0 && facets.featuresById.has(r.id))
        .map((r) => {
          const f = facets.featuresById.get(r.id)!;
          return { value: f.slug, label: f.name, count: r.n, selected: selectedFeatures.includes(f.slug) };
        });
      const colourOptions = rows.colours
        .filter((r) => r.n > 0 && facets.coloursByName.has(r.name))
        .map((r) => {
          const c = facets.coloursByName.get(r.name)!;
          return { value: c.slug, label: c.name, hex: c.hex, count: r.n, selected: selectedColours.includes(c.slug) };
        });
      const response: ListingResponse = {
        category: category ? { id: String(category.id), name: category.name, path: category.path, breadcrumbs: this.breadcrumbs(index, category) } : null,
        brand: brand ? { id: String(brand.id), name: brand.name, slug: brand.slug } : null,
        q,
        correctedQuery,
        items: tiles,
        total: rows.total,
        page: request.page,
        pageSize: PRODUCT_LIST_PAGE_SIZE,
        pageCount,
        sort,
        facets: {
          categories: withSelected(categoryOptions, selectedCategories, (path) => {
            const c = index.byPath.get(path);
            return c ? { value: c.path, label: c.name, count: 0, selected: true } : null;
          }).sort(byCount),
          features: withSelected(featureOptions, selectedFeatures, (slug) => {
            const f = facets.featuresBySlug.get(slug);
            return f ? { value: f.slug, label: f.name, count: 0, selected: true } : null;
          }).sort(byCount),
          colours: withSelected(colourOptions, selectedColours, (slug) => {
            const c = facets.coloursBySlug.get(slug);
            return c ? { value: c.slug, label: c.name, hex: c.hex, count: 0, selected: true } : null;
          }).sort(byCount),
          price: rows.price,
        },
      };
      const json = JSON.stringify(response);
      const body = new CachedBody(json, `W/"l${version}-${fnv(json)}"`);
      if (cache && this.versionNo === version && !rows.ids.some((id) => changed.has(id))) {
        this.listings.set(key, body);
        this.listingProducts.set(key, rows.ids);
        if (this.listingProducts.size > this.listings.size * 2 + 100) for (const k of this.listingProducts.keys()) if (!this.listings.has(k)) this.listingProducts.delete(k);
      }
      return body;
    };
    const build = async () => {
      const changed = this.trackStockChanges();
      try {
        return await buildListingInner(changed);
      } finally {
        this.changedDuringLoads.delete(changed);
      }
    };
    return cache ? this.listingFlights.run(`${version}|${key}`, build) : build();
  }

  /** The price columns in this service's currency (NZD: the products table's; else the price list's, null when missing). */
  private prices() {
    return this.currency === 'NZD' ? { price: products.price, erpOriginalPrice: products.erpOriginalPrice } : priceColumns(this.currency, sql`${products.id}`);
  }

  /** Tiles for product ids, in the order given. */
  private async tiles(ids: number[]): Promise<ProductTile[]> {
    if (ids.length === 0) return [];
    const now = Date.now();
    const fresh = (id: number) => {
      const hit = this.tileCache.get(id);
      return hit && now - hit.at < TILE_MAX_AGE_MS ? hit.tile : undefined;
    };
    const missing = ids.filter((id) => fresh(id) === undefined);
    let byId = new Map<number, ProductTile>();
    if (missing.length > 0) {
      const version = this.versionNo;
      const changed = this.trackStockChanges();
      const loaded = await this.loadTiles(missing).finally(() => this.changedDuringLoads.delete(changed));
      byId = new Map(loaded.map((t) => [Number(t.id), t]));
      if (this.versionNo === version) for (const tile of loaded) if (!changed.has(Number(tile.id))) this.tileCache.set(Number(tile.id), { tile, at: now });
    }
    return ids.map((id) => byId.get(id) ?? fresh(id)).filter((t): t is ProductTile => t !== undefined);
  }

  /** Reads every tile once (with the in-memory index), so list pages need no product query. */
  private async prefillTiles(): Promise<void> {
    const version = this.versionNo;
    const changed = this.trackStockChanges();
    const at = Date.now();
    const tiles = await this.loadTiles(null).finally(() => this.changedDuringLoads.delete(changed));
    if (this.versionNo === version) for (const tile of tiles) if (!changed.has(Number(tile.id))) this.tileCache.set(Number(tile.id), { tile, at });
  }

  /** Tiles of these products (null: every product), in the order given. */
  private async loadTiles(ids: number[] | null): Promise<ProductTile[]> {
    const rows = await this.db
      .select({
        id: products.id,
        path: products.path,
        name: products.name,
        brand: brands.name,
        ...this.prices(),
        isNew: products.isNew,
        state: products.state,
        availableFrom: products.availableFrom,
        overlayIds: products.overlayIds,
        colourName: products.colourName,
        colourHex: products.colourHex,
        soldOut: sql<boolean>`not exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.qty} > 0)`,
        src: productImages.src,
        alt: productImages.alt,
        width: productImages.width,
        height: productImages.height,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
      .where(ids === null ? undefined : inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: ProductTile[] = [];
    for (const id of ids ?? rows.map((r) => r.id)) {
      const r = byId.get(id);
      // (no price in this currency: not sold in this market)
      if (!r || r.price === null) continue;
      out.push({
        id: String(r.id),
        path: r.path,
        name: r.name,
        brand: r.brand,
        price: r.price,
        erpOriginalPrice: r.erpOriginalPrice,
        isDiscounted: r.price < r.erpOriginalPrice,
        isNew: r.isNew,
        state: r.state as ProductTile['state'],
        availableFrom: iso(r.availableFrom),
        soldOut: r.state !== 'coming' && Boolean(r.soldOut),
        overlays: overlaysOf(r.overlayIds),
        image: r.src ? { src: r.src, alt: r.alt ?? r.name, width: r.width ?? 0, height: r.height ?? 0 } : null,
        colourName: r.colourName,
        colourHex: r.colourHex,
      });
    }
    return out;
  }

  /**
   * Challenge question check (spec §5): true when `answer` matches the product's expected answer
   * (case, surrounding and repeated spaces ignored); null for an unknown product or one without a
   * challenge.
   */
  async checkChallenge(productId: string, answer: string): Promise<boolean | null> {
    if (!/^[1-9]\d{0,9}$/.test(productId) || Number(productId) > 2_147_483_647) return null;
    const [row] = await this.db.select({ expected: products.challengeAnswer }).from(products).where(eq(products.id, Number(productId))).limit(1);
    if (!row || row.expected === null) return null;
    const norm = (v: string) => v.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    return norm(row.expected) === norm(answer);
  }

  // -------------------------------------------------------------------------------------------
  // Products

  /** Product JSON strings in the order asked; null for unknown or malformed ids. */
  async productsByIds(objectIds: string[]): Promise<(string | null)[]> {
    const numeric = objectIds.map((id) => (/^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null));
    const missing = new Set<number>();
    for (const id of numeric) if (id !== null && this.productJson.get(id) === undefined) missing.add(id);
    let loaded = new Map<number, string>();
    if (missing.size > 0) {
      const version = this.versionNo;
      const changed = this.trackStockChanges();
      loaded = await this.loadProducts([...missing]).finally(() => this.changedDuringLoads.delete(changed));
      if (this.versionNo === version) for (const id of missing) if (!changed.has(id)) this.productJson.set(id, loaded.get(id) ?? null);
    }
    return numeric.map((id) => {
      if (id === null) return null;
      const hit = loaded.get(id);
      if (hit !== undefined) return hit;
      return this.productJson.get(id) ?? null;
    });
  }

  async productByPath(rawPath: string): Promise<string | null> {
    const path = normaliseProductPath(rawPath);
    if (!path) return null;
    let id = this.pathToId.get(path);
    if (id === undefined) {
      const version = this.versionNo;
      const [row] = await this.db.select({ id: products.id }).from(products).where(eq(products.path, path)).limit(1);
      id = row?.id ?? null;
      if (this.versionNo === version) this.pathToId.set(path, id);
    }
    if (id === null) return null;
    const [json] = await this.productsByIds([String(id)]);
    return json ?? null;
  }

  private async loadProducts(ids: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (ids.length === 0) return out;
    const index = await this.categories();
    const rows = await this.db
      .select({
        id: products.id,
        path: products.path,
        name: products.name,
        pageTitle: products.pageTitle,
        description: products.description,
        brandId: brands.id,
        brandName: brands.name,
        brandSlug: brands.slug,
        productType: products.productType,
        ...this.prices(),
        isNew: products.isNew,
        state: products.state,
        availableFrom: products.availableFrom,
        functionalType: products.functionalType,
        stockUpdatedAt: products.stockUpdatedAt,
        colourName: products.colourName,
        colourHex: products.colourHex,
        canonicalCategoryId: products.canonicalCategoryId,
        erpProductCompositeCode: products.erpProductCompositeCode,
        erpProductParentCode: products.erpProductParentCode,
        erpGenderCode: products.erpGenderCode,
        erpProductType: products.erpProductType,
        overlayIds: products.overlayIds,
        cartQtyProductMax: products.cartQtyProductMax,
        cartQtyVariantMax: products.cartQtyVariantMax,
        cartQtyVariantMin: products.cartQtyVariantMin,
        cartQtyVariantMultipleOf: products.cartQtyVariantMultipleOf,
        createdAt: products.createdAt,
        challengeQuestion: products.challengeQuestion,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(inArray(products.id, ids));
    if (rows.length === 0) return out;
    const found = rows.map((r) => r.id);
    const [variantRows, imageRows, featureRows, categoryRows] = [
      await this.db
        .select({ id: variants.id, productId: variants.productId, code: variants.code, label: variants.label, qty: variants.qty })
        .from(variants)
        .where(inArray(variants.productId, found))
        .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id)),
      await this.db
        .select({ productId: productImages.productId, src: productImages.src, alt: productImages.alt, width: productImages.width, height: productImages.height })
        .from(productImages)
        .where(inArray(productImages.productId, found))
        .orderBy(asc(productImages.productId), asc(productImages.position)),
      await this.db
        .select({ productId: productFeatures.productId, slug: features.slug, name: features.name })
        .from(productFeatures)
        .innerJoin(features, eq(features.id, productFeatures.featureId))
        .where(inArray(productFeatures.productId, found))
        .orderBy(asc(productFeatures.productId), asc(features.id)),
      await this.db
        .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
        .from(productCategories)
        .where(inArray(productCategories.productId, found))
        .orderBy(asc(productCategories.productId), asc(productCategories.categoryId)),
    ];
    const group = <T extends { productId: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) {
        const bucket = map.get(item.productId);
        if (bucket) bucket.push(item);
        else map.set(item.productId, [item]);
      }
      return map;
    };
    const variantsBy = group(variantRows);
    const imagesBy = group(imageRows);
    const featuresBy = group(featureRows);
    const categoriesBy = group(categoryRows);
    const ref = (id: number): CategoryRef => {
      const c = index.byId.get(id);
      return { id: String(id), name: c?.name ?? '', path: c?.path ?? '' };
    };
    for (const r of rows) {
      if (r.price === null) continue; // not sold in this market
      const productVariants = (variantsBy.get(r.id) ?? []).map((v) => ({ id: String(v.id), code: v.code, label: v.label, qty: v.qty }));
      const inStock = productVariants.filter((v) => v.qty > 0);
      const product: Product = {
        id: String(r.id),
        path: r.path,
        name: r.name,
        pageTitle: r.pageTitle,
        description: r.description,
        brand: { id: String(r.brandId), name: r.brandName, slug: r.brandSlug },
        productType: r.productType,
        price: r.price,
        erpOriginalPrice: r.erpOriginalPrice,
        isDiscounted: r.price < r.erpOriginalPrice,
        discountPercent: discountPercent(r.price, r.erpOriginalPrice),
        taxExclusive: exclusiveOfGst(r.price, marketOfCurrency(this.currency)?.gstPercent),
        isNew: r.isNew,
        state: r.state as Product['state'],
        availableFrom: iso(r.availableFrom),
        functionalType: r.functionalType,
        soldOut: r.state !== 'coming' && r.functionalType === 'basic' && inStock.length === 0,
        stockUpdatedAt: iso(r.stockUpdatedAt) ?? '',
        colourName: r.colourName,
        colourHex: r.colourHex,
        canonicalCategory: ref(r.canonicalCategoryId),
        categories: (categoriesBy.get(r.id) ?? []).map((c) => ref(c.categoryId)),
        features: (featuresBy.get(r.id) ?? []).map((f) => ({ slug: f.slug, name: f.name })),
        erpProductCompositeCode: r.erpProductCompositeCode,
        erpProductParentCode: r.erpProductParentCode,
        erpGenderCode: r.erpGenderCode,
        erpProductType: r.erpProductType,
        productGallery: (imagesBy.get(r.id) ?? []).map((i) => ({ type: 'IMAGE' as const, src: i.src, alt: i.alt, width: i.width, height: i.height })),
        availableVariantLabels: inStock.map((v) => v.label),
        overlayIds: r.overlayIds,
        overlays: overlaysOf(r.overlayIds),
        cartQtyProductMax: r.cartQtyProductMax,
        cartQtyVariantMax: r.cartQtyVariantMax,
        cartQtyVariantMin: r.cartQtyVariantMin,
        cartQtyVariantMultipleOf: r.cartQtyVariantMultipleOf,
        variants: productVariants,
        createdAt: iso(r.createdAt) ?? '',
        challengeQuestion: r.challengeQuestion,
      };
      out.set(r.id, JSON.stringify(product));
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Images

  /** What to draw for a product image path, or null when no product has that image. */
  async imageSource(src: string): Promise<ImageSourceRow | null> {
    const cached = this.imageSources.get(src);
    if (cached !== undefined) return cached;
    const version = this.versionNo;
    const [row] = await this.db
      .select({
        productId: productImages.productId,
        position: productImages.position,
        width: productImages.width,
        height: productImages.height,
        kind: products.productType,
        colourHex: products.colourHex,
      })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(eq(productImages.src, src))
      .limit(1);
    const result = row ?? null;
    if (this.versionNo === version) this.imageSources.set(src, result);
    return result;
  }
}
