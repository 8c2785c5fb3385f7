import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HomePage } from './HomePage';

const item = {
  id: 'p1',
  path: 'tasman-zip-tote-p1',
  name: 'Tasman Recycled Nylon Zip Tote',
  brand: 'Pinecrest & Vine',
  price: 20000,
  erpOriginalPrice: 20000,
  isDiscounted: false,
  isNew: true,
  state: 'current',
  availableFrom: null,
  soldOut: false,
  overlays: [],
  image: { src: 'images/products/p1/tote-1.jpg', alt: 'Tasman tote in sand', width: 1200, height: 1500 },
  colourName: 'Sand',
  colourHex: '#d8c8a8',
};

afterEach(() => jest.restoreAllMocks());

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

describe('HomePage', () => {
  it('shows the hero, the featured categories and the new arrivals from the API', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ items: [item], total: 1 }) }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Backpacks/ })).toHaveAttribute('href', '/categories/bags/backpacks');
    expect(await screen.findByText('Tasman Recycled Nylon Zip Tote')).toBeInTheDocument();
    expect(screen.getByText('$200.00')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/catalog/listing?category=new-arrivals', expect.anything());
  });

  it('says so when the new arrivals cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn(async () => ({ ok: false, status: 500, json: async () => ({}) })) as unknown as typeof fetch;
    renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the latest arrivals");
  });
});
