import type { ListingResponse, ProductTile } from '@store/contracts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { catalogConfig } from '../../lib/config';
import { appliedFilters } from './Facets';
import { ListingPage, paramsFor, type ListingScope } from './ListingPage';
import { readListingUrl } from './url';
import { listingUrl } from '../../lib/api';
import { RouteDataProvider } from '@store/ui/route-data';
import { bus, topics } from '@store/shared-events';
import { requestResultsFocus } from '../../lib/resultsFocus';

const tile = (id: string, name: string): ProductTile => ({
  id,
  path: `${name.toLowerCase().replace(/\s+/g, '-')}-p${id}`,
  name,
  brand: 'Wanaka Workshop',
  price: 12900,
  erpOriginalPrice: 12900,
  isDiscounted: false,
  isNew: false,
  state: 'current',
  availableFrom: null,
  soldOut: false,
  overlays: [],
  image: null,
  colourName: 'Tan',
  colourHex: '#b07a4a',
});

function listing(over: Partial<ListingResponse>): ListingResponse {
  return {
    category: null,
    brand: null,
    q: '',
    correctedQuery: null,
    items: [tile('1', 'Harbour Backpack'), tile('2', 'Ridge Tote')],
    total: 2,
    page: 1,
    pageSize: 48,
    pageCount: 1,
    sort: '',
    facets: { categories: [], features: [], colours: [], price: null },
    ...over,
  };
}

const requests: string[] = [];
function answer(body: ListingResponse) {
  requests.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(String(input));
    return new Response(JSON.stringify(body), { status: 200 });
  }) as unknown as typeof fetch;
}

