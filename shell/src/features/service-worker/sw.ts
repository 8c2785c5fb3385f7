/// <reference lib="webworker" />
/**
 * The offline helper, served by the edge at /sw.js from the
 * shell's deployed build. Built with Workbox by shell/build-sw.mjs (esbuild), which injects the
 * shell's file list; the edge replaces __SHELL_BASE__ with the deployed shell's folder.
 *
 * - precaches the shell (its hashed scripts), so the chrome starts offline;
 * - remote builds under /cdn/<remote>/<version>/ are immutable: cache first (bounded);
 * - manifests and the registry: network first, cached copy offline;
 * - images from the image CDN: cache first (bounded, 7 days);
 * - public catalogue and navigation API GETs: network first with a short timeout, cached copy offline;
 * - every other API (cart, checkout, account, orders, subscriptions: personal data) is never cached;
 * - page navigations: network first, the last copy offline.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isPublicApi, isRemoteAsset } from './routes';

declare const self: ServiceWorkerGlobalScope;
declare const __SHELL_FILES__: string[];

const BASE = '__SHELL_BASE__';

precacheAndRoute(__SHELL_FILES__.map((file) => ({ url: `${BASE}${file}`, revision: null })));
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url }) => sameOrigin(url) && isRemoteAsset(url.pathname),
  new CacheFirst({ cacheName: 'fernleaf-remotes', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && (url.pathname === '/registry.json' || url.pathname.endsWith('/mf-manifest.json')),
  new NetworkFirst({ cacheName: 'fernleaf-manifests', networkTimeoutSeconds: 3 }),
);
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/cdn-cgi/image/'),
  new CacheFirst({ cacheName: 'fernleaf-images', plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 7 * 24 * 3600 })] }),
);
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && !request.headers.has('authorization') && isPublicApi(url.pathname),
  new NetworkFirst({ cacheName: 'fernleaf-public-api', networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 24 * 3600 })] }),
);
registerRoute(new NavigationRoute(new NetworkFirst({ cacheName: 'fernleaf-pages', networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 30 })] })));

// an updated worker takes over at once; the page reloads when it sees the new controller
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
