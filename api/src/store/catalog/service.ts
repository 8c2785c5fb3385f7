/**
 * The read side of the catalogue, per price list, with its in-memory caches and their
 * invalidation (stock changes, catalogue writes, other processes through ./sync.ts): categories,
 * listings (filters, search with its corrections, facets), tiles, product JSON and image sources.
 *
 * What it caches is built by: ./categories.ts (the category tree, breadcrumbs), ./facets.ts (the
 * facet lookups and a listing's facet options), ./listing.ts (the SQL listing and search),
 * ./memory-listing.ts with ./facet-index.ts and ./text-index.ts (the in-memory listing),
 * ./products.ts (tiles, product JSON, image sources), ./cached-body.ts (answers with their ETag)
 * and ./normalise.ts (the sorts, slugs and paths asked for).
 */
import { PRODUCT_LIST_PAGE_SIZE, type ListingResponse, type ProductTile } from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { products } from '../../platform/db/schema.js';
import { ByteLru } from '../../platform/cache/byte-lru.js';
import { CachedBody, fnv } from '../../platform/http/cached-body.js';
import { breadcrumbsOf, categoryNodes, loadCategoryIndex, type CategoryIndex, type CategoryInfo } from './categories.js';
import { FacetIndex as MemoryFacetIndex, type TextRows } from './facet-index.js';
import { listingFacets, loadFacetLookup, type FacetLookup } from './facets.js';
import { correctQuery, correctQueryInMemory, loadVocabulary, vocabularyOf, type Vocabulary, normaliseQuery, queryListing, textMatches, tsQueryText, type FacetRows, type ListingFilters } from './listing.js';
import { Lru, SingleFlight } from './lru.js';
import { memoryListing } from './memory-listing.js';
import { normaliseCategoryPath, normaliseProductPath, normaliseSort } from './normalise.js';
import type { Currency } from './prices.js';
import { loadImageSource, loadProducts, loadTiles, type ImageSourceRow } from './products.js';
import { TextIndex, parseTsQuery, type TsQueryNode } from './text-index.js';

export { CachedBody } from '../../platform/http/cached-body.js';
export type { CategoryInfo } from './categories.js';
export { normaliseCategoryPath, normaliseProductPath, normaliseSort, slugOf, SORT_VALUES } from './normalise.js';
export type { ImageSourceRow } from './products.js';

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

/** Tiles carry sold-out state: re-read after this long (stock data is at most 300 s old). */
export const TILE_MAX_AGE_MS = 300_000;

/** A change another process must apply to its caches. */
export type CatalogChange = { kind: 'stock'; productIds: number[] } | { kind: 'all' };

export interface CatalogCacheOptions {
  listingCacheSize?: number;
  /** Bytes of listing answers kept (their JSON; default 32 MB), whatever their number. */
  listingCacheBytes?: number;
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
  private readonly listings: ByteLru<string, CachedBody>;
  private readonly listingFlights = new SingleFlight<string, CachedBody>();
  private facetIndexPromise: Promise<FacetLookup> | null = null;
  private vocabularyPromise: Promise<Vocabulary> | null = null;
  private memoryIndexPromise: Promise<{ facets: MemoryFacetIndex; text: TextIndex | null } | null> | null = null;
  /** The tsquery text of a search text (websearch_to_tsquery), per text and mode. */
  private readonly tsQueries = new Lru<string, Promise<string>>(5000);
  private readonly textCache = new Lru<string, Promise<Map<number, number>>>(64);
  private readonly textRowsCache = new Lru<string, TextRows>(64);
  /** Tiles by product id with when they were read (stock data age max 300 s). */
  private readonly tileCache = new Map<number, { tile: ProductTile; at: number }>();
  private readonly productJson: Lru<number, string | null>;
  private readonly pathToId: Lru<string, number | null>;
  private readonly imageSources = new Lru<string, ImageSourceRow | null>(5000);

  private readonly inMemoryFacets: boolean;
  /** The currency of every price this service answers with (one service per price list). */
  readonly currency: Currency;
  /** The same catalogue in the other currencies (forCurrency): its caches follow this one's changes. */
  private readonly siblings = new Map<Currency, CatalogService>();

