/**
 * HTML the catalog's server render makes once per renderer process and writes into later pages:
 * product tiles (tiles.tsx) and the listing's facets (facets.tsx). A piece is rendered on its own
 * (`renderToString`) with the page's providers and emotion settings (compat mode, no vendor
 * prefixes: the edge's renderer) and kept with the emotion rules it used; the page writes the kept
 * HTML through a host element of the same type (`dangerouslySetInnerHTML`) and puts the rules in
 * its own styles, so the bytes are those of a live render (tests render both ways and compare).
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ListingResponse, MarketSettings } from '@store/contracts';
import { MarketProvider } from '@store/ui/market';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';

/** A piece's server-rendered HTML and the emotion rules it uses, by id. */
export interface KeptFragment {
  html: string;
  styles: [id: string, rules: string][];
}

/** `node` rendered as the page renders it, with the emotion rules it used. */
export function renderKept(node: ReactNode, market: MarketSettings | undefined): KeptFragment {
  const cache = createCache({ key: 'css', stylisPlugins: [] });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <MarketProvider market={market}>
        <StaticRouter location="/">{node}</StaticRouter>
      </MarketProvider>
    </CacheProvider>,
  );
  const styles = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0);
  return { html, styles };
}

/** A kept piece's rules in the page's styles, as a live render would have inserted them. */
export function insertKeptStyles(cache: EmotionCache, styles: KeptFragment['styles']): void {
  const inserted = cache.inserted as Record<string, string | true | undefined>;
  for (const [id, rules] of styles) inserted[id] ??= rules;
}

/** A fragment's bytes as a store counts them: its key, HTML and rules. */
export const fragmentBytes = (key: string, fragment: KeptFragment): number => key.length + fragment.html.length + fragment.styles.reduce((sum, [id, rules]) => sum + id.length + rules.length, 0);

/**
 * Kept pieces of one kind for every version of this bundle loaded in the renderer (the edge keeps
 * several loaded, for rollbacks): one byte budget for all of them, on the renderer's global object
 * under `name`; callers prefix their keys with their module instance, so each version's entries are
 * its own. A release's old pieces give way to the new ones instead of adding a budget per version.
 *
 * Evicted about least recently used first, as a clock: a hit only marks its entry (`used`); when the
 * budget is passed, the oldest entries go, but a marked one is unmarked and moved to the newest end
 * instead (a second chance). A list looks up every tile it shows: moving each entry on every hit
 * (a delete and a set in the map) cost more than the rest of the lookup.
 */
export class KeptStore<T extends object> {
  private readonly store: { entries: Map<string, T & { bytes: number; used?: boolean }>; bytes: number };

  constructor(
    name: string,
    private readonly budget: number,
  ) {
    const global = globalThis as Record<string, unknown>;
    this.store = (global[name] ??= { entries: new Map(), bytes: 0 }) as typeof this.store;
  }

  get(key: string): T | undefined {
    const found = this.store.entries.get(key);
    if (found) found.used = true;
    return found;
  }

  /** Keeps `value` under `key` (in place of what was there), making room first; a value larger than the whole budget is not kept. */
  set(key: string, value: T, bytes: number): void {
    const { entries } = this.store;
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      this.store.bytes -= old.bytes;
    }
    if (bytes > this.budget) return;
    // each entry gets at most one second chance per call: the loop ends
    let chances = entries.size;
    while (this.store.bytes + bytes > this.budget) {
      const [oldest, entry] = entries.entries().next().value as [string, T & { bytes: number; used?: boolean }];
      entries.delete(oldest);
      if (entry.used && chances-- > 0) {
        entry.used = false;
        entries.set(oldest, entry);
      } else this.store.bytes -= entry.bytes;
    }
    entries.set(key, { ...value, bytes });
    this.store.bytes += bytes;
  }

  clear(): void {
    this.store.entries.clear();
    this.store.bytes = 0;
  }

  stats(): { entries: number; bytes: number } {
    return { entries: this.store.entries.size, bytes: this.store.bytes };
  }
}

/** This module instance (one per loaded version of the bundle): the prefix of its keys. */
export const INSTANCE = Math.random().toString(36).slice(2, 10);

/** Whether an API answer's body is a listing. */
export const isListing = (value: unknown): value is ListingResponse => typeof value === 'object' && value !== null && Array.isArray((value as ListingResponse).items);
