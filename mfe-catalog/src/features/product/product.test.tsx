import type { Product } from '@store/contracts';
import { bus, topics } from '@store/shared-events';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { dataLayer } from '@store/shared-events/analytics';
import { AddToCart, requestCartAdd } from './AddToCart';
import { rowsFor, SizeGuide } from './SizeGuide';
import { productJsonLd } from './ProductPage';
import { readRecentlyViewed, rememberViewed } from './recentlyViewed';
import { countdown, countdownText, formatAvailability } from './time';

describe('coming soon (Pacific/Auckland)', () => {
  it('formats the availability in New Zealand time and counts down', () => {
    // 2027-01-19T20:00:00Z is 9:00 am on Wednesday 20 January 2027 in Auckland (NZDT, UTC+13).
    expect(formatAvailability('2027-01-19T20:00:00.000Z')).toMatch(/Wednesday,? 20 January 2027.*9:00\s?am NZDT/i);
    const c = countdown('2027-01-19T20:00:00.000Z', Date.parse('2027-01-18T18:58:30.000Z'));
    expect(c).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 30, done: false });
    expect(countdownText(c)).toBe('1 day, 1 hour, 1 minute, 30 seconds');
    expect(countdown('2020-01-01T00:00:00Z', Date.now()).done).toBe(true);
  });
});

describe('recently viewed', () => {
  it('keeps the newest first, unique, at most 12', () => {
    localStorage.clear();
    for (let i = 1; i <= 14; i++) rememberViewed({ id: String(i), path: `p${i}`, name: `P${i}`, brand: 'B', price: 100, image: null, viewedAt: '' });
    rememberViewed({ id: '5', path: 'p5', name: 'P5', brand: 'B', price: 100, image: null, viewedAt: '' });
    const ids = readRecentlyViewed().map((i) => i.id);
    expect(ids).toHaveLength(12);
    expect(ids.slice(0, 3)).toEqual(['5', '14', '13']);
    localStorage.setItem('fernleaf.catalog.recentlyViewed', '{broken');
    expect(readRecentlyViewed()).toEqual([]);
  });
});

describe('add to cart over the bus', () => {
  it('a click before the cart service has started waits for it: cart.add is sent once the cart listens', async () => {
    const heard: string[] = [];
    const pending = requestCartAdd({ productId: '7', variantId: '9', qty: 1 });
    await new Promise((r) => setTimeout(r, 50));
    // the cart service starts (as the shell does after load): it listens for cart.add and publishes its quantity
    const unsubscribe = bus.subscribe(topics.cartAdd, (command) => {
      heard.push(command.requestId);
      bus.publish(topics.cartAddResult, { requestId: command.requestId, status: 'SUCCESS' });
    });
    bus.publish(topics.cartQuantity, { quantity: 0, promoQuantity: 0, status: 'SUCCESS' });
    const result = await pending;
    unsubscribe();
    expect(result).toMatchObject({ status: 'SUCCESS' });
    expect(heard).toHaveLength(1);
  });

  it('publishes cart.add and resolves with the matching cart.add.result', async () => {
    const unsubscribe = bus.subscribe(topics.cartAdd, (command) => {
      // another request's answer first: must be ignored
      bus.publish(topics.cartAddResult, { requestId: 'someone-else', status: 'SUCCESS' });
      bus.publish(topics.cartAddResult, { requestId: command.requestId, status: 'INVALID', reason: 'qtyAvailableExceeded', message: 'Only 1 left.' });
    });
    const result = await requestCartAdd({ productId: '7', variantId: '9', qty: 1, challengeAnswer: 'Black' });
    unsubscribe();
    expect(result).toMatchObject({ status: 'INVALID', reason: 'qtyAvailableExceeded', message: 'Only 1 left.' });
  });
});

