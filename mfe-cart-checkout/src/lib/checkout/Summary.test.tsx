/** One clear delivery line and sums that add up, loyalty points with a thousands separator. */
import type { CheckoutInfoResponse } from '@store/contracts';
import { render, screen, within } from '@testing-library/react';
import { formatPoints, Totals, totalsBreakdown } from './Summary';

const base: CheckoutInfoResponse = {
  result: 'SUCCESS',
  promotions: { appliedPromotions: [], disallowedPromotions: [], summedDiscounts: 0, resolvedCart: { promoCartItems: [] } },
  lines: [],
  itemQuantity: 2,
  itemSubtotal: 20000,
  totalDiscount: 0,
  itemSubtotalAfterDiscounts: 20000,
  shippingMethods: [],
  selectedShippingMethod: { id: 'standard', label: 'Standard delivery', price: 995 },
  grandTotal: 20995,
  gst: 2738,
  creditUsages: [],
  amountOutstanding: 20995,
  afterpayAvailable: true,
  loyaltyPoints: 418,
};
const freeDelivery = { id: 'free-shipping-150', versionId: '1', name: 'Free delivery over $150', exclusive: false, relatedCouponCodes: [], discount: 995 };
const winter = { id: 'winter-backpacks-20', versionId: '1', name: '20% off backpacks', exclusive: false, relatedCouponCodes: ['WINTER20'], discount: 2000 };

describe('order totals', () => {
  it('shows a free-delivery offer on the one delivery line, not as a second discount', () => {
    const info: CheckoutInfoResponse = {
      ...base,
      promotions: { ...base.promotions, appliedPromotions: [winter, freeDelivery] },
      totalDiscount: 2995,
      itemSubtotalAfterDiscounts: 18000,
      selectedShippingMethod: { id: 'standard', label: 'Standard delivery', price: 0 },
      grandTotal: 18000,
    };
    expect(totalsBreakdown(info)).toEqual({ itemOffers: [{ id: winter.id, name: winter.name, discount: 2000 }], delivery: { label: 'Standard delivery', before: 995, after: 0, offer: 'Free delivery over $150' } });
    render(<Totals info={info} loading={false} />);
    const totals = screen.getByTestId('order-totals');
    expect(within(totals).queryByText(/−\$9\.95/)).toBeNull();
    expect(screen.getByTestId('delivery-line')).toHaveTextContent('Standard deliveryFree delivery over $150was $9.95now Free');
    expect(within(totals).getByText('20% off backpacks').nextSibling).toHaveTextContent('−$20.00');
    // subtotal − item offers + delivery = total
    expect(20000 - 2000 + 0).toBe(info.grandTotal);
  });

  it('lists the offers as they are and delivery at its full price when no single offer took the delivery discount', () => {
    const odd = { ...winter, discount: 2995 };
    const info = { ...base, promotions: { ...base.promotions, appliedPromotions: [odd] }, totalDiscount: 2995, itemSubtotalAfterDiscounts: 18000, selectedShippingMethod: { id: 'standard', label: 'Standard delivery', price: 0 }, grandTotal: 18000 };
    const { itemOffers, delivery } = totalsBreakdown(info);
    expect(itemOffers).toEqual([{ id: odd.id, name: odd.name, discount: 2995 }]);
    expect(delivery).toEqual({ label: 'Standard delivery', before: 995, after: 995, offer: null });
    expect(20000 - 2995 + 995).toBe(info.grandTotal);
  });

  it('prices delivery plainly without an offer, and shows points with a thousands separator', () => {
    render(<Totals info={{ ...base, loyaltyPoints: 12345 }} loading={false} />);
    expect(screen.getByTestId('delivery-line')).toHaveTextContent(/^Standard delivery\$9\.95$/);
    expect(screen.getByText(/Earn 12,345 airline points/)).toBeInTheDocument();
    expect(formatPoints(1000)).toBe('1,000');
    expect(formatPoints(999)).toBe('999');
  });
});
