/**
 * The read side of the catalogue, per price list, with its in-memory caches and their
 * invalidation (stock changes, catalogue writes, other processes through ./sync.ts): categories,
 * listings (filters, search with its corrections, facets), tiles, product JSON and image sources.
 *
 * What it caches is built by: ./categories.ts (the category tree, breadcrumbs), ./facets.ts (the
 * facet lookups and a listing's facet options), ./listing.ts (the SQL listing and search),
 * ./memory-listing.ts with ./facet-index.ts and ./text-index.ts (the in-memory listing),
 * ./text-search.ts (search over it, cached), ./product-cache.ts over ./products.ts (tiles, product
 * JSON, image sources), ./cached-body.ts (answers with their ETag) and ./normalise.ts (the sorts,
 * slugs and paths asked for).
 */
import { PRODUCT_LIST_PAGE_SIZE, type ListingResponse } from '@store/contracts';
import type { Database } from '../../platform/db/index.js';
import { ByteLru } from '../../platform/cache/byte-lru.js';
import { CachedBody, fnv } from '../../platform/http/cached-body.js';
import { breadcrumbsOf, categoryNodes, loadCategoryIndex, type CategoryIndex, type CategoryInfo } from './categories.js';
import { listingFacets, loadFacetLookup, type FacetLookup } from './facets.js';
import { correctQuery, correctQueryInMemory, loadVocabulary, vocabularyOf, type Vocabulary, normaliseQuery, queryListing, type FacetRows, type ListingFilters } from './listing.js';
import { SingleFlight } from './lru.js';
import { loadMemoryIndexes, memoryListing, type MemoryIndexes } from './memory-listing.js';
import { normaliseCategoryPath, normaliseSort } from './normalise.js';
import type { Currency } from './prices.js';
import type { ImageSourceRow } from './products.js';
import { ProductCache, type ProductCacheHost } from './product-cache.js';
import { TextSearch } from './text-search.js';

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

export { TILE_MAX_AGE_MS } from './product-cache.js';

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
  private memoryIndexPromise: Promise<MemoryIndexes | null> | null = null;
  private readonly textSearch: TextSearch;
  /** Tiles, product JSON and image sources. */
  private readonly productCache: ProductCache;

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
    const host: ProductCacheHost = {
      db,
      currency: this.currency,
      version: () => this.versionNo,
      trackStockChanges: () => this.trackStockChanges(),
      untrack: (changed) => void this.changedDuringLoads.delete(changed),
      categories: () => this.categories(),
    };
    this.productCache = new ProductCache(host, options.productCacheSize ?? 10_000);
    this.textSearch = new TextSearch(db, () => this.versionNo);
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
    this.productCache.stockChanged(ids);
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
    this.textSearch.clear();
    this.productCache.clear();
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
  private memoryIndex(): Promise<MemoryIndexes | null> {
    if (!this.inMemoryFacets) return Promise.resolve(null);
    if (!this.memoryIndexPromise) {
      const promise = this.categories().then(async (index) => {
        const memory = await loadMemoryIndexes(this.db, index, this.currency);
        if (memory) await this.productCache.prefill();
        return memory;
      });
      this.memoryIndexPromise = promise;
      promise.catch(() => {
        if (this.memoryIndexPromise === promise) this.memoryIndexPromise = null;
      });
    }
    return this.memoryIndexPromise;
  }

  /** Loads the caches listings and product pages need (call at start-up so the first shopper does not wait). */
  async warm(): Promise<void> {
    await this.facetIndex();
    await this.memoryIndex();
    await this.vocabulary();
    await this.productCache.prefilled();
  }

  /** The listing's ids, total and facets: from the in-memory index, or one SQL statement. */  private async runListing(filters: ListingFilters, facets: FacetLookup, text: string, mode: 'and' | 'or'): Promise<FacetRows> {
    const indexes = await this.memoryIndex();
    if (!indexes) return queryListing(this.db, filters, facets.rollup, text, mode, this.currency);
    const rows = text ? await this.textSearch.rowsOf(indexes, text, mode) : null;
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
      const tiles = await this.productCache.tiles(rows.ids);
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

  /** Whether `answer` is the product's challenge answer (ProductCache.checkChallenge). */
  checkChallenge(productId: string, answer: string): Promise<boolean | null> {
    return this.productCache.checkChallenge(productId, answer);
  }

  // -------------------------------------------------------------------------------------------
  // Products and images

  /** Product JSON strings in the order asked; null for unknown or malformed ids. */
  productsByIds(objectIds: string[]): Promise<(string | null)[]> {
    return this.productCache.productsByIds(objectIds);
  }

  productByPath(rawPath: string): Promise<string | null> {
    return this.productCache.productByPath(rawPath);
  }

  /** What to draw for a product image path, or null when no product has that image. */
  imageSource(src: string): Promise<ImageSourceRow | null> {
    return this.productCache.imageSource(src);
  }
}
