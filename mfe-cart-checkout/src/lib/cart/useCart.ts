/**
 * The cart for the pages: synced items enriched with product and variant, grouped per product
 * and per variant (newest first), each variant's validity. Items whose product or variant no
 * longer exists are removed after load.
 */
import type { Product, Variant } from '@store/contracts';
import { session, type CartItem, type SyncedState } from '@store/shared-events';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { getProducts, onProductsRefreshed, productsRefreshCount } from '../objects';
import { checkItem, type Violation } from './rules';
import { serverProblem, serverProblemsVersion, settleServerProblems, subscribeServerProblems } from './serverProblems';
import { updateCart } from './store';

export interface CartLine {
  variantId: string;
  variant: Variant;
  qty: number;
  createdAt: string;
  violation: Violation | null;
  /** The item ids merged into this line. */
  itemIds: string[];
}

export interface CartGroup {
  product: Product;
  lines: CartLine[];
  qty: number;
  createdAt: string;
}

export interface CartView {
  status: 'LOADING' | 'SUCCESS' | 'ERROR';
  items: CartItem[];
  groups: CartGroup[];
  quantity: number;
  valid: boolean;
  /**
   * The items to price with /checkout/info: all of them, less the lines that break a cart rule
   * (the API refuses such a cart with 422 CartItemInvalid, by the same rules; the line shows why).
   */
  pricedItems: CartItem[];
}

let snapshot: SyncedState = session.synced.getState();
const subscribeSynced = (listener: () => void) => {
  const sub = session.synced.state$.subscribe((s) => {
    snapshot = s;
    listener();
  });
  return () => sub.unsubscribe();
};

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribeSynced, () => snapshot, () => snapshot).cart.items;
}

/**
 * A line the server refused for stock (serverProblems.ts) is invalid even when this tab's product
 * data still shows enough: 'sold out', or 'only N left' when the data knows fewer than in the cart.
 */
export function withServerProblem(line: Pick<CartLine, 'variantId' | 'qty' | 'violation' | 'variant'>): Violation | null {
  if (line.violation) return line.violation;
  const problem = serverProblem(line.variantId);
  if (!problem || line.qty < problem.qty) return null;
  const stock = Math.max(0, line.variant.qty);
  return { code: 'qtyAvailableExceeded', limit: stock < line.qty ? stock : 0 };
}

export function buildGroups(items: CartItem[], products: Map<string, Product | null>): { groups: CartGroup[]; invalidIds: string[] } {
  const invalidIds: string[] = [];
  const byProduct = new Map<string, CartGroup>();
  for (const item of items) {
    const product = products.get(item.productId);
    const variant = product?.variants.find((v) => v.id === item.variantId);
    if (!product || !variant) {
      if (product === null || (product && !variant)) invalidIds.push(item.id);
      continue;
    }
    let group = byProduct.get(product.id);
    if (!group) {
      group = { product, lines: [], qty: 0, createdAt: item.createdAt };
      byProduct.set(product.id, group);
    }
    let line = group.lines.find((l) => l.variantId === item.variantId);
    if (!line) {
      line = { variantId: item.variantId, variant, qty: 0, createdAt: item.createdAt, violation: null, itemIds: [] };
      group.lines.push(line);
    }
    line.qty += item.qty;
    line.itemIds.push(item.id);
    if (item.createdAt > line.createdAt) line.createdAt = item.createdAt;
    if (item.createdAt > group.createdAt) group.createdAt = item.createdAt;
    group.qty += item.qty;
  }
  const merged = [...byProduct.values()].flatMap((g) => g.lines.map((l) => ({ id: l.variantId, productId: g.product.id, variantId: l.variantId, qty: l.qty })));
  for (const group of byProduct.values()) {
    for (const line of group.lines) {
      line.violation = checkItem({ id: line.variantId, productId: group.product.id, variantId: line.variantId, qty: line.qty }, merged, group.product);
      line.violation = withServerProblem(line);
    }
    group.lines.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
  return { groups: [...byProduct.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)), invalidIds };
}

const subscribeRefresh = (listener: () => void) => onProductsRefreshed(listener);

export function useCart(): CartView {
  const items = useCartItems();
  // products read again when refreshed (an order, or the server saying stock ran out)
  const refreshed = useSyncExternalStore(subscribeRefresh, productsRefreshCount, productsRefreshCount);
  const problems = useSyncExternalStore(subscribeServerProblems, serverProblemsVersion, serverProblemsVersion);
  const [products, setProducts] = useState<Map<string, Product | null> | null>(null);
  const [failed, setFailed] = useState(false);
  const ids = useMemo(() => [...new Set(items.map((i) => i.productId))].sort().join(','), [items]);

  useEffect(() => {
    let live = true;
    const list = ids ? ids.split(',') : [];
    getProducts(list).then(
      (found) => {
        if (!live) return;
        setFailed(false);
        setProducts(new Map(list.map((id, i) => [id, found[i] ?? null])));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [ids, refreshed]);

  useEffect(() => {
    const byVariant = new Map<string, number>();
    for (const i of items) byVariant.set(i.variantId, (byVariant.get(i.variantId) ?? 0) + i.qty);
    settleServerProblems([...byVariant].map(([variantId, qty]) => ({ variantId, qty })));
  }, [items]);

  const { groups, invalidIds } = useMemo(() => (products ? buildGroups(items, products) : { groups: [], invalidIds: [] }), [items, products, problems]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (invalidIds.length > 0) void updateCart((current) => current.filter((i) => !invalidIds.includes(i.id))).catch(() => {});
  }, [invalidIds]);

  const loading = items.length > 0 && (!products || items.some((i) => !products.has(i.productId)));
  const quantity = items.reduce((s, i) => s + i.qty, 0);
  const pricedItems = useMemo(() => {
    const broken = new Set(groups.flatMap((g) => g.lines.filter((l) => l.violation).flatMap((l) => l.itemIds)));
    return broken.size === 0 ? items : items.filter((i) => !broken.has(i.id));
  }, [items, groups]);
  return {
    pricedItems,
    status: failed ? 'ERROR' : loading ? 'LOADING' : 'SUCCESS',
    items,
    groups,
    quantity,
    valid: !failed && !loading && groups.length > 0 && groups.every((g) => g.lines.every((l) => !l.violation)),
  };
}