  constructor(
    private readonly db: Database,
    private readonly options: CatalogCacheOptions = {},
  ) {
    this.currency = options.currency ?? 'NZD';
    this.inMemoryFacets = options.inMemoryFacets ?? true;
    this.listings = new ByteLru(options.listingCacheBytes ?? 32 * 1024 * 1024, options.listingCacheSize ?? 2000);
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
      const promise = loadCategoryIndex(this.db);
      this.categoryIndex = promise;
      promise.catch(() => {
        if (this.versionNo === version && this.categoryIndex === promise) this.categoryIndex = null;
      });
    }
    return this.categoryIndex;
  }

  /** JSON body of GET /api/catalog/categories. */
  categoryTree(): Promise<CachedBody> {
    if (!this.treeBody) {
      const version = this.versionNo;
      this.treeBody = this.categories().then((index) => {
        const json = JSON.stringify({ categories: categoryNodes(index) });
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

  // -------------------------------------------------------------------------------------------
  // Listing

  private facetIndex(): Promise<FacetLookup> {
    if (!this.facetIndexPromise) {
      const promise = this.loadFacetIndex();
      this.facetIndexPromise = promise;
      promise.catch(() => {
        if (this.facetIndexPromise === promise) this.facetIndexPromise = null;
      });
    }
    return this.facetIndexPromise;
  }

  private async loadFacetIndex(): Promise<FacetLookup> {
    const index = await this.categories();
    return loadFacetLookup(this.db, index);
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

  /** The listing's ids, total and facets: from the in-memory index, or one SQL statement. */  private async runListing(filters: ListingFilters, facets: FacetLookup, text: string, mode: 'and' | 'or'): Promise<FacetRows> {
    const indexes = await this.memoryIndex();
    if (!indexes) return queryListing(this.db, filters, facets.rollup, text, mode, this.currency);
    const rows = text ? await this.textRowsOf(indexes, text, mode) : null;
    return memoryListing(indexes.facets, filters, rows);
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
      let anyWord = false;
      if (q && rows.total === 0) {
        const vocabulary = await this.vocabulary();
        // With the in-memory index, the same pg_trgm similarity is computed in memory.
        const corrected = (await this.memoryIndex()) ? correctQueryInMemory(q, vocabulary) : await correctQuery(this.db, q, vocabulary.set, vocabulary.list);
        const text = corrected ?? q;
        if (corrected) rows = await this.runListing(filters, facets, text, 'and');
        if (rows.total === 0 && text.includes(' ')) {
          rows = await this.runListing(filters, facets, text, 'or');
          anyWord = rows.total > 0;
        }
        if (rows.total > 0 && corrected) correctedQuery = corrected;
      }
      const tiles = await this.tiles(rows.ids);
      const pageCount = Math.ceil(rows.total / PRODUCT_LIST_PAGE_SIZE);
      const excluded = new Set<number>();
      if (category) for (let c: CategoryInfo | undefined = category; c; c = c.parentId === null ? undefined : index.byId.get(c.parentId)) excluded.add(c.id);
      const response: ListingResponse = {
        category: category ? { id: String(category.id), name: category.name, path: category.path, breadcrumbs: breadcrumbsOf(index, category) } : null,
        brand: brand ? { id: String(brand.id), name: brand.name, slug: brand.slug } : null,
        q,
        correctedQuery,
        ...(anyWord ? { anyWord } : {}),
        items: tiles,
        total: rows.total,
        page: request.page,
        pageSize: PRODUCT_LIST_PAGE_SIZE,
        pageCount,
        sort,
        facets: listingFacets(rows, index, facets, excluded, { categories: selectedCategories, features: selectedFeatures, colours: selectedColours }),
      };
      const json = JSON.stringify(response);
      const body = new CachedBody(json, `W/"l${version}-${fnv(json)}"`);
      if (cache && this.versionNo === version && !rows.ids.some((id) => changed.has(id))) {
        // the JSON plus its brotli and gzip copies, made on first use (about a tenth each)
        this.listings.set(key, body, key.length + Math.ceil(json.length * 1.2));
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
  private loadTiles(ids: number[] | null): Promise<ProductTile[]> {
    return loadTiles(this.db, this.currency, ids);
  }

  /**
   * Challenge question check: true when `answer` matches the product's expected answer
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
    if (ids.length === 0) return new Map();
    return loadProducts(this.db, await this.categories(), this.currency, ids);
  }

  // -------------------------------------------------------------------------------------------
  // Images

  /** What to draw for a product image path, or null when no product has that image. */
  async imageSource(src: string): Promise<ImageSourceRow | null> {
    const cached = this.imageSources.get(src);
    if (cached !== undefined) return cached;
    const version = this.versionNo;
    const result = await loadImageSource(this.db, src);
    if (this.versionNo === version) this.imageSources.set(src, result);
    return result;
  }
}
