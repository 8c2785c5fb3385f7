/**
 * Checkout state: contact, shipping type, delivery address and option, pickup store,
 * billing address, promo codes, applied gift cards, campaign parameters; the placed order and the
 * failed order number. Kept in local storage and shared by the checkout pages.
 */
import type { CheckoutAddressInput, OrderPlaceResponse } from '@store/contracts';
// the zod-free module: this file is part of the every-page service
import { GUEST_LOYALTY_KEY } from '@store/contracts/loyalty';
import type { PickupStoreOption } from '../api';

export interface Contact {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  agreeToMarketing: boolean;
}

/** A Qantas Frequent Flyer membership to earn points on this order (optional). */
export interface CheckoutLoyalty {
  memberId: string;
  lastName: string;
}

export interface AppliedVoucher {
  code: string;
  pin: string;
  /** Epoch ms. */
  expires: number;
  amountRemaining: number;
}

export interface CheckoutState {
  contact: Contact | null;
  loyalty: CheckoutLoyalty | null;
  shippingType: 'DELIVERY' | 'STORE_PICKUP' | null;
  deliveryAddress: CheckoutAddressInput | null;
  deliveryMethodId: string | null;
  instructions: string;
  pickupStore: PickupStoreOption | null;
  billingSameAsShipping: boolean;
  billingAddress: CheckoutAddressInput | null;
  promoCodes: string[];
  vouchers: AppliedVoucher[];
  utm: Record<string, string>;
}

export interface PlacedOrder extends OrderPlaceResponse {
  email: string;
  placedAt: string;
}

export const CHECKOUT_KEY = 'fernleaf.checkout';
export const PLACED_ORDER_KEY = 'fernleaf.checkout.placedOrder';
export const FAILED_ORDER_KEY = 'fernleaf.checkout.failedOrderNumber';
/**
 * Set while the checkout on this device belongs to a signed-in shopper: a logout the cart service
 * did not see happen (it starts when the page is idle; the shopper signed out before) still clears
 * it on the next signed-out state.
 */
export const SIGNED_IN_KEY = 'fernleaf.checkout.signedIn';

export function setSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // storage disabled: nothing kept there either
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}
export const UTM_PARAMS = ['utm_campaign', 'utm_content', 'utm_medium', 'utm_source', 'utm_term'] as const;

export const emptyCheckout = (): CheckoutState => ({
  contact: null,
  loyalty: null,
  shippingType: null,
  deliveryAddress: null,
  deliveryMethodId: null,
  instructions: '',
  pickupStore: null,
  billingSameAsShipping: true,
  billingAddress: null,
  promoCodes: [],
  vouchers: [],
  utm: {},
});

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};

let state: CheckoutState = { ...emptyCheckout(), ...read<Partial<CheckoutState>>(CHECKOUT_KEY, {}) };
const listeners = new Set<() => void>();

export const getCheckout = (): CheckoutState => state;

export function setCheckout(change: Partial<CheckoutState> | ((s: CheckoutState) => Partial<CheckoutState>)): void {
  const patch = typeof change === 'function' ? change(state) : change;
  state = { ...state, ...patch };
  try {
    localStorage.setItem(CHECKOUT_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: keep it in memory
  }
  for (const l of listeners) l();
}

export function subscribeCheckout(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-read storage (tests, other tabs). */
export function reloadCheckout(): void {
  state = { ...emptyCheckout(), ...read<Partial<CheckoutState>>(CHECKOUT_KEY, {}) };
  for (const l of listeners) l();
}

/** Gift cards listed soonest expiry first. */
export const sortVouchers = (vouchers: AppliedVoucher[]): AppliedVoucher[] => [...vouchers].sort((a, b) => a.expires - b.expires || a.code.localeCompare(b.code));

export function captureUtm(search: string): void {
  const params = new URLSearchParams(search);
  const found = Object.fromEntries(UTM_PARAMS.filter((p) => params.get(p)).map((p) => [p, params.get(p)!.slice(0, 200)]));
  if (Object.keys(found).length > 0) setCheckout((s) => ({ utm: { ...s.utm, ...found } }));
}

const session = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * The placed order (number, e-mail, access token, loyalty) for the success page: kept in this
 * tab only (sessionStorage), so it is gone when the tab closes and never read by the next person
 * on a shared device; an older copy in local storage is dropped when read.
 */
export const getPlacedOrder = (): PlacedOrder | null => {
  try {
    localStorage.removeItem(PLACED_ORDER_KEY);
  } catch {
    // storage disabled
  }
  try {
    const raw = session()?.getItem(PLACED_ORDER_KEY);
    return raw ? (JSON.parse(raw) as PlacedOrder) : null;
  } catch {
    return null;
  }
};
export const setPlacedOrder = (order: PlacedOrder | null): void => {
  try {
    if (order) session()?.setItem(PLACED_ORDER_KEY, JSON.stringify(order));
    else session()?.removeItem(PLACED_ORDER_KEY);
  } catch {
    // storage full or disabled: the success page falls back to /cart
  }
};
export const getFailedOrderNumber = (): string | null => localStorage.getItem(FAILED_ORDER_KEY);
export const setFailedOrderNumber = (n: string | null): void => (n ? localStorage.setItem(FAILED_ORDER_KEY, n) : localStorage.removeItem(FAILED_ORDER_KEY));

/**
 * On logout the checkout billing address, contact, delivery address and options, pickup
 * and vouchers clear. Also what would identify the shopper to the next person on the device: the
 * last placed order (its access token, number and e-mail; local and this tab's copy), the failed
 * order number, and a Qantas membership kept for linking after sign-in.
 */
export function clearForLogout(): void {
  setCheckout({ contact: null, loyalty: null, billingAddress: null, deliveryAddress: null, deliveryMethodId: null, instructions: '', pickupStore: null, vouchers: [], shippingType: null });
  setPlacedOrder(null);
  try {
    localStorage.removeItem(PLACED_ORDER_KEY);
    localStorage.removeItem(FAILED_ORDER_KEY);
    localStorage.removeItem(GUEST_LOYALTY_KEY);
  } catch {
    // storage disabled: nothing kept there
  }
}

/** Login clears the checkout contact (the account's details replace a guest's). */
export function clearForLogin(): void {
  setCheckout({ contact: null });
}
