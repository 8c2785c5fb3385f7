/**
 * @jest-environment node
 *
 * The server entry: statuses, route data keyed by the API URLs the pages ask for, the
 * head with its JSON-LD, and a render that needs no browser (this file runs without a DOM).
 */
import { headOf, type LoadResult } from '@store/contracts/ssr';
import { renderToString } from 'react-dom/server';
import { load, render } from './index';
import { API, fakeApi, home, stores } from '../test/fixtures';
import { screenAt } from '../app/routes';
import { SCREENS, type ScreenId } from '../app/screens';

const ORIGIN = 'https://shop.example';
const at = (path: string) => `${ORIGIN}${path}`;

async function loaded(path: string, answers = API) {
  const api = fakeApi(answers);
  const result = await load({ url: at(path), api });
  return { result, calls: api.calls };
}

const ld = (result: LoadResult, type: string) => headOf(result)?.jsonLd?.find((item) => (item as { '@type': string })['@type'] === type) as Record<string, unknown> | undefined;
const html = (path: string, result: LoadResult) => renderToString(render({ url: at(path), data: result.data }));

describe('home', () => {
  it('loads the home content and each rail, keyed by the API URLs the page asks for; a rail keeps only the products it shows', async () => {
    const { result } = await loaded('/');
    expect(result.status).toBe(200);
    expect(Object.keys(result.data).sort()).toEqual(['/api/catalog/listing?category=new-arrivals&sort=newest', '/api/content/home']);
    expect(result.data['/api/content/home']).toEqual(home);
    expect(result.data['/api/catalog/listing?category=new-arrivals&sort=newest']).toEqual({ items: [expect.objectContaining({ id: 'p1' }), expect.objectContaining({ id: 'p2' })], total: 30 });
  });

  it('head: the content title (site name first), description, canonical, Open Graph, Organization and WebSite JSON-LD', async () => {
    const { result } = await loaded('/');
    expect(headOf(result)).toMatchObject({
      title: 'Fernleaf | Bags, travel and accessories',
      description: 'Bags for Aotearoa.',
      canonical: 'https://shop.example/',
      ogType: 'website',
      ogImage: 'https://shop.example/cdn-cgi/image/fit=scale-down,format=auto,width=1200/images/content/slide-spring.jpg',
    });
    expect(ld(result, 'Organization')).toMatchObject({ '@context': 'https://schema.org', name: 'Fernleaf', url: 'https://shop.example/' });
    expect(ld(result, 'WebSite')).toMatchObject({ url: 'https://shop.example/', potentialAction: { '@type': 'SearchAction' } });
  });

  it('a rail whose listing fails is left to the browser; the home content failing fails the load (the browser renders the region)', async () => {
    const { result } = await loaded('/', { ...API, '/api/catalog/listing?category=new-arrivals&sort=newest': { status: 503, body: {} } });
    expect(Object.keys(result.data)).toEqual(['/api/content/home']);
    await expect(loaded('/', { ...API, '/api/content/home': { status: 500, body: {} } })).rejects.toThrow('GET /api/content/home answered 500');
  });

  it('renders the slider with the first slide as the eager, high-priority LCP image and the rest lazy', async () => {
    const { result } = await loaded('/');
    const page = html('/', result);
    expect(page).toContain('Made for the long way round</h1>');
    expect(page).toContain('Tote 2');
    expect(page).not.toContain('Tote 3'); // the rail's limit
    const images = [...page.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const lcp = images.find((img) => img.includes('slide-spring'))!;
    expect(lcp).toContain('loading="eager"');
    expect(lcp).toMatch(/fetchpriority="high"/i);
    const others = images.filter((img) => img !== lcp);
    expect(others.length).toBeGreaterThan(2);
    for (const img of others) expect(img).toContain('loading="lazy"');
    expect(page).toContain('data-playing="true"');
  });
});

describe('articles', () => {
  it('loads the article by its path (trailing slash dropped); Article JSON-LD and breadcrumbs through the parent articles that exist', async () => {
    const { result } = await loaded('/articles/help-centre/gift-cards/');
    expect(result.status).toBe(200);
    expect(Object.keys(result.data)).toEqual(['/api/content/articles/by-path?path=help-centre%2Fgift-cards']);
    expect(headOf(result)).toMatchObject({ title: 'Gift cards', canonical: 'https://shop.example/articles/help-centre/gift-cards', ogType: 'article' });
    expect(headOf(result)?.ogImage).toMatch(/^https:\/\/shop\.example\/.*gift-cards\.jpg$/);
    expect(ld(result, 'Article')).toMatchObject({ headline: 'Gift cards', dateModified: '2026-10-01T00:00:00.000Z', publisher: { name: 'Fernleaf' } });
    expect(ld(result, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Help centre', item: 'https://shop.example/articles/help-centre' },
      { '@type': 'ListItem', position: 3, name: 'Gift cards', item: 'https://shop.example/articles/help-centre/gift-cards' },
    ]);
    const page = html('/articles/help-centre/gift-cards/', result);
    expect(page).toContain('Gift cards</h1>');
    expect(page).toContain('Checking a balance</h2>');
  });

  it('an unknown article is a 404; a path that cannot exist is one without asking the API', async () => {
    expect((await loaded('/articles/no-such-article')).result).toEqual({ status: 404, data: {} });
    const bad = await loaded('/articles/caf%C3%A9');
    expect(bad.result.status).toBe(404);
    expect(bad.calls).toEqual([]);
    expect((await loaded('/articles/%E0%A4%A')).result.status).toBe(404);
  });
});

describe('the journal', () => {
  it('loads a list page with its tag and page as the page asks for it; ItemList and breadcrumbs', async () => {
    const { result } = await loaded('/blog');
    expect(Object.keys(result.data)).toEqual(['/api/content/blog?page=1']);
    expect(headOf(result)).toMatchObject({ title: 'Journal', canonical: 'https://shop.example/blog', ogType: 'website' });
    expect(ld(result, 'ItemList')).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://shop.example/blog/caring-for-leather', name: 'Caring for leather' },
        { '@type': 'ListItem', position: 2, url: 'https://shop.example/blog/second-post', name: 'Second post' },
      ],
    });
    expect(html('/blog', result)).toContain('Showing 1-2 of 2 posts');

    const tagged = await loaded('/blog?tag=care');
    expect(Object.keys(tagged.result.data)).toEqual(['/api/content/blog?tag=care&page=1']);
    expect(headOf(tagged.result)).toMatchObject({ title: 'Care and repair: Journal', canonical: 'https://shop.example/blog?tag=care' });
    expect((ld(tagged.result, 'BreadcrumbList')?.itemListElement as { name: string }[]).map((c) => c.name)).toEqual(['Home', 'Journal', 'Care and repair']);
    expect(html('/blog?tag=care', tagged.result)).toContain('Journal: Care and repair</h1>');
  });

  it('an unknown tag or a page past the end (the API answers 404) and a bad page parameter are 404s', async () => {
    expect((await loaded('/blog?tag=astrology')).result.status).toBe(404);
    expect((await loaded('/blog?page=99')).result.status).toBe(404);
    const bad = await loaded('/blog?page=abc');
    expect(bad.result.status).toBe(404);
    expect(bad.calls).toEqual([]);
  });

  it('loads a post: BlogPosting JSON-LD (author, date, image) and breadcrumbs; an unknown post is a 404', async () => {
    const { result } = await loaded('/blog/caring-for-leather');
    expect(Object.keys(result.data)).toEqual(['/api/content/blog/by-path?path=caring-for-leather']);
    expect(headOf(result)).toMatchObject({ title: 'Caring for leather', canonical: 'https://shop.example/blog/caring-for-leather', ogType: 'article' });
    expect(ld(result, 'BlogPosting')).toMatchObject({
      headline: 'Caring for leather',
      datePublished: '2026-11-12T20:00:00.000Z',
      author: { '@type': 'Person', name: 'Mere Tawhiri' },
      keywords: 'Care and repair',
      image: [expect.stringMatching(/^https:\/\/shop\.example\/.*blog-leather\.jpg$/)],
    });
    expect((ld(result, 'BreadcrumbList')?.itemListElement as { item: string }[]).map((c) => c.item)).toEqual(['https://shop.example/', 'https://shop.example/blog', 'https://shop.example/blog/caring-for-leather']);
    expect(html('/blog/caring-for-leather', result)).toContain('Caring for leather</h1>');
    expect((await loaded('/blog/no-such-post')).result.status).toBe(404);
  });
});

