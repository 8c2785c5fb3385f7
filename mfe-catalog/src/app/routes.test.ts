import type { ServerApi } from '@store/contracts/ssr';
import { load } from '../server/index';
import { prefetchRoute } from './prefetch';
import { routeModuleFor, PAGE_MODULES } from './routeModules';
import { listingScope, screenAt } from './routes';
import { SCREENS } from './screens';

describe("the catalog's screens", () => {
  it('finds the screen of a path by the registry rule, with the path below the pattern', () => {
    expect(screenAt('/categories/bags/backpacks/')).toEqual({ id: 'listing', pattern: '/categories/*', rest: 'bags/backpacks' });
    expect(screenAt('/brands/fernleaf-studio/bags')).toEqual({ id: 'listing', pattern: '/brands/*', rest: 'fernleaf-studio/bags' });
    expect(screenAt('/search')).toEqual({ id: 'listing', pattern: '/search', rest: '' });
    expect(screenAt('/products/harbour-tote-p12')).toEqual({ id: 'product', pattern: '/products/*', rest: 'harbour-tote-p12' });
    for (const other of ['/categories', '/categories/', '/products/', '/searching', '/cart', '/']) expect(screenAt(other)).toBeNull();
  });

  it('reads the listing a listing path names; a brand slug that cannot exist is invalid', () => {
    const scope = (path: string) => {
      const screen = screenAt(path);
      return screen?.id === 'listing' ? listingScope(screen) : null;
    };
    expect(scope('/categories/bags/backpacks')).toEqual({ kind: 'category', path: 'bags/backpacks' });
    expect(scope('/search')).toEqual({ kind: 'search' });
    expect(scope('/brands/fernleaf-studio')).toEqual({ kind: 'brand', slug: 'fernleaf-studio', category: undefined });
    expect(scope('/brands/fernleaf-studio/bags/totes')).toEqual({ kind: 'brand', slug: 'fernleaf-studio', category: 'bags/totes' });
    expect(scope('/brands/Not_A_Slug')).toBe('invalid');
  });

  it("loads each screen's own page module, none for a path it does not own", () => {
    expect(routeModuleFor('/categories/bags')).toBe(PAGE_MODULES.listing);
    expect(routeModuleFor('/brands/fernleaf-studio')).toBe(PAGE_MODULES.listing);
    expect(routeModuleFor('/search')).toBe(PAGE_MODULES.listing);
    expect(routeModuleFor('/products/harbour-tote-p12')).toBe(PAGE_MODULES.product);
    expect(routeModuleFor('/cart')).toBeNull();
  });

  it("the server loader asks only the API paths its screen declares, and 404s a path no screen shows", async () => {
    const asked = async (url: string) => {
      const calls: string[] = [];
      const api = (async (key: string) => {
        calls.push(key);
        return { status: 404, body: {} };
      }) as unknown as ServerApi;
      const result = await load({ url: `https://shop.example${url}`, api });
      return { status: result.status, paths: calls.map((key) => new URL(key, 'http://localhost').pathname) };
    };
    expect(await asked('/products/harbour-tote-p12')).toEqual({ status: 404, paths: [...SCREENS.product.api] });
    for (const url of ['/categories/bags?page=2', '/brands/fernleaf-studio', '/search?q=tote']) expect(await asked(url)).toEqual({ status: 404, paths: [...SCREENS.listing.api] });
    expect(await asked('/brands/Not_A_Slug')).toEqual({ status: 404, paths: [] });
    expect(await asked('/categories/')).toEqual({ status: 404, paths: [] });
  });

  it("a listing's later page is loaded alone, with its own title and canonical URL; a page past the end is not found", async () => {
    const calls: string[] = [];
    const api = (async (key: string) => {
      calls.push(key);
      const page = Number(new URL(key, 'http://localhost').searchParams.get('page') ?? 1);
      const body = { category: { id: '1', name: 'Bags', path: 'bags', breadcrumbs: [{ name: 'Bags', path: 'bags' }] }, brand: null, q: '', correctedQuery: null, items: [], total: 100, page, pageSize: 48, pageCount: 3, sort: '', facets: { categories: [], features: [], colours: [], price: null } };
      return { status: 200, body };
    }) as unknown as ServerApi;
    const second = await load({ url: 'https://shop.example/categories/bags?page=2&sort=newest', api });
    expect(second.status).toBe(200);
    expect(calls).toEqual(['/api/catalog/listing?category=bags&sort=newest&page=2']);
    expect(Object.keys(second.data)).toEqual(calls);
    const headOf = (result: Awaited<ReturnType<typeof load>>) => (typeof result.head === 'function' ? result.head() : result.head);
    expect(headOf(second)).toMatchObject({ title: 'Bags, page 2', canonical: 'https://shop.example/categories/bags?page=2' });
    expect(headOf(await load({ url: 'https://shop.example/categories/bags', api }))).toMatchObject({ title: 'Bags', canonical: 'https://shop.example/categories/bags' });
    expect((await load({ url: 'https://shop.example/categories/bags?page=3', api })).status).toBe(200);
    expect((await load({ url: 'https://shop.example/categories/bags?page=4', api })).status).toBe(404);
  });

  it('prefetches nothing for a brand page (its data is left to the visit) or a path it does not own', async () => {
    const fetchMock = jest.fn(async () => new Response('{}', { status: 200 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    await prefetchRoute('/brands/fernleaf-studio');
    await prefetchRoute('/brands/Not_A_Slug');
    await prefetchRoute('/account');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
