import { matchRoute } from '@store/contracts';

/**
 * Which version of each remote a shopper gets while a canary runs (docs/deploying.md "Canary
 * releases"). The registry holds per remote a stable entry and optionally `canary`: another
 * version for `share` percent of shoppers (of one market when `market` is set).
 *
 * - Each shopper has a cohort: a bucket 0-99 kept in the first-party cookie `store_cohort` for a
 *   year. Bucket < share gets the canary, so raising the share keeps everyone who had it.
 * - A shopper who enters checkout (/checkout/*) is pinned to the versions they had then (cookie
 *   `store_release_pin`, 2 hours, cleared on the order success page): a canary that starts, steps
 *   up or is promoted meanwhile does not switch their checkout. A pinned version that was taken
 *   back (aborted, rolled back from: the entry's `withdrawn`) or whose build the edge no longer has
 *   is not honoured.
 *
 * The server render, the route payloads, the embedded `#shell-registry` and /registry.json all use
 * the same view, so the browser loads what the server rendered.
 */
export const COHORT_COOKIE = 'store_cohort';
export const PIN_COOKIE = 'store_release_pin';
export const COHORT_MAX_AGE_S = 365 * 24 * 3600;
export const PIN_MAX_AGE_S = 2 * 3600;
/** Where a pin starts (and the page that ends it: the order is placed). */
export const PINNED_ROUTES = ['/checkout/*'];
export const PIN_ENDS_AT = '/checkout/success';

export interface CanaryEntry {
  name: string;
  version: string;
  manifest?: string;
  routes: string[];
  share: number;
  market?: string;
  since?: string;
  /** Held at its share by an operator: the judge neither steps nor promotes it (a regression still aborts it). */
  paused?: boolean;
}

export interface RegistryRemote {
  name: string;
  version: string;
  manifest?: string;
  routes: string[];
  canary?: CanaryEntry;
  /** Versions taken back (an aborted canary, a version rolled back from): a checkout pin to one is not honoured. */
  withdrawn?: string[];
  [key: string]: unknown;
}

const SEGMENT = /^[A-Za-z0-9_.-]{1,64}$/;

/** A cookie's value from a Cookie header (the first one of that name), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The bucket in a cohort cookie, or null when it is missing or not a whole number 0-99. */
export function bucketOf(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,2}$/.test(value) ? Number(value) : null;
}

export const newBucket = (random: () => number = Math.random): number => Math.min(99, Math.floor(random() * 100));

/** A pin cookie's versions by remote (`name:version` pairs joined by `~`); unusable pairs are dropped. */
export function parsePin(value: string | undefined): Map<string, string> {
  const pin = new Map<string, string>();
  for (const pair of (value ?? '').split('~')) {
    const [name, version, ...rest] = pair.split(':');
    if (rest.length === 0 && name && version && SEGMENT.test(name) && SEGMENT.test(version)) pin.set(name, version);
  }
  return pin;
}

export const formatPin = (remotes: { name: string; version: string }[]): string => remotes.map((r) => `${r.name}:${r.version}`).join('~');

/** Whether this shopper (bucket, market) is in a canary. */
export const inCanary = (canary: CanaryEntry, bucket: number, market: string): boolean => bucket < canary.share && (!canary.market || canary.market === market);

export interface CohortView {
  remotes: RegistryRemote[];
  /** The versions that differ from the stable ones (`name@version` joined by a space; '' for none): a cache key. */
  key: string;
}

/**
 * The registry's remotes as this shopper sees them: the canary's entry where they are in it, a
 * pinned version where `pin` has one that `available` (name, version) says the edge still has,
 * else the stable entry; `canary` is never shown.
 */
export function viewOf(remotes: RegistryRemote[], bucket: number, market: string, pin: Map<string, string>, available: (name: string, version: string) => boolean): CohortView {
  const differ: string[] = [];
  const view = remotes.map((remote) => {
    const { canary, withdrawn, ...stable } = remote;
    const pinned = pin.get(remote.name);
    const honoured = pinned !== undefined && !(withdrawn ?? []).includes(pinned);
    let chosen: RegistryRemote = stable;
    if (honoured && pinned !== stable.version && (pinned === canary?.version || available(remote.name, pinned))) {
      chosen = canary?.version === pinned ? entryOf(canary) : { ...stable, version: pinned, manifest: `/cdn/${remote.name}/${pinned}/mf-manifest.json` };
    } else if (!honoured && canary && inCanary(canary, bucket, market)) chosen = entryOf(canary);
    if (chosen.version !== stable.version) differ.push(`${remote.name}@${chosen.version}`);
    return chosen;
  });
  return { remotes: view, key: differ.join(' ') };
}

function entryOf(canary: CanaryEntry): RegistryRemote {
  const { share: _share, market: _market, since: _since, paused: _paused, ...entry } = canary;
  return entry;
}

/** What a request to `pathname` does to the pin: start it (when there is none), end it, or nothing. */
export function pinAction(pathname: string): 'start' | 'end' | null {
  if (pathname === PIN_ENDS_AT) return 'end';
  return PINNED_ROUTES.some((pattern) => matchRoute(pattern, pathname)) ? 'start' : null;
}

/** A Set-Cookie value: first-party, SameSite=Lax, Secure on https; HttpOnly (only the edge reads it). */
export function setCookie(name: string, value: string, maxAgeS: number, secure: boolean): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}
