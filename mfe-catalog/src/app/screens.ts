/**
 * The catalog's screens, one entry each: the route patterns it answers (as the runtime registry
 * writes them: "/search" exactly, "/products/*" any deeper path), the query parameters its server
 * render reads (the edge keeps only these in a page's URL) and the API paths its loader asks for.
 * The browser router (App.tsx), the server entry, the link prefetcher and the page-code loader
 * (routeModules.tsx, which holds each screen's lazily imported page module) read it; a release
 * tool test checks it against tools/remotes.json.
 *
 * Plain data without imports, so that test can load it without a bundler.
 */
export const SCREENS = {
  /** Category, brand and search results: one page module (features/listing). */
  listing: {
    routes: ['/categories/*', '/brands/*', '/search'],
    query: ['category', 'colour', 'feature', 'maxPrice', 'minPrice', 'page', 'q', 'sort'],
    api: ['/api/catalog/listing'],
  },
  product: {
    routes: ['/products/*'],
    query: [],
    api: ['/api/products/by-path'],
  },
} as const;

export type ScreenId = keyof typeof SCREENS;
export type RoutePattern<S extends ScreenId = ScreenId> = (typeof SCREENS)[S]['routes'][number];
