/**
 * Cart, checkout, payment, voucher and order bodies. Money is integer cents in the
 * market's currency, GST-inclusive. One schema per API body, used by the API and by the cart-checkout remote.
 */
import { z } from 'zod';
import { QANTAS_MEMBER_PATTERN } from './account';
import { addressProblem, MARKETS } from './market';
import { REFERRER_ID_PATTERN } from './referrers';
import { EMAIL_INVALID_MESSAGE, EMAIL_LENGTH_MAX, EMAIL_PATTERN } from './site-rules';

/** Letters, full stop, apostrophe, space, hyphen. */
const NAME_PATTERN = /^[\p{L}.' -]*$/u;
/** Digits, letters and . , ' / space hyphen. */
const ADDRESS_PATTERN = /^[\p{L}\p{N}.,'/ -]*$/u;
/** Free text: letters, marks, numbers, punctuation, symbols, separators and line breaks. */
const FREE_TEXT_PATTERN = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Z}\r\n]*$/u;
export const NZ_POSTCODE_PATTERN = /^\d{4}$/;
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

export const CHECKOUT_LIMITS = {
  emailMax: EMAIL_LENGTH_MAX,
  nameMax: 20,
  phoneMax: 20,
  instructionsMax: 250,
  challengeAnswerMax: 100,
  companyMax: 50,
  contactNameMax: 100,
  postcodeMax: 10,
  stateMax: 50,
  streetMax: 50,
  suburbMax: 50,
  /** Global cart item maximum. */
  cartItemMax: 99,
} as const;

export const CheckoutEmail = z.string().trim().max(CHECKOUT_LIMITS.emailMax).regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE);
export const CheckoutPersonName = z.string().trim().min(1).max(CHECKOUT_LIMITS.nameMax).regex(NAME_PATTERN, 'Use letters, full stops, apostrophes, spaces and hyphens only.');
export const CheckoutPhone = z.string().trim().max(CHECKOUT_LIMITS.phoneMax).regex(PHONE_PATTERN, 'Enter a valid phone number.');
const addressPart = (max: number) => z.string().trim().max(max).regex(ADDRESS_PATTERN, "Use letters, digits and . , ' / - only.");

export const CartItemInput = z.object({
  productId: z.string().min(1).max(64),
  variantId: z.string().min(1).max(64),
  qty: z.number().int().min(1).max(999),
  challengeAnswer: z.string().max(CHECKOUT_LIMITS.challengeAnswerMax).regex(FREE_TEXT_PATTERN).optional(),
});
export type CartItemInput = z.infer<typeof CartItemInput>;

/**
 * CheckoutAddress. Each site takes its own market's addresses only (only NZ on the NZ site,
 * only AU on the Australian site, with a state and a 4-digit postcode):
 * the schema accepts NZ and AU, and the API refuses an address of the other market.
 */
