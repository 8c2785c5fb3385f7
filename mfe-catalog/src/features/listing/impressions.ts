import type { ProductTile as Tile } from '@store/contracts';
import { track } from '@store/shared-events/analytics';
import { useEffect, useRef } from 'react';
import { catalogConfig } from '../../lib/config';

/** Product impressions 3 s after a list (or a newly loaded page of it) is shown; `before`: the products before `items` in the whole list (a list opened at a later page). */
export function useImpressions(listName: string, listKey: string, items: Tile[], before = 0) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    sent.current = new Set();
  }, [listKey]);
  useEffect(() => {
    if (items.length === 0) return;
    const timer = setTimeout(() => {
      const fresh = items.map((item, index) => ({ item, index })).filter(({ item }) => !sent.current.has(item.id));
      if (fresh.length === 0) return;
      for (const { item } of fresh) sent.current.add(item.id);
      track('view_item_list', {
        item_list_name: listName,
        items: fresh.map(({ item, index }) => ({ item_id: item.id, item_name: item.name, item_brand: item.brand, price: item.price / 100, index: before + index + 1 })),
      });
    }, catalogConfig.impressionDelayMs);
    return () => clearTimeout(timer);
  }, [listName, items, before]);
}
