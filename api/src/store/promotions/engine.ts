/**
 * The promotions engine (pure): which offers apply to a cart, which are refused and why, and
 * how much each takes off which line. Discounts are taken from what is left of each line after
 * earlier offers, so no line ever goes below zero and the parts always add up.
 */
import type { AppliedPromotion, DisallowedPromotion, PromoCartItem } from '@store/contracts';
import { allocate, percentOf } from '../money/money.js';

export type PromotionRuleSpec =
  | { kind: 'percentCategory'; percent: number; categoryPaths: string[] }
  | { kind: 'amountOff'; amount: number; minSubtotal: number; categoryPaths?: string[] }
  | { kind: 'freeShipping'; minSubtotal: number }
  | { kind: 'buyXGetY'; categoryPaths: string[]; buyQty: number; giftProductId: string; giftVariantId: string; giftName: string; giftQty: number };

export interface PromotionDef {
  id: string;
  versionId: string;
  name: string;
  code: string | null;
  rule: PromotionRuleSpec;
  exclusive: boolean;
  stopsFurther: boolean;
  priority: number;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  usedCount: number;
}

export interface EngineLine {
  productId: string;
  variantId: string;
  qty: number;
  unitPrice: number;
  /** Category paths of the product (e.g. bags/backpacks). */
  categoryPaths: string[];
}

export interface EngineInput {
  lines: EngineLine[];
  /** Codes the shopper entered (any case). */
  codes: string[];
  /** Price of the selected (or provisional) shipping method, before offers. */
  shippingPrice: number;
  /** Times the customer already redeemed each promotion (by id). */
  customerUsage: ReadonlyMap<string, number>;
  /** A maximum of N offers can be redeemed at once. */
  maxApplied: number;
}

export interface EngineResult {
  appliedPromotions: AppliedPromotion[];
  disallowedPromotions: DisallowedPromotion[];
  /** Discount per input line, in input order. */
  lineDiscounts: number[];
  shippingDiscount: number;
  promoCartItems: PromoCartItem[];
}

const matches = (line: EngineLine, paths: string[] | undefined): boolean =>
  !paths || paths.length === 0 || line.categoryPaths.some((p) => paths.some((want) => p === want || p.startsWith(`${want}/`)));

interface Effect {
  lineDiscounts: number[];
  shippingDiscount: number;
  promoItems: PromoCartItem[];
}

/** What the offer would do given what is left of each line; null when nothing in the cart qualifies. */
function effectOf(promo: PromotionDef, lines: EngineLine[], remaining: number[], shippingLeft: number): Effect | null {
  const none = lines.map(() => 0);
  const rule = promo.rule;
  switch (rule.kind) {
    case 'percentCategory': {
      const discounts = lines.map((line, i) => (matches(line, rule.categoryPaths) ? percentOf(remaining[i]!, rule.percent) : 0));
      if (!lines.some((line) => matches(line, rule.categoryPaths))) return null;
      return { lineDiscounts: discounts, shippingDiscount: 0, promoItems: [] };
    }
    case 'amountOff': {
      const eligible = lines.map((line, i) => (matches(line, rule.categoryPaths) ? remaining[i]! : 0));
      const base = eligible.reduce((s, v) => s + v, 0);
      if (base <= 0 || base < rule.minSubtotal) return null;
      return { lineDiscounts: allocate(Math.min(rule.amount, base), eligible), shippingDiscount: 0, promoItems: [] };
    }
    case 'freeShipping': {
      const subtotal = remaining.reduce((s, v) => s + v, 0);
      if (lines.length === 0 || subtotal < rule.minSubtotal) return null;
      return { lineDiscounts: none, shippingDiscount: shippingLeft, promoItems: [] };
    }
    case 'buyXGetY': {
      const qty = lines.reduce((s, line) => s + (matches(line, rule.categoryPaths) ? line.qty : 0), 0);
      if (qty < rule.buyQty) return null;
      return {
        lineDiscounts: none,
        shippingDiscount: 0,
        promoItems: [{ veloxProductId: rule.giftProductId, variantId: rule.giftVariantId, promoId: promo.id, qty: rule.giftQty, name: rule.giftName }],
      };
    }
  }
}

