export interface CartItem {
  id: string;
  productId: string;
  variantId: string;
  qty: number;
  createdAt: number;
  challengeAnswer?: string;
}

export interface GuestCart {
  id: string;
  items: CartItem[];
}

export const CART_STORAGE_KEY = 'fernleaf.cart';

/** The guest cart lives in local storage (spec §6); a damaged value reads as an empty cart. */
export function readGuestCart(storage: Pick<Storage, 'getItem'> = window.localStorage): GuestCart {
  try {
    const raw = storage.getItem(CART_STORAGE_KEY);
    if (!raw) return { id: '', items: [] };
    const parsed = JSON.parse(raw) as Partial<GuestCart>;
    const items = Array.isArray(parsed.items)
      ? parsed.items.filter((item): item is CartItem => typeof item?.productId === 'string' && Number.isInteger(item.qty) && item.qty > 0)
      : [];
    return { id: typeof parsed.id === 'string' ? parsed.id : '', items };
  } catch {
    return { id: '', items: [] };
  }
}
