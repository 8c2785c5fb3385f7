/**
 * Links:
 * - internal when the href starts with a slash or begins with the site base URL (navigated
 *   client-side, without a page load); hash-only links stay on the page;
 * - external links open in a new tab (rel noopener);
 * - navigation to an external URL is refused unless its origin is allow-listed;
 * - javascript:, data: and vbscript: are refused everywhere;
 * - visible internal links are prefetched when scrolled into view (the shell loads the target
 *   remote's code and data), unless the connection is 2g or data-saver or the link opens in a new
 *   tab; at most 4 prefetches run at once (the queue lives on `window`, shared by every bundle).
 */
import { forwardRef, useEffect, useRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export type LinkKind = 'internal' | 'hash' | 'external' | 'refused';

export interface LinkRules {
  /** The site's base URL, e.g. "https://www.fernleaf.co.nz" (default: the page's origin). */
  baseUrl?: string;
  /** Origins (or origin prefixes like "https://www.instagram.com") external navigation may go to. */
  allowedExternal?: readonly string[];
}

export interface ClassifiedLink {
  kind: LinkKind;
  /** internal: path + search + hash to navigate to; hash: the hash; external: the absolute URL. */
  href: string;
}

const SCRIPT_PROTOCOL = /^(javascript|data|vbscript):/i;
export const MAX_CONCURRENT_PREFETCH = 4;

/** Strips the characters browsers ignore in a URL's scheme (controls, whitespace) before checking it. */
function normalise(href: string): string {
  // eslint-disable-next-line no-control-regex
  return href.replace(/[\u0000-\u0020\u007f]+/g, '');
}

/** The spec's link rules as a pure function. */
export function classifyLink(href: string | undefined | null, rules: LinkRules = {}): ClassifiedLink {
  if (!href) return { kind: 'refused', href: '' };
  const raw = href.trim();
  if (SCRIPT_PROTOCOL.test(normalise(raw))) return { kind: 'refused', href: '' };
  if (raw.startsWith('#')) return { kind: 'hash', href: raw };
  if (raw.startsWith('//')) return external(raw.replace(/^/, 'https:'), rules);
  if (raw.startsWith('/')) return { kind: 'internal', href: raw };
  const base = rules.baseUrl?.replace(/\/+$/, '');
  if (base && (raw === base || raw.startsWith(`${base}/`) || raw.startsWith(`${base}?`) || raw.startsWith(`${base}#`))) {
    const rest = raw.slice(base.length);
    return { kind: 'internal', href: rest.startsWith('/') ? rest : `/${rest}` };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) return external(raw, rules);
  // a relative path ("shipping") is internal to the site
  return { kind: 'internal', href: `/${raw}` };
}

function external(raw: string, rules: LinkRules): ClassifiedLink {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refused', href: '' };
  }
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return { kind: 'external', href: url.href };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'refused', href: '' };
  const allowed = (rules.allowedExternal ?? []).some((entry) => {
    try {
      const allow = new URL(entry);
      return allow.origin === url.origin && url.pathname.startsWith(allow.pathname.replace(/\/$/, '') || '/');
    } catch {
      return false;
    }
  });
  return allowed ? { kind: 'external', href: url.href } : { kind: 'refused', href: '' };
}

