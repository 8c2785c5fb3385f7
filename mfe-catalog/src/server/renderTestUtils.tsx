/**
 * What the server render tests share: a market, tiles and listings, and a root rendered to HTML as
 * the edge's renderer renders it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ListingFacets, ListingResponse, MarketSettings, ProductTile } from '@store/contracts';
import { MarketProvider } from '@store/ui/market';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { StaticRouter } from 'react-router';
import { CatalogRoutes } from '../app/App';

export const market = { id: 'NZ', currency: 'NZD', locale: 'en-NZ', countryName: 'New Zealand' } as unknown as MarketSettings;

export const tile = (id: number, over: Partial<ProductTile> = {}): ProductTile => ({
  id: String(id),
  path: `harbour-backpack-${id}-p${id}`,
  name: `Harbour "Everyday" Backpack ${id} <20L> & more`,
  brand: id % 2 ? 'Wanaka Workshop' : 'Takaro Travel Co.',
  price: 12900 + id * 100,
  erpOriginalPrice: id % 3 === 0 ? 19900 + id * 100 : 12900 + id * 100,
  isDiscounted: id % 3 === 0,
  isNew: id % 4 === 0,
  state: 'current',
  availableFrom: null,
  soldOut: id % 5 === 0,
  overlays: id % 4 === 0 ? [{ id: 'new', type: 'newArrival', name: 'New arrival' }] : id % 3 === 0 ? [{ id: 'sale', type: 'sale', name: 'Sale' }] : [],
  image: id % 7 === 0 ? null : { src: `images/products/${id}/harbour-backpack-${id}-1.jpg`, alt: `Harbour Backpack ${id}, front view`, width: 1200, height: 1500 },
  colourName: 'Tan',
  colourHex: '#b07a4a',
  ...over,
});

const NO_FACETS: ListingFacets = { categories: [], features: [], colours: [], price: null };

export function listing(items: ProductTile[], sort = '', facets = NO_FACETS): ListingResponse {
  return {
    category: { id: '1', name: 'Bags', path: 'bags', description: null, breadcrumbs: [{ name: 'Bags', path: 'bags' }] },
    brand: null,
    q: '',
    correctedQuery: null,
    items,
    total: 100,
    page: 1,
    pageSize: 48,
    pageCount: 3,
    sort,
    facets,
  } as unknown as ListingResponse;
}

/** A root to HTML and its emotion rules, as the edge's renderer does it (streaming, compat mode, no prefixes). */
export function toHtml(element: ReactElement): Promise<{ html: string; styles: string[] }> {
  const cache = createCache({ key: 'css', stylisPlugins: [] });
  cache.compat = true;
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        html += chunk.toString('utf8');
        callback();
      },
      final(callback) {
        callback();
        resolve({ html, styles: Object.entries(cache.inserted).filter(([, rules]) => typeof rules === 'string' && rules.length > 0).map(([id]) => id) });
      },
    });
    const stream = renderToPipeableStream(<CacheProvider value={cache}>{element}</CacheProvider>, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/** The catalog region without kept tiles: every tile rendered in the list. */
export function live(url: string, data: Record<string, unknown>): ReactElement {
  const { pathname, search } = new URL(url);
  return (
    <MarketProvider market={market}>
      <StaticRouter location={`${pathname}${search}`}>
        <CatalogRoutes data={data} />
      </StaticRouter>
    </MarketProvider>
  );
}

