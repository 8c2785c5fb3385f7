import zlib from 'node:zlib';
import {
  PRODUCT_LIST_PAGE_SIZE,
  SORT_OPTIONS,
  discountPercent,
  exclusiveOfGst,
  type Breadcrumb,
  type CategoryNode,
  type CategoryRef,
  type ListingResponse,
  type Overlay,
  type Product,
  type ProductTile,
} from '@store/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/index.js';
import { brands, categories, features, productCategories, productFeatures, productImages, products, variants } from '../db/schema.js';
import { OVERLAY_BY_ID } from '../seed/data.js';
import type { SeedCategory } from '../seed/generate.js';
import { Lru, SingleFlight } from './lru.js';

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

function orderFor(sort: string): SQL[] {
  switch (sort) {
    case 'name-asc':
      return [sql`${products.name} collate "C" asc`, asc(products.id)];
    case 'name-desc':
      return [sql`${products.name} collate "C" desc`, asc(products.id)];
    case 'price-asc':
      return [asc(products.price), asc(products.id)];
    case 'price-desc':
      return [desc(products.price), asc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'oldest':
      return [asc(products.createdAt), asc(products.id)];
    default:
      return [asc(products.merchRank), asc(products.id)];
  }
}

export interface ImageSourceRow {
  productId: number;
  position: number;
  width: number;
  height: number;
  kind: string;
  colourHex: string;
}

export interface CatalogCacheOptions {
  listingCacheSize?: number;
  productCacheSize?: number;
}

/**
 * Read side of the catalogue with in-memory caches. Every cache is keyed by the catalogue
 * version: call `invalidate()` after any catalogue write.
 */
export class CatalogService {
  private versionNo = 1;
  private categoryIndex: Promise<CategoryIndex> | null = null;
  private treeBody: Promise<CachedBody> | null = null;
  private readonly listings: Lru<string, CachedBody>;
  private readonly listingFlights = new SingleFlight<string, CachedBody>();
  private readonly totals = new Map<number, Promise<number>>();
  private readonly productJson: Lru<number, string | null>;
  private readonly pathToId: Lru<string, number | null>;
  private readonly imageSources = new Lru<string, ImageSourceRow | null>(5000);

  constructor(
    private readonly db: Database,
    options: CatalogCacheOptions = {},
  ) {
    this.listings = new Lru(options.listingCacheSize ?? 2000);
    this.productJson = new Lru(options.productCacheSize ?? 10_000);
    this.pathToId = new Lru(options.productCacheSize ?? 10_000);
  }

  get version(): number {
    return this.versionNo;
  }

  /** Bumps the catalogue version and drops every cached answer. */
  invalidate(): void {
    this.versionNo++;
    this.categoryIndex = null;
    this.treeBody = null;
    this.listings.clear();
    this.totals.clear();
    this.productJson.clear();
    this.pathToId.clear();
    this.imageSources.clear();
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

  /** The listing page as cached JSON, or null for an unknown category. */
  async listing(categoryPath: string, page: number, sortParam: string | undefined): Promise<CachedBody | null> {
    const index = await this.categories();
    const category = index.byPath.get(normaliseCategoryPath(categoryPath));
    if (!category) return null;
    const sort = normaliseSort(sortParam);
    const key = `${category.id}|${page}|${sort}`;
    const cached = this.listings.get(key);
    if (cached) return cached;
    const version = this.versionNo;
    return this.listingFlights.run(`${version}|${key}`, async () => {
      const body = await this.buildListing(index, category, page, sort);
      if (this.versionNo === version) this.listings.set(key, body);
      return body;
    });
  }

  private total(categoryIds: number[], categoryId: number): Promise<number> {
    let promise = this.totals.get(categoryId);
    if (!promise) {
      promise = this.db
        .select({ n: sql<number>`count(distinct ${productCategories.productId})::int` })
        .from(productCategories)
        .where(inArray(productCategories.categoryId, categoryIds))
        .then((rows) => Number(rows[0]?.n ?? 0));
      this.totals.set(categoryId, promise);
      promise.catch(() => this.totals.delete(categoryId));
    }
    return promise;
  }

  private async buildListing(index: CategoryIndex, category: CategoryInfo, page: number, sort: string): Promise<CachedBody> {
    const ids = index.subtree.get(category.id) ?? [category.id];
    const total = await this.total(ids, category.id);
    const pageSize = PRODUCT_LIST_PAGE_SIZE;
    const pageCount = Math.ceil(total / pageSize);
    let items: ProductTile[] = [];
    if (page <= pageCount) {
      const inCategory = this.db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, ids));
      const rows = await this.db
        .select({
          id: products.id,
          path: products.path,
          name: products.name,
          brand: brands.name,
          price: products.price,
          erpOriginalPrice: products.erpOriginalPrice,
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
        .where(inArray(products.id, inCategory))
        .orderBy(...orderFor(sort))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      items = rows.map((r) => ({
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
      }));
    }
    const response: ListingResponse = {
      category: { id: String(category.id), name: category.name, path: category.path, breadcrumbs: this.breadcrumbs(index, category) },
      items,
      total,
      page,
      pageSize,
      pageCount,
      sort,
    };
    const json = JSON.stringify(response);
    return new CachedBody(json, `W/"l${this.versionNo}-${fnv(json)}"`);
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
      loaded = await this.loadProducts([...missing]);
      if (this.versionNo === version) for (const id of missing) this.productJson.set(id, loaded.get(id) ?? null);
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
        price: products.price,
        erpOriginalPrice: products.erpOriginalPrice,
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
        taxExclusive: exclusiveOfGst(r.price),
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
