/**
 * Test data shared by the payment step's tests (PaymentStep.test.tsx, PaymentStep.payments.test.tsx):
 * a one-item cart and the checkout info of a $49.95 order (Standard delivery) to an Auckland address.
 */
import type { CheckoutInfoResponse } from '@store/contracts';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CartView } from '../../../lib/cart/useCart';
import { PaymentStep } from './PaymentStep';

export const item = { id: 'i-1', productId: 'p-1', variantId: 'v-1', qty: 1, createdAt: '2026-01-01T00:00:00.000Z' };
export const cart: CartView = { status: 'SUCCESS', items: [item], pricedItems: [item], groups: [], quantity: 1, valid: true };
export const delivery = { company: '', contactName: 'Aroha Ngata', country: 'NZ' as const, phone: '021 555 0101', postcode: '1010', state: '', street1: '12 Queen Street', street2: '', suburb: 'Auckland Central' };
export const checkoutInfo: CheckoutInfoResponse = {
  result: 'SUCCESS',
  promotions: { appliedPromotions: [], disallowedPromotions: [], summedDiscounts: 0, resolvedCart: { promoCartItems: [] } },
  lines: [],
  itemQuantity: 1,
  itemSubtotal: 4000,
  totalDiscount: 0,
  itemSubtotalAfterDiscounts: 4000,
  shippingMethods: [],
  selectedShippingMethod: { id: 'standard', label: 'Standard', price: 995 },
  grandTotal: 4995,
  gst: 651,
  creditUsages: [],
  amountOutstanding: 4995,
  afterpayAvailable: false,
  loyaltyPoints: 0,
};

/** Renders the step for `info` at `entry` and lets its first requests (saved cards, saved addresses) answer. */
export async function renderPaymentStep(info: CheckoutInfoResponse, entry = '/checkout/payment') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/checkout/payment" element={<PaymentStep cart={cart} info={info} infoStatus="SUCCESS" />} />
        <Route path="/checkout/success" element={<p>Order placed</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

export const placeButton = () => screen.getByRole('button', { name: /Place order/ });
