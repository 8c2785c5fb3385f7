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
import type { EmotionCache } from '@emotion/cache';
import type { MarketSettings, ProductTile as Tile } from '@store/contracts';
import type { RouteData, ServerApi } from '@store/contracts/ssr';
import { Suspense } from 'react';
import { listingUrl } from '../lib/api';
import { ProductTile } from '../features/listing/ProductTile';
import type { KeptTiles } from '../features/listing/ListingPage';
import { fragmentBytes, insertKeptStyles, INSTANCE, isListing, KeptStore, renderKept, type KeptFragment } from './kept';

/**
 * A tile's server-rendered HTML, made once and reused: the HTML of `<Suspense><ProductTile/></Suspense>`
 * and the emotion rules it uses, by id.
 */
export type TileFragment = KeptFragment;

/** A kept tile: its HTML in two parts around its list position, its rules, and the tile's JSON it was rendered from. */
interface KeptTile {
  styles: TileFragment['styles'];
  json: string;
  before: string;
  after: string;
}

/** The position a kept tile is rendered at; each list writes its own. */
const POSITION = -1;
const POSITION_ATTRIBUTE = `data-position="${POSITION}"`;
/** Kept tiles per renderer process, by bytes, for all loaded versions (a tile is about 2 KB: some 2,000 tiles). */
export const TILE_CACHE_BYTES = 4 * 1024 * 1024;
const kept = new KeptStore<KeptTile>('__storeCatalogKeptTiles1', TILE_CACHE_BYTES);

/** The tile's HTML and emotion rules, rendered as the list renders it (without its position). */
export function renderTile(item: Tile, market: MarketSettings | undefined): TileFragment {
  return renderKept(
    <Suspense fallback={null}>
      <ProductTile item={item} eager={false} position={POSITION} />
    </Suspense>,
    market,
  );
}

let rendered = 0;

/**
 * The kept tile of `item` in `market`, rendered and kept now if it was not (null: it cannot be
 * kept). Kept by product: a tile whose JSON changed (price, stock) is rendered again in its place.
 */
function keptTile(item: Tile, market: MarketSettings | undefined): KeptTile | null {
  const key = `${INSTANCE} ${market?.id ?? ''} ${item.id}`;
  const json = JSON.stringify(item);
  const found = kept.get(key);
  if (found && found.json === json) return found;
  const tile = renderTile(item, market);
  rendered += 1;
  const at = tile.html.indexOf(POSITION_ATTRIBUTE);
  // a tile whose position cannot be found again, once, is not kept (it renders live)
  if (at < 0 || tile.html.indexOf(POSITION_ATTRIBUTE, at + 1) >= 0) return null;
  const entry: KeptTile = { styles: tile.styles, json, before: tile.html.slice(0, at), after: tile.html.slice(at + POSITION_ATTRIBUTE.length) };
  kept.set(key, entry, fragmentBytes(key, tile) + json.length);
  return entry;
}

/**
 * The kept tiles for the lists in `data` (rendering those not kept yet, now, before the page's
 * render), as the lookup the list uses once it is given the page's emotion cache; null for a page
 * without a list. The lookup puts a tile's rules in the page's styles as a live render would have
 * inserted them and gives the list a plain `<li>` with the kept HTML (no component per tile).
 */
export function keptTilesFor(data: RouteData, market: MarketSettings | undefined): ((cache: EmotionCache) => KeptTiles) | null {
  const found = new WeakMap<Tile, KeptTile>();
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
  return (cache) => (item, eager, position) => {
    if (eager) return null;
    const fragment = found.get(item);
    if (!fragment) return null;
    insertKeptStyles(cache, fragment.styles);
    return <li key={item.id} dangerouslySetInnerHTML={{ __html: `${fragment.before}data-position="${position}"${fragment.after}` }} />;
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
  return { ...kept.stats(), rendered };
}

/** Forgets every kept tile (tests). */
export function forgetTiles(): void {
  kept.clear();
}
