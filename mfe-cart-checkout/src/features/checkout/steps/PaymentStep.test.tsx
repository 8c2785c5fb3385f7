/**
 * The Place order step as the shopper and the API see it: the fraud-prevention token on
 * order/place, no order while an account update is loading, the duplicate warning against saved
 * addresses on the billing form.
 */
import type { AccountAddress, CheckoutInfoResponse } from '@store/contracts';
import { session, type AuthUser } from '@store/shared-events';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { FRAUD_TOKEN_EVENT, startFraudAnalytics } from '../../../lib/fraud';
import { ACCOUNT_UPDATING_MESSAGE, PaymentStep } from './PaymentStep';
import { bus, topics } from '@store/shared-events';
import { clearServerProblems, serverProblem } from '../../../lib/cart/serverProblems';
import { productsRefreshCount } from '../../../lib/objects';
import { AFTERPAY_EXPIRED_MESSAGE, PLACE_MESSAGES } from '../payment/messages';
import { emptyCheckout, setCheckout } from '../../../lib/checkout/state';
import { cart, checkoutInfo, delivery, item, placeButton, renderPaymentStep } from './paymentStepFixtures';
import { MARKETS } from '@store/contracts';
import { MarketProvider } from '@store/ui/market';

// nothing to pay by card: the order goes with NO_PAYMENT
const info: CheckoutInfoResponse = { ...checkoutInfo, amountOutstanding: 0 };
const saved: AccountAddress = { id: 'addr-1', type: 'SELECTED', company: '', contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '6011', state: 'Wellington', street1: '5 Cuba Street', street2: '', suburb: 'Te Aro', isDefaultBilling: true, isDefaultShipping: false };

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let placed: Record<string, unknown>[] = [];
/** The next order/place answer when set (an error). */
let placeAnswer: { status: number; body: unknown } | null = null;
let holdStatePut: Promise<void> | null = null;
let version = 0;

beforeAll(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/fraud/config') return reply(200, { siteId: 'fernleaf-nz', scriptUrl: '/api/fraud/script.js' });
    if (url === '/api/checkout/info') return reply(200, info);
    if (url === '/api/order/place') {
      placed.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
      if (placeAnswer) return reply(placeAnswer.status, placeAnswer.body);
      return reply(200, { orderNumber: `FL0000000${placed.length}`, status: 'complete', actionData: null, loyalty: null, accessToken: 'access' });
    }
    if (url === '/api/order/afterpay/complete') return reply(409, { error: 'AfterpayCheckoutExpired', message: 'This Afterpay checkout has expired.' });
    if (url === '/api/account/addresses') return reply(200, { addresses: [saved] });
    if (url === '/api/account/payment-methods') return reply(200, { paymentMethods: [] });
    if (url === '/api/account/state' && method === 'GET') return reply(200, { state: { syncableStateVersion: version, cart: { items: [] }, wishlist: { items: [] } } });
    if (url === '/api/account/state' && method === 'PUT') {
      if (holdStatePut) await holdStatePut;
      const body = JSON.parse(String(init!.body)) as { cart: unknown; wishlist: unknown };
      version += 1;
      return reply(200, { state: { syncableStateVersion: version, cart: body.cart, wishlist: body.wishlist } });
    }
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
});

beforeEach(() => {
  placed = [];
  setCheckout({ ...emptyCheckout(), contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false }, shippingType: 'DELIVERY', deliveryAddress: delivery, deliveryMethodId: 'standard' });
});

const renderStep = (entry?: string) => renderPaymentStep(info, entry);

describe('fraudAnalytics.token on order/place', () => {
  it('is left out while the fraud script has given no token', async () => {
    await renderStep();
    await userEvent.click(placeButton());
    await screen.findByText('Order placed');
    expect(placed).toHaveLength(1);
    expect(placed[0]).not.toHaveProperty('fraudAnalytics');
    expect(placed[0]).toMatchObject({ payment: { methods: [{ methodCode: 'NO_PAYMENT', amount: 0 }] } });
  });

  it("carries the script's token once it is known", async () => {
    startFraudAnalytics();
    await waitFor(() => expect(document.head.querySelector('script[src="/api/fraud/script.js?siteId=fernleaf-nz"]')).not.toBeNull());
    document.dispatchEvent(new CustomEvent(FRAUD_TOKEN_EVENT, { detail: 'ftr-token-123' }));
    await renderStep();
    await userEvent.click(placeButton());
    await screen.findByText('Order placed');
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ fraudAnalytics: { token: 'ftr-token-123' } });
  });
});

describe('an item sold out while checking out', () => {
  afterEach(() => {
    placeAnswer = null;
    clearServerProblems();
  });

  it('marks the cart line the server named (the cart in this tab shows it), refreshes the products and says so', async () => {
    const alerts: string[] = [];
    const stop = bus.subscribe(topics.alertShow, (a) => alerts.push(a.content));
    placeAnswer = { status: 409, body: { error: 'InsufficientStock', message: 'An item in your cart has sold out.', code: 'v-1' } };
    const refreshes = productsRefreshCount();
    await renderStep();
    await userEvent.click(placeButton());
    expect(await screen.findByText(PLACE_MESSAGES.INSUFFICIENT_STOCK)).toBeInTheDocument();
    expect(serverProblem('v-1')).toEqual({ qty: 1 });
    expect(productsRefreshCount()).toBe(refreshes + 1);
    expect(alerts).toContain(PLACE_MESSAGES.INSUFFICIENT_STOCK);
    stop();
  });
});

