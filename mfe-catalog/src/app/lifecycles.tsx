/// <reference types="webpack/module" />
import { defineRemoteApp } from '@store/shared-events/remote';
import { App } from './App';
import { prefetchRoute } from './prefetch';
import { loadRouteModuleFor } from './routeModules';

/** single-spa lifecycles of the catalog remote (the shell passes each mount its own element). */
const app = defineRemoteApp({ name: 'catalog', rootComponent: App });
export const { bootstrap, mount, unmount } = {
  ...app,
  /** Mounts (or hydrates) once the page's own code is here: see ./routeModules. */
  mount: async (props: Parameters<typeof app.mount>[0]): Promise<unknown> => {
    await loadRouteModuleFor(window.location.pathname).catch(() => undefined);
    return app.mount(props);
  },
};
/** Called by the shell for visible links to catalog routes: warms the route's data. */
export function prefetch(url: string): Promise<unknown> {
  return prefetchRoute(url);
}

// Hot updates in development (`npm run dev`, docs/deploying.md): an edit anywhere under ./App
// re-renders the mounted roots in place, without a page reload. Absent from production builds.
import.meta.webpackHot?.accept('./App', () => app.replaceRootComponent(App));
// ./prefetch and ./routeModules (which this module uses too) import the pages: accept them as well,
// or an edit to a page reaches this module through them, is refused, and (hot-only) never shows.
// The imported bindings are updated; the new App renders with the new route modules.
import.meta.webpackHot?.accept(['./prefetch', './routeModules']);
