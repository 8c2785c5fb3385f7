import type { Product, StoreNear } from '@store/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ProductPage } from './ProductPage';

function product(over: Partial<Product>): Product {
  return {
    id: '41',
    path: 'aoraki-hardshell-suitcase-p41',
    name: 'Aoraki Hardshell Suitcase',
    pageTitle: '',
    description: 'A hard-shell suitcase.',
    brand: { id: 'b1', name: 'Harbourline', slug: 'harbourline' },
    productType: 'suitcase',
    price: 34900,
    erpOriginalPrice: 34900,
    isDiscounted: false,
    discountPercent: 0,
    taxExclusive: 30348,
    isNew: false,
    state: 'current',
    availableFrom: null,
    functionalType: 'basic',
    soldOut: false,
    stockUpdatedAt: '2026-11-01T00:00:00.000Z',
    colourName: 'Slate',
    colourHex: '#555',
    canonicalCategory: { id: 'c1', name: 'Luggage', path: 'travel/luggage' },
    categories: [],
    features: [],
    erpProductCompositeCode: 'HBL-41',
    erpProductParentCode: 'HBL',
    erpGenderCode: 'U',
    erpProductType: 'SUITCASE',
    productGallery: [],
    availableVariantLabels: ['Cabin 55 cm', 'Large 77 cm'],
    overlayIds: [],
    overlays: [],
    cartQtyProductMax: null,
    cartQtyVariantMax: null,
    cartQtyVariantMin: null,
    cartQtyVariantMultipleOf: null,
    variants: [
      { id: '410', code: 'HBL-41-55', label: 'Cabin 55 cm', qty: 5 },
      { id: '411', code: 'HBL-41-77', label: 'Large 77 cm', qty: 2 },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
    challengeQuestion: null,
    ...over,
  } as Product;
}

const store = (erpStoreId: string, name: string, distanceKm: number, qty: number, street1: string, locality: string, postcode: string) =>
  ({
    erpStoreId,
    name,
    path: name.toLowerCase().replace(/\s+/g, '-'),
    distanceKm,
    stock: { variantId: '411', qty },
    address: { street1, locality, region: locality === 'Hamilton' ? 'Waikato' : 'Auckland', postcode, country: 'NZ' },
    openingHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: '09:00', close: '17:30' })),
    timeZone: 'Pacific/Auckland',
  }) as unknown as StoreNear;

const requests: string[] = [];
function serve(p: Product, stores: (url: URL) => { status: number; body: unknown }) {
  requests.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    const reply = url.pathname === '/api/products/by-path' ? { status: 200, body: p } : url.pathname === '/api/stores' ? stores(url) : { status: 404, body: {} };
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  }) as unknown as typeof fetch;
}