export const CheckoutAddress = z
  .object({
    company: addressPart(CHECKOUT_LIMITS.companyMax).optional().default(''),
    contactName: z.string().trim().min(1).max(CHECKOUT_LIMITS.contactNameMax).regex(NAME_PATTERN, 'Use letters, full stops, apostrophes, spaces and hyphens only.'),
    country: z.enum(['NZ', 'AU'], { message: 'Choose New Zealand or Australia.' }),
    phone: CheckoutPhone,
    postcode: z.string().trim().max(CHECKOUT_LIMITS.postcodeMax).regex(NZ_POSTCODE_PATTERN, 'Enter a 4-digit postcode.'),
    state: addressPart(CHECKOUT_LIMITS.stateMax).optional().default(''),
    street1: addressPart(CHECKOUT_LIMITS.streetMax).min(1),
    street2: addressPart(CHECKOUT_LIMITS.streetMax).optional().default(''),
    suburb: addressPart(CHECKOUT_LIMITS.suburbMax).min(1),
  })
  .superRefine((address, ctx) => {
    const problem = addressProblem(MARKETS[address.country], address);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type CheckoutAddress = z.infer<typeof CheckoutAddress>;
export type CheckoutAddressInput = z.input<typeof CheckoutAddress>;

export const ShippingType = z.enum(['DELIVERY', 'STORE_PICKUP']);
export type ShippingType = z.infer<typeof ShippingType>;

export const CheckoutShipping = z.object({
  type: ShippingType,
  /** Delivery option (a shipping method id such as standard or express) or the pickup option. */
  options: z.object({ methodId: z.string().min(1).max(40) }).optional(),
  clickCollectStoreId: z.string().min(1).max(40).optional(),
  instructions: z.string().max(CHECKOUT_LIMITS.instructionsMax).regex(FREE_TEXT_PATTERN).optional(),
});
export type CheckoutShipping = z.infer<typeof CheckoutShipping>;

export const CreditBalance = z.object({
  id: z.string().min(1).max(40),
  methodCode: z.literal('VOUCHER'),
  amount: z.number().int().min(0),
});
export type CreditBalance = z.infer<typeof CreditBalance>;

const promoCode = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ and - only.');

export const CheckoutCart = z.object({
  items: z.array(CartItemInput).max(200),
  promoCodes: z.array(promoCode).max(10).default([]),
  email: CheckoutEmail.optional(),
  firstName: CheckoutPersonName.optional(),
  lastName: CheckoutPersonName.optional(),
  shippingAddress: CheckoutAddress.optional(),
  shipping: CheckoutShipping.optional(),
});
export type CheckoutCart = z.infer<typeof CheckoutCart>;

/** POST /api/checkout/info */
export const CheckoutInfoRequest = z.object({
  cart: CheckoutCart,
  useProvisionalShippingAddress: z.boolean().optional(),
  availableCreditBalances: z.array(CreditBalance).max(10).default([]),
});
export type CheckoutInfoRequest = z.input<typeof CheckoutInfoRequest>;

export const DisallowReason = z.enum([
  'AppliedPromotionsLimitReached',
  'Exclusitivity',
  'NoApplicableCartItems',
  'PromotionPerCustomerUsageExceeded',
  'PromotionUsageExceeded',
  'Stopped',
  'CodeNotFound',
]);
export type DisallowReason = z.infer<typeof DisallowReason>;

export const AppliedPromotion = z.object({
  id: z.string(),
  versionId: z.string(),
  name: z.string(),
  exclusive: z.boolean(),
  relatedCouponCodes: z.array(z.string()),
  discount: z.number().int().describe('Cents taken off by this promotion (items and shipping)'),
});
export type AppliedPromotion = z.infer<typeof AppliedPromotion>;

export const DisallowedPromotion = z.object({
  id: z.string(),
  name: z.string(),
  reason: z.string().describe('A DisallowReason; an unknown one reads "has been removed."'),
  relatedCouponCodes: z.array(z.string()),
  /** Exclusitivity: the exclusive offer that pushed this one out. */
  exclusiveName: z.string().optional(),
  /** AppliedPromotionsLimitReached: the maximum. PromotionPerCustomerUsageExceeded: times redeemed. */
  count: z.number().int().optional(),
  /** NoApplicableCartItems of an offer with a minimum spend: the items it counts are there but come to less than this (cents). */
  minSubtotal: z.number().int().optional(),
});
export type DisallowedPromotion = z.infer<typeof DisallowedPromotion>;

export const PromoCartItem = z.object({ veloxProductId: z.string(), variantId: z.string(), promoId: z.string(), qty: z.number().int(), name: z.string() });
export type PromoCartItem = z.infer<typeof PromoCartItem>;

export const CheckoutLine = z.object({
  productId: z.string(),
  variantId: z.string(),
  qty: z.number().int(),
  unitPrice: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});
export type CheckoutLine = z.infer<typeof CheckoutLine>;

export const ShippingMethod = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  price: z.number().int(),
  priceAfterOffers: z.number().int().optional().describe('What this cart pays for the option, after the offers that apply to it (e.g. free delivery over an amount)'),
});
export type ShippingMethod = z.infer<typeof ShippingMethod>;

export const CheckoutInfoResult = z.enum(['SUCCESS', 'CART_EMPTY', 'ERROR']);

export const CheckoutInfoResponse = z.object({
  result: CheckoutInfoResult,
  message: z.string().optional(),
  promotions: z.object({
    appliedPromotions: z.array(AppliedPromotion),
    disallowedPromotions: z.array(DisallowedPromotion),
    summedDiscounts: z.number().int(),
    resolvedCart: z.object({ promoCartItems: z.array(PromoCartItem) }),
  }),
  lines: z.array(CheckoutLine),
  itemQuantity: z.number().int(),
  itemSubtotal: z.number().int(),
  totalDiscount: z.number().int(),
  itemSubtotalAfterDiscounts: z.number().int(),
  shippingMethods: z.array(ShippingMethod),
  selectedShippingMethod: z.object({ id: z.string(), label: z.string(), price: z.number().int() }).nullable(),
  grandTotal: z.number().int(),
  gst: z.number().int().describe('3/23 of grandTotal, half a cent rounded down'),
  creditUsages: z.array(z.object({ id: z.string(), methodCode: z.literal('VOUCHER'), amount: z.number().int() })),
  amountOutstanding: z.number().int(),
  afterpayAvailable: z.boolean(),
  loyaltyPoints: z.number().int(),
});
export type CheckoutInfoResponse = z.infer<typeof CheckoutInfoResponse>;