/** Whether prefetching is allowed on this connection (not 2g / slow-2g, not data-saver). */
export function canPrefetch(connection: { saveData?: boolean; effectiveType?: string } | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** The prefetcher the shell registers: loads the target route's remote code (and data); `intent`: the shopper is about to go there. */
export type Prefetcher = (path: string, options?: { intent: boolean }) => Promise<unknown>;

interface PrefetchQueue {
  running: number;
  waiting: string[];
  done: Set<string>;
  max: number;
}

interface PrefetchWindow {
  __storePrefetch?: Prefetcher;
  __storePrefetchQueue?: PrefetchQueue;
  __storeLinkRules?: LinkRules;
}

/**
 * The site's link rules (base URL, external allow-list), set once by the shell at start-up; every
 * SmartLink without its own `rules` follows them, in whichever bundle it was built.
 */
export function setSiteLinkRules(rules: LinkRules | null): void {
  const w = window as unknown as PrefetchWindow;
  if (rules) w.__storeLinkRules = rules;
  else delete w.__storeLinkRules;
}

export function siteLinkRules(): LinkRules {
  return typeof window === 'undefined' ? {} : ((window as unknown as PrefetchWindow).__storeLinkRules ?? {});
}

function queue(): PrefetchQueue {
  const w = window as unknown as PrefetchWindow;
  w.__storePrefetchQueue ??= { running: 0, waiting: [], done: new Set(), max: MAX_CONCURRENT_PREFETCH };
  return w.__storePrefetchQueue;
}

/** Registered by the shell at start-up. */
export function setPrefetcher(prefetcher: Prefetcher | null): void {
  const w = window as unknown as PrefetchWindow;
  if (prefetcher) w.__storePrefetch = prefetcher;
  else delete w.__storePrefetch;
}

function pump(): void {
  const q = queue();
  const prefetcher = (window as unknown as PrefetchWindow).__storePrefetch;
  while (prefetcher && q.running < q.max && q.waiting.length > 0) {
    const path = q.waiting.shift()!;
    q.running += 1;
    void Promise.resolve()
      .then(() => prefetcher(path))
      .catch(() => undefined)
      .finally(() => {
        q.running -= 1;
        pump();
      });
  }
}

/**
 * Queues a prefetch of an internal path (once per page); at most 4 run at once. `intent`: the
 * shopper is about to go there (a pointer down on the link, a hover, focus): it starts at once,
 * ahead of any queued ones.
 */
export function prefetch(path: string, { intent = false }: { intent?: boolean } = {}): void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!canPrefetch(connection)) return;
  const q = queue();
  const key = path.split('#')[0]!;
  // an intent takes a path that is queued but not started out of the queue
  const waiting = intent ? q.waiting.indexOf(key) : -1;
  if (waiting >= 0) q.waiting.splice(waiting, 1);
  else if (q.done.has(key)) return;
  q.done.add(key);
  const prefetcher = (window as unknown as PrefetchWindow).__storePrefetch;
  if (intent && prefetcher) {
    // not counted against the limit: it does not wait for prefetches of links merely in view
    void Promise.resolve()
      .then(() => prefetcher(key, { intent: true }))
      .catch(() => undefined);
    return;
  }
  if (intent) q.waiting.unshift(key);
  else q.waiting.push(key);
  pump();
}

/** Handlers that prefetch `path` on the shopper's intent: a pointer down (a tap's first moment), a mouse hover, keyboard focus. */
export function prefetchOnIntent(path: string): Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'onPointerDown' | 'onPointerEnter' | 'onFocus'> {
  const start = () => prefetch(path, { intent: true });
  return {
    onPointerDown: start,
    onPointerEnter: (event) => {
      if (event.pointerType === 'mouse') start();
    },
    onFocus: start,
  };
}

/** Client-side navigation (single-spa reroutes on pushState, every router hears popstate). */
export function navigate(path: string): void {
  if (`${window.location.pathname}${window.location.search}${window.location.hash}` === path) return;
  const spa = (window as unknown as { singleSpaNavigate?: (url: string) => void }).singleSpaNavigate;
  if (spa) spa(path);
  else {
    window.history.pushState(window.history.state, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }
  if (!path.includes('#')) window.scrollTo(0, 0);
}

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  /** Default: the site's rules (`setSiteLinkRules`, set by the shell). */
  rules?: LinkRules;
  /** Prefetch when scrolled into view (default true). */
  prefetchOnView?: boolean;
}

/**
 * Route payloads (`<path>/_payload.json`): the route's data in one request, the
 * answers its server render would embed. One page-wide cache on `window`, shared by every bundle:
 * the shell fetches a visible link's payload before the owning remote's code runs, and that remote
 * takes the same answer when the shopper follows the link. Answers are kept for `ROUTE_PAYLOAD_TTL_MS`.
 */
