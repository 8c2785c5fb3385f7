/**
 * What every content page tells the shell and the document head: the exact URL it reports as not
 * found (the shell keys its 404 state by pathname + search), and a title, description and canonical
 * URL in every state (loading, failed, not found), never the previous page's.
 */
import { render, screen, waitFor } from '@testing-library/react';
import type { BlogPost, Store } from '@store/contracts';
import { bus, topics } from '@store/shared-events';
import { MemoryRouter } from 'react-router';
import { ContentRoutes } from './App';
import { mockFetch, type Route } from '../test/fetchMock';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ContentRoutes />
    </MemoryRouter>,
  );
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');

const image = { src: 'images/content/blog-1.jpg', width: 1800, height: 1200, alt: '' };
const post: BlogPost = {
  path: 'caring-for-leather',
  title: 'Caring for leather',
  description: 'How to keep a leather bag supple in a humid summer.',
  author: 'Mere Tawhiri',
  tags: [{ slug: 'care', name: 'Care and repair' }],
  image,
  publishedAt: '2026-11-12T20:00:00.000Z',
  body: [{ type: 'paragraph', text: 'Wipe it down.' }],
  related: [],
};
const store: Store = {
  id: '1',
  erpStoreId: 'AKL-NMK',
  name: 'Fernleaf Newmarket',
  path: 'newmarket',
  address: { street1: '277 Broadway', street2: null, locality: 'Newmarket', region: 'Auckland', postcode: '1023', country: 'NZ' },
  lat: -36.87,
  lng: 174.78,
  phone: '09 520 1234',
  email: 'newmarket@fernleaf.co.nz',
  openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '09:00', close: '17:30' })),
  timeZone: 'Pacific/Auckland',
  clickAndCollect: true,
  description: 'Our flagship.',
};

let reported: string[] = [];
let unsubscribe = () => undefined as void;
beforeEach(() => {
  reported = [];
  unsubscribe = bus.subscribe(topics.shellNotFound, (payload) => reported.push(payload.path));
  document.title = 'Previous page | Fernleaf';
});
afterEach(() => {
  unsubscribe();
  jest.restoreAllMocks();
});

describe('not-found reports carry the URL as the shell sees it (pathname + search)', () => {
  it.each([
    ['an unknown tag', '/blog?tag=astrology', [['/api/content/blog', { status: 404, body: { error: 'NotFound', message: 'Unknown tag' } }]]],
    ['a page past the end', '/blog?page=99', [['/api/content/blog', { status: 404, body: { error: 'NotFound', message: 'No such page' } }]]],
    ['a page that is not a number', '/blog?page=abc', []],
    ['a tag that could not exist, kept as encoded in the URL', '/blog?tag=caf%C3%A9%20au%20lait', []],
    ['an unknown article with a trailing slash', '/articles/no-such-article/', []],
    ['a percent-encoded article path', '/articles/caf%C3%A9', []],
    ['an unknown post with a trailing slash', '/blog/no-such-post/', []],
    ['a percent-encoded post path', '/blog/Caf%C3%A9', []],
    ['an unknown store with a trailing slash', '/stores/atlantis/', []],
    ['a percent-encoded store path', '/stores/m%C4%81ngere', []],
    ['a path the remote has no route for, with its query', '/stores/a/b?x=1', []],
  ] as [string, string, Route[]][])('%s: %s', async (_what, url, routes) => {
    mockFetch(routes);
    renderAt(url);
    await waitFor(() => expect(reported).toEqual([url]));
    // until the shell's 404 page takes over, not the previous page's title
    expect(document.title).toBe('Page Not Found | Fernleaf');
  });
});

describe('page metadata while loading, on failure and when loaded', () => {
  const never: Route[1] = () => new Promise(() => undefined);

  it.each([
    ['/articles/shipping/', 'Help and information | Fernleaf', /^Help and information from Fernleaf/, 'http://localhost/articles/shipping'],
    ['/blog/caring-for-leather', 'Journal | Fernleaf', /^A post from the Fernleaf journal/, 'http://localhost/blog/caring-for-leather'],
    ['/stores/newmarket', 'Our stores | Fernleaf', /^A Fernleaf store in New Zealand/, 'http://localhost/stores/newmarket'],
  ])('loading %s: a title, description and canonical of its own', async (url, title, text, href) => {
    mockFetch([['/api/', never]]);
    renderAt(url);
    await waitFor(() => expect(document.title).toBe(title));
    expect(description()).toMatch(text);
    expect(canonical()).toBe(href);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('a post that fails to load shows the journal message with a retry, and keeps fallback metadata', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = mockFetch([['/api/content/blog/by-path', { status: 503, body: {} }]]);
    renderAt('/blog/caring-for-leather');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the journal just now");
    expect(document.title).toBe('Journal | Fernleaf');
    expect(canonical()).toBe('http://localhost/blog/caring-for-leather');
    expect(reported).toEqual([]);
    // Try again loads it
    mockFetch([['/api/content/blog/by-path', { body: post }]]);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Caring for leather' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/content/blog/by-path?path=caring-for-leather', expect.anything());
  });

  it('a store that fails to load shows the stores message with a retry, and keeps fallback metadata', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch([['/api/stores/newmarket', { status: 500, body: {} }]]);
    renderAt('/stores/newmarket');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load our stores just now");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All stores' })).toHaveAttribute('href', '/stores');
    expect(document.title).toBe('Our stores | Fernleaf');
    expect(description()).toMatch(/^A Fernleaf store in New Zealand/);
    expect(canonical()).toBe('http://localhost/stores/newmarket');
    expect(reported).toEqual([]);
  });

  it('a loaded post sets its own title, description and canonical', async () => {
    mockFetch([['/api/content/blog/by-path', { body: post }]]);
    renderAt('/blog/caring-for-leather/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Caring for leather' })).toBeInTheDocument();
    expect(document.title).toBe('Caring for leather | Fernleaf');
    expect(description()).toBe('How to keep a leather bag supple in a humid summer.');
    expect(canonical()).toBe('http://localhost/blog/caring-for-leather');
  });

  it('a loaded store sets its own title, description and canonical', async () => {
    mockFetch([['/api/stores/newmarket', { body: store }]]);
    renderAt('/stores/newmarket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fernleaf Newmarket' })).toBeInTheDocument();
    expect(document.title).toBe('Fernleaf Newmarket | Fernleaf');
    expect(description()).toBe('Fernleaf Newmarket at 277 Broadway, Newmarket: opening hours, phone and click and collect.');
    expect(canonical()).toBe('http://localhost/stores/newmarket');
  });

  it('the blog list and the store locator set their descriptions; the locator its canonical without the search', async () => {
    mockFetch([
      ['/api/content/blog', { body: { items: [], page: 1, pageSize: 12, pageCount: 1, total: 0, tag: null, tags: [] } }],
      ['/api/stores', { body: { origin: null, radiusKm: 200, stores: [] } }],
    ]);
    const blog = renderAt('/blog');
    await screen.findByText('No posts yet.');
    expect(description()).toBe('The Fernleaf journal: travel stories, packing lists, care guides and news from our workshop and stores around New Zealand.');
    expect(canonical()).toBe('http://localhost/blog');
    blog.unmount();

    renderAt('/stores?q=1024');
    await waitFor(() => expect(document.title).toBe('Find a store | Fernleaf'));
    expect(description()).toMatch(/^Find your nearest Fernleaf store by suburb, postcode or your location/);
    expect(canonical()).toBe('http://localhost/stores');
  });
});
