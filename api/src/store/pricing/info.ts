// The priced cart and the /checkout/info answer made of it.
import type { CheckoutInfoResponse, ShippingMethod } from '@store/contracts';
import type { EngineResult } from '../promotions/engine.js';
import type { VariantRow } from './variants.js';

export interface PricedCart {
  lines: { productId: string; variantId: string; name: string; variantLabel: string; qty: number; unitPrice: number; subtotal: number; discount: number; total: number }[];
  promotions: EngineResult;
  itemQuantity: number;
  itemSubtotal: number;
  totalDiscount: number;
  itemSubtotalAfterDiscounts: number;
  shippingMethods: ShippingMethod[];
  selectedShippingMethod: { id: string; label: string; price: number } | null;
  shippingPrice: number;
  grandTotal: number;
  gst: number;
  creditUsages: { id: string; methodCode: 'VOUCHER'; amount: number }[];
  amountOutstanding: number;
  afterpayAvailable: boolean;
  loyaltyPoints: number;
  variants: Map<string, VariantRow>;
}

export function toInfo(p: PricedCart): CheckoutInfoResponse {
  return {
    result: 'SUCCESS',
    promotions: {
      appliedPromotions: p.promotions.appliedPromotions,
      disallowedPromotions: p.promotions.disallowedPromotions,
      summedDiscounts: p.totalDiscount,
      resolvedCart: { promoCartItems: p.promotions.promoCartItems },
    },
    lines: p.lines.map(({ productId, variantId, qty, unitPrice, subtotal, discount, total }) => ({ productId, variantId, qty, unitPrice, subtotal, discount, total })),
    itemQuantity: p.itemQuantity,
    itemSubtotal: p.itemSubtotal,
    totalDiscount: p.totalDiscount,
    itemSubtotalAfterDiscounts: p.itemSubtotalAfterDiscounts,
    shippingMethods: p.shippingMethods,
    selectedShippingMethod: p.selectedShippingMethod,
    grandTotal: p.grandTotal,
    gst: p.gst,
    creditUsages: p.creditUsages,
    amountOutstanding: p.amountOutstanding,
    afterpayAvailable: p.afterpayAvailable,
    loyaltyPoints: p.loyaltyPoints,
  };
}

export function emptyInfo(result: 'CART_EMPTY' | 'ERROR'): CheckoutInfoResponse {
  return {
    result,
    promotions: { appliedPromotions: [], disallowedPromotions: [], summedDiscounts: 0, resolvedCart: { promoCartItems: [] } },
    lines: [],
    itemQuantity: 0,
    itemSubtotal: 0,
    totalDiscount: 0,
    itemSubtotalAfterDiscounts: 0,
    shippingMethods: [],
    selectedShippingMethod: null,
    grandTotal: 0,
    gst: 0,
    creditUsages: [],
    amountOutstanding: 0,
    afterpayAvailable: false,
    loyaltyPoints: 0,
  };
}
