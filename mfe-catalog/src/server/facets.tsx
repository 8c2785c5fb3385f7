/**
 * The listing's sidebar facets rendered once per renderer process for each set of options, counts
 * and applied filters, and written into every list that shows the same ones: a category's sorts and
 * pages all show the same facets, and their render (about 40 options with their counts, the price
 * form) cost about as much as the rest of a listing's render around its kept tiles.
 *
 * The facets are rendered on their own (kept.tsx) and kept as their outer element's tag and
 * attributes and its inner HTML; the list writes an element of that tag with those attributes and
 * the kept HTML inside. Their ids are fixed (`features/listing/Facets.tsx`), not `useId`, so they
 * are the same wherever they are written. A render whose outer element does not come back byte for
 * byte from its parts is not kept (the list renders it live).
 */
import type { EmotionCache } from '@emotion/cache';
import type { ListingFacets, MarketSettings } from '@store/contracts';
import type { ServerApi } from '@store/contracts/ssr';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Facets } from '../features/listing/Facets';
import type { KeptFacets } from '../features/listing/ListingPage';
import { paramsFor } from '../features/listing/scope';
import { readListingUrl, type ListingUrlState } from '../features/listing/url';
import { listingUrl } from '../lib/api';
import { fragmentBytes, insertKeptStyles, INSTANCE, isListing, KeptStore, renderKept, type KeptFragment } from './kept';

/** Kept facets: the outer element's tag and props (attributes), its inner HTML and the rules of the whole. */
interface KeptFacetsEntry extends KeptFragment {
  tag: string;
  props: Record<string, string>;
}

/** Kept facets per renderer process, by bytes, for all loaded versions (facets are about 10 KB: some 100 sets). */
export const FACETS_CACHE_BYTES = 1024 * 1024;
const kept = new KeptStore<KeptFacetsEntry | { unkeepable: true }>('__storeCatalogKeptFacets1', FACETS_CACHE_BYTES);


const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const unescape = (value: string) => value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity]!);

/** The one element `html` is: its tag, its attributes as props and its inner HTML; null when it is not that. */
export function outerElement(html: string): { tag: string; props: Record<string, string>; inner: string } | null {
  const open = /^<([a-z][a-z0-9]*)((?:\s[a-z][a-z0-9-]*="[^"]*")*)>/.exec(html);
  if (!open) return null;
  const tag = open[1]!;
  const close = `</${tag}>`;
  if (!html.endsWith(close)) return null;
  const props: Record<string, string> = {};
  for (const [, name, value] of open[2]!.matchAll(/\s([a-z][a-z0-9-]*)="([^"]*)"/g)) props[name === 'class' ? 'className' : name!] = unescape(value!);
  return { tag, props, inner: html.slice(open[0].length, html.length - close.length) };
}

let rendered = 0;
const noChange = () => undefined;

/** The facets' kept entry, rendered and kept now if it was not (null: they cannot be kept). */
function keptEntry(facets: ListingFacets, state: ListingUrlState, market: MarketSettings | undefined): KeptFacetsEntry | null {
  // what the facets show: the options and counts, the filters applied, the market's money
  const key = `${INSTANCE} ${market?.id ?? ''} ${JSON.stringify([facets, state.categories, state.features, state.colours, state.minPrice, state.maxPrice])}`;
  const found = kept.get(key);
  if (found) return 'unkeepable' in found ? null : found;
  const fragment = renderKept(<Facets facets={facets} state={state} onChange={noChange} />, market);
  rendered += 1;
  const outer = outerElement(fragment.html);
  const entry = outer ? { tag: outer.tag, props: outer.props, html: outer.inner, styles: fragment.styles } : null;
  if (!entry || renderToString(createElement(entry.tag, { ...entry.props, dangerouslySetInnerHTML: { __html: entry.html } })) !== fragment.html) {
    kept.set(key, { unkeepable: true }, key.length);
    return null;
  }
  kept.set(key, entry, fragmentBytes(key, entry));
  return entry;
}

/**
 * The sidebar facets' lookup for a page's render in `market` and its emotion cache (ListingPage
 * asks it): their rules put in the page's styles, and the element with the kept HTML.
 */
export function keptFacetsFor(market: MarketSettings | undefined, cache: EmotionCache): KeptFacets {
  return (facets, state) => {
    const entry = keptEntry(facets, state, market);
    if (!entry) return null;
    insertKeptStyles(cache, entry.styles);
    return createElement(entry.tag, { ...entry.props, dangerouslySetInnerHTML: { __html: entry.html } });
  };
}

/** At most this many facet sets are rendered by a warm-up. */
export const WARM_FACETS = 60;

/**
 * The facets of the catalogue's list and of every category's list as a shopper first sees them (no
 * filter applied: the same for each of their sorts and pages), rendered and kept before any list is
 * asked for: the bundle's `warm`, after the tiles. The categories are those the catalogue's own
 * category facet lists.
 */
export async function warmFacets(api: ServerApi, market: MarketSettings | undefined, max = WARM_FACETS): Promise<number> {
  const unfiltered = readListingUrl(new URLSearchParams());
  const all = await api(listingUrl({ page: 1 }));
  if (all.status !== 200 || !isListing(all.body) || max < 1) return 0;
  keptEntry(all.body.facets, unfiltered, market);
  let count = 1;
  for (const option of all.body.facets.categories) {
    if (count >= max) break;
    const answer = await api(listingUrl(paramsFor({ kind: 'category', path: option.value }, unfiltered, 1)));
    if (answer.status !== 200 || !isListing(answer.body)) continue;
    keptEntry(answer.body.facets, unfiltered, market);
    count += 1;
  }
  return count;
}

/** Facets kept, their bytes, and how many were rendered since the process started (tests). */
export function keptFacetsStats(): { entries: number; bytes: number; rendered: number } {
  return { ...kept.stats(), rendered };
}

/** Forgets every kept facet set (tests). */
export function forgetFacets(): void {
  kept.clear();
}