export const PaymentType = z.enum([
  'AFTERPAY',
  'BRAINTREE_APPLE_PAY',
  'BRAINTREE_CREDIT_CARD',
  'BRAINTREE_GOOGLE_PAY',
  'BRAINTREE_PAYPAL',
  'BRAINTREE_SAVED',
  'NO_PAYMENT',
]);
export type PaymentType = z.infer<typeof PaymentType>;

export const PaymentMethodInput = z.object({
  methodCode: z.union([PaymentType, z.literal('VOUCHER')]),
  amount: z.number().int().min(0),
  token: z.string().max(200).optional(),
  deviceData: z.string().max(2000).optional(),
  type: z.enum(['immediate', 'saved']).default('immediate'),
  /** BRAINTREE_CREDIT_CARD, signed in: vault the card for later (a verification of up to $1 is voided). */
  saveCard: z.boolean().optional(),
  code: z.string().max(40).optional(),
  pin: z.string().max(12).optional(),
});
export type PaymentMethodInput = z.input<typeof PaymentMethodInput>;

const utm = z.string().max(200).optional();

/** A referrer (referral or affiliate) id, as kept on the device (contracts/src/referrers.ts). */
const ReferrerId = z.string().regex(REFERRER_ID_PATTERN, 'Must be 6 capital letters or digits');

/** A Qantas Frequent Flyer number as the order carries it: whitespace is dropped, then 6 to 12 digits. */
export const QantasMemberId = z
  .string()
  .max(20)
  .overwrite((value) => value.replace(/\s+/g, ''))
  .regex(QANTAS_MEMBER_PATTERN, 'A Qantas Frequent Flyer number has 6 to 12 digits.');

/** POST /api/order/place */
export const OrderPlaceRequest = z.object({
  cartId: z.string().min(8).max(64),
  cart: CheckoutCart.extend({
    items: z.array(CartItemInput).min(1).max(200),
    email: CheckoutEmail,
    firstName: CheckoutPersonName,
    lastName: CheckoutPersonName,
    phone: CheckoutPhone,
    billingAddress: CheckoutAddress,
    shippingAddress: CheckoutAddress,
    shipping: CheckoutShipping,
  }),
  payment: z.object({ methods: z.array(PaymentMethodInput).min(1).max(6) }),
  expectedPromotions: z.array(z.object({ promotionId: z.string(), versionId: z.string() })).default([]),
  agreeToMarketing: z.boolean().default(false),
  analytics: z
    .object({ clientId: z.string().max(100).optional(), fbc: z.string().max(200).optional(), fbp: z.string().max(200).optional(), utm_campaign: utm, utm_content: utm, utm_medium: utm, utm_source: utm, utm_term: utm, referrerId: ReferrerId.optional() })
    .optional(),
  /**
   * Qantas Frequent Flyer: 6 to 12 digits, spaces ignored (the contact step's rule, validateLoyalty).
   * Stored with the order; read back masked (OrderView.loyalty).
   */
  loyalty: z.object({ qantas: z.object({ memberId: QantasMemberId }).optional() }).optional(),
  fraudAnalytics: z.object({ token: z.string().max(500) }).optional(),
});
export type OrderPlaceRequest = z.input<typeof OrderPlaceRequest>;

export const OrderPlaceResponse = z.object({
  orderNumber: z.string(),
  status: z.enum(['complete', 'actionRequired']),
  /** actionRequired: where to send the shopper (the pay-later approval page). */
  actionData: z.object({ type: z.literal('redirect'), url: z.string() }).nullable(),
  loyalty: z.object({ points: z.number().int() }).nullable(),
  /** Lets a guest read this order back (GET /api/orders/{number}?token=). */
  accessToken: z.string(),
});
export type OrderPlaceResponse = z.infer<typeof OrderPlaceResponse>;

/** Error answer of /order/place: `error` is the server error code. */
export const OrderErrorBody = z.object({
  error: z.string().describe('InsufficientStock, PaymentGatewayRejected, PaymentProcessorDeclinedHard, InvalidRequest, PaymentInstrumentTypeNotAccepted, PaymentFailureUnrecoverable, VoucherInsufficientFunds, PromotionsChanged, OrderInProgress, ...'),
  message: z.string(),
  orderNumber: z.string().optional(),
  code: z.string().optional(),
});
export type OrderErrorBody = z.infer<typeof OrderErrorBody>;