function show(p: Product) {
  render(
    <MemoryRouter initialEntries={[`/products/${p.path}`]}>
      <Routes>
        <Route path="/products/*" element={<ProductPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('coming soon (countdown in Pacific/Auckland time)', () => {
  it('shows the availability in New Zealand time, counts down every second, and the add button is disabled', async () => {
    jest.useFakeTimers({ now: Date.parse('2027-01-18T18:58:30.000Z') });
    // 2027-01-19T20:00:00Z is 9:00 am on Wednesday 20 January 2027 in Auckland (NZDT, UTC+13)
    const coming = product({ path: 'coming-suitcase-p42', id: '42', state: 'coming', availableFrom: '2027-01-19T20:00:00.000Z', overlays: [{ id: 'coming', name: 'Coming soon', type: 'comingSoon' }] });
    serve(coming, () => ({ status: 404, body: {} }));
    show(coming);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    const box = screen.getByTestId('coming-soon');
    expect(box).toHaveTextContent(/Available from Wednesday,? 20 January 2027.*9:00\s?am NZDT \(New Zealand time\)\./i);
    expect(within(box).getByText(/Wednesday/).closest('time')).toHaveAttribute('datetime', '2027-01-19T20:00:00.000Z');
    // the clock starts after the first render (a server render has no browser time to match)
    expect(box).not.toHaveTextContent('to go');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(box).toHaveTextContent('1 day, 1 hour, 1 minute, 30 seconds to go.');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(box).toHaveTextContent('1 day, 1 hour, 1 minute, 29 seconds to go.');
    expect(screen.getByRole('button', { name: 'Coming soon' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    // the product JSON-LD says pre-order from that date
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as { offers: Record<string, string> };
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/PreOrder', availabilityStarts: '2027-01-19T20:00:00.000Z' });
  });
});

describe('size guide overlay', () => {
  it('opens the size guide for the product type and closes on Escape', async () => {
    const p = product({ path: 'size-guide-suitcase-p43', id: '43' });
    serve(p, () => ({ status: 404, body: {} }));
    const user = userEvent.setup();
    show(p);
    await user.click(await screen.findByRole('button', { name: 'Size guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Size guide' });
    expect(within(dialog).getByText(/Heights include wheels and handles/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Size', 'Height', 'Capacity', 'Best for']);
    expect(within(dialog).getByRole('rowheader', { name: 'Cabin 55 cm' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Large 77 cm 77 cm 95–105 L/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(screen.queryByRole('dialog', { name: 'Size guide' })).toBeNull();
  });
});

describe('find in store overlay', () => {
  it('lists stores with stock of the chosen size near a postcode (200 km), and says when a place is unknown', async () => {
    const p = product({ path: 'find-suitcase-p44', id: '44' });
    serve(p, (url) =>
      url.searchParams.get('q') === '1010'
        ? { status: 200, body: { origin: { lat: -36.85, lng: 174.76, label: 'Auckland Central 1010' }, stores: [store('S1', 'Fernleaf Britomart', 0.4, 2, '21 Galway Street', 'Auckland Central', '1010'), store('S2', 'Fernleaf Sylvia Park', 9.8, 6, '286 Mount Wellington Highway', 'Mount Wellington', '1060'), store('S3', 'Fernleaf Hamilton', 112, 0, '25 Ward Street', 'Hamilton', '3204')] } }
        : { status: 404, body: { error: 'NotFound', message: 'Unknown place' } },
    );
    const user = userEvent.setup();
    show(p);
    await user.click(await screen.findByRole('button', { name: 'Find in store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find in store' });
    // too short
    await user.type(within(dialog).getByLabelText('Suburb, town or postcode'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a suburb, town or postcode.');
    expect(requests.filter((r) => r.startsWith('/api/stores'))).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Size'), 'Large 77 cm');
    await user.clear(within(dialog).getByLabelText('Suburb, town or postcode'));
    await user.type(within(dialog).getByLabelText('Suburb, town or postcode'), '1010');
    await user.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    const results = await within(dialog).findByTestId('store-results');
    expect(requests.filter((r) => r.startsWith('/api/stores'))).toEqual(['/api/stores?variantId=411&radiusKm=200&q=1010']);
    expect(within(results).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Fernleaf Britomart · 0\.4 kmLow stock \(2\)21 Galway Street, Auckland Central, Auckland 1010(Open|Closed)/),
      expect.stringMatching(/^Fernleaf Sylvia Park · 9\.8 kmIn stock286 Mount Wellington Highway, Mount Wellington, Auckland 1060(Open|Closed)/),
      expect.stringMatching(/^Fernleaf Hamilton · 112 kmNot in stock25 Ward Street, Hamilton, Waikato 3204(Open|Closed)/),
    ]);
    expect(within(results).getByRole('link', { name: /^Hours and directions\s?: Fernleaf Britomart$/ })).toHaveAttribute('href', '/stores/fernleaf-britomart');

    await user.clear(within(dialog).getByLabelText('Suburb, town or postcode'));
    await user.type(within(dialog).getByLabelText('Suburb, town or postcode'), 'Atlantis');
    await user.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("We couldn't find that suburb or postcode in New Zealand.");
  });

  it('a search that fails says so; searching again for the same place shows the stores', async () => {
    const p = product({ path: 'retry-suitcase-p45', id: '45' });
    let down = true;
    serve(p, () => (down ? { status: 503, body: { error: 'Unavailable', message: 'down' } } : { status: 200, body: { origin: { lat: -36.85, lng: 174.76, label: 'Auckland Central 1010' }, stores: [store('S1', 'Fernleaf Britomart', 0.4, 2, '21 Galway Street', 'Auckland Central', '1010')] } }));
    const user = userEvent.setup();
    show(p);
    await user.click(await screen.findByRole('button', { name: 'Find in store' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find in store' });
    await user.type(within(dialog).getByLabelText('Suburb, town or postcode'), '1010');
    await user.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("We couldn't load stores just now. Please try again.");
    down = false;
    await user.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    const results = await within(dialog).findByTestId('store-results');
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

describe('opened from a tile', () => {
  const tile = {
    id: '41',
    path: 'aoraki-hardshell-suitcase-p41',
    name: 'Aoraki Hardshell Suitcase',
    brand: 'Harbourline',
    price: 29900,
    erpOriginalPrice: 34900,
    isDiscounted: true,
    isNew: false,
    state: 'current' as const,
    availableFrom: null,
    soldOut: false,
    overlays: [{ id: 'sale', name: 'Sale', type: 'sale' as const }],
    image: { src: 'images/products/41/aoraki-1.jpg', alt: 'Aoraki Hardshell Suitcase in Slate, front view', width: 1200, height: 1500 },
    colourName: 'Slate',
    colourHex: '#555',
  };

  function open(state: unknown, at = `/products/${tile.path}`) {
    render(
      <MemoryRouter initialEntries={[{ pathname: at, state }]}>
        <Routes>
          <Route path="/products/*" element={<ProductPage />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("shows the tile's picture, name, colour and price at once, then the product with its choices", async () => {
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    global.fetch = jest.fn(async () => {
      await arrived;
      return new Response(JSON.stringify(product({ price: 29900, isDiscounted: true, erpOriginalPrice: 34900 })), { status: 200 });
    }) as unknown as typeof fetch;
    open({ productPreview: tile });
    const preview = screen.getByTestId('product-preview');
    expect(preview).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aoraki Hardshell Suitcase');
    expect(preview).toHaveTextContent('Harbourline');
    expect(preview).toHaveTextContent('Colour: Slate');
    expect(preview).toHaveTextContent('$299.00');
    expect(preview).toHaveTextContent('Save 14%');
    expect(within(preview).getByText('Sale')).toBeVisible();
    expect(within(preview).getByRole('img', { name: tile.image.alt }).getAttribute('srcset')).toContain('images/products/41/aoraki-1.jpg');
    // nothing to act on before the product is here
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    await act(async () => answer());
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(screen.queryByTestId('product-preview')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Aoraki Hardshell Suitcase');
  });

  it('ignores a summary of another product', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    open({ productPreview: { ...tile, path: 'another-bag-p7' } });
    expect(screen.queryByTestId('product-preview')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it("ignores a summary without a tile's shape", () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    open({ productPreview: { ...tile, price: 'free' } });
    expect(screen.queryByTestId('product-preview')).toBeNull();
  });
});