describe('stores', () => {
  it('the locator lists every store server-side (the map comes after hydration); ItemList JSON-LD; canonical without the search', async () => {
    const { result } = await loaded('/stores');
    expect(Object.keys(result.data)).toEqual(['/api/stores?radiusKm=200']);
    expect(headOf(result)).toMatchObject({ title: 'Find a store', canonical: 'https://shop.example/stores' });
    expect(ld(result, 'ItemList')?.itemListElement).toEqual(stores.stores.map((s, i) => ({ '@type': 'ListItem', position: i + 1, url: `https://shop.example/stores/${s.path}`, name: s.name })));
    const page = html('/stores', result);
    expect(page).toContain('Fernleaf Riccarton');
    expect(page).toContain('All 2 Fernleaf stores');
    expect(page).toContain('Loading map…');
    expect(page).not.toContain('data-testid="store-map"');
  });

  it('a search the API does not know is still the locator (200, no data: the browser asks and says so)', async () => {
    const { result, calls } = await loaded('/stores?q=atlantis');
    expect(calls).toEqual(['/api/stores?q=atlantis&radiusKm=200']);
    expect(result).toMatchObject({ status: 200, data: {} });
    expect(html('/stores?q=atlantis', result)).toContain('Loading stores…');
  });

  it('a store page: Store JSON-LD (address, geo, opening hours) and breadcrumbs; unknown or impossible paths are 404s', async () => {
    const { result } = await loaded('/stores/auckland-newmarket');
    expect(Object.keys(result.data)).toEqual(['/api/stores/auckland-newmarket']);
    expect(headOf(result)).toMatchObject({ title: 'Fernleaf Newmarket', canonical: 'https://shop.example/stores/auckland-newmarket' });
    const shop = ld(result, 'Store')!;
    expect(shop).toMatchObject({
      name: 'Fernleaf Newmarket',
      telephone: '09 520 1234',
      address: { '@type': 'PostalAddress', streetAddress: '277 Broadway', addressLocality: 'Newmarket', postalCode: '1023', addressCountry: 'NZ' },
      geo: { latitude: -36.87, longitude: 174.78 },
    });
    expect(shop.openingHoursSpecification).toHaveLength(6);
    expect((shop.openingHoursSpecification as object[])[0]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '17:30' });
    const page = html('/stores/auckland-newmarket', result);
    expect(page).toContain('Fernleaf Newmarket</h1>');
    expect(page).toContain('data-open-state="pending"'); // the clock is the browser's
    expect(page).not.toContain('(today)');

    expect((await loaded('/stores/atlantis')).result.status).toBe(404);
    for (const path of ['/stores/a/b', '/stores/m%C4%81ngere']) {
      const bad = await loaded(path);
      expect(bad.result.status).toBe(404);
      expect(bad.calls).toEqual([]);
    }
  });
});