/** 422 from /checkout/info and /order/place: an item breaks a cart item validity rule (contracts/cart-rules). */
export const CartItemInvalidBody = z.object({
  error: z.literal('CartItemInvalid'),
  message: z.string().describe('Names the item and the rule, e.g. "cart.items.0 (Harbour Backpack, One size): qtyMaxViolated: There is a limit of 5 per size for this product."'),
  rule: z.enum(['productStateInvalid', 'productQtyMaxViolated', 'qtyMaxViolated', 'qtyMinViolated', 'qtyMultipleInvalid', 'qtyAvailableExceeded']),
  limit: z.number().int(),
  item: z.object({ index: z.number().int(), productId: z.string(), variantId: z.string() }),
});
export type CartItemInvalidBody = z.infer<typeof CartItemInvalidBody>;

export const AfterpayCompleteRequest = z.object({ token: z.string().min(8).max(80), amount: z.number().int().min(0) });
export type AfterpayCompleteRequest = z.infer<typeof AfterpayCompleteRequest>;

/** GET /api/payment/voucher/balance/{code} */
export const VoucherBalanceParams = z.object({ code: z.string().trim().min(4).max(40) });
export const VoucherBalanceQuery = z.object({ pin: z.string().trim().min(4).max(12), recaptchaToken: z.string().min(1).max(2000) });
export const VoucherBalanceResponse = z.object({
  code: z.string(),
  expires: z.number().int().describe('Expiry, epoch milliseconds'),
  amountRemaining: z.number().int(),
});
export type VoucherBalanceResponse = z.infer<typeof VoucherBalanceResponse>;

/** Browser-side card tokenisation at the sandbox gateway (as hosted fields would). */
/**
 * GET /api/payments/client-config: the payment clients the payment step loads. Card
 * details are typed into the provider's hosted fields (frames of its own origin); the store only
 * ever gets a nonce, the card type and the last four digits.
 */
export const PaymentClientConfigResponse = z.object({
  /** Braintree web SDK shaped client script(s), loaded in order (the local stand-in's by default). */
  clientScriptUrls: z.array(z.string()),
  /** Tokenization key for `braintree.client.create({ authorization })`. */
  authorization: z.string(),
  googlePay: z.object({ scriptUrl: z.string(), environment: z.enum(['TEST', 'PRODUCTION']), merchantId: z.string(), gatewayMerchantId: z.string() }),
  applePay: z.object({ displayName: z.string() }),
});
export type PaymentClientConfigResponse = z.infer<typeof PaymentClientConfigResponse>;

export const OrderView = z.object({
  number: z.string(),
  status: z.string(),
  /** The market the order was placed in (NZ, AU) and the currency of every amount (NZD, AUD). */
  market: z.enum(['NZ', 'AU']).optional(),
  currency: z.enum(['NZD', 'AUD']).optional(),
  createdAt: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  shippingType: ShippingType,
  /** Click and collect: the name of the store the order is collected from (null for a delivery). */
  pickupStoreName: z.string().nullable().optional(),
  shippingAddress: CheckoutAddress,
  billingAddress: CheckoutAddress,
  items: z.array(z.object({ productId: z.string(), variantId: z.string(), name: z.string(), variantLabel: z.string(), qty: z.number().int(), unitPrice: z.number().int(), total: z.number().int(), promo: z.boolean() })),
  promoCodes: z.array(z.string()),
  payments: z.array(z.object({ methodCode: z.string(), amount: z.number().int(), label: z.string() })),
  itemSubtotal: z.number().int(),
  totalDiscount: z.number().int(),
  shippingPrice: z.number().int(),
  grandTotal: z.number().int(),
  gst: z.number().int(),
  loyaltyPoints: z.number().int(),
  /**
   * The order's loyalty: points, and the Qantas Frequent Flyer number it was placed with masked
   * but for its last 3 digits (e.g. •••••123; null without one). Always sent by the API.
   */
  loyalty: z.object({ points: z.number().int(), qantas: z.object({ maskedMemberId: z.string() }).nullable() }).optional(),
});
export type OrderView = z.infer<typeof OrderView>;

/** A saved card (GET /api/account/payment-methods). `id` is what BRAINTREE_SAVED sends as its token. */
export const SavedPaymentMethod = z.object({
  id: z.string(),
  cardType: z.string(),
  lastFour: z.string(),
  /** MM/YY, empty when the gateway did not say. */
  expiry: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethod>;
export const SavedPaymentMethodsResponse = z.object({ paymentMethods: z.array(SavedPaymentMethod) });
export type SavedPaymentMethodsResponse = z.infer<typeof SavedPaymentMethodsResponse>;
export const SavedPaymentMethodParams = z.object({ id: z.string().regex(/^spm_[0-9a-f]{24}$/) });

export const OrderLookupRequest = z.object({ number: z.string().trim().min(4).max(20), email: CheckoutEmail });
export const OrderTokenQuery = z.object({ token: z.string().min(8).max(80) });
export const OrderNumberParams = z.object({ number: z.string().min(4).max(20) });