export interface RoutePayloadAnswer {
  status: number;
  body: { status?: number; data?: Record<string, unknown>; error?: string } | null;
}

export const ROUTE_PAYLOAD_TTL_MS = 30_000;
const MAX_ROUTE_PAYLOADS = 50;

interface PayloadWindow {
  __storeRoutePayloads?: Map<string, { at: number; answer: Promise<RoutePayloadAnswer> }>;
}

/** `/categories/bags?sort=price-asc` → `/categories/bags/_payload.json?sort=price-asc`. */
export function payloadUrl(route: string): string {
  const url = new URL(route, 'http://localhost');
  return `${url.pathname.replace(/\/+$/, '')}/_payload.json${url.search}`;
}

/** The route's payload answer, from the page-wide cache or one request (a failed request is not kept). */
export function fetchRoutePayloadAnswer(route: string, load: typeof fetch = fetch): Promise<RoutePayloadAnswer> {
  const w = window as unknown as PayloadWindow;
  const cache = (w.__storeRoutePayloads ??= new Map());
  const now = Date.now();
  const hit = cache.get(route);
  if (hit && now - hit.at < ROUTE_PAYLOAD_TTL_MS) return hit.answer;
  const answer = load(payloadUrl(route), { headers: { Accept: 'application/json' } }).then(async (response) => ({
    status: response.status,
    body: (await response.json().catch(() => null)) as RoutePayloadAnswer['body'],
  }));
  cache.set(route, { at: now, answer });
  answer.catch(() => {
    if (cache.get(route)?.answer === answer) cache.delete(route);
  });
  if (cache.size > MAX_ROUTE_PAYLOADS) cache.delete(cache.keys().next().value as string);
  return answer;
}

/**
 * A route's answers from its payload: `data` keyed by API URL (null when the payload failed or
 * the route has none), `notFound` when the edge says the page itself does not exist. Every remote
 * reading payloads goes through this, then asks its API for what `data` lacks.
 */
export async function routePayloadData(route: string, load: typeof fetch = fetch): Promise<{ data: Record<string, unknown> | null; notFound: boolean }> {
  const answer = await fetchRoutePayloadAnswer(route, load).catch(() => null);
  if (!answer) return { data: null, notFound: false };
  const { status, body } = answer;
  return { data: status === 200 ? (body?.data ?? null) : null, notFound: status === 404 && body?.status === 404 };
}

/** Drops the route's cached payload (it served its one read). */
export function forgetRoutePayload(route: string): void {
  (window as unknown as PayloadWindow).__storeRoutePayloads?.delete(route);
}

/** An anchor following the link rules. Refused links render as plain text (no href). */
export const SmartLink = forwardRef<HTMLAnchorElement, SmartLinkProps>(function SmartLink({ href, rules, prefetchOnView = true, onClick, target, rel, children, ...rest }, forwarded) {
  const link = classifyLink(href, rules ?? siteLinkRules());
  const own = useRef<HTMLAnchorElement | null>(null);
  const newTab = link.kind === 'external' || target === '_blank';

  useEffect(() => {
    const element = own.current;
    if (!prefetchOnView || link.kind !== 'internal' || newTab || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        prefetch(link.href);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [link.kind, link.href, newTab, prefetchOnView]);

  const setRef = (element: HTMLAnchorElement | null) => {
    own.current = element;
    if (typeof forwarded === 'function') forwarded(element);
    else if (forwarded) forwarded.current = element;
  };

  if (link.kind === 'refused') {
    return (
      <span {...(rest as Record<string, unknown>)} data-link-refused="">
        {children}
      </span>
    );
  }
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || link.kind !== 'internal' || newTab) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.href);
  };
  return (
    <a
      ref={setRef}
      {...rest}
      href={link.href}
      onClick={handleClick}
      target={newTab ? '_blank' : target}
      rel={newTab ? [rel, 'noopener', 'noreferrer'].filter(Boolean).join(' ') : rel}
    >
      {children}
    </a>
  );
});
