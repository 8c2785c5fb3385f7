/**
 * Each page's code is its own chunk: a category page does not load the product page, nor a
 * product page the listing. The browser loads the chunk of the page it starts on before it
 * hydrates (`loadRouteModuleFor`), and the chunk of a page the shopper is about to open with the
 * page's data (the link prefetch); the server build provides both modules up front
 * (`provideRouteModules`), so its render never waits.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its chunk is already
 * here, so hydration would show the Suspense fallback instead of the server's HTML.
 */
import { warmWhenIdle } from '@store/shared-events/remote';
import { useEffect, useState, type ReactElement } from 'react';
import { screenAt } from './routes';
import type { ScreenId } from './screens';

type ListingModule = typeof import('../features/listing/ListingPage');
type ProductModule = typeof import('../features/product/ProductPage');

interface RouteModule<M> {
  current: M | null;
  load(): Promise<M>;
}

function routeModule<M>(importer: () => Promise<M>): RouteModule<M> {
  let pending: Promise<M> | null = null;
  const entry: RouteModule<M> = {
    current: null,
    load() {
      pending ??= importer().then(
        (module) => (entry.current = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  return entry;
}

/** Each screen's page module (screens.ts), one chunk each. */
export const PAGE_MODULES = {
  listing: routeModule<ListingModule>(() => import(/* webpackChunkName: "listing" */ '../features/listing/ListingPage')),
  product: routeModule<ProductModule>(() => import(/* webpackChunkName: "product" */ '../features/product/ProductPage')),
} satisfies Record<ScreenId, RouteModule<unknown>>;

/**
 * The page a shopper most often opens next from each page: a listing's tiles lead to products. Its
 * code is loaded once the browser is idle after the shopper's first intent (a page nobody touches
 * loads nothing more), so the tap on a tile waits only for the product's data.
 */
const NEXT_PAGE = new Map<RouteModule<unknown>, RouteModule<unknown>>([[PAGE_MODULES.listing, PAGE_MODULES.product]]);

function warmNextPage(module: RouteModule<unknown>): () => void {
  const next = NEXT_PAGE.get(module);
  if (!next || next.current) return () => undefined;
  return warmWhenIdle(() => void next.load().catch(() => undefined), 3000);
}

/** The server build: every page is in its bundle already. */
export function provideRouteModules(modules: { listing: ListingModule; product: ProductModule }): void {
  PAGE_MODULES.listing.current = modules.listing;
  PAGE_MODULES.product.current = modules.product;
}

/** The module a catalog path renders with (null: none, the not-found page). */
export function routeModuleFor(pathname: string): RouteModule<unknown> | null {
  const screen = screenAt(pathname);
  return screen ? PAGE_MODULES[screen.id] : null;
}

/** Before hydrating or rendering `pathname`: its page's code. */
export function loadRouteModuleFor(pathname: string): Promise<unknown> {
  return routeModuleFor(pathname)?.load() ?? Promise.resolve();
}

/**
 * Renders `render(module)` once the page's module is here (at once when it is: hydration and the
 * server), else loads it and renders nothing meanwhile (a client-side navigation to a page whose
 * code was not prefetched).
 */
export function WithRouteModule<M>({ module, render }: { module: RouteModule<M>; render: (module: M) => ReactElement }) {
  // React keeps this component's state when the route changes to another page with the same
  // wrapper (search results to a product): what was loaded counts only for the module it was for
  const [loaded, setLoaded] = useState<{ for: RouteModule<M>; module: M } | null>(null);
  const current = module.current ?? (loaded?.for === module ? loaded.module : null);
  useEffect(() => warmNextPage(module as RouteModule<unknown>), [module]);
  useEffect(() => {
    if (current) return undefined;
    let live = true;
    void module.load().then(
      (m) => {
        if (live) setLoaded({ for: module, module: m });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [current, module]);
  return current ? render(current) : null;
}
