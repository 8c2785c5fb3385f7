/** Promo codes: the error is announced and linked to the field, the code kept to correct; free delivery is never dropped quietly. */
import type { CheckoutInfoResponse } from '@store/contracts';
import { bus, topics } from '@store/shared-events';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notValidCodeMessage, PromoCodes } from './PromoCodes';
import { emptyCheckout, getCheckout, setCheckout } from './state';
import { offerDroppedMessage, raisePromotionAlerts, useCheckoutInfo } from './useCheckout';

const info = (over: Partial<CheckoutInfoResponse['promotions']> = {}): CheckoutInfoResponse => ({
  result: 'SUCCESS',
  promotions: { appliedPromotions: [], disallowedPromotions: [], summedDiscounts: 0, resolvedCart: { promoCartItems: [] }, ...over },
  lines: [],
  itemQuantity: 1,
  itemSubtotal: 16000,
  totalDiscount: 0,
  itemSubtotalAfterDiscounts: 16000,
  shippingMethods: [],
  selectedShippingMethod: null,
  grandTotal: 16000,
  gst: 0,
  creditUsages: [],
  amountOutstanding: 16000,
  afterpayAvailable: true,
  loyaltyPoints: 0,
});
const freeDelivery = { id: 'free-shipping-150', versionId: '1', name: 'Free delivery over $150', exclusive: false, relatedCouponCodes: [], discount: 995 };
const winter = { id: 'winter-backpacks-20', versionId: '1', name: '20% off backpacks', exclusive: false, relatedCouponCodes: ['WINTER20'], discount: 3200 };

beforeEach(() => setCheckout(emptyCheckout()));

const item = { id: 'i1', productId: 'p1', variantId: 'v1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' };
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** /checkout/info as the server answers it for the codes sent. */
beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url !== '/api/checkout/info') return reply(404, { error: 'NotFound', message: url });
    const { cart } = JSON.parse(String(init!.body)) as { cart: { promoCodes: string[]; items: { productId: string }[] } };
    const codes = cart.promoCodes;
    // p2 is not a backpack: with it alone in the cart, WINTER20 has nothing to apply to
    if (codes.includes('WINTER20') && cart.items.every((i) => i.productId === 'p2'))
      return reply(200, info({ appliedPromotions: [freeDelivery], disallowedPromotions: [{ id: 'winter-backpacks-20', name: '20% off backpacks', reason: 'NoApplicableCartItems', relatedCouponCodes: ['WINTER20'] }] }));
    if (codes.includes('WINTER21')) return reply(200, info({ appliedPromotions: [freeDelivery], disallowedPromotions: [{ id: 'WINTER21', name: 'WINTER21', reason: 'CodeNotFound', relatedCouponCodes: ['WINTER21'] }] }));
    if (codes.includes('WINTER20')) return reply(200, info({ appliedPromotions: [winter] }));
    return reply(200, info({ appliedPromotions: [freeDelivery] }));
  }) as unknown as typeof fetch;
});

function CartSummary({ items = [item] }: { items?: (typeof item)[] }) {
  const { info: answer } = useCheckoutInfo(items, { forShipping: false });
  return <PromoCodes info={answer} />;
}

describe('promo code field', () => {
  it('an unknown code: announced error linked to the field, the code kept in the field and not in the checkout', async () => {
    const user = userEvent.setup();
    render(<CartSummary />);
    const field = screen.getByLabelText('Promo code');
    await user.type(field, 'winter21');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(notValidCodeMessage('WINTER21'));
    expect(field).toHaveValue('winter21');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    expect(field).toHaveAccessibleDescription(notValidCodeMessage('WINTER21'));
    expect(getCheckout().promoCodes).toEqual([]);
    // typing again clears the error
    await user.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('an applied code clears the field and says so, naming an offer it pushed out', async () => {
    const user = userEvent.setup();
    render(<CartSummary />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20))); // free delivery applies first
    await user.type(screen.getByLabelText('Promo code'), 'winter20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByLabelText('Promo code')).toHaveValue(''));
    expect(screen.getByTestId('promo-status')).toHaveTextContent(`Code WINTER20 applied: 20% off backpacks. ${offerDroppedMessage('Free delivery over $150')}`);
    expect(getCheckout().promoCodes).toEqual(['WINTER20']);
  });
});

describe('promo messages after a change', () => {
  it('"applied" is taken back when the cart changes and the code no longer applies (the code is dropped with its alert)', async () => {
    const user = userEvent.setup();
    const alerts: string[] = [];
    const stop = bus.subscribe(topics.alertShow, (a) => alerts.push(a.content));
    const { rerender } = render(<CartSummary />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled());
    await user.type(screen.getByLabelText('Promo code'), 'winter20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('promo-status')).toHaveTextContent('Code WINTER20 applied: 20% off backpacks.'));
    // the backpack is swapped for a wallet
    rerender(<CartSummary items={[{ ...item, id: 'i2', productId: 'p2', variantId: 'v2' }]} />);
    await waitFor(() => expect(alerts).toContain('Offer 20% off backpacks has been removed because there are no applicable items in your cart.'));
    await waitFor(() => expect(screen.getByTestId('promo-status')).toBeEmptyDOMElement());
    expect(screen.queryByRole('list', { name: 'Promo codes' })).toBeNull();
    stop();
  });
});

describe('offers that stop applying', () => {
  it('raise a promotion-removed alert instead of disappearing quietly', () => {
    raisePromotionAlerts(info({ appliedPromotions: [freeDelivery] }), []);
    const alerts: string[] = [];
    const stop = bus.subscribe(topics.alertShow, (a) => alerts.push(a.content));
    // (another cart than the tests above: an alert is said once per page for the same cart and codes)
    raisePromotionAlerts({ ...info({ appliedPromotions: [winter] }), itemSubtotal: 15500 }, ['WINTER20']);
    expect(alerts).toEqual(['Offer Free delivery over $150 has been removed because your order no longer qualifies for it.']);
    // the same answer again says nothing new
    raisePromotionAlerts({ ...info({ appliedPromotions: [winter] }), itemSubtotal: 15500 }, ['WINTER20']);
    expect(alerts).toHaveLength(1);
    stop();
  });
});
