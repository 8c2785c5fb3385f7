/**
 * Server errors -> place-order results, the shopper messages and the voucher results, in the exact
 * wording the shopper sees (the promotion-removed alerts, shared with the cart, are in
 * lib/checkout/promotionMessages.ts).
 */

export type PlaceResult =
  | 'SUCCESS'
  | 'ERROR'
  | 'INSUFFICIENT_STOCK'
  | 'PAYMENT_GATEWAY_REJECTED'
  | 'PAYMENT_PROCESSOR_DECLINED_HARD'
  | 'AFTERPAY_CHECKOUT_UPDATED'
  | 'PAYMENT_INSTRUMENT_TYPE_NOT_ACCEPTED'
  | 'PAYMENT_FAILURE_UNRECOVERABLE'
  | 'INSUFFICIENT_VOUCHER_BALANCE';

export function placeResultOf(error: string, message = ''): PlaceResult {
  switch (error) {
    case 'InsufficientStock':
      return 'INSUFFICIENT_STOCK';
    case 'PaymentGatewayRejected':
      return 'PAYMENT_GATEWAY_REJECTED';
    case 'PaymentProcessorDeclinedHard':
      return 'PAYMENT_PROCESSOR_DECLINED_HARD';
    case 'InvalidRequest':
      return /delayed-payment details mismatch/i.test(message) ? 'AFTERPAY_CHECKOUT_UPDATED' : 'ERROR';
    case 'PaymentInstrumentTypeNotAccepted':
      return 'PAYMENT_INSTRUMENT_TYPE_NOT_ACCEPTED';
    case 'PaymentFailureUnrecoverable':
      return 'PAYMENT_FAILURE_UNRECOVERABLE';
    case 'VoucherInsufficientFunds':
      return 'INSUFFICIENT_VOUCHER_BALANCE';
    default:
      return 'ERROR';
  }
}

export const PLACE_MESSAGES: Record<Exclude<PlaceResult, 'SUCCESS'>, string> = {
  ERROR: 'We were unable to place your order. Please try again.',
  INSUFFICIENT_STOCK: 'An item in your cart has sold out. Review your cart and try again.',
  PAYMENT_GATEWAY_REJECTED: 'We were unable to process your payment. Please try again or use another payment method.',
  PAYMENT_PROCESSOR_DECLINED_HARD: 'Your payment was declined. Try another payment method or contact your bank.',
  AFTERPAY_CHECKOUT_UPDATED: 'Your order was updated in another window or tab. Please try again.',
  PAYMENT_INSTRUMENT_TYPE_NOT_ACCEPTED: 'This card type is not accepted. Please use another card or payment method.',
  PAYMENT_FAILURE_UNRECOVERABLE: 'Your order was unsuccessful.',
  INSUFFICIENT_VOUCHER_BALANCE: 'Your gift card balance has changed. Review your total and try again.',
};

/** An Afterpay checkout not completed within its time (AfterpayCheckoutExpired): nothing was charged, the order was cancelled. */
export const AFTERPAY_EXPIRED_MESSAGE = 'Your Afterpay checkout expired before it was completed, so nothing was charged. Choose a payment method to place your order again.';

/** The card fields (the payment provider's frames) could not be loaded. */
export const CARD_FIELDS_UNAVAILABLE_MESSAGE = 'Card payments are unavailable right now. Choose another payment method or try again.';

/** A wallet the shopper cancelled or closed (PayPal, Google Pay, Apple Pay): nothing was charged. */
export const walletCancelledMessage = (wallet: 'PayPal' | 'Google Pay' | 'Apple Pay') => `Your ${wallet} payment was cancelled. Choose another payment method.`;

/** A wallet that is not available at the moment of paying (its script did not load). */
export const walletUnavailableMessage = (wallet: 'PayPal' | 'Google Pay' | 'Apple Pay') => `${wallet} is unavailable right now. Choose another payment method.`;

export const PROMOTIONS_CHANGED_MESSAGE = 'Your order was updated in another window or tab. Please review it and try again.';

/** WRONG_MARKET: a gift card in the other market's currency (an NZ card on the Australian site). */
export type VoucherResult = 'SUCCESS' | 'SUSPENDED' | 'EXPIRED' | 'NOT_FOUND' | 'LOCKED' | 'ALREADY_APPLIED' | 'ERROR' | 'REDEEMED' | 'WRONG_MARKET';

export function voucherResultOf(error: string, message: string): VoucherResult {
  if (message === 'Gift card is suspended') return 'SUSPENDED';
  switch (error) {
    case 'VoucherExpired':
      return 'EXPIRED';
    case 'VoucherInvalid':
      return 'NOT_FOUND';
    case 'VoucherLocked':
      return 'LOCKED';
    case 'VoucherCurrencyMismatch':
      return 'WRONG_MARKET';
    default:
      return 'ERROR';
  }
}

export const VOUCHER_MESSAGES: Record<Exclude<VoucherResult, 'SUCCESS'>, string> = {
  NOT_FOUND: 'The gift card code or PIN is incorrect.',
  SUSPENDED: 'This gift card has been suspended.',
  LOCKED: 'This gift card is locked after too many incorrect PIN attempts.',
  REDEEMED: 'This gift card has already been redeemed.',
  EXPIRED: 'This gift card has expired.',
  ALREADY_APPLIED: 'This gift card is already applied.',
  ERROR: 'We were unable to verify this gift card. Please try again.',
  WRONG_MARKET: "This gift card is for the other country's store and can't pay for an order here.",
};

export const ALREADY_LOADING_VOUCHER = 'Already loading voucher.';
