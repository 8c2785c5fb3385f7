// The catalogue's product caches: tiles (re-read when their stock data is old), product JSON by id
// and by path, and image sources. A load never caches what changed while it ran, nor anything once
// the catalogue version moved on.
import type { ProductTile } from '@store/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { products } from '../../platform/db/schema.js';
import type { CategoryIndex } from './categories.js';
import { ByteLru } from '../../platform/cache/byte-lru.js';
import { Lru } from './lru.js';
import { normaliseProductPath } from './normalise.js';
import type { Currency } from './prices.js';
import { loadImageSource, loadProducts, loadTiles, type ImageSourceRow } from './products.js';

/** Tiles carry sold-out state: re-read after this long (stock data is at most 300 s old). */
export const TILE_MAX_AGE_MS = 300_000;

/**
 * Bytes of product JSON kept per price list (the JSON's length; default 32 MB). At start-up every
 * product's JSON is read in batches until this is full, so a product page asked for the first time
 * needs no query; a product whose stock changes is read again when next asked for.
 */
export const PRODUCT_JSON_BYTES = 32 * 1024 * 1024;
const PREFILL_BATCH = 500;

/** What the caches need of the catalogue service they belong to. */
export interface ProductCacheHost {
  readonly db: Database;
  readonly currency: Currency;
  /** The catalogue version (bumped by every invalidation). */
  version(): number;
  /** A set that collects the products whose stock changes from now on; pass it to untrack when the load is done. */
  trackStockChanges(): Set<number>;
  untrack(changed: Set<number>): void;
  categories(): Promise<CategoryIndex>;
}

export class ProductCache {
  /** Tiles by product id with when they were read (stock data age max 300 s). */
  private readonly tileCache = new Map<number, { tile: ProductTile; at: number }>();
  private readonly productJson: ByteLru<number, string | null>;
  private readonly pathToId: Lru<string, number | null>;
  private readonly imageSources = new Lru<string, ImageSourceRow | null>(5000);

  constructor(
    private readonly host: ProductCacheHost,
    productCacheSize = 10_000,
    productJsonBytes = PRODUCT_JSON_BYTES,
  ) {
    this.productJson = new ByteLru(productJsonBytes, productCacheSize);
    this.pathToId = new Lru(productCacheSize);
  }

  /** Stock of these products changed: their tiles and product JSON are dropped. */
  stockChanged(ids: Iterable<number>): void {
    for (const id of ids) {
      this.tileCache.delete(id);
      this.productJson.delete(id);
    }
  }

  /** Drops everything (the catalogue changed). */
  clear(): void {
    this.tileCache.clear();
    this.productJson.clear();
    this.pathToId.clear();
    this.imageSources.clear();
  }

  /** Tiles for product ids, in the order given. */
  async tiles(ids: number[]): Promise<ProductTile[]> {
    if (ids.length === 0) return [];
    const now = Date.now();
    const fresh = (id: number) => {
      const hit = this.tileCache.get(id);
      return hit && now - hit.at < TILE_MAX_AGE_MS ? hit.tile : undefined;
    };
    const missing = ids.filter((id) => fresh(id) === undefined);
    let byId = new Map<number, ProductTile>();
    if (missing.length > 0) {
      const version = this.host.version();
      const changed = this.host.trackStockChanges();
      const loaded = await this.loadTiles(missing).finally(() => this.host.untrack(changed));
      byId = new Map(loaded.map((t) => [Number(t.id), t]));
      if (this.host.version() === version) for (const tile of loaded) if (!changed.has(Number(tile.id))) this.tileCache.set(Number(tile.id), { tile, at: now });
    }
    return ids.map((id) => byId.get(id) ?? fresh(id)).filter((t): t is ProductTile => t !== undefined);
  }

  /** Product JSON read at start-up (prefill), settled when done; null before prefill. */
  private jsonPrefill: Promise<void> | null = null;

