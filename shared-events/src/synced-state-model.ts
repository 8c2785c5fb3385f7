/**
 * The synced account state's model (see ./synced-state.ts): its shape, the backend a signed-in
 * user's state is written to, and the pure functions over it: parsing untrusted JSON
 * (`normaliseSyncedState`), the merge on login (`mergeSyncedStates`), comparing and copying.
 * Part of the shared singleton: no runtime dependencies.
 */
import type { ApiPaths } from '@store/contracts/http';

/** The state as GET /api/account/state answers it (the OpenAPI document's generated types: types only, nothing bundled). */
type WireState = ApiPaths['/api/account/state']['get']['responses'][200]['content']['application/json']['state'];

/** A cart line as the API stores it (`createdAt`: an ISO 8601 timestamp). */
export type CartItem = WireState['cart']['items'][number];

/** A wishlist entry as the API stores it (`createdAt`: an ISO 8601 timestamp). */
export type WishlistItem = WireState['wishlist']['items'][number];

export interface SyncedState {
  /** The server's syncableStateVersion (0 for a guest). */
  version: number;
  cart: { items: CartItem[] };
  wishlist: { items: WishlistItem[] };
}

export type SyncResult = 'IDLE' | 'SYNCING' | 'SUCCESS' | 'ERROR';

export type SyncedChange = (state: SyncedState) => SyncedState;

/** A stale syncableStateVersion (HTTP 409). */
export class SyncConflictError extends Error {
  constructor() {
    super('Synced state conflict (409).');
    this.name = 'SyncConflictError';
  }
}

/** Where a signed-in user's state lives (the API; tests pass a fake). */
export interface SyncedStateBackend {
  fetch(): Promise<SyncedState>;
  /** Writes `state` if `state.version` is the server's current version, else SyncConflictError. */
  put(state: SyncedState): Promise<SyncedState>;
}

export const emptySyncedState = (): SyncedState => ({ version: 0, cart: { items: [] }, wishlist: { items: [] } });

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const validTime = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));

/** Parses untrusted JSON (storage, server) into a well-formed state; drops malformed items. */
export function normaliseSyncedState(input: unknown): SyncedState {
  if (!isRecord(input)) return emptySyncedState();
  const version = Number.isInteger(input.version) && (input.version as number) >= 0 ? (input.version as number) : 0;
  const cartItems = isRecord(input.cart) && Array.isArray(input.cart.items) ? input.cart.items : [];
  const wishItems = isRecord(input.wishlist) && Array.isArray(input.wishlist.items) ? input.wishlist.items : [];
  const cart = new Map<string, CartItem>();
  for (const raw of cartItems) {
    if (!isRecord(raw) || !isText(raw.id) || !isText(raw.productId) || !isText(raw.variantId)) continue;
    if (!Number.isInteger(raw.qty) || (raw.qty as number) < 1 || !validTime(raw.createdAt)) continue;
    const item: CartItem = {
      id: raw.id,
      productId: raw.productId,
      variantId: raw.variantId,
      qty: raw.qty as number,
      createdAt: raw.createdAt,
    };
    if (typeof raw.challengeAnswer === 'string') item.challengeAnswer = raw.challengeAnswer;
    cart.set(item.id, item);
  }
  const wishlist = new Map<string, WishlistItem>();
  for (const raw of wishItems) {
    if (!isRecord(raw) || !isText(raw.productId) || !validTime(raw.createdAt)) continue;
    const item: WishlistItem = { productId: raw.productId, qty: 1, createdAt: raw.createdAt };
    if (isText(raw.variantId)) item.variantId = raw.variantId;
    const seen = wishlist.get(item.productId);
    if (!seen || Date.parse(item.createdAt) > Date.parse(seen.createdAt)) wishlist.set(item.productId, item);
  }
  return { version, cart: { items: [...cart.values()] }, wishlist: { items: [...wishlist.values()] } };
}

/**
 * Merge on login. Cart: items with the same product and variant keep the one created earlier
 * (server items first, then local ones not already there). Wishlist: per product the later
 * createdAt wins. The version is the server's.
 */
export function mergeSyncedStates(server: SyncedState, local: SyncedState): SyncedState {
  const cart: CartItem[] = [];
  const byKey = new Map<string, number>();
  for (const item of [...server.cart.items, ...local.cart.items]) {
    const key = `${item.productId}\u0000${item.variantId}`;
    const at = byKey.get(key);
    if (at === undefined) {
      byKey.set(key, cart.length);
      cart.push(item);
    } else if (Date.parse(item.createdAt) < Date.parse(cart[at]!.createdAt)) {
      cart[at] = item;
    }
  }
  const wishlist = new Map<string, WishlistItem>();
  for (const item of [...server.wishlist.items, ...local.wishlist.items]) {
    const seen = wishlist.get(item.productId);
    if (!seen || Date.parse(item.createdAt) > Date.parse(seen.createdAt)) wishlist.set(item.productId, item);
  }
  return { version: server.version, cart: { items: cart }, wishlist: { items: [...wishlist.values()] } };
}

export const sameContent = (a: SyncedState, b: SyncedState): boolean =>
  JSON.stringify([a.cart, a.wishlist]) === JSON.stringify([b.cart, b.wishlist]);

export function structuredCloneState(state: SyncedState): SyncedState {
  return {
    version: state.version,
    cart: { items: state.cart.items.map((item) => ({ ...item })) },
    wishlist: { items: state.wishlist.items.map((item) => ({ ...item })) },
  };
}
