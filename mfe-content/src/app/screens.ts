/**
 * The content remote's screens, one entry each: the route patterns it answers (as the runtime
 * registry writes them: "/blog" exactly, "/blog/*" any deeper path), the query parameters its
 * server render reads (the edge keeps only these in a page's URL) and the API paths its loader
 * asks for. The browser router (App.tsx, which holds each screen's page) and the server entry (one
 * loader per screen) read it; a release tool test checks it against tools/remotes.json.
 *
 * Plain data without imports, so that test can load it without a bundler.
 */
export const SCREENS = {
  home: { routes: ['/'], query: [], api: ['/api/content/home', '/api/catalog/listing'] },
  article: { routes: ['/articles/*'], query: [], api: ['/api/content/articles/by-path'] },
  journal: { routes: ['/blog'], query: ['page', 'tag'], api: ['/api/content/blog'] },
  post: { routes: ['/blog/*'], query: [], api: ['/api/content/blog/by-path'] },
  storeLocator: { routes: ['/stores'], query: ['lat', 'lng', 'q'], api: ['/api/stores'] },
  store: { routes: ['/stores/*'], query: [], api: ['/api/stores/{path}'] },
} as const;

export type ScreenId = keyof typeof SCREENS;
export type RoutePattern<S extends ScreenId = ScreenId> = (typeof SCREENS)[S]['routes'][number];
