/**
 * Hydration of the server render (issue 17): for each page, the browser's first render from the
 * embedded route data is exactly the server's (no recoverable errors, no console errors), keeps the
 * server's nodes, and fetches nothing.
 */
import { act } from '@testing-library/react';
import type { RouteData } from '@store/contracts/ssr';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ContentRoutes } from './App';
import { load, render } from '../server/index';
import { mockFetch } from '../test/fetchMock';
import { API, fakeApi } from '../test/fixtures';

const ORIGIN = 'http://localhost';

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

const PAGES = ['/', '/articles/help-centre/gift-cards', '/blog', '/blog?tag=care', '/blog/caring-for-leather', '/stores', '/stores/auckland-newmarket'];

// a fresh visit has the location key "default"; a reload of an entry made by a client-side
// navigation keeps that entry's own key (history.state): the route data is for it all the same
it.each([...PAGES.map((path) => [path, 'default']), ['/blog/caring-for-leather', 'x7k2p9aa']])(
  'hydrates %s (location key %s) without a mismatch or a fetch, keeping the server-rendered h1',
  async (path, key) => {
    const { status, data } = await load({ url: `${ORIGIN}${path}`, api: fakeApi(API) });
    expect(status).toBe(200);
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
  },
);