function show(url: string, scope: ListingScope) {
  window.history.replaceState(null, '', url);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={<ListingPage scope={scope} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const impressions = () => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e.event === 'view_item_list');
const head = () => ({
  title: document.title,
  canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
  robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
  jsonLd: JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null') as Record<string, unknown> | null,
});

beforeEach(() => {
  jest.useFakeTimers();
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => {
  jest.useRealTimers();
});

describe('product impressions (3 s after a list is shown)', () => {
  it('sends nothing before 3 s and view_item_list with the shown products at 3 s, once', async () => {
    expect(catalogConfig.impressionDelayMs).toBe(3000);
    answer(listing({ category: { id: 'c1', name: 'Backpacks', path: 'impressions/backpacks', breadcrumbs: [{ name: 'Backpacks', path: 'impressions/backpacks' }] } as ListingResponse['category'] }));
    show('/categories/impressions/backpacks', { kind: 'category', path: 'impressions/backpacks' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Harbour Backpack')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2999);
    });
    expect(impressions()).toEqual([]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(impressions()).toEqual([
      {
        event: 'view_item_list',
        item_list_name: 'category:impressions/backpacks',
        items: [
          { item_id: '1', item_name: 'Harbour Backpack', item_brand: 'Wanaka Workshop', price: 129, index: 1 },
          { item_id: '2', item_name: 'Ridge Tote', item_brand: 'Wanaka Workshop', price: 129, index: 2 },
        ],
      },
    ]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10_000);
    });
    expect(impressions()).toHaveLength(1);
  });

  it('sends nothing when the list is left before 3 s', async () => {
    answer(listing({}));
    const view = show('/search?q=leftearly', { kind: 'search' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    view.unmount();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(impressions()).toEqual([]);
  });
});

describe('listing discoverability', () => {
  it('a category page: title, description, canonical path (no query) and BreadcrumbList JSON-LD (no ItemList), indexable', async () => {
    answer(listing({ category: { id: 'c2', name: 'Totes', path: 'meta/totes', breadcrumbs: [{ name: 'Totes', path: 'meta/totes' }] } as ListingResponse['category'] }));
    const view = show('/categories/meta/totes?colour=tan&sort=price-asc', { kind: 'category', path: 'meta/totes' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    const h = head();
    expect(h.title).toBe('Totes | Fernleaf');
    expect(h.canonical).toBe('http://localhost/categories/meta/totes');
    expect(h.robots).toBeNull();
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Shop 2 totes at Fernleaf'));
    expect(h.jsonLd).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost/' },
        { '@type': 'ListItem', position: 2, name: 'Totes', item: 'http://localhost/categories/meta/totes' },
      ],
    });
    view.unmount();
    // the remote's head elements go with the page
    expect(head().jsonLd).toBeNull();
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('a search page: title with the term, canonical /search, noindex', async () => {
    answer(listing({ q: 'metatote' }));
    show('/search?q=metatote', { kind: 'search' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(requests[0]).toContain('q=metatote');
    const h = head();
    expect(h.title).toBe('Search results for “metatote” | Fernleaf');
    expect(h.canonical).toBe('http://localhost/search');
    expect(h.robots).toBe('noindex');
    expect(h.jsonLd).toBeNull();
  });
});

describe('filters on a phone and the applied filters', () => {
  const colours = [
    { value: 'black', label: 'Black', count: 2, hex: '#111111', selected: true },
    { value: 'tan', label: 'Tan', count: 3, hex: '#b07a4a', selected: false },
  ];
  const category = (path: string) => ({ id: 'c9', name: 'Bags', path, breadcrumbs: [{ name: 'Bags', path }] }) as ListingResponse['category'];

  it('renders both the Filters button (with the applied count) and the sidebar: CSS picks one, so the server and the browser agree', async () => {
    answer(listing({ category: category('drawer/bags'), facets: { categories: [], features: [], colours, price: null } }));
    show('/categories/drawer/bags?colour=black', { kind: 'category', path: 'drawer/bags' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('filters-button')).toHaveTextContent('Filters1 applied');
    expect(screen.getByTestId('filters-button')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
    // the applied filter is summarised above the products: a chip that removes it
    expect(screen.getByRole('button', { name: 'Remove filter: Black' })).toBeInTheDocument();
  });

  it('the drawer holds the facets; a filter picked there applies at once; Show N products closes it; a chip removes its filter', async () => {
    answer(listing({ category: category('drawer2/bags'), facets: { categories: [], features: [], colours, price: null } }));
    show('/categories/drawer2/bags', { kind: 'category', path: 'drawer2/bags' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByTestId('filters-count')).toBeNull();
    await act(async () => {
      screen.getByTestId('filters-button').click();
      await jest.advanceTimersByTimeAsync(0);
    });
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    // the drawer's facets are not a second "Filters" region with its own heading
    expect(drawer.querySelector('aside')).toBeNull();
    await act(async () => {
      (drawer.querySelector('[data-facet="colours"] input') as HTMLInputElement).click();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(requests.at(-1)).toContain('colours=black');
    expect(screen.getByTestId('filters-count')).toHaveTextContent('1 applied');
    expect(screen.getByRole('button', { name: 'Remove filter: Black' })).toBeInTheDocument();
    await act(async () => {
      screen.getByTestId('filters-done').click();
      await jest.advanceTimersByTimeAsync(500);
    });
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
    await act(async () => {
      screen.getByRole('button', { name: 'Remove filter: Black' }).click();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('button', { name: /Remove filter/ })).toBeNull();
    expect(screen.queryByTestId('filters-count')).toBeNull();
  });

  it('while a filter\'s answer loads, the tiles shown stay (the list is busy); the new answer then replaces them', async () => {
    answer(listing({ category: category('busy/bags'), facets: { categories: [], features: [], colours, price: null } }));
    show('/categories/busy/bags', { kind: 'category', path: 'busy/bags' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    const list = screen.getByRole('list', { name: /Bags/ });
    const before = list.querySelector('li');
    expect(list).toHaveAttribute('aria-busy', 'false');
    // the next answer is held back
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    global.fetch = jest.fn(async () => {
      await held;
      return new Response(JSON.stringify(listing({ category: category('busy/bags'), items: [tile('9', 'Black Satchel')], total: 1 })), { status: 200 });
    }) as unknown as typeof fetch;
    await act(async () => {
      screen.getByRole('complementary', { name: 'Filters' }).querySelector<HTMLInputElement>('[data-facet="colours"] input')!.click();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('list', { name: /Bags/ })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('product-tile').map((t) => t.textContent)).toEqual([expect.stringContaining('Harbour Backpack'), expect.stringContaining('Ridge Tote')]);
    // the same element: not taken down and put back
    expect(screen.getByRole('list', { name: /Bags/ }).querySelector('li')).toBe(before);
    await act(async () => {
      release();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getAllByTestId('product-tile').map((t) => t.textContent)).toEqual([expect.stringContaining('Black Satchel')]);
    expect(screen.getByRole('list', { name: /Bags/ })).toHaveAttribute('aria-busy', 'false');
  });

  it('Load more keeps focus on the button while the next page loads, then moves it to the first new tile', async () => {
    answer(listing({ category: category('more/bags'), total: 3, pageCount: 2, pageSize: 2 }));
    show('/categories/more/bags', { kind: 'category', path: 'more/bags' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    global.fetch = jest.fn(async () => {
      await held;
      return new Response(JSON.stringify(listing({ category: category('more/bags'), items: [tile('3', 'Kauri Satchel')], total: 3, page: 2, pageCount: 2, pageSize: 2 })), { status: 200 });
    }) as unknown as typeof fetch;
    const button = screen.getByRole('button', { name: 'Load more' });
    button.focus();
    await act(async () => {
      button.click();
      await jest.advanceTimersByTimeAsync(0);
    });
    // loading: the button is busy but not disabled, so the keyboard stays on it
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(button);
    await act(async () => {
      release();
      await jest.advanceTimersByTimeAsync(0);
    });
    const tiles = screen.getAllByTestId('product-tile');
    expect(tiles).toHaveLength(3);
    // the tile is its product's link
    expect(document.activeElement).toBe(tiles[2]);
    expect(document.activeElement?.textContent).toContain('Kauri Satchel');
  });

  it('appliedFilters labels each filter from the facets and the price range as one', () => {
    const state = { q: '', sort: '', page: 1, categories: ['bags/totes'], features: [], colours: ['black'], minPrice: 50, maxPrice: null };
    const applied = appliedFilters(state, { categories: [{ value: 'bags/totes', label: 'Totes', count: 1 }], features: [], colours, price: null } as unknown as ListingResponse['facets']);
    expect(applied.map((a) => a.label)).toEqual(['Totes', 'Black', 'From $50']);
    expect(applied[1]!.without).toEqual({ colours: [] });
    expect(applied[2]!.without).toEqual({ minPrice: null, maxPrice: null });
  });
});

describe('loading the list', () => {
  const category = (path: string) => ({ id: 'c7', name: 'Bags', path, breadcrumbs: [{ name: 'Bags', path }] }) as ListingResponse['category'];

  it('a server-rendered list is shown from the route data without fetching; Load more then asks for page 2 only', async () => {
    const scope: ListingScope = { kind: 'category', path: 'seeded/bags' };
    const first = listing({ category: category('seeded/bags'), total: 3, pageCount: 2, pageSize: 2 });
    answer(listing({ category: category('seeded/bags'), items: [tile('3', 'Kauri Satchel')], total: 3, page: 2, pageCount: 2, pageSize: 2 }));
    window.history.replaceState(null, '', '/categories/seeded/bags');
    render(
      <MemoryRouter initialEntries={['/categories/seeded/bags']}>
        <RouteDataProvider data={{ [listingUrl(paramsFor(scope, readListingUrl(new URLSearchParams()), 1))]: first }}>
          <Routes>
            <Route path="*" element={<ListingPage scope={scope} />} />
          </Routes>
        </RouteDataProvider>
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('product-tile')).toHaveLength(2);
    expect(screen.getByTestId('listing-total')).toHaveTextContent('3 products');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(requests).toEqual([]);
    await act(async () => {
      screen.getByRole('button', { name: 'Load more' }).click();
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(screen.getAllByTestId('product-tile').map((t) => t.textContent)).toEqual([expect.stringContaining('Harbour Backpack'), expect.stringContaining('Ridge Tote'), expect.stringContaining('Kauri Satchel')]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('page=2');
  });

  it('a list opened at a later page shows that page alone; Load previous puts the page before it above, and focus on its first tile', async () => {
    const scope: ListingScope = { kind: 'category', path: 'later/bags' };
    const second = listing({ category: category('later/bags'), items: [tile('3', 'Kauri Satchel')], total: 3, page: 2, pageCount: 2, pageSize: 2 });
    const url = '/categories/later/bags?page=2';
    window.history.replaceState(null, '', url);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    requests.length = 0;
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input));
      await held;
      return new Response(JSON.stringify(listing({ category: category('later/bags'), total: 3, pageCount: 2, pageSize: 2 })), { status: 200 });
    }) as unknown as typeof fetch;
    const view = () => (
      <MemoryRouter initialEntries={[url]}>
        <RouteDataProvider data={{ [listingUrl(paramsFor(scope, readListingUrl(new URLSearchParams('page=2')), 2))]: second }}>
          <Routes>
            <Route path="*" element={<ListingPage scope={scope} />} />
          </Routes>
        </RouteDataProvider>
      </MemoryRouter>
    );
    const first = render(view());
    // page 2 alone, its tile third in the whole list; nothing asked for
    expect(screen.getAllByTestId('product-tile').map((t) => [t.textContent, t.getAttribute('data-position')])).toEqual([[expect.stringContaining('Kauri Satchel'), '3']]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(requests).toEqual([]);
    const previous = screen.getByRole('button', { name: 'Load previous' });
    previous.focus();
    await act(async () => {
      previous.click();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(previous).toHaveTextContent('Loading…');
    expect(document.activeElement).toBe(previous);
    await act(async () => {
      release();
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('page=1');
    const tiles = screen.getAllByTestId('product-tile');
    expect(tiles.map((t) => t.getAttribute('data-position'))).toEqual(['1', '2', '3']);
    expect(document.activeElement).toBe(tiles[0]);
    expect(screen.queryByRole('button', { name: 'Load previous' })).toBeNull();
    // impressions name each product's place in the whole list
    await act(async () => {
      await jest.advanceTimersByTimeAsync(3000);
    });
    const indexes = impressions()
      .filter((e) => e.item_list_name === 'category:later/bags')
      .flatMap((e) => (e.items as { item_name: string; index: number }[]).map((item) => `${item.item_name} ${item.index}`));
    expect(indexes.sort()).toEqual(['Harbour Backpack 1', 'Kauri Satchel 3', 'Ridge Tote 2']);
    first.unmount();

    // coming back to the same URL in this page's life (Back from a product): both pages, as they were
    render(view());
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(screen.getAllByTestId('product-tile').map((t) => t.getAttribute('data-position'))).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('button', { name: 'Load previous' })).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('a list that fails to load says so; a list that does not exist is the not-found page', async () => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ error: 'Internal', message: 'down' }), { status: 500 })) as unknown as typeof fetch;
    const failed = show('/categories/failing/bags', { kind: 'category', path: 'failing/bags' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't load these products just now. Please refresh the page to try again.");
    failed.unmount();

    const notFound: string[] = [];
    const stop = bus.subscribe(topics.shellNotFound, ({ path }) => notFound.push(path));
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ error: 'NotFound', message: 'no such category' }), { status: 404 })) as unknown as typeof fetch;
    show('/categories/missing/bags', { kind: 'category', path: 'missing/bags' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    stop();
    expect(notFound).toEqual(['/categories/missing/bags']);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('search page', () => {
  it('has a search box prefilled with the term', async () => {
    answer(listing({ q: 'boxterm' }));
    show('/search?q=boxterm', { kind: 'search' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('searchbox', { name: 'Search the store' })).toHaveValue('boxterm');
  });

  it('says when the products shown match any of the words, not all of them', async () => {
    answer(listing({ q: 'red suitcase backpack', anyWord: true }));
    show('/search?q=red%20suitcase%20backpack', { kind: 'search' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('any-word')).toHaveTextContent('No products match all of these words; showing products that match any of them.');
  });

  it('no results is not a dead end: did you mean, popular searches and popular categories', async () => {
    answer(listing({ q: 'zzqnothing', correctedQuery: 'nothing', items: [], total: 0 }));
    show('/search?q=zzqnothing', { kind: 'search' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent('We couldn\'t find anything for “zzqnothing”');
    expect(screen.getByRole('link', { name: '“nothing”' })).toHaveAttribute('href', '/search?q=nothing');
    expect(screen.getByRole('heading', { level: 2, name: 'Popular searches' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'backpack' })).toHaveAttribute('href', '/search?q=backpack');
    expect(screen.getByRole('heading', { level: 2, name: 'Popular categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Backpacks' })).toHaveAttribute('href', '/categories/bags/backpacks');
    expect(screen.getByRole('searchbox', { name: 'Search the store' })).toHaveValue('zzqnothing');
  });

  it('after a search from the overlay, focus goes to the results heading once the overlay has gone', async () => {
    answer(listing({ q: 'focusterm' }));
    requestResultsFocus('/search?q=focusterm');
    show('/search?q=focusterm', { kind: 'search' });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
    });
    expect(document.querySelector('[data-overlay-root]')).toBeNull();
    expect(sessionStorage.getItem('fernleaf.catalog.focusResults')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(sessionStorage.getItem('fernleaf.catalog.focusResults')).toBeNull();
  });
});
