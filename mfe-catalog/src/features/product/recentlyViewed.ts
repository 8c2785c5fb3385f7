/** Recently viewed products (kept locally): newest first, unique, at most recentlyViewedMax. */
import { catalogConfig } from '../../lib/config';

export interface RecentlyViewedItem {
  id: string;
  path: string;
  name: string;
  brand: string;
  price: number;
  image: { src: string; alt: string; width: number; height: number } | null;
  viewedAt: string;
}

export function readRecentlyViewed(storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage): RecentlyViewedItem[] {
  try {
    const parsed = JSON.parse(storage?.getItem(catalogConfig.recentlyViewedKey) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed.filter((i) => i && typeof i === 'object' && typeof i.id === 'string' && typeof i.path === 'string') as RecentlyViewedItem[]) : [];
  } catch {
    return [];
  }
}

export function rememberViewed(item: RecentlyViewedItem, storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage): RecentlyViewedItem[] {
  const next = [item, ...readRecentlyViewed(storage).filter((i) => i.id !== item.id)].slice(0, catalogConfig.recentlyViewedMax);
  try {
    storage?.setItem(catalogConfig.recentlyViewedKey, JSON.stringify(next));
  } catch {
    // storage full or disabled
  }
  return next;
}
