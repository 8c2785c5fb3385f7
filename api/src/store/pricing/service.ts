/**
 * Checkout pricing (/checkout/info): cart lines priced from the catalogue, offers from
 * the promotions engine, shipping, gift-card credits, GST (3/23, half a cent down) and the
 * amount outstanding. Order placement prices the cart through the same code.
 */
import { DEFAULT_MARKET, type CheckoutCart, type CheckoutInfoResponse, type CreditBalance, type MarketSettings, type ShippingMethod } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { runPromotions, type PromotionDef, type PromotionRuleSpec } from '../promotions/engine.js';
import { gstOfInclusive, loyaltyPointsFor } from '../money/money.js';
import { emptyInfo, toInfo, type PricedCart } from './info.js';
import { CartItemInvalid, CheckoutError, checkCartRules, isId, samePricing, toVariantRow, variantRowsQuery, type VariantDbRow, type VariantRow } from './variants.js';

export { toInfo, type PricedCart } from './info.js';
export { CartItemInvalid, CheckoutError, SERVER_CART_RULES, checkCartRules, samePricing, toVariantRow, variantRowsQuery, type VariantDbRow, type VariantRow } from './variants.js';

export interface CheckoutSettings {
  /** Maximum number of offers redeemed at once. */
  maxAppliedPromotions: number;
  /** Pay-later instalments are offered for totals from 0 to this (cents). */
  afterpayMax: number;
  /** How long promotions and shipping methods are cached in memory (ms). */
  cacheMs: number;
}

export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = { maxAppliedPromotions: 3, afterpayMax: 200_000, cacheMs: 5_000 };

export const PICKUP_METHOD = { id: 'click-collect', label: 'Click & collect', price: 0 } as const;

export class CheckoutService {
  /** Active offers per currency (an offer's amounts are in its currency). */
  private readonly promoCache = new Map<string, { at: number; value: PromotionDef[] }>();
  /** Delivery options per market. */
  private readonly shippingCache = new Map<string, { at: number; value: ShippingMethod[] }>();
  /** Catalogue rows of recently priced variants (prices, names, categories) by `currency:variantId`; placement reads fresh ones. */
  private readonly variantCache = new Map<string, { at: number; row: VariantRow }>();

  constructor(
    private readonly db: Database,
    readonly settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS,
  ) {}

  invalidate(): void {
    this.promoCache.clear();
    this.shippingCache.clear();
  }

  /**
   * An order took (or gave back) offer usage. Only an overall usage limit reads the cached
   * used counts, so the cached offers are dropped only when one of these offers has one.
   */
  promotionsUsed(ids: readonly string[]): void {
    if (ids.length === 0) return;
    for (const [currency, cached] of this.promoCache) {
      if (cached.value.some((p) => p.usageLimit !== null && ids.includes(p.id))) this.promoCache.delete(currency);
    }
  }

  /** Rows read by someone else (the order statement): newer than what the cache holds. */
  remember(rows: Iterable<VariantRow>, currency = 'NZD'): void {
    const at = Date.now();
    for (const row of rows) this.variantCache.set(`${currency}:${row.variantId}`, { at, row });
  }

  /**
   * The SQL of the priced lines' catalogue rows as they are now, for a statement that takes their
   * stock and reads them at once (order placement); `unchangedSince` judges what it read.
   */
  currentRowsQuery(priced: PricedCart, currency = 'NZD'): SQL {
    return variantRowsQuery([...new Set(priced.lines.map((l) => Number(l.variantId)))], currency);
  }

  /**
   * The rows `currentRowsQuery` read (newer than the cache: remembered), and whether every line of
   * the cart still has the catalogue row it was priced with (same price, state and limits).
   */
  unchangedSince(priced: PricedCart, rows: readonly VariantDbRow[], currency = 'NZD'): boolean {
    const now = rows.map(toVariantRow);
    this.remember(now, currency);
    const nowById = new Map(now.map((row) => [row.variantId, row]));
    for (const line of priced.lines) {
      const current = nowById.get(line.variantId);
      if (!current || !samePricing(priced.variants.get(line.variantId)!, current)) return false;
    }
    return true;
  }