describe("Afterpay's limit is the site's own, in its currency", () => {
  async function renderWith(stepInfo: CheckoutInfoResponse, market = MARKETS.NZ) {
    render(
      <MarketProvider market={market}>
        <MemoryRouter initialEntries={['/checkout/payment']}>
          <Routes>
            <Route path="/checkout/payment" element={<PaymentStep cart={cart} info={stepInfo} infoStatus="SUCCESS" />} />
          </Routes>
        </MemoryRouter>
      </MarketProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }

  it('offers Afterpay under the limit and says the limit when the amount is over it (NZ$2,000 on the NZ site)', async () => {
    await renderWith({ ...checkoutInfo, amountOutstanding: 250_000, grandTotal: 250_000, afterpayAvailable: false });
    expect(screen.getByTestId('afterpay-limit')).toHaveTextContent('Afterpay is available for orders up to $2,000.');
    expect(screen.queryByRole('radio', { name: /Afterpay/ })).toBeNull();
  });

  it("uses the AU site's limit (AFTERPAY_MAX_CENTS_AUD, here A$10) in the note", async () => {
    await renderWith({ ...checkoutInfo, amountOutstanding: 4_995, grandTotal: 4_995, afterpayAvailable: false }, { ...MARKETS.AU, afterpayMaxCents: 1_000 });
    expect(screen.getByTestId('afterpay-limit')).toHaveTextContent('Afterpay is available for orders up to $10.');
  });

  it('shows no note when Afterpay is offered', async () => {
    await renderWith({ ...checkoutInfo, amountOutstanding: 4_995, grandTotal: 4_995, afterpayAvailable: true });
    expect(screen.getByRole('radio', { name: /Afterpay: 4 interest-free payments of \$12\.49 every 2 weeks/ })).toBeInTheDocument();
    expect(screen.queryByTestId('afterpay-limit')).toBeNull();
  });
});

describe('back from Afterpay', () => {
  it('says the checkout expired and nothing was charged when the API answers AfterpayCheckoutExpired, and places nothing', async () => {
    await renderStep('/checkout/payment?afterpayToken=ap-token-1&afterpayStatus=SUCCESS');
    expect(await screen.findByText(AFTERPAY_EXPIRED_MESSAGE)).toBeVisible();
    expect(screen.queryByText('Order placed')).toBeNull();
    expect(placeButton()).toBeEnabled();
  });
});

describe('signed in', () => {
  let user: AuthUser | null = null;
  beforeAll(async () => {
    await session.setAuthProvider({ currentUser: async () => user, signOut: async () => undefined });
    await session.start();
    await session.signIn(async () => {
      user = { id: 'sub-aroha', email: 'aroha@example.co.nz', idToken: 'id-token' };
    });
    await waitFor(() => expect(session.synced.getSyncResult()).toBe('SUCCESS'));
  });

  describe('no order while an account update is loading', () => {
    it('disables Place order with the reason while the account remote saves, and refuses to place', async () => {
      await renderStep();
      let finish!: () => void;
      act(() => void session.trackAccountUpdate(new Promise<void>((resolve) => (finish = resolve))));
      expect(placeButton()).toBeDisabled();
      expect(screen.getByText(ACCOUNT_UPDATING_MESSAGE)).toHaveAttribute('role', 'status');
      expect(placeButton()).toHaveAccessibleDescription(ACCOUNT_UPDATING_MESSAGE);
      // even a submit that gets through (Enter in a field) places nothing
      fireEvent.submit(screen.getByRole('form', { name: 'Payment' }));
      await new Promise((r) => setTimeout(r, 20));
      expect(placed).toHaveLength(0);
      await act(async () => finish());
      expect(screen.queryByText(ACCOUNT_UPDATING_MESSAGE)).toBeNull();
      expect(placeButton()).toBeEnabled();
      await userEvent.click(placeButton());
      await screen.findByText('Order placed');
      expect(placed).toHaveLength(1);
    });

    it('waits for a cart write to the server (PUT /api/account/state)', async () => {
      let release!: () => void;
      holdStatePut = new Promise<void>((resolve) => (release = resolve));
      await renderStep();
      let saving!: Promise<unknown>;
      act(() => {
        saving = session.synced.update((state) => ({ ...state, cart: { items: [item] } }));
      });
      await waitFor(() => expect(placeButton()).toBeDisabled());
      expect(screen.getByText(ACCOUNT_UPDATING_MESSAGE)).toBeInTheDocument();
      holdStatePut = null;
      await act(async () => {
        release();
        await saving;
      });
      expect(placeButton()).toBeEnabled();
      expect(screen.queryByText(ACCOUNT_UPDATING_MESSAGE)).toBeNull();
    });
  });

  it('warns when the billing address duplicates a saved address and offers to use it', async () => {
    await renderStep();
    await userEvent.click(screen.getByLabelText('Same as my delivery address'));
    await userEvent.type(screen.getByLabelText('Street address'), '5 cuba st');
    await userEvent.type(screen.getByLabelText('Suburb or town'), 'te aro');
    await userEvent.type(screen.getByLabelText('Postcode'), '6011');
    expect(await screen.findByText(/This address is already saved in your address book/)).toHaveTextContent('Aroha Ngata, 5 Cuba Street, Te Aro 6011');
    await userEvent.click(screen.getByRole('button', { name: 'Use saved address' }));
    expect(screen.getByLabelText('Street address')).toHaveValue('5 Cuba Street');
    expect(screen.getByLabelText(/^Region/)).toHaveValue('Wellington');
    expect(screen.getByText('Using your saved address: Aroha Ngata, 5 Cuba Street, Te Aro 6011.')).toBeInTheDocument();
  });
});
