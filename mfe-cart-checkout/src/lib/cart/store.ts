/**
 * The cart's items live in the synced account state (`session.synced`: local for a guest, the
 * server's when signed in). This module owns the cart rules around it: the cart id (new after an
 * order, the previous ones kept), and the item operations.
 */
import { bus, session, topics, type CartItem, type SyncedState } from '@store/shared-events';

export const CART_ID_KEY = 'fernleaf.cart.id';
export const PREVIOUS_CART_IDS_KEY = 'fernleaf.cart.previousIds';
/** The pre-synced guest cart (read once and moved into the synced state). */
export const LEGACY_CART_KEY = 'fernleaf.cart';
export const PROMO_QTY_KEY = 'fernleaf.cart.promoQty';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const randomId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function getCartId(): string {
  const s = storage();
  let id = s?.getItem(CART_ID_KEY);
  if (!id) {
    id = randomId();
    s?.setItem(CART_ID_KEY, id);
  }
  return id;
}

/** After an order: a new cart id; the previous one is kept (latest first, at most 20). */
export function renewCartId(): string {
  const s = storage();
  const previous = getCartId();
  let list: string[] = [];
  try {
    list = JSON.parse(s?.getItem(PREVIOUS_CART_IDS_KEY) ?? '[]') as string[];
  } catch {
    list = [];
  }
  s?.setItem(PREVIOUS_CART_IDS_KEY, JSON.stringify([previous, ...list.filter((x) => x !== previous)].slice(0, 20)));
  const next = randomId();
  s?.setItem(CART_ID_KEY, next);
  return next;
}

export function previousCartIds(): string[] {
  try {
    return JSON.parse(storage()?.getItem(PREVIOUS_CART_IDS_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

export const cartItems = (state: SyncedState = session.synced.getState()): CartItem[] => state.cart.items;

export const withItems = (state: SyncedState, items: CartItem[]): SyncedState => ({ ...state, cart: { ...state.cart, items } });

/** Adds qty of a variant: merges into the existing item of the same product and variant. */
export function addToItems(items: CartItem[], add: { productId: string; variantId: string; qty: number; challengeAnswer?: string }, now = new Date()): CartItem[] {
  const existing = items.find((i) => i.productId === add.productId && i.variantId === add.variantId);
  if (existing) {
    return items.map((i) => (i === existing ? { ...i, qty: i.qty + add.qty, ...(add.challengeAnswer ? { challengeAnswer: add.challengeAnswer } : {}) } : i));
  }
  return [...items, { id: randomId(), productId: add.productId, variantId: add.variantId, qty: add.qty, createdAt: now.toISOString(), ...(add.challengeAnswer ? { challengeAnswer: add.challengeAnswer } : {}) }];
}

/** Sets the quantity of a variant (all its items become one, the earliest kept); 0 removes it. */
export function setVariantQty(items: CartItem[], variantId: string, qty: number): CartItem[] {
  const mine = items.filter((i) => i.variantId === variantId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const keep = mine[0];
  if (!keep) return items;
  return items.flatMap((i) => (i.variantId !== variantId ? [i] : i === keep && qty > 0 ? [{ ...i, qty }] : []));
}

export const updateCart = (change: (items: CartItem[]) => CartItem[]) => session.synced.update((state) => withItems(state, change(state.cart.items)));

export function clearCart() {
  return updateCart(() => []);
}

export function readPromoQty(): number {
  const n = Number(storage()?.getItem(PROMO_QTY_KEY) ?? '0');
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export function publishQuantity(items: CartItem[] = cartItems(), promoQty: number = readPromoQty(), status: 'SUCCESS' | 'ERROR' | 'LOADING' = 'SUCCESS'): void {
  storage()?.setItem(PROMO_QTY_KEY, String(promoQty));
  bus.publish(topics.cartQuantity, { quantity: items.reduce((s, i) => s + i.qty, 0), promoQuantity: items.length === 0 ? 0 : promoQty, status }, { source: 'cart_checkout' });
}

/** Moves a cart kept under the old `fernleaf.cart` key into the synced state (once). */
export async function migrateLegacyCart(): Promise<void> {
  const s = storage();
  const raw = s?.getItem(LEGACY_CART_KEY);
  if (!s || !raw) return;
  s.removeItem(LEGACY_CART_KEY);
  try {
    const parsed = JSON.parse(raw) as { id?: unknown; items?: unknown[] };
    if (typeof parsed.id === 'string' && parsed.id && !s.getItem(CART_ID_KEY)) s.setItem(CART_ID_KEY, parsed.id);
    const legacy = (Array.isArray(parsed.items) ? parsed.items : []).filter(
      (i): i is { productId: string; variantId: string; qty: number; createdAt?: unknown } =>
        typeof (i as { productId?: unknown })?.productId === 'string' && typeof (i as { variantId?: unknown }).variantId === 'string' && Number.isInteger((i as { qty?: unknown }).qty) && (i as { qty: number }).qty > 0,
    );
    if (legacy.length === 0) return;
    await updateCart((items) => legacy.reduce((acc, i) => addToItems(acc, i, typeof i.createdAt === 'number' || typeof i.createdAt === 'string' ? new Date(i.createdAt) : new Date()), items));
  } catch {
    // a damaged legacy cart is dropped
  }
}