it('paths the remote has no page for are 404s', async () => {
  expect((await loaded('/articles')).result.status).toBe(404);
  expect((await loaded('/nowhere')).result.status).toBe(404);
});

describe("the screens' declarations (app/screens.ts)", () => {
  const SAMPLES: Record<ScreenId, string> = {
    home: '/',
    article: '/articles/help-centre/gift-cards',
    journal: '/blog?tag=care',
    post: '/blog/caring-for-leather/',
    storeLocator: '/stores?q=atlantis',
    store: '/stores/auckland-newmarket',
  };
  // an API path as declared ("/api/stores/{path}") as a pattern for the URLs asked
  const asPattern = (declared: string) => new RegExp(`^${declared.replace(/\{[^}]+\}/g, '[^/]+')}$`);

  it('each screen is found at its sample URL, and its loader asks only the API paths it declares', async () => {
    for (const [id, url] of Object.entries(SAMPLES) as [ScreenId, string][]) {
      expect(screenAt(new URL(url, ORIGIN).pathname)?.id).toBe(id);
      const { result, calls } = await loaded(url);
      expect(result.status).toBe(200);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(SCREENS[id].api.some((declared) => asPattern(declared).test(new URL(call, ORIGIN).pathname))).toBe(true);
    }
  });

  it('a store page with a trailing slash is the store, rendered on the server as in the browser', async () => {
    const { result } = await loaded('/stores/auckland-newmarket/');
    expect(result.status).toBe(200);
    expect(html('/stores/auckland-newmarket/', result)).toContain('Fernleaf Newmarket</h1>');
  });
});