describe('add to cart analytics', () => {
  it('the product page sends no add_to_cart of its own: the cart service sends the one event per add', async () => {
    jest.useFakeTimers();
    const unsubscribe = bus.subscribe(topics.cartAdd, (command) => bus.publish(topics.cartAddResult, { requestId: command.requestId, status: 'SUCCESS' }));
    const product = { id: '7', name: 'Kauri Day Pack', price: 8900, state: 'current', soldOut: false, challengeQuestion: null, variants: [{ id: '9', code: 'K-9', label: 'One size', qty: 5 }] } as unknown as Product;
    render(<AddToCart product={product} />);
    await act(async () => {
      screen.getByRole('button', { name: 'Add to cart' }).click();
    });
    expect(await screen.findByText('Added Kauri Day Pack (One size) to your cart.')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    unsubscribe();
    jest.useRealTimers();
    expect(dataLayer().filter((e) => e.event === 'add_to_cart')).toEqual([]);
  });
});

describe('quantity', () => {
  it('a product sold in multiples of 2 starts at 2, steps by 2, and Add to cart sends the chosen quantity', async () => {
    const sent: number[] = [];
    const unsubscribe = bus.subscribe(topics.cartAdd, (command) => {
      sent.push(command.qty);
      bus.publish(topics.cartAddResult, { requestId: command.requestId, status: 'SUCCESS' });
    });
    const product = {
      id: '8', name: 'Summit Duffle', price: 18900, state: 'current', soldOut: false, challengeQuestion: null,
      cartQtyProductMax: null, cartQtyVariantMax: null, cartQtyVariantMin: 1, cartQtyVariantMultipleOf: 2,
      variants: [{ id: '10', code: 'S-10', label: 'One size', qty: 5 }],
    } as unknown as Product;
    render(<AddToCart product={product} />);
    const qty = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(qty.value).toBe('2');
    expect(screen.getByTestId('qty-hint').textContent).toBe('Sold in multiples of 2.');
    expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      screen.getByRole('button', { name: 'Add to cart' }).click();
    });
    expect(await screen.findByText('Added 2 × Summit Duffle (One size) to your cart.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Increase quantity' }).click());
    expect(qty.value).toBe('4');
    // 5 in stock: 4 is the most in pairs
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      screen.getByRole('button', { name: 'Add to cart' }).click();
    });
    unsubscribe();
    expect(sent).toEqual([2, 4]);
  });

  it('choosing a size with less stock brings the quantity down to what it has', () => {
    const product = {
      id: '8', name: 'Summit Duffle', price: 18900, state: 'current', soldOut: false, challengeQuestion: null,
      cartQtyProductMax: null, cartQtyVariantMax: null, cartQtyVariantMin: null, cartQtyVariantMultipleOf: 2,
      variants: [{ id: '10', code: 'S-10', label: 'Large', qty: 9 }, { id: '11', code: 'S-11', label: 'Small', qty: 3 }],
    } as unknown as Product;
    render(<AddToCart product={product} />);
    const qty = screen.getByLabelText('Quantity') as HTMLInputElement;
    act(() => screen.getByRole('button', { name: 'Increase quantity' }).click());
    act(() => screen.getByRole('button', { name: 'Increase quantity' }).click());
    expect(qty.value).toBe('6');
    act(() => screen.getByRole('radio', { name: /Small/ }).click());
    expect(qty.value).toBe('2');
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('double tap', () => {
  it('a second tap on Add to cart while the first add is in flight adds nothing more', async () => {
    const sent: string[] = [];
    let answerNow!: () => void;
    const unsubscribe = bus.subscribe(topics.cartAdd, (command) => {
      sent.push(command.requestId);
      // the cart answers a moment later (the add is in flight)
      answerNow = () => bus.publish(topics.cartAddResult, { requestId: command.requestId, status: 'SUCCESS' });
    });
    const product = { id: '7', name: 'Kauri Day Pack', price: 8900, state: 'current', soldOut: false, challengeQuestion: null, cartQtyVariantMultipleOf: null, cartQtyVariantMin: null, variants: [{ id: '9', code: 'K-9', label: 'One size', qty: 5 }] } as unknown as Product;
    render(<AddToCart product={product} />);
    const button = screen.getByRole('button', { name: 'Add to cart' });
    // two taps before React re-renders (as a replayed early tap and a second tap are)
    await act(async () => {
      button.click();
      button.click();
      await new Promise((r) => setTimeout(r, 0));
    });
    // and one more 120 ms later, while the first add is still in flight
    await act(async () => {
      await new Promise((r) => setTimeout(r, 120));
      button.click();
    });
    expect(sent).toHaveLength(1);
    await act(async () => {
      answerNow();
    });
    expect(await screen.findByText('Added Kauri Day Pack (One size) to your cart.')).toBeTruthy();
    // once it has answered, another tap is another add
    await act(async () => {
      screen.getByRole('button', { name: 'Add to cart' }).click();
      await new Promise((r) => setTimeout(r, 0));
    });
    unsubscribe();
    expect(sent).toHaveLength(2);
  });
});

describe('Product JSON-LD', () => {
  it('describes the product with an NZD offer and availability', () => {
    const product = {
      id: '1',
      path: 'x-p1',
      name: 'Harbour Tote',
      description: 'A tote.',
      brand: { id: '1', name: 'Harbourline', slug: 'harbourline' },
      erpProductCompositeCode: 'HBL-1',
      colourName: 'Tan',
      canonicalCategory: { id: '2', name: 'Totes', path: 'bags/totes' },
      productGallery: [{ type: 'IMAGE', src: 'images/products/1/x-1.jpg', alt: 'x', width: 1200, height: 1500 }],
      price: 8999,
      state: 'current',
      availableFrom: null,
      variants: [{ id: '1', code: 'c', label: 'One size', qty: 3 }],
    } as unknown as Product;
    const ld = productJsonLd(product, 'https://www.fernleaf.co.nz');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Harbour Tote',
      brand: { name: 'Harbourline' },
      offers: { priceCurrency: 'NZD', price: '89.99', availability: 'https://schema.org/InStock', url: 'https://www.fernleaf.co.nz/products/x-p1' },
    });
    expect(ld.image[0]).toBe('https://www.fernleaf.co.nz/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/products/1/x-1.jpg');
  });
});