  /**
   * Reads every tile once (with the in-memory index), so list pages need no product query, and
   * then, without waiting for it (see `prefilled`), product JSON in batches until its byte budget
   * is full, so product pages need none either.
   */
  async prefill(): Promise<void> {
    const version = this.host.version();
    const changed = this.host.trackStockChanges();
    let tiles: ProductTile[];
    try {
      const at = Date.now();
      tiles = await this.loadTiles(null);
      if (this.host.version() !== version) return this.host.untrack(changed);
      for (const tile of tiles) {
        const id = Number(tile.id);
        this.pathToId.set(tile.path, id);
        if (!changed.has(id)) this.tileCache.set(id, { tile, at });
      }
    } catch (error) {
      this.host.untrack(changed);
      throw error;
    }
    // product JSON: products whose stock changes meanwhile are left to their first request
    const json = this.prefillJson(tiles, version, changed).finally(() => this.host.untrack(changed));
    // a failed read leaves the products to their first request, as before start-up was done
    this.jsonPrefill = json.catch(() => {});
  }

  /** Settles once the product JSON read at start-up is in (at once when prefill has not run). */
  prefilled(): Promise<void> {
    return this.jsonPrefill ?? Promise.resolve();
  }

  private async prefillJson(tiles: ProductTile[], version: number, changed: Set<number>): Promise<void> {
    let bytes = 0;
    for (let i = 0; i < tiles.length && bytes < this.productJson.maxBytes; i += PREFILL_BATCH) {
      const ids = tiles.slice(i, i + PREFILL_BATCH).map((tile) => Number(tile.id));
      const loaded = await this.loadProducts(ids);
      if (this.host.version() !== version) return;
      for (const [id, json] of loaded) {
        if (changed.has(id) || this.productJson.has(id)) continue;
        bytes += json.length;
        if (bytes > this.productJson.maxBytes) return;
        this.productJson.set(id, json, json.length);
      }
    }
  }

  /** Tiles of these products (null: every product), in the order given. */
  private loadTiles(ids: number[] | null): Promise<ProductTile[]> {
    return loadTiles(this.host.db, this.host.currency, ids);
  }

  /**
   * Challenge question check: true when `answer` matches the product's expected answer
   * (case, surrounding and repeated spaces ignored); null for an unknown product or one without a
   * challenge.
   */
  async checkChallenge(productId: string, answer: string): Promise<boolean | null> {
    if (!/^[1-9]\d{0,9}$/.test(productId) || Number(productId) > 2_147_483_647) return null;
    const [row] = await this.host.db.select({ expected: products.challengeAnswer }).from(products).where(eq(products.id, Number(productId))).limit(1);
    if (!row || row.expected === null) return null;
    const norm = (v: string) => v.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    return norm(row.expected) === norm(answer);
  }

  /** Product JSON strings in the order asked; null for unknown or malformed ids. */
  async productsByIds(objectIds: string[]): Promise<(string | null)[]> {
    const numeric = objectIds.map((id) => (/^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null));
    const missing = new Set<number>();
    for (const id of numeric) if (id !== null && this.productJson.get(id) === undefined) missing.add(id);
    let loaded = new Map<number, string>();
    if (missing.size > 0) {
      const version = this.host.version();
      const changed = this.host.trackStockChanges();
      loaded = await this.loadProducts([...missing]).finally(() => this.host.untrack(changed));
      if (this.host.version() === version)
        for (const id of missing) {
          if (changed.has(id)) continue;
          const json = loaded.get(id) ?? null;
          this.productJson.set(id, json, json?.length ?? 8);
        }
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
      const version = this.host.version();
      const [row] = await this.host.db.select({ id: products.id }).from(products).where(eq(products.path, path)).limit(1);
      id = row?.id ?? null;
      if (this.host.version() === version) this.pathToId.set(path, id);
    }
    if (id === null) return null;
    const [json] = await this.productsByIds([String(id)]);
    return json ?? null;
  }

  private async loadProducts(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    return loadProducts(this.host.db, await this.host.categories(), this.host.currency, ids);
  }

  /** What to draw for a product image path, or null when no product has that image. */
  async imageSource(src: string): Promise<ImageSourceRow | null> {
    const cached = this.imageSources.get(src);
    if (cached !== undefined) return cached;
    const version = this.host.version();
    const result = await loadImageSource(this.host.db, src);
    if (this.host.version() === version) this.imageSources.set(src, result);
    return result;
  }
}
