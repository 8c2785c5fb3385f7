/**
 * Placement step 2, price: the cart priced again (its totals, offers, shipping, gift-card credits
 * and GST) and checked against the request. A refusal from the cached catalogue rows
 * /checkout/info read moments ago is checked again with fresh ones before it stands.
 */
import type { MarketSettings } from '@store/contracts';
import { CartItemInvalid, CheckoutError, type CheckoutService, type PricedCart } from '../pricing/service.js';
import { VoucherService } from '../vouchers/service.js';
import { OrderError } from './errors.js';
import type { PlaceInput } from './types.js';
import { checkPricedOrder, giftCardMethods } from './validate.js';

export async function priceOrder(checkout: CheckoutService, input: PlaceInput, fresh: boolean, market: MarketSettings): Promise<PricedCart> {
  const credits = giftCardMethods(input).map((m) => ({ id: VoucherService.normalise(m.code ?? ''), methodCode: 'VOUCHER' as const, amount: m.amount }));
  try {
    const priced = await checkout.price(input.cart, credits, { fresh, market });
    checkPricedOrder(input, priced, market);
    return priced;
  } catch (error) {
    if (!fresh && (error instanceof CheckoutError || error instanceof OrderError)) return priceOrder(checkout, input, true, market);
    if (error instanceof CartItemInvalid) throw error;
    if (error instanceof CheckoutError) throw new OrderError(error.code, error.message, 400);
    throw error;
  }
}
