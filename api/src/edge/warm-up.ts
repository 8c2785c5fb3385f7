/**
 * Start-up warm-up: before a process reports ready it renders a sample of the store's own pages
 * once, through its own HTTP pipeline (in-process requests), then forgets them.
 *
 * A new process runs its page code unoptimised for its first few hundred pages: on the bench's
 * machine a cold product page cost about 8.5 ms of CPU (API process and renderers) for the first
 * 300 pages and 5.5 ms after them. The warm-up pays that once, before the balancer sends traffic,
 * instead of on the first shoppers after every deploy or restart. The pages are the home page's
 * links (categories and products, as a shopper would follow them), with a listing's sorts; their
 * loader results, renders and assembled pages are forgotten afterwards, so nothing a shopper asks
 * for is answered from what the warm-up kept (header and footer renders stay: they are the same
 * for every page of a market). Its requests count in no metric and not in release health.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forgetRenders } from './ssr/page.js';

/** The header of the warm-up's requests, with the process's token (markWarmUpRequests). */
const WARM_UP_HEADER = 'x-store-warm-up';

/**
 * Marks the warm-up's own requests `uncounted` (the edge renders them as any other but counts them
 * nowhere: not in release health, the canary's judgement, render timings or the request metrics).
 * They carry this process's random token, which no client can know; the header is dropped.
 */
export function markWarmUpRequests(app: FastifyInstance): void {
  const token = randomUUID();
  app.decorate('warmUpHeaders', () => ({ [WARM_UP_HEADER]: token }));
  app.addHook('onRequest', async (request) => {
    if (request.headers[WARM_UP_HEADER] === undefined) return;
    if (request.headers[WARM_UP_HEADER] === token) request.uncounted = true;
    delete request.headers[WARM_UP_HEADER];
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers that make a request the start-up warm-up's own: counted nowhere (markWarmUpRequests). */
    warmUpHeaders?(): Record<string, string>;
  }
}

export interface WarmUpResult {
  /** remote warm-ups that ran (one per remote with a `warm` per renderer) */
  remotes: number;
  pages: number;
  ms: number;
}

/** A remote's own warm-up gets at most this long in each renderer. */
export const REMOTE_WARM_MS = 10_000;

const LISTING_SORTS = ['', 'price-asc', 'price-desc', 'newest', 'name-asc', 'name-desc'];

/** The site-relative links of a page's HTML under `prefix` (each once, in page order). */
function linksUnder(html: string, prefix: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/href="(\/[^"?#]*)"/g)) if (match[1]!.startsWith(prefix)) found.add(match[1]!);
  return [...found];
}

/**
 * Renders up to `pages` pages (about two product pages for each listing page) with `concurrency`
 * requests at a time, so every renderer gets work; then forgets what they kept. Failures are
 * ignored: the warm-up only spends time, it decides nothing.
 */
export async function warmUpPages(app: FastifyInstance, { pages, concurrency = 4 }: { pages: number; concurrency?: number }): Promise<WarmUpResult> {
  const started = performance.now();
  if (pages <= 0) return { remotes: 0, pages: 0, ms: 0 };
  const remotes = await (app.warmRemotes?.(REMOTE_WARM_MS) ?? Promise.resolve(0)).catch(() => 0);
  // as a browser asks (compressed), the answer unread
  // (the edge's token: these requests count in no metric nor in release health)
  const own = app.warmUpHeaders?.() ?? {};
  const visit = (url: string) => app.inject({ method: 'GET', url, headers: { ...own, accept: 'text/html', 'accept-encoding': 'br, gzip' } });
  // a page whose links are followed
  const read = async (url: string): Promise<string> => {
    const answer = await app.inject({ method: 'GET', url, headers: { ...own, accept: 'text/html' } });
    return answer.statusCode === 200 ? answer.body : '';
  };
  let done = 0;
  try {
    const home = await read('/');
    done += 1;
    const categories = linksUnder(home, '/categories/');
    const products = new Set(linksUnder(home, '/products/'));
    if (categories[0]) for (const link of linksUnder(await read(categories[0]), '/products/')) products.add(link);
    const listings = categories.flatMap((category) => LISTING_SORTS.map((sort) => (sort ? `${category}?sort=${sort}` : category)));
    // two product pages, then a listing, while either lasts
    const queue: string[] = [];
    const productList = [...products];
    for (let p = 0, l = 0; queue.length < pages - done && (p < productList.length || l < listings.length); ) {
      for (let k = 0; k < 2 && p < productList.length; k += 1) queue.push(productList[p++]!);
      if (l < listings.length) queue.push(listings[l++]!);
    }
    const work = queue.slice(0, Math.max(0, pages - done));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, concurrency) }, async () => {
        while (next < work.length) {
          const url = work[next++]!;
          await visit(url).catch(() => undefined);
          done += 1;
        }
      }),
    );
  } finally {
    forgetRenders();
  }
  return { remotes, pages: done, ms: Math.round(performance.now() - started) };
}
