/**
 * Placement step 1, validate: the checks an order must pass before anything is taken. The pickup
 * store, the priced cart against the request (availability, the offers the shopper saw, payment
 * amounts), the payment choice (saved cards, saving a card) and the gift cards' PINs and balances.
 */
import { DEFAULT_MARKET, type MarketSettings } from '@store/contracts';
import type { PricedCart } from '../pricing/service.js';
import type { SavedCards } from '../payments/saved-cards.js';
import { VoucherService } from '../vouchers/service.js';
import { afterpayLimitMessage, OrderError } from './errors.js';
import type { PickupStore } from './pickup.js';
import type { OrderContext, PlaceInput, PlaceMethod } from './types.js';

const SELLABLE = new Set(['current', 'evergreen']);

/** The request's gift-card payment methods. */
export const giftCardMethods = (input: PlaceInput): PlaceMethod[] => input.payment.methods.filter((m) => m.methodCode === 'VOUCHER');

/** Store pickup: the click-and-collect store of the market the order is placed in, else 400/409. Delivery: null. */
export async function clickCollectStore(cart: PlaceInput['cart'], market: MarketSettings, pickupStore: (erpStoreId: string) => Promise<PickupStore | null>): Promise<PickupStore | null> {
  if (cart.shipping.type !== 'STORE_PICKUP') return null;
  if (!cart.shipping.clickCollectStoreId) throw new OrderError('InvalidRequest', 'cart.shipping.clickCollectStoreId: Required for store pickup', 400);
  const store = await pickupStore(cart.shipping.clickCollectStoreId);
  // stores and click and collect are per country: a store of the other market is not offered here
  if (!store || store.country !== market.country) throw new OrderError('ClickCollectUnavailable', 'Click and collect is no longer available at this store.', 409);
  return store;
}

/** The checks that need only the priced cart and the request (no reads, no side effects). */
export function checkPricedOrder(input: PlaceInput, priced: PricedCart, market: MarketSettings = DEFAULT_MARKET): void {
  const voucherMethods = giftCardMethods(input);
  for (const line of priced.lines) {
    const row = priced.variants.get(line.variantId)!;
    if (!SELLABLE.has(row.state)) throw new OrderError('ProductNotAvailable', `${row.name} is no longer available.`, 409);
  }
  // expected promotions: the shopper saw these offers; anything else means the order changed
  const applied = priced.promotions.appliedPromotions.map((p) => `${p.id}@${p.versionId}`).sort();
  const expected = input.expectedPromotions.map((p) => `${p.promotionId}@${p.versionId}`).sort();
  if (applied.join(',') !== expected.join(',')) {
    throw new OrderError('PromotionsChanged', 'The offers on this order have changed. Review your order and try again.', 409);
  }
  // payment amounts must cover the total exactly
  for (const [i, m] of voucherMethods.entries()) {
    if (!m.code || !m.pin) throw new OrderError('InvalidRequest', `payment.methods.${i}: a gift card needs code and pin`, 400);
    const usage = priced.creditUsages.find((u) => u.id === VoucherService.normalise(m.code!));
    if (!usage || usage.amount !== m.amount) throw new OrderError('InvalidRequest', `payment.methods.${i}.amount: gift card amount does not match the order total`, 400);
  }
  const others = input.payment.methods.filter((m) => m.methodCode !== 'VOUCHER');
  if (others.length > 1) throw new OrderError('InvalidRequest', 'payment.methods: only one payment method besides gift cards', 400);
  const main = others[0];
  if (priced.amountOutstanding === 0) {
    if (main && !(main.methodCode === 'NO_PAYMENT' && main.amount === 0)) throw new OrderError('InvalidRequest', 'payment.methods: nothing is outstanding; send NO_PAYMENT with amount 0', 400);
  } else {
    if (!main || main.methodCode === 'NO_PAYMENT') throw new OrderError('InvalidRequest', `payment.methods: ${priced.amountOutstanding} cents outstanding need a payment method`, 400);
    if (main.amount !== priced.amountOutstanding) throw new OrderError('InvalidRequest', `payment.methods.amount: expected ${priced.amountOutstanding}, got ${main.amount}`, 400);
    if (main.methodCode === 'AFTERPAY') {
      if (!priced.afterpayAvailable) throw new OrderError('PaymentInstrumentTypeNotAccepted', afterpayLimitMessage(market), 402);
    } else if (!main.token) throw new OrderError('InvalidRequest', 'payment.methods.token: Required', 400);
  }
}

/**
 * Saved cards: only the signed-in customer's own (its gateway token when paying with one);
 * saving needs a signed-in customer and a new card.
 */
export async function checkCardChoice(main: PlaceMethod | undefined, ctx: OrderContext, priced: PricedCart, savedCards: SavedCards | undefined): Promise<{ savedToken: string | null; saveCard: boolean }> {
  let savedToken: string | null = null;
  if (main?.methodCode === 'BRAINTREE_SAVED' && priced.amountOutstanding > 0) {
    if (!ctx.userSub) throw new OrderError('InvalidRequest', 'payment.methods: sign in to pay with a saved card', 400);
    savedToken = (await savedCards?.resolve(ctx.userSub, main.token!)) ?? null;
    if (!savedToken) throw new OrderError('PaymentMethodInvalid', 'This saved card is no longer available. Choose another payment method.', 404);
  }
  const saveCard = main?.saveCard === true && priced.amountOutstanding > 0;
  if (saveCard && (main!.methodCode !== 'BRAINTREE_CREDIT_CARD' || !ctx.userSub || !savedCards)) {
    throw new OrderError('InvalidRequest', 'payment.methods.saveCard: only a new card of a signed-in customer can be saved', 400);
  }
  return { savedToken, saveCard };
}

/** Gift cards: the PIN and the balance are checked before any money is taken off the card. */
export async function checkGiftCards(vouchers: VoucherService, voucherMethods: readonly PlaceMethod[], market: MarketSettings): Promise<void> {
  for (const [i, m] of voucherMethods.entries()) {
    const check = await vouchers.lookup(m.code!, m.pin!, undefined, market.currency);
    if (!check.ok && check.error === 'VoucherCurrencyMismatch') {
      throw new OrderError('VoucherCurrencyMismatch', `payment.methods.${i}: gift card ${VoucherService.normalise(m.code!)} is not in ${market.currency} and cannot pay this order.`, 422, undefined, m.code);
    }
    if (!check.ok || check.amountRemaining < m.amount) throw new OrderError('VoucherInsufficientFunds', `Gift card ${VoucherService.normalise(m.code!)} no longer covers ${m.amount} cents.`, 409, undefined, m.code);
  }
}