  /** The active offers in a currency (a market's). */
  async promotions(fresh = false, currency = 'NZD'): Promise<PromotionDef[]> {
    const cached = this.promoCache.get(currency);
    if (!fresh && cached && Date.now() - cached.at < this.settings.cacheMs) return cached.value;
    const rows = await queryRows<{
      id: string;
      version_id: string;
      name: string;
      code: string | null;
      rule: PromotionRuleSpec;
      exclusive: boolean;
      stops_further: boolean;
      priority: number;
      usage_limit: number | null;
      usage_limit_per_customer: number | null;
      used_count: number;
    }>(this.db, sql`select id, version_id, name, code, rule, exclusive, stops_further, priority, usage_limit, usage_limit_per_customer, used_count from promotions where active and currency = ${currency} order by priority, id`);
    const value = rows.map((r) => ({
      id: r.id,
      versionId: r.version_id,
      name: r.name,
      code: r.code,
      rule: r.rule,
      exclusive: r.exclusive,
      stopsFurther: r.stops_further,
      priority: r.priority,
      usageLimit: r.usage_limit,
      usageLimitPerCustomer: r.usage_limit_per_customer,
      usedCount: r.used_count,
    }));
    this.promoCache.set(currency, { at: Date.now(), value });
    return value;
  }

  /** The delivery options of a market (their prices in its currency). */
  async shippingMethods(market = 'NZ'): Promise<ShippingMethod[]> {
    const cached = this.shippingCache.get(market);
    if (cached && Date.now() - cached.at < this.settings.cacheMs) return cached.value;
    const value = await queryRows<ShippingMethod>(this.db, sql`select id, label, description, price from shipping_methods where active and market = ${market} order by position, id`);
    this.shippingCache.set(market, { at: Date.now(), value });
    return value;
  }

  async variantRows(variantIds: string[], fresh = false, currency = 'NZD'): Promise<Map<string, VariantRow>> {
    const now = Date.now();
    const result = new Map<string, VariantRow>();
    const missing: string[] = [];
    for (const id of new Set(variantIds)) {
      const hit = fresh ? undefined : this.variantCache.get(`${currency}:${id}`);
      if (hit && now - hit.at < this.settings.cacheMs) result.set(id, hit.row);
      else missing.push(id);
    }
    if (missing.length === 0) return result;
    const loaded = await this.loadVariantRows(missing, currency);
    if (this.variantCache.size > 50_000) this.variantCache.clear();
    for (const [id, row] of loaded) {
      this.variantCache.set(`${currency}:${id}`, { at: now, row });
      result.set(id, row);
    }
    return result;
  }

  private async loadVariantRows(variantIds: string[], currency: string): Promise<Map<string, VariantRow>> {
    const ids = [...new Set(variantIds.filter(isId).map(Number))];
    if (ids.length === 0) return new Map();
    const rows = await queryRows<VariantDbRow>(this.db, variantRowsQuery(ids, currency));
    return new Map(rows.map((r) => [String(r.variant_id), toVariantRow(r)]));
  }

  async customerUsage(email: string | undefined, promotions: PromotionDef[], codes: string[] = []): Promise<Map<string, number>> {
    const entered = new Set(codes.map((c) => c.trim().toUpperCase()));
    const relevant = promotions.some((p) => p.usageLimitPerCustomer !== null && (p.code === null || entered.has(p.code.toUpperCase())));
    if (!email || !relevant) return new Map();
    const rows = await queryRows<{ promotion_id: string; n: number }>(
      this.db,
      sql`select promotion_id, count(*)::int as n from promotion_usages where customer = ${email.toLowerCase()} group by promotion_id`,
    );
    return new Map(rows.map((r) => [r.promotion_id, Number(r.n)]));
  }

