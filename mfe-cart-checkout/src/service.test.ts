/**
 * The cart service follows the session (spec §4): login clears the checkout contact; logout
 * clears the addresses, contact, delivery options, pickup store and applied gift cards.
 */
import { bus, topics } from '@store/shared-events';
import { CHECKOUT_KEY, getCheckout, setCheckout, type CheckoutState } from './checkout/state';
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
});
