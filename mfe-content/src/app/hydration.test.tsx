/**
 * Hydration of the server render: for each page, the browser's first render from the
 * embedded route data is exactly the server's (no recoverable errors, no console errors), keeps the
 * server's nodes, and fetches nothing.
 */
import { act } from '@testing-library/react';
import { headOf, jsonForScript, type RouteData } from '@store/contracts/ssr';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ContentRoutes } from './App';
import { load, render } from '../server/index';
import { mockFetch } from '../test/fetchMock';
import { API, fakeApi } from '../test/fixtures';
import { documentTitle } from '../lib/head';

const ORIGIN = 'http://localhost';

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

const PAGES = ['/', '/articles/help-centre/gift-cards', '/blog', '/blog?tag=care', '/blog/caring-for-leather', '/stores', '/stores/auckland-newmarket'];

// a fresh visit has the location key "default"; a reload of an entry made by a client-side
// navigation keeps that entry's own key (history.state): the route data is for it all the same
it.each([...PAGES.map((path) => [path, 'default']), ['/blog/caring-for-leather', 'x7k2p9aa']])(
  'hydrates %s (location key %s) without a mismatch or a fetch, keeping the server-rendered h1',
  async (path, key) => {
    const result = await load({ url: `${ORIGIN}${path}`, api: fakeApi(API) });
    const { status, data } = result;
    expect(status).toBe(200);
    // the head as the edge writes it (title and description, the rest marked data-page-meta)
    const head = headOf(result)!;
    document.head.innerHTML =
      `<title>${documentTitle(head.title)}</title><meta name="description" content="server">` +
      `<link rel="canonical" href="${head.canonical}" data-page-meta><meta property="og:title" content="server" data-page-meta>` +
      (head.jsonLd ?? []).map((ld) => `<script type="application/ld+json" data-page-meta>${jsonForScript(ld)}</script>`).join('');
    const container = document.createElement('div');
    container.innerHTML = renderToString(render({ url: `${ORIGIN}${path}`, data }));
    document.body.appendChild(container);
    const h1 = container.querySelector('h1');
    expect(h1).not.toBeNull();

    const fetchMock = mockFetch([]);
    const errors: unknown[] = [];
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={[{ pathname: new URL(path, ORIGIN).pathname, search: new URL(path, ORIGIN).search, key }]}>
          <ContentRoutes data={data as RouteData} />
        </MemoryRouter>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(recoverable).toEqual([]);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(h1);
    // the store map is the only thing the browser adds (its own chunk), nothing is fetched
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([]);
    // then the page's head takes over from the server's: one of each, the JSON-LD in the region
    expect([...document.head.querySelectorAll('title')].map((el) => el.textContent)).toEqual([documentTitle(head.title)]);
    expect([...document.querySelectorAll('meta[name="description"]')].map((el) => el.getAttribute('content'))).toEqual([head.description]);
    expect([...document.querySelectorAll('link[rel="canonical"]')].map((el) => el.getAttribute('href'))).toEqual([head.canonical]);
    expect([...document.querySelectorAll('meta[property="og:title"]')].map((el) => el.getAttribute('content'))).toEqual([head.title]);
    expect(document.querySelectorAll('[data-page-meta], head script')).toHaveLength(0);
    // (the same types: the browser's BreadcrumbList of a nested article has no parent crumbs, the loader asks for them)
    const types = (lds: object[]) => lds.map((ld) => (ld as { '@type': string })['@type']);
    expect(types([...container.querySelectorAll('script[type="application/ld+json"]')].map((el) => JSON.parse(el.textContent!) as object))).toEqual(types(head.jsonLd ?? []));
  },
);
