/// <reference types="webpack/module" />
import { defineRemoteApp } from '@store/shared-events/remote';
import { App } from './App';

/** single-spa lifecycles of the account remote (the shell passes each mount its own element). */
const app = defineRemoteApp({ name: 'account', rootComponent: App });
export const { bootstrap, mount, unmount } = app;

// Hot updates in development (`npm run dev`, docs/deploying.md): an edit anywhere under ./App
// re-renders the mounted roots in place, without a page reload. Absent from production builds.
import.meta.webpackHot?.accept('./App', () => app.replaceRootComponent(App));
