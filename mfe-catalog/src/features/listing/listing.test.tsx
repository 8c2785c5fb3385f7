import type { ProductTile as Tile } from '@store/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ProductTile } from './ProductTile';
import { normalisePage, normaliseSort, SORTS } from './sorts';
import { readListingUrl, writeListingUrl } from './url';

describe('sorts', () => {
  it('lists the seven sorts with Recommended first and empty', () => {
    expect(SORTS.map((s) => s.label)).toEqual(['Recommended', 'Name A to Z', 'Name Z to A', 'Price Lowest First', 'Price Highest First', 'Newest', 'Oldest']);
    expect(SORTS[0].value).toBe('');
  });
  it('ignores a sort value not in the list', () => {
    expect(normaliseSort('price-asc')).toBe('price-asc');
    expect(normaliseSort('cheapest')).toBe('');
    expect(normaliseSort(null)).toBe('');
  });
  it('reads the page parameter defensively', () => {
    expect(normalisePage('3')).toBe(3);
    expect(normalisePage('0')).toBe(1);
    expect(normalisePage('x')).toBe(1);
    expect(normalisePage(null)).toBe(1);
  });
});

const tile: Tile = {
  id: 'p1',
  path: 'harbour-leather-backpack-22l-p1',
  name: 'Harbour Leather Backpack 22L',
  brand: 'Wanaka Workshop',
  price: 8999,
  erpOriginalPrice: 12999,
  isDiscounted: true,
  isNew: false,
  state: 'current',
  availableFrom: null,
  soldOut: true,
  overlays: [{ id: 'sale', name: 'Sale', type: 'sale' }],
  image: { src: 'images/products/p1/harbour-1.jpg', alt: 'Harbour Leather Backpack in tan', width: 1200, height: 1500 },
  colourName: 'Tan',
  colourHex: '#b07a4a',
};

describe('ProductTile', () => {
  it('shows price, original price, discount percent, overlays and sold out', () => {
    render(
      <MemoryRouter>
        <ProductTile item={tile} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', '/products/harbour-leather-backpack-22l-p1');
    expect(screen.getByText('$89.99')).toBeInTheDocument();
    expect(screen.getByText('$129.99')).toBeInTheDocument();
    // floor((129.99 - 89.99) / 129.99 * 100) = 30
    expect(screen.getByText('-30%')).toBeInTheDocument();
    expect(screen.getByText('Sale')).toBeInTheDocument();
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    // the picture is not read out: the link's text names the product
    const img = screen.getByRole('link').querySelector('img')!;
    expect(img).toHaveAttribute('alt', '');
    expect(screen.getByRole('link')).toHaveAccessibleName(/Harbour Leather Backpack/);
    expect(img.getAttribute('srcset')).toContain('/cdn-cgi/image/fit=scale-down,format=auto,width=300/images/products/p1/harbour-1.jpg 300w');
    expect(img).toHaveAttribute('loading', 'lazy');
  });
});

describe('listing URL query parameters', () => {
  it('reads filters, dollars, sort and page, ignoring junk', () => {
    const state = readListingUrl(new URLSearchParams('q=tote&category=bags/totes,bags/backpacks&feature=laptop-sleeve&colour=black,Bad!&minPrice=50&maxPrice=20&sort=nope&page=3'));
    expect(state).toEqual({
      q: 'tote',
      sort: '',
      page: 3,
      categories: ['bags/totes', 'bags/backpacks'],
      features: ['laptop-sleeve'],
      colours: ['black'],
      minPrice: 20,
      maxPrice: 50,
    });
  });
  it('writes only what is set, keeps foreign parameters, drops page 1', () => {
    const next = writeListingUrl(
      { q: '', sort: 'price-asc', page: 1, categories: [], features: [], colours: ['black', 'tan'], minPrice: 10, maxPrice: null },
      new URLSearchParams('utm_source=mail&page=4'),
    );
    expect(next.toString()).toBe('utm_source=mail&colour=black%2Ctan&minPrice=10&sort=price-asc');
  });
});
