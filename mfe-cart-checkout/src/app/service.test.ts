/**
 * The cart service follows the session: login clears the checkout contact; logout
 * clears the addresses, contact, delivery options, pickup store and applied gift cards.
 */
import { bus, topics } from '@store/shared-events';
import { GUEST_LOYALTY_KEY } from '@store/contracts';
import { CHECKOUT_KEY, FAILED_ORDER_KEY, getCheckout, getPlacedOrder, PLACED_ORDER_KEY, setCheckout, setFailedOrderNumber, setPlacedOrder, type CheckoutState, type PlacedOrder } from '../lib/checkout/state';
import { start } from './service';

const address = { company: '', contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', state: '', street1: '12 Queen Street', street2: '', suburb: 'Auckland Central' } as const;
const filled = (): Partial<CheckoutState> => ({
  contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false },
  shippingType: 'DELIVERY',
  deliveryAddress: address,
  deliveryMethodId: 'express',
  instructions: 'Leave at the door',
  billingAddress: address,
  pickupStore: { erpStoreId: 'S1', name: 'Fernleaf Queen Street', address: { street1: '1 Queen St', street2: '', locality: 'Auckland', region: 'Auckland', postcode: '1010', country: 'NZ' }, distanceKm: null },
  vouchers: [{ code: 'FERN-5000-0001', pin: '1234', expires: 4_102_444_800_000, amountRemaining: 5000 }],
  promoCodes: ['WINTER20'],
});
const session = (status: 'INITIALISING' | 'LOGGING_IN' | 'LOGGED_IN' | 'LOGGING_OUT' | 'LOGGED_OUT') =>
  bus.publish(topics.sessionState, status === 'LOGGED_IN' ? { status, user: { id: 'sub-1', email: 'aroha@example.co.nz' } } : { status }, { source: 'session' });

describe('cart service: checkout state on login and logout', () => {
  beforeAll(() => {
    global.fetch = jest.fn(() => Promise.reject(new Error('offline'))) as unknown as typeof fetch;
    start();
  });

  it('keeps a guest checkout when the page loads signed out', () => {
    session('INITIALISING');
    setCheckout(filled());
    session('LOGGED_OUT');
    expect(getCheckout()).toMatchObject(filled());
  });

  it('clears only the contact on login', () => {
    setCheckout(filled());
    session('LOGGING_IN');
    session('LOGGED_IN');
    const s = getCheckout();
    expect(s.contact).toBeNull();
    expect(s).toMatchObject({ deliveryAddress: address, billingAddress: address, deliveryMethodId: 'express', vouchers: filled().vouchers });
    expect(JSON.parse(localStorage.getItem(CHECKOUT_KEY)!).contact).toBeNull();
  });

  it('clears addresses, contact, options, pickup store and gift cards on logout', () => {
    setCheckout(filled());
    session('LOGGING_OUT');
    session('LOGGED_OUT');
    expect(getCheckout()).toMatchObject({
      contact: null,
      billingAddress: null,
      deliveryAddress: null,
      deliveryMethodId: null,
      shippingType: null,
      instructions: '',
      pickupStore: null,
      vouchers: [],
    });
    expect(JSON.parse(localStorage.getItem(CHECKOUT_KEY)!)).toMatchObject({ contact: null, deliveryAddress: null, vouchers: [] });
  });

  it('also clears when a signed-in session ends without LOGGING_OUT (expired session)', () => {
    session('LOGGING_IN');
    session('LOGGED_IN');
    setCheckout(filled());
    session('LOGGED_OUT');
    expect(getCheckout()).toMatchObject({ contact: null, deliveryAddress: null, pickupStore: null, vouchers: [] });
  });

  it('clears a signed-in checkout on the next signed-out state when the logout happened before the service heard it', () => {
    session('LOGGING_IN');
    session('LOGGED_IN');
    setCheckout(filled());
    setPlacedOrder({ orderNumber: 'FL12345678', accessToken: 'secret-access-token', email: 'aroha@example.co.nz' } as unknown as PlacedOrder);
    // the page loads again (or the service started late): it hears only INITIALISING, then LOGGED_OUT
    session('INITIALISING');
    session('LOGGED_OUT');
    expect(getCheckout()).toMatchObject({ contact: null, deliveryAddress: null, vouchers: [] });
    expect(getPlacedOrder()).toBeNull();
    // and a guest's checkout filled after that is kept on the next page load
    setCheckout(filled());
    session('INITIALISING');
    session('LOGGED_OUT');
    expect(getCheckout()).toMatchObject(filled());
  });
});

describe('the last order on a shared device', () => {
  const order: PlacedOrder = { orderNumber: 'FL12345678', status: 'complete', actionData: null, loyalty: null, accessToken: 'secret-access-token', email: 'aroha@example.co.nz', placedAt: '2026-11-20T00:00:00.000Z' } as unknown as PlacedOrder;

  it('is kept for this tab only (sessionStorage), never in local storage', () => {
    localStorage.setItem(PLACED_ORDER_KEY, JSON.stringify(order)); // an older build's copy
    setPlacedOrder(order);
    expect(JSON.parse(sessionStorage.getItem(PLACED_ORDER_KEY)!)).toMatchObject({ orderNumber: 'FL12345678' });
    expect(getPlacedOrder()).toMatchObject({ orderNumber: 'FL12345678', accessToken: 'secret-access-token' });
    expect(localStorage.getItem(PLACED_ORDER_KEY)).toBeNull();
  });

  it('is forgotten on sign-out, with the failed order number and a kept Qantas membership', () => {
    session('LOGGING_IN');
    session('LOGGED_IN');
    setPlacedOrder(order);
    setFailedOrderNumber('FL87654321');
    localStorage.setItem(GUEST_LOYALTY_KEY, JSON.stringify({ memberId: '1234567890', lastName: 'Smith', createdAt: '2026-11-20T00:00:00.000Z' }));
    session('LOGGING_OUT');
    session('LOGGED_OUT');
    expect(getPlacedOrder()).toBeNull();
    expect(sessionStorage.getItem(PLACED_ORDER_KEY)).toBeNull();
    expect(localStorage.getItem(FAILED_ORDER_KEY)).toBeNull();
    expect(localStorage.getItem(GUEST_LOYALTY_KEY)).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('aroha@example.co.nz');
  });

  it('stays for a guest whose page loads signed out (the success page in the same tab)', () => {
    session('INITIALISING');
    setPlacedOrder(order);
    session('LOGGED_OUT');
    expect(getPlacedOrder()).toMatchObject({ orderNumber: 'FL12345678' });
  });
});
