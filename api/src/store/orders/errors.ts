/**
 * How order placement fails: `OrderError` (the API's error body and status), the payment
 * failures' statuses and messages, and the Afterpay messages. Used by the placement steps
 * (./service.ts and its step modules) and the routes.
 */
import { formatMoney, type MarketSettings } from '@store/contracts';
import type { ChargeFailure } from '../payments/gateway.js';

export class OrderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
    readonly orderNumber?: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = code;
  }
  body() {
    return { error: this.code, message: this.message, ...(this.orderNumber ? { orderNumber: this.orderNumber } : {}), ...(this.detail ? { code: this.detail } : {}) };
  }
}

export const PAYMENT_ERROR_STATUS: Record<ChargeFailure, number> = {
  PaymentGatewayRejected: 402,
  PaymentProcessorDeclined: 402,
  PaymentProcessorDeclinedHard: 402,
  PaymentInstrumentTypeNotAccepted: 402,
  PaymentFailureUnrecoverable: 402,
  PaymentMethodInvalid: 400,
};

/** A failed charge (or card vaulting) as the order's error; unrecoverable ones name the order. */
export function paymentError(error: ChargeFailure, number: string, code?: string): OrderError {
  const unrecoverable = error === 'PaymentFailureUnrecoverable';
  return new OrderError(error, paymentMessage(error), PAYMENT_ERROR_STATUS[error], unrecoverable ? number : undefined, code);
}

/** The order was settled by the crash-recovery sweep while this placement was still running (it took too long). */
export function settledMeanwhile(number: string): OrderError {
  return new OrderError('PaymentFailureUnrecoverable', paymentMessage('PaymentFailureUnrecoverable'), PAYMENT_ERROR_STATUS.PaymentFailureUnrecoverable, number);
}

/** "Afterpay is available for orders up to $2,000." in the market's currency and its own limit (AFTERPAY_MAX_CENTS_<currency>). */
export function afterpayLimitMessage(market: MarketSettings): string {
  return `Afterpay is available for orders up to ${formatMoney(market.afterpayMaxCents, market).replace(/\.00$/, '')}.`;
}

export const AFTERPAY_EXPIRED_MESSAGE = 'This Afterpay checkout has expired.';

export function paymentMessage(error: ChargeFailure): string {
  switch (error) {
    case 'PaymentProcessorDeclinedHard':
    case 'PaymentProcessorDeclined':
      return 'The payment was declined.';
    case 'PaymentGatewayRejected':
      return 'The payment was rejected by the gateway.';
    case 'PaymentInstrumentTypeNotAccepted':
      return 'This card type is not accepted.';
    case 'PaymentFailureUnrecoverable':
      return 'The payment could not be completed.';
    case 'PaymentMethodInvalid':
      return 'The payment details are no longer valid.';
  }
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && (err.constraint === constraint || err.message?.includes(constraint))) return true;
  }
  return false;
}