  /**
   * Prices a cart in a market (its currency's prices and offers, its delivery options, its GST and
   * Afterpay limit). Throws CheckoutError for unknown products/variants (or ones not sold in the
   * market) or an unknown shipping option.
   */
  async price(cart: CheckoutCart, credits: CreditBalance[], { provisionalShipping = false, fresh = false, market = DEFAULT_MARKET }: { provisionalShipping?: boolean; fresh?: boolean; market?: MarketSettings } = {}): Promise<PricedCart> {
    const [variants, promotions, methods] = await Promise.all([
      this.variantRows(cart.items.map((i) => i.variantId), fresh, market.currency),
      this.promotions(false, market.currency),
      this.shippingMethods(market.id),
    ]);
    const lines = cart.items.map((item, index) => {
      const row = variants.get(item.variantId);
      if (!row) throw new CheckoutError('ProductVariantNotFound', 'Product variant not found.', 400);
      if (row.productId !== item.productId) throw new CheckoutError('ProductNotFound', `Product not found: items.${index}.productId does not own the variant.`, 400);
      return { productId: row.productId, variantId: row.variantId, name: row.name, variantLabel: row.variantLabel, qty: item.qty, unitPrice: row.price, categoryPaths: row.categoryPaths };
    });
    checkCartRules(cart.items, variants);

    let selected: PricedCart['selectedShippingMethod'] = null;
    const shipping = cart.shipping;
    if (shipping?.type === 'STORE_PICKUP') selected = { ...PICKUP_METHOD };
    else if (shipping?.type === 'DELIVERY') {
      const wanted = shipping.options?.methodId ?? methods[0]?.id;
      const method = methods.find((m) => m.id === wanted);
      if (!method) throw new CheckoutError('ShippingMethodNotFound', `Unknown delivery option "${wanted ?? ''}".`, 400);
      selected = { id: method.id, label: method.label, price: method.price };
    } else if (provisionalShipping && methods[0]) selected = { id: methods[0].id, label: methods[0].label, price: methods[0].price };
    const shippingBefore = selected?.price ?? 0;

    const usage = await this.customerUsage(cart.email, promotions, cart.promoCodes ?? []);
    const run = (shippingPrice: number) =>
      runPromotions(promotions, { lines, codes: cart.promoCodes ?? [], shippingPrice, customerUsage: usage, maxApplied: this.settings.maxAppliedPromotions });
    const result = run(shippingBefore);
    // each option listed at what this cart would be charged for it (a free-delivery offer included)
    const pricedMethods = methods.map((m) => ({ ...m, priceAfterOffers: m.id === selected?.id ? shippingBefore - result.shippingDiscount : m.price - run(m.price).shippingDiscount }));

    const priced = lines.map((line, i) => {
      const subtotal = line.qty * line.unitPrice;
      const discount = result.lineDiscounts[i] ?? 0;
      return { productId: line.productId, variantId: line.variantId, name: line.name, variantLabel: line.variantLabel, qty: line.qty, unitPrice: line.unitPrice, subtotal, discount, total: subtotal - discount };
    });
    const itemSubtotal = priced.reduce((s, l) => s + l.subtotal, 0);
    const itemDiscount = priced.reduce((s, l) => s + l.discount, 0);
    const itemSubtotalAfterDiscounts = itemSubtotal - itemDiscount;
    const shippingPrice = shippingBefore - result.shippingDiscount;
    const grandTotal = itemSubtotalAfterDiscounts + shippingPrice;
    let left = grandTotal;
    const creditUsages: PricedCart['creditUsages'] = [];
    for (const credit of credits) {
      const amount = Math.min(left, credit.amount);
      if (amount <= 0) continue;
      creditUsages.push({ id: credit.id, methodCode: 'VOUCHER', amount });
      left -= amount;
    }
    return {
      lines: priced,
      promotions: result,
      itemQuantity: priced.reduce((s, l) => s + l.qty, 0),
      itemSubtotal,
      totalDiscount: itemDiscount + result.shippingDiscount,
      itemSubtotalAfterDiscounts,
      shippingMethods: pricedMethods,
      selectedShippingMethod: selected ? { ...selected, price: shippingPrice } : null,
      shippingPrice,
      grandTotal,
      gst: gstOfInclusive(grandTotal, market.gstPercent),
      creditUsages,
      amountOutstanding: left,
      afterpayAvailable: left > 0 && left <= market.afterpayMaxCents,
      loyaltyPoints: loyaltyPointsFor(grandTotal),
      variants,
    };
  }

  async info(request: { cart: CheckoutCart; useProvisionalShippingAddress?: boolean; availableCreditBalances: CreditBalance[] }, market: MarketSettings = DEFAULT_MARKET): Promise<CheckoutInfoResponse> {
    if (request.cart.items.length === 0) return emptyInfo('CART_EMPTY');
    try {
      const priced = await this.price(request.cart, request.availableCreditBalances, { provisionalShipping: request.useProvisionalShippingAddress === true || !request.cart.shipping, market });
      return toInfo(priced);
    } catch (error) {
      if (error instanceof CartItemInvalid) throw error; // a 4xx naming the item and the rule (routes)
      if (error instanceof CheckoutError) return { ...emptyInfo('ERROR'), message: error.message };
      throw error;
    }
  }
}
