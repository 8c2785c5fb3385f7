import { render, screen } from '@testing-library/react';
import type { Product } from '@store/contracts';
import { MemoryRouter } from 'react-router';
import { CartLines } from './CartLines';
import type { CartGroup } from '../../lib/cart/useCart';

const product = {
  id: 'p1',
  name: 'Harbour Tote',
  path: 'harbour-tote-p1',
  price: 12900,
  colourName: 'Sand',
  brand: { id: 'b1', name: 'Pinecrest & Vine', slug: 'pinecrest-vine' },
  productGallery: [{ type: 'IMAGE', src: 'images/products/p1/tote-1.jpg', alt: 'Harbour Tote in sand', width: 1200, height: 1500 }],
} as unknown as Product;
const group: CartGroup = {
  product,
  qty: 2,
  createdAt: '2026-11-20T00:00:00.000Z',
  lines: [{ variantId: 'v1', variant: { id: 'v1', label: 'One size', qty: 4, code: 'X' } as CartGroup['lines'][number]['variant'], qty: 2, createdAt: '2026-11-20T00:00:00.000Z', violation: null, itemIds: ['i1'] }],
};

describe('CartLines images', () => {
  it.each([
    [false, '96px'],
    [true, '64px'],
  ])('use the shared responsive image at the product aspect ratio 0.8 (compact %s)', (compact, width) => {
    render(
      <MemoryRouter>
        <CartLines groups={[group]} compact={compact} />
      </MemoryRouter>,
    );
    const img = screen.getByRole('img', { name: 'Harbour Tote in sand' });
    expect(img).toHaveAttribute('data-image-state', 'loading');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('sizes', width);
    expect(img.getAttribute('srcset')).toContain('width=100/images/products/p1/tote-1.jpg 100w');
    const style = getComputedStyle(img);
    expect(style.width).toBe('100%'); // of its grid column (72 px on a phone)
    expect(style.maxWidth).toBe(width);
    expect(style.aspectRatio).toBe('0.8');
  });
});
