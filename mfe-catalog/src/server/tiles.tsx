/**
 * Product tiles rendered once per renderer process and reused by every list that shows them: a
 * product appears in its categories, their sorts and pages and in searches, and its tile is the same
 * HTML in each (the list position is put in afterwards). A list's server render then costs about what
 * its new tiles cost.
 *
 * Each tile is rendered on its own (`renderToString`) before the list's render starts, with the same
 * providers and emotion settings as the page (compat mode, no vendor prefixes: the edge's renderer),
 * and kept with the emotion rules it uses. The list writes the kept HTML in place of the tile
 * (features/listing/ListingPage.tsx asks for it); a test renders lists both ways and compares the bytes.
 * The eager tiles (the first four, whose image React may hint in the head) always render live.
 */
import createCache from '@emotion/cache';
import { CacheProvider, withEmotionCache } from '@emotion/react';
import type { ListingResponse, MarketSettings, ProductTile as Tile } from '@store/contracts';
import type { RouteData, ServerApi } from '@store/contracts/ssr';
import { MarketProvider } from '@store/ui/market';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { listingUrl } from '../lib/api';
import { ProductTile } from '../features/listing/ProductTile';
import type { KeptTiles } from '../features/listing/ListingPage';

/**
 * A tile's server-rendered HTML, made once and reused: the HTML of `<Suspense><ProductTile/></Suspense>`
 * and the emotion rules it uses, by id.
 */
export interface TileFragment {
  html: string;
  styles: [id: string, rules: string][];
}

/** A kept tile in a list: its HTML, and its rules in the page's styles as a live render would have inserted them. */
const KeptTile = withEmotionCache(({ fragment }: { fragment: TileFragment }, cache) => {
  const inserted = cache.inserted as Record<string, string | true | undefined>;
  for (const [id, rules] of fragment.styles) inserted[id] ??= rules;
  return <li dangerouslySetInnerHTML={{ __html: fragment.html }} />;
});

/** The position a kept tile is rendered at; each list writes its own. */
const POSITION = -1;
const POSITION_ATTRIBUTE = `data-position="${POSITION}"`;
/** Kept tiles per renderer process, by bytes, for all loaded versions (a tile is about 2 KB: some 2,000 tiles). */
export const TILE_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The kept tiles of every version of this bundle loaded in the renderer (the edge keeps several
 * loaded, for rollbacks): one budget for all of them, on the renderer's global object, each
 * version's entries under its own prefix. A release's old tiles give way to the new ones instead
 * of adding 4 MB per version.
 */
interface TileStore {
  entries: Map<string, TileFragment & { bytes: number }>;
  bytes: number;
}
const KEPT_TILES_GLOBAL = '__storeCatalogKeptTiles1';
const store = ((globalThis as Record<string, unknown>)[KEPT_TILES_GLOBAL] ??= { entries: new Map(), bytes: 0 }) as TileStore;
const kept = store.entries;
/** this module instance (one per loaded version) */
const INSTANCE = Math.random().toString(36).slice(2, 10);

function remember(key: string, fragment: TileFragment): void {
  const bytes = key.length + fragment.html.length + fragment.styles.reduce((sum, [id, rules]) => sum + id.length + rules.length, 0);
  kept.set(key, { ...fragment, bytes });
  store.bytes += bytes;
  while (store.bytes > TILE_CACHE_BYTES) {
    const [oldest, entry] = kept.entries().next().value as [string, { bytes: number }];
    kept.delete(oldest);
    store.bytes -= entry.bytes;
  }
}

/** The tile's HTML and emotion rules, rendered as the list renders it (without its position). */
export function renderTile(item: Tile, market: MarketSettings | undefined): TileFragment {
  const cache = createCache({ key: 'css', stylisPlugins: [] });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <MarketProvider market={market}>
        <StaticRouter location="/">
          <Suspense fallback={null}>
            <ProductTile item={item} eager={false} position={POSITION} />
          </Suspense>
        </StaticRouter>
      </MarketProvider>
    </CacheProvider>,
  );
  const styles = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0);
  return { html, styles };
}

let rendered = 0;

/** The kept tile of `item` in `market`, rendered and kept now if it was not (null: it cannot be kept). */
function keptTile(item: Tile, market: MarketSettings | undefined): TileFragment | null {
  const key = `${INSTANCE} ${market?.id ?? ''} ${JSON.stringify(item)}`;
  const fragment = kept.get(key);
  if (fragment) {
    // most recently used last
    kept.delete(key);
    kept.set(key, fragment);
    return fragment;
  }
  const tile = renderTile(item, market);
  rendered += 1;
  // a tile whose position could not be found again is not kept (it renders live)
  if (!tile.html.includes(POSITION_ATTRIBUTE)) return null;
  remember(key, tile);
  return kept.get(key) ?? null;
}

const isListing = (value: unknown): value is ListingResponse => typeof value === 'object' && value !== null && Array.isArray((value as ListingResponse).items);

/**
 * The kept tiles for the lists in `data` (rendering those not kept yet, now, before the page's
 * render), as the lookup the list uses; null for a page without a list.
 */
export function keptTilesFor(data: RouteData, market: MarketSettings | undefined): KeptTiles | null {
  const found = new WeakMap<Tile, TileFragment>();
  let lists = 0;
  for (const value of Object.values(data)) {
    if (!isListing(value)) continue;
    lists += 1;
    for (const item of value.items) {
      const fragment = keptTile(item, market);
      if (fragment) found.set(item, fragment);
    }
  }
  if (lists === 0) return null;
  return (item, eager, position) => {
    if (eager) return null;
    const fragment = found.get(item);
    return fragment ? <KeptTile key={item.id} fragment={{ html: fragment.html.replace(POSITION_ATTRIBUTE, `data-position="${position}"`), styles: fragment.styles }} /> : null;
  };
}

/** At most this many tiles are rendered by a warm-up: about half the kept tiles' budget. */
export const WARM_TILES = 1000;

/**
 * The catalogue's first tiles (all products, in the listing's default order, up to `max`), rendered
 * and kept before any list is asked for: the edge calls this in each renderer as its process starts
 * (the server bundle's `warm`).
 */
export async function warmTiles(api: ServerApi, market: MarketSettings | undefined, max = WARM_TILES): Promise<number> {
  let count = 0;
  for (let page = 1, pages = 1; page <= pages && count < max; page += 1) {
    const answer = await api(listingUrl({ page }));
    if (answer.status !== 200 || !isListing(answer.body)) break;
    pages = answer.body.pageCount;
    for (const item of answer.body.items) {
      if (count >= max) break;
      keptTile(item, market);
      count += 1;
    }
  }
  return count;
}

/** Tiles kept, their bytes, and how many were rendered since the process started (tests). */
export function keptTileStats(): { entries: number; bytes: number; rendered: number } {
  return { entries: kept.size, bytes: store.bytes, rendered };
}

/** Forgets every kept tile (tests). */
export function forgetTiles(): void {
  kept.clear();
  store.bytes = 0;
}