/** The minimum spend an offer's items fall short of (cents), or null when that is not why it does not apply. */
function minimumShortOf(promo: PromotionDef, lines: EngineLine[], remaining: number[]): number | null {
  const rule = promo.rule;
  if (rule.kind === 'amountOff') {
    const base = lines.reduce((s, line, i) => s + (matches(line, rule.categoryPaths) ? remaining[i]! : 0), 0);
    return base > 0 && base < rule.minSubtotal ? rule.minSubtotal : null;
  }
  if (rule.kind === 'freeShipping') {
    const subtotal = remaining.reduce((s, v) => s + v, 0);
    return lines.length > 0 && subtotal < rule.minSubtotal ? rule.minSubtotal : null;
  }
  return null;
}

export function runPromotions(promotions: readonly PromotionDef[], input: EngineInput): EngineResult {
  const codes = [...new Set(input.codes.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  const byCode = new Map(promotions.filter((p) => p.code).map((p) => [p.code!.toUpperCase(), p]));
  const disallowed: DisallowedPromotion[] = [];
  const candidates: PromotionDef[] = promotions.filter((p) => !p.code);
  for (const code of codes) {
    const promo = byCode.get(code);
    if (promo) candidates.push(promo);
    else disallowed.push({ id: code, name: code, reason: 'CodeNotFound', relatedCouponCodes: [code] });
  }
  candidates.sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id));

  const lineTotals = input.lines.map((l) => l.qty * l.unitPrice);
  const remaining = [...lineTotals];
  let shippingLeft = input.shippingPrice;
  const lineDiscounts = input.lines.map(() => 0);
  let shippingDiscount = 0;
  const applied: AppliedPromotion[] = [];
  const promoCartItems: PromoCartItem[] = [];
  const codesOf = (p: PromotionDef) => (p.code ? [p.code] : []);
  const refuse = (p: PromotionDef, reason: DisallowedPromotion['reason'], extra: Partial<DisallowedPromotion> = {}) => {
    // automatic offers that simply do not apply are not "removed": only report real refusals
    disallowed.push({ id: p.id, name: p.name, reason, relatedCouponCodes: codesOf(p), ...extra });
  };

  // Usage limits first: an offer used up never takes part.
  const usable = candidates.filter((p) => {
    if (p.usageLimit !== null && p.usedCount >= p.usageLimit) {
      refuse(p, 'PromotionUsageExceeded');
      return false;
    }
    const used = input.customerUsage.get(p.id) ?? 0;
    if (p.usageLimitPerCustomer !== null && used >= p.usageLimitPerCustomer) {
      refuse(p, 'PromotionPerCustomerUsageExceeded', { count: used });
      return false;
    }
    return true;
  });

  // An applicable exclusive offer (the first by priority) pushes out every other one.
  const exclusive = usable.find((p) => p.exclusive && effectOf(p, input.lines, remaining, shippingLeft) !== null);
  let stoppedBy: PromotionDef | null = null;
  for (const promo of usable) {
    if (exclusive && promo !== exclusive) {
      if (promo.code || effectOf(promo, input.lines, remaining, shippingLeft)) refuse(promo, 'Exclusitivity', { exclusiveName: exclusive.name });
      continue;
    }
    const effect = effectOf(promo, input.lines, remaining, shippingLeft);
    if (!effect) {
      if (promo.code) {
        const minSubtotal = minimumShortOf(promo, input.lines, remaining);
        refuse(promo, 'NoApplicableCartItems', minSubtotal === null ? {} : { minSubtotal });
      }
      continue;
    }
    if (stoppedBy) {
      refuse(promo, 'Stopped');
      continue;
    }
    if (applied.length >= input.maxApplied) {
      refuse(promo, 'AppliedPromotionsLimitReached', { count: input.maxApplied });
      continue;
    }
    effect.lineDiscounts.forEach((d, i) => {
      remaining[i] = remaining[i]! - d;
      lineDiscounts[i] = lineDiscounts[i]! + d;
    });
    shippingLeft -= effect.shippingDiscount;
    shippingDiscount += effect.shippingDiscount;
    promoCartItems.push(...effect.promoItems);
    applied.push({
      id: promo.id,
      versionId: promo.versionId,
      name: promo.name,
      exclusive: promo.exclusive,
      relatedCouponCodes: codesOf(promo),
      discount: effect.lineDiscounts.reduce((s, d) => s + d, 0) + effect.shippingDiscount,
    });
    if (promo.stopsFurther) stoppedBy = promo;
  }
  return { appliedPromotions: applied, disallowedPromotions: disallowed, lineDiscounts, shippingDiscount, promoCartItems };
}
