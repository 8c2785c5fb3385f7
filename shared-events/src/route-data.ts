// The route data a hydrating remote starts from: embedded in the page by the edge, or referenced
// there and fetched; and whether a container holds the edge's server render.

/** The element the edge embeds the hydrating remote's route data in (contracts/src/ssr.ts). */
const SSR_DATA_ELEMENT_ID = 'ssr-data';

/**
 * This page's path and query as the edge rendered it: with the element's `query` (the keys the
 * remote's server render reads), only those parameters, each once, sorted by name (the edge drops
 * campaign tags and unknown parameters before it renders); without it, the location as it is.
 */
function renderedPath(doc: Document, query: unknown): string {
  if (!Array.isArray(query)) return `${doc.location.pathname}${doc.location.search}`;
  const params = new URLSearchParams(doc.location.search);
  const out = new URLSearchParams();
  for (const key of [...new Set(query.filter((k): k is string => typeof k === 'string'))].sort()) {
    const value = params.get(key);
    if (value !== null) out.append(key, value);
  }
  const search = out.toString();
  return `${doc.location.pathname}${search ? `?${search}` : ''}`;
}

/**
 * The route data embedded by the edge for `remote` and the page shown now; null when the page was
 * not server-rendered by it (or the data is for another URL: a client navigation happened since).
 */
export function readEmbeddedRouteData(remote: string, doc: Document = document): Record<string, unknown> | null {
  const element = doc.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const embedded = JSON.parse(element.textContent) as { remote?: unknown; path?: unknown; query?: unknown; data?: unknown };
    const here = renderedPath(doc, embedded.query);
    if (embedded.remote !== remote || embedded.path !== here || !embedded.data || typeof embedded.data !== 'object') return null;
    return embedded.data as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Where to fetch the route data of a server render whose data the edge did not embed (large data
 * is referenced by the route's `_payload.json`); null when it is embedded or not for this page.
 */
export function routeDataSource(remote: string, doc: Document = document): string | null {
  const element = doc.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const embedded = JSON.parse(element.textContent) as { remote?: unknown; path?: unknown; query?: unknown; src?: unknown };
    const here = renderedPath(doc, embedded.query);
    return embedded.remote === remote && embedded.path === here && typeof embedded.src === 'string' && embedded.src.startsWith('/') ? embedded.src : null;
  } catch {
    return null;
  }
}

/** The referenced route data (the payload's `data`); null when it cannot be had (the page then renders what it can). */
export async function fetchRouteData(src: string): Promise<Record<string, unknown> | null> {
  try {
    // (no custom headers: the request must match the preload the page's loader started)
    const response = await fetch(src, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: unknown };
    return body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A container the edge filled with this remote's server render (`data-ssr="rendered"`): hydrate it once. */
export function takeServerRendered(element: Element | null | undefined): boolean {
  if (!element || element.getAttribute('data-ssr') !== 'rendered') return false;
  element.removeAttribute('data-ssr');
  return true;
}
