/**
 * Placing an order, once the payment step's submit has passed its checks and any wallet sheet is
 * open: wait for the wallet's approval, keep the billing address, re-check the applied gift cards
 * (removed ones stop the order with their notices), price the checkout again, take the payment
 * (saved card, the hosted card fields' nonce, Afterpay or the wallet's nonce for exactly the amount
 * it approved), send order/place with the attempt's idempotency key, then finish the order (cart
 * and gift cards cleared, the placed order kept for the success page). The step renders; this says
 * what happened, and the step shows it (`PlaceOutcome`).
 */
import type { CheckoutAddressInput, PaymentMethodInput } from '@store/contracts';
import { bus, topics, type CartItem } from '@store/shared-events';
import { track } from '@store/shared-events/analytics';
import { reportSoldOut } from '../../../lib/cart/serverProblems';
import { getCheckout, setCheckout, setFailedOrderNumber } from '../../../lib/checkout/state';
import { infoRequest } from '../../../lib/checkout/useCheckout';
import { ApiError, checkoutInfo, placeOrder } from '../../../lib/api';
import { refreshProducts } from '../../../lib/objects';
import { PaymentCancelled, tokenizeErrorMessage, type ApplePayAuthorised } from '../../../lib/payments';
import type { CardFieldsApi } from './CardFields';
import { CARD_FIELDS_UNAVAILABLE_MESSAGE, PLACE_MESSAGES, placeResultOf, PROMOTIONS_CHANGED_MESSAGE, walletCancelledMessage } from './messages';
import { buildOrderRequest, finishOrder } from './place';
import { recheckVouchers } from './vouchers';

export type PayMethod = 'BRAINTREE_SAVED' | 'BRAINTREE_CREDIT_CARD' | 'BRAINTREE_PAYPAL' | 'BRAINTREE_APPLE_PAY' | 'BRAINTREE_GOOGLE_PAY' | 'AFTERPAY';

/** What became of an attempt, for the step to show. */
export type PlaceOutcome =
  /** Placed: the success page. */
  | { type: 'placed' }
  /** The payment goes on elsewhere (Afterpay's approval page): leave for `url`. */
  | { type: 'redirect'; url: string }
  /** An unrecoverable payment failure: the failed order number is kept; the error page. */
  | { type: 'failedOrder' }
  /** Not placed: stay on the step and say `message` (null: the gift-card notices already say why). */
  | { type: 'notPlaced'; message: string | null };

export interface PlaceOrderInput {
  items: CartItem[];
  /** The billing address to keep and send, and whether it is the delivery address. */
  billing: CheckoutAddressInput;
  billingSameAsShipping: boolean;
  method: PayMethod;
  /** BRAINTREE_SAVED: the chosen saved card. */
  savedId: string | null;
  /** BRAINTREE_CREDIT_CARD: the provider's hosted fields, and whether to save the card (signed in only). */
  cardFields: CardFieldsApi | null;
  saveCard: boolean;
  /** A wallet's nonce (PayPal, Google Pay, Apple Pay), asked for from the click; Apple Pay's sheet to close. */
  wallet: Promise<string> | null;
  applePaid: Promise<ApplePayAuthorised> | null;
  /** The amount outstanding shown when Place order was pressed (what a wallet approved). */
  outstanding: number;
  /** The attempt's idempotency key: renewed once order/place has answered, or the attempt failed. */
  idempotencyKey: { current: string };
  /** The gift-card re-check's notices (empty: none removed); each is also raised as an alert. */
  onVoucherNotices: (notices: string[]) => void;
}

export const newIdempotencyKey = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * An order/place (or Afterpay completion) refusal: sold out marks the line in every cart of the tab
 * and raises an alert; an unrecoverable payment failure keeps the failed order number.
 */
export function orderRefused(error: ApiError, items: CartItem[]): PlaceOutcome {
  const orderNumber = error.body.orderNumber as string | undefined;
  const detail = error.body.code as string | undefined;
  const result = placeResultOf(error.code, error.message);
  if (result === 'INSUFFICIENT_STOCK') {
    // the cart in this tab shows it at once (the line, and Checkout disabled), not only this message
    const qty = items.filter((i) => i.variantId === detail).reduce((n, i) => n + i.qty, 0);
    if (detail && qty > 0) reportSoldOut(detail, qty);
    refreshProducts();
    bus.publish(topics.alertShow, { type: 'ERROR', content: PLACE_MESSAGES.INSUFFICIENT_STOCK }, { source: 'cart_checkout' });
  }
  if (result === 'PAYMENT_FAILURE_UNRECOVERABLE' && orderNumber) {
    setFailedOrderNumber(orderNumber);
    return { type: 'failedOrder' };
  }
  const message = error.code === 'PromotionsChanged' || error.code === 'OrderInProgress' ? PROMOTIONS_CHANGED_MESSAGE : PLACE_MESSAGES[result as Exclude<typeof result, 'SUCCESS'>];
  return { type: 'notPlaced', message };
}

