/**
 * Product tiles rendered once per renderer process and reused by every list that shows them: a
 * product appears in its categories, their sorts and pages and in searches, and its tile is the same
 * HTML in each (the list position is put in afterwards). A list's server render then costs about what
 * its new tiles cost.
 *
 * Each tile is rendered on its own (`renderToString`) before the list's render starts, with the same
 * providers and emotion settings as the page (compat mode, no vendor prefixes: the edge's renderer),
 * and kept with the emotion rules it uses. The list writes the kept HTML in place of the tile
 * (features/listing/TileItem.tsx); a test renders lists both ways and compares the bytes.
 * The eager tiles (the first four, whose image React may hint in the head) always render live.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ListingResponse, MarketSettings, ProductTile as Tile } from '@store/contracts';
import type { RouteData } from '@store/contracts/ssr';
import { MarketProvider } from '@store/ui/market';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ProductTile } from '../features/listing/ProductTile';
import type { TileFragment, TileFragments } from '../features/listing/TileItem';

/** The position a kept tile is rendered at; each list writes its own. */
const POSITION = -1;
const POSITION_ATTRIBUTE = `data-position="${POSITION}"`;
/** Kept tiles per renderer process, by bytes (a tile is about 2 KB: some 2,000 tiles). */
export const TILE_CACHE_BYTES = 4 * 1024 * 1024;

const kept = new Map<string, TileFragment & { bytes: number }>();
let keptBytes = 0;

function remember(key: string, fragment: TileFragment): void {
  const bytes = key.length + fragment.html.length + fragment.styles.reduce((sum, [id, rules]) => sum + id.length + rules.length, 0);
  kept.set(key, { ...fragment, bytes });
  keptBytes += bytes;
  while (keptBytes > TILE_CACHE_BYTES) {
    const [oldest, entry] = kept.entries().next().value as [string, { bytes: number }];
    kept.delete(oldest);
    keptBytes -= entry.bytes;
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

const isListing = (value: unknown): value is ListingResponse => typeof value === 'object' && value !== null && Array.isArray((value as ListingResponse).items);

/**
 * The kept tiles for the lists in `data` (rendering those not kept yet, now, before the page's
 * render), as the lookup the list uses; null for a page without a list.
 */
export function tileFragmentsFor(data: RouteData, market: MarketSettings | undefined): TileFragments | null {
  const found = new WeakMap<Tile, TileFragment>();
  let lists = 0;
  for (const value of Object.values(data)) {
    if (!isListing(value)) continue;
    lists += 1;
    for (const item of value.items) {
      const key = `${market?.id ?? ''} ${JSON.stringify(item)}`;
      let fragment = kept.get(key);
      if (fragment) {
        // most recently used last
        kept.delete(key);
        kept.set(key, fragment);
      } else {
        const rendered = renderTile(item, market);
        // a tile whose position could not be found again is not kept (it renders live)
        if (!rendered.html.includes(POSITION_ATTRIBUTE)) continue;
        remember(key, rendered);
        fragment = kept.get(key);
      }
      if (fragment) found.set(item, fragment);
    }
  }
  if (lists === 0) return null;
  return (item, eager, position) => {
    if (eager) return null;
    const fragment = found.get(item);
    return fragment ? { html: fragment.html.replace(POSITION_ATTRIBUTE, `data-position="${position}"`), styles: fragment.styles } : null;
  };
}

/** Forgets every kept tile (tests). */
export function forgetTiles(): void {
  kept.clear();
  keptBytes = 0;
}
