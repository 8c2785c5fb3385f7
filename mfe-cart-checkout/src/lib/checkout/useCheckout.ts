/**
 * Checkout data for the pages: the checkout state store, and /checkout/info reloaded whenever
 * cart, codes, contact or shipping inputs change, raising the promotion-removed alerts.
 */
import type { CheckoutInfoRequest, CheckoutInfoResponse } from '@store/contracts';
import { bus, topics, type CartItem } from '@store/shared-events';
import { useLoad } from '@store/ui/load';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { publishQuantity } from '../cart/store';
import { checkoutInfo } from '../api';
import { promotionRemovedMessage } from './promotionMessages';
import { getCheckout, setCheckout, sortVouchers, subscribeCheckout, type CheckoutState } from './state';

export const MAX_OFFERS = 3;

export function useCheckoutState(): CheckoutState {
  return useSyncExternalStore(subscribeCheckout, getCheckout, getCheckout);
}

export function infoRequest(items: CartItem[], s: CheckoutState, { forShipping = true }: { forShipping?: boolean } = {}): CheckoutInfoRequest {
  const delivery = forShipping && s.shippingType === 'DELIVERY' && s.deliveryAddress ? s.deliveryAddress : undefined;
  const shipping =
    forShipping && s.shippingType === 'DELIVERY' && s.deliveryMethodId
      ? { type: 'DELIVERY' as const, options: { methodId: s.deliveryMethodId }, ...(s.instructions ? { instructions: s.instructions } : {}) }
      : forShipping && s.shippingType === 'STORE_PICKUP'
        ? { type: 'STORE_PICKUP' as const, options: { methodId: 'click-collect' }, ...(s.pickupStore ? { clickCollectStoreId: s.pickupStore.erpStoreId } : {}) }
        : undefined;
  return {
    cart: {
      items: items.map((i) => ({ productId: i.productId, variantId: i.variantId, qty: i.qty, ...(i.challengeAnswer ? { challengeAnswer: i.challengeAnswer } : {}) })),
      promoCodes: s.promoCodes,
      ...(s.contact ? { email: s.contact.email, firstName: s.contact.firstName, lastName: s.contact.lastName } : {}),
      ...(delivery ? { shippingAddress: delivery } : {}),
      ...(shipping ? { shipping } : {}),
    },
    ...(delivery ? {} : { useProvisionalShippingAddress: true }),
    availableCreditBalances: sortVouchers(s.vouchers).map((v) => ({ id: v.code, methodCode: 'VOUCHER' as const, amount: v.amountRemaining })),
  };
}

const alerted = new Set<string>();

/** An offer applied in the previous answer that is neither applied nor refused now (e.g. free delivery after a code took the subtotal under its minimum). */
export const offerDroppedMessage = (name: string): string => `Offer ${name} has been removed because your order no longer qualifies for it.`;
/** Promotions applied in the last answer (automatic offers that disappear raise an alert too). */
let lastApplied = new Map<string, string>();

export function raisePromotionAlerts(info: CheckoutInfoResponse, codes: string[]): string[] {
  const removedCodes: string[] = [];
  for (const d of info.promotions.disallowedPromotions) {
    if (d.reason === 'CodeNotFound') continue; // shown inline where the code was entered
    const wasApplied = lastApplied.has(d.id);
    const entered = d.relatedCouponCodes.some((c) => codes.map((x) => x.toUpperCase()).includes(c.toUpperCase()));
    if (!wasApplied && !entered) continue;
    const key = `${d.id}:${d.reason}:${codes.join(',')}`;
    if (!alerted.has(key)) {
      alerted.add(key);
      bus.publish(topics.alertShow, { type: 'ERROR', content: promotionRemovedMessage(d, MAX_OFFERS) }, { source: 'cart_checkout' });
    }
    removedCodes.push(...d.relatedCouponCodes);
  }
  // offers that quietly stopped applying (no refusal reason): said too, never silently dropped
  const nowApplied = new Set(info.promotions.appliedPromotions.map((p) => p.id));
  const refused = new Set(info.promotions.disallowedPromotions.map((d) => d.id));
  for (const [id, name] of lastApplied) {
    if (nowApplied.has(id) || refused.has(id)) continue;
    const key = `${id}:dropped:${codes.join(',')}:${info.itemSubtotal}`;
    if (alerted.has(key)) continue;
    alerted.add(key);
    bus.publish(topics.alertShow, { type: 'ERROR', content: offerDroppedMessage(name) }, { source: 'cart_checkout' });
  }
  lastApplied = new Map(info.promotions.appliedPromotions.map((p) => [p.id, p.name]));
  return removedCodes;
}

/** Every /checkout/info answer of the page (null: the call failed), with the request it answers. */
type InfoListener = (info: CheckoutInfoResponse | null, request: CheckoutInfoRequest) => void;
const infoListeners = new Set<InfoListener>();
export function onCheckoutInfo(listener: InfoListener): () => void {
  infoListeners.add(listener);
  return () => infoListeners.delete(listener);
}
const answer = (info: CheckoutInfoResponse | null, request: CheckoutInfoRequest) => {
  for (const listener of infoListeners) listener(info, request);
};

export interface InfoState {
  status: 'IDLE' | 'LOADING' | 'SUCCESS' | 'CART_EMPTY' | 'ERROR';
  info: CheckoutInfoResponse | null;
}

export function useCheckoutInfo(items: CartItem[], options: { forShipping?: boolean } = {}): InfoState {
  const s = useCheckoutState();
  const request = useMemo(() => infoRequest(items, s, options), [items, s, options.forShipping]); // eslint-disable-line react-hooks/exhaustive-deps
  const key = JSON.stringify(request);
  const empty = request.cart.items.length === 0;
  useEffect(() => {
    if (empty) lastApplied = new Map(); // an emptied cart starts afresh: nothing was "removed"
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  // an answer is acted on only while it is the page's latest (an earlier request's answer is dropped)
  const load = useLoad(empty ? null : key, (signal) =>
    checkoutInfo(request, signal).then(
      (info) => {
        if (signal.aborted) return info;
        if (info.result === 'SUCCESS') {
          publishQuantity(items, info.promotions.resolvedCart.promoCartItems.reduce((n, p) => n + p.qty, 0));
          const removed = raisePromotionAlerts(info, request.cart.promoCodes ?? []);
          const notFound = info.promotions.disallowedPromotions.filter((d) => d.reason === 'CodeNotFound').map((d) => d.id);
          if (removed.length > 0) setCheckout((c) => ({ promoCodes: c.promoCodes.filter((code) => !removed.map((r) => r.toUpperCase()).includes(code.toUpperCase()) || notFound.includes(code.toUpperCase())) }));
        }
        answer(info.result === 'SUCCESS' ? info : null, request);
        return info;
      },
      (error: unknown) => {
        if (!signal.aborted && (error as Error).name !== 'AbortError') answer(null, request);
        throw error;
      },
    ),
  );
  if (empty) return { status: 'CART_EMPTY', info: null };
  // a newer request is on its way: show the previous answer as loading
  if (load.status === 'loading') return { status: 'LOADING', info: load.previous ?? null };
  if (load.status === 'error') return { status: 'ERROR', info: null };
  return { status: load.data.result, info: load.data };
}
