/**
 * Return requests (/return/guest/create and /account/orders/{number}/return/{token}).
 * One schema per API body, used by the API (and its OpenAPI) and by the cart-checkout remote.
 *
 * The return token: an HMAC of the order number keyed with the order's own secret access token
 * (`returnTokenFor` in api/src/store/returns). It is issued with the order to whoever may read it: the
 * guest lookup by number and e-mail (POST /api/returns/lookup) and the signed-in customer's own
 * order (GET /api/account/orders/{number}/return-token). It proves the holder may return items of
 * that one order and nothing else.
 */
import { z } from 'zod';
import { CheckoutEmail } from './checkout';

export const RETURN_REASONS = {
  CHANGED_MIND: 'Changed my mind',
  DOES_NOT_FIT: 'Does not fit or too small',
  FAULTY: 'Faulty or damaged',
  NOT_AS_DESCRIBED: 'Not as described',
  WRONG_ITEM: 'Wrong item sent',
  OTHER: 'Other',
} as const;
export const ReturnReason = z.enum(Object.keys(RETURN_REASONS) as [keyof typeof RETURN_REASONS, ...(keyof typeof RETURN_REASONS)[]]);
export type ReturnReason = z.infer<typeof ReturnReason>;

const OrderNumber = z.string().trim().min(4).max(20);
const ReturnToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid return token.');

/** POST /api/returns/lookup (guest: order number and e-mail; rate-limited per client). */
export const ReturnLookupRequest = z.object({ number: OrderNumber, email: CheckoutEmail });
export type ReturnLookupRequest = z.infer<typeof ReturnLookupRequest>;

/** GET /api/returns/orders/{number}?token= (the account page, with the token from its URL). */
export const ReturnOrderParams = z.object({ number: OrderNumber });
export const ReturnTokenQuery = z.object({ token: ReturnToken });

export const ReturnableLine = z.object({
  productId: z.string(),
  variantId: z.string(),
  name: z.string(),
  variantLabel: z.string(),
  ordered: z.number().int(),
  /** Ordered less what earlier return requests of this order already cover. */
  returnable: z.number().int(),
  unitPrice: z.number().int(),
});
export type ReturnableLine = z.infer<typeof ReturnableLine>;

export const ReturnableOrder = z.object({
  number: z.string(),
  returnToken: z.string(),
  /**
   * The market the order was placed in and the currency of its amounts: the return form shows its
   * dates (returnBy) in that market's zone and locale and its prices in that currency, on either site.
   */
  market: z.enum(['NZ', 'AU']).optional(),
  currency: z.enum(['NZD', 'AUD']).optional(),
  createdAt: z.string(),
  /** The last moment it can be returned online (ISO; RETURN_WINDOW_DAYS after it was placed). */
  returnBy: z.string().optional(),
  lines: z.array(ReturnableLine),
});
export type ReturnableOrder = z.infer<typeof ReturnableOrder>;

export const ReturnItemInput = z.object({
  variantId: z.string().min(1).max(64),
  qty: z.number().int().min(1).max(999),
  reason: ReturnReason,
});
export type ReturnItemInput = z.infer<typeof ReturnItemInput>;

/** POST /api/returns: items of one order, each variant at most once. */
export const ReturnCreateRequest = z.object({
  number: OrderNumber,
  token: ReturnToken,
  items: z
    .array(ReturnItemInput)
    .min(1)
    .max(50)
    .refine((items) => new Set(items.map((i) => i.variantId)).size === items.length, 'Each item may be listed once.'),
  comment: z.string().trim().max(500).regex(/^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Z}\r\n]*$/u).optional(),
});
export type ReturnCreateRequest = z.input<typeof ReturnCreateRequest>;

export const ReturnCreateResponse = z.object({
  returnNumber: z.string(),
  orderNumber: z.string(),
  status: z.literal('requested'),
  items: z.array(z.object({ variantId: z.string(), name: z.string(), variantLabel: z.string(), qty: z.number().int(), reason: ReturnReason })),
  /** Cents: what the returned items cost (their share of the order's discounts taken off). */
  refundEstimate: z.number().int(),
  instructions: z.array(z.string()),
});
export type ReturnCreateResponse = z.infer<typeof ReturnCreateResponse>;

/** Errors of the return endpoints. */
export const RETURN_ERRORS = {
  NotFound: 'We could not find an order with that number and email address.',
  QuantityExceeded: 'You cannot return more than you ordered (less items already in a return).',
  NotReturnable: 'This order cannot be returned online. Contact our help centre.',
} as const;
