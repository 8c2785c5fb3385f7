/** The shapes order placement and its steps share: the request, its context and the order row's JSON columns. */
import type { MarketSettings, OrderPlaceRequest as OrderPlaceSchema } from '@store/contracts';
import type { z } from 'zod';

export type PlaceInput = z.infer<typeof OrderPlaceSchema>;

/** One payment method of the request. */
export type PlaceMethod = PlaceInput['payment']['methods'][number];

export interface OrderContext {
  userSub?: string;
  /** Base URL the pay-later approval page returns to (origin of the shop). */
  returnBase?: string;
  /** The site's origin as the shopper reached it (`https://host`): where a pay-later provider sends the shopper back. */
  siteOrigin?: string;
  /** The shopper's connection, for the fraud decision. */
  ip?: string;
  userAgent?: string;
  /** The market the order is placed in (the request's host). NZ when absent. */
  market?: MarketSettings;
  /** The request's Idempotency-Key: recorded on the order row in the transaction that inserts it. */
  idempotencyKey?: string;
}

/** A line of `orders.items`. */
export interface StoredItem {
  productId: string;
  variantId: string;
  name: string;
  variantLabel: string;
  qty: number;
  unitPrice: number;
  total: number;
  promo: boolean;
}

/** A payment of `orders.payments`. */
export interface StoredPayment {
  methodCode: string;
  amount: number;
  label: string;
  code?: string;
  transactionId?: string;
  payLaterToken?: string;
  /** The pay-later approval page the shopper was sent to (the placement's answer, rebuilt for a retry). */
  payLaterUrl?: string;
}

/** What a released order gave back: the offers whose usage and the products whose stock came back. */
export interface Released {
  promotions: string[];
  productIds: number[];
}