/** Every applied gift card is re-checked before placing; failed ones are removed with a notice (and an alert). */
async function vouchersStillApply(onNotices: (notices: string[]) => void): Promise<boolean> {
  const removed = await recheckVouchers();
  onNotices(removed);
  for (const text of removed) bus.publish(topics.alertShow, { type: 'ERROR', content: text }, { source: 'cart_checkout' });
  return removed.length === 0;
}

export async function placeOrderFlow(input: PlaceOrderInput): Promise<PlaceOutcome> {
  const { items, method, wallet, applePaid, idempotencyKey } = input;
  let applePay: ApplePayAuthorised | null = null;
  try {
    const walletNonce = wallet ? await wallet : null;
    if (applePaid) applePay = await applePaid;
    setCheckout({ billingSameAsShipping: input.billingSameAsShipping, billingAddress: input.billing });
    if (!(await vouchersStillApply(input.onVoucherNotices))) return { type: 'notPlaced', message: null };
    const state = getCheckout();
    const fresh = await checkoutInfo(infoRequest(items, state));
    if (fresh.result !== 'SUCCESS') return { type: 'notPlaced', message: PLACE_MESSAGES.ERROR };
    let main: PaymentMethodInput | null = null;
    if (fresh.amountOutstanding > 0) {
      if (method === 'BRAINTREE_SAVED' && input.savedId) {
        main = { methodCode: 'BRAINTREE_SAVED', amount: fresh.amountOutstanding, token: input.savedId, type: 'saved' };
      } else if (method === 'BRAINTREE_CREDIT_CARD') {
        const fields = input.cardFields;
        if (!fields) return { type: 'notPlaced', message: CARD_FIELDS_UNAVAILABLE_MESSAGE };
        // inside the provider's frames: the page gets the nonce, card type and last four only
        const token = await fields.instance.tokenize().catch((e: unknown) => {
          throw new ApiError(400, 'CardInvalid', tokenizeErrorMessage(e));
        });
        main = { methodCode: method, amount: fresh.amountOutstanding, token: token.nonce, type: 'immediate', ...(input.saveCard ? { saveCard: true } : {}) };
      } else if (method === 'AFTERPAY') {
        main = { methodCode: 'AFTERPAY', amount: fresh.amountOutstanding, type: 'immediate' };
      } else {
        // the wallet approved the amount shown when Place order was pressed: a different total now is a changed order
        if (!walletNonce || fresh.amountOutstanding !== input.outstanding) return { type: 'notPlaced', message: PROMOTIONS_CHANGED_MESSAGE };
        main = { methodCode: method, amount: fresh.amountOutstanding, token: walletNonce, type: 'immediate' };
      }
    }
    track('add_payment_info', { payment_type: main?.methodCode ?? 'NO_PAYMENT' });
    const request = buildOrderRequest(items, state, fresh, main, input.billing);
    const response = await placeOrder(request, idempotencyKey.current);
    idempotencyKey.current = newIdempotencyKey();
    if (response.status === 'actionRequired' && response.actionData) return { type: 'redirect', url: response.actionData.url };
    applePay?.complete(true);
    applePay = null;
    await finishOrder(response, state, fresh, items, main?.methodCode ?? 'NO_PAYMENT');
    return { type: 'placed' };
  } catch (e) {
    idempotencyKey.current = newIdempotencyKey();
    if (e instanceof PaymentCancelled) return { type: 'notPlaced', message: walletCancelledMessage(e.wallet) };
    if (wallet && !(e instanceof ApiError)) return { type: 'notPlaced', message: PLACE_MESSAGES.PAYMENT_GATEWAY_REJECTED };
    if (!(e instanceof ApiError)) return { type: 'notPlaced', message: PLACE_MESSAGES.ERROR };
    if (e.code === 'CardInvalid') return { type: 'notPlaced', message: e.message };
    if (e.code === 'VoucherInsufficientFunds') await vouchersStillApply(input.onVoucherNotices);
    return orderRefused(e, items);
  } finally {
    // an Apple Pay sheet still open: the order did not go through
    applePay?.complete(false);
  }
}
