/**
 * Product enrichment through the objects endpoint (batched, cached). Stock data older than the
 * configured maximum age (300 s) is fetched again.
 */
import { createObjectsClient, type Product } from '@store/contracts';

export const STOCK_DATA_MAX_AGE_MS = 300_000;

let client = createObjectsClient({ indexPrefix: 'nz', delayMs: 20 });
let since = Date.now();

export function configureObjects(indexPrefix: string): void {
  client = createObjectsClient({ indexPrefix, delayMs: 20 });
  since = Date.now();
}

function fresh() {
  if (Date.now() - since > STOCK_DATA_MAX_AGE_MS) {
    client.clear();
    since = Date.now();
  }
  return client;
}

export const getProduct = (id: string): Promise<Product | null> => fresh().get(id);
export const getProducts = (ids: string[]): Promise<(Product | null)[]> => fresh().getMany(ids);
const refreshListeners = new Set<() => void>();
let refreshCount = 0;

/** Forget cached products (after an order changed stock, or the server said stock ran out); open carts read them again. */
export const refreshProducts = (): void => {
  client.clear();
  since = Date.now();
  refreshCount += 1;
  for (const listener of refreshListeners) listener();
};

/** How many times products were refreshed (a hook dependency), and a subscription to it. */
export const productsRefreshCount = (): number => refreshCount;
export function onProductsRefreshed(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}
