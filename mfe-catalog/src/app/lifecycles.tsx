/// <reference types="webpack/module" />
import { defineRemoteApp } from '@store/shared-events/remote';
import { App } from './App';
import { prefetchRoute } from './prefetch';

/** single-spa lifecycles of the catalog remote (the shell passes each mount its own element). */
const app = defineRemoteApp({ name: 'catalog', rootComponent: App });
export const { bootstrap, mount, unmount } = app;
/** Called by the shell for visible links to catalog routes: warms the route's data. */
export function prefetch(url: string): Promise<unknown> {
  return prefetchRoute(url);
}

// Hot updates in development (`npm run dev`, docs/deploying.md): an edit anywhere under ./App
// re-renders the mounted roots in place, without a page reload. Absent from production builds.
import.meta.webpackHot?.accept('./App', () => app.replaceRootComponent(App));
// ./prefetch imports the listing page too: accept it as well, or an edit to a page reaches this
// module through it, is refused, and (hot-only) never shows. The imported binding is updated.
import.meta.webpackHot?.accept('./prefetch');