describe('product copy', () => {
  it('a coming-soon product reads "coming soon" under Availability, not "sold out"', () => {
    const product = { id: '42', name: 'Coming Case', price: 8900, state: 'coming', soldOut: false, challengeQuestion: null, variants: [{ id: '9', code: 'C-9', label: 'One size', qty: 0 }] } as unknown as Product;
    render(<AddToCart product={product} />);
    expect(screen.getByText('Availability')).toBeTruthy();
    expect(screen.getByTestId('variant-option').textContent).toBe('One size · coming soon');
    expect(screen.queryByText(/sold out/i)).toBeNull();
  });

  it("an error beside the limited-release question goes once the answer is changed", async () => {
    const product = { id: '44', name: 'Limited Tote', price: 8900, state: 'current', soldOut: false, challengeQuestion: 'Limited release: type the colour of this tote as shown on this page.', variants: [{ id: '11', code: 'L-11', label: 'One size', qty: 5 }] } as unknown as Product;
    render(<AddToCart product={product} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByTestId('challenge-error')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(product.challengeQuestion!), { target: { value: 'Ivory' } });
    expect(screen.queryByTestId('challenge-error')).toBeNull();
  });

  it('a product sold out in every size says "Sold out" once, on its button', () => {
    const product = { id: '43', name: 'Gone Tote', price: 8900, state: 'current', soldOut: true, challengeQuestion: null, variants: [{ id: '10', code: 'G-10', label: 'One size', qty: 0 }] } as unknown as Product;
    render(<AddToCart product={product} />);
    expect(screen.getAllByText(/sold out/i)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
    expect(screen.getByTestId('variant-option').textContent).toBe('One size');
  });

  it("a belt's size guide lists the rows of its own sizes", () => {
    render(<SizeGuide productType="belt" variantLabels={['S/M', 'L/XL']} />);
    const rows = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rows).toEqual(['S/M', 'L/XL']);
  });

  it('size guide rows match a size named in a row ("S / 85 cm") and fall back to every row', () => {
    const rows = [['S / 85 cm', 'a'], ['M / 90 cm', 'b'], ['105 cm', 'c']];
    expect(rowsFor(rows, ['85 cm', '105 cm']).map((r) => r[0])).toEqual(['S / 85 cm', '105 cm']);
    expect(rowsFor(rows, ['M']).map((r) => r[0])).toEqual(['M / 90 cm']);
    expect(rowsFor(rows, ['One size'])).toEqual(rows);
    expect(rowsFor(rows, undefined)).toEqual(rows);
  });
});
