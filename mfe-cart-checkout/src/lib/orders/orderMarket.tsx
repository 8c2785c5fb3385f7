/**
 * An order's own market: its dates are told in that market's zone and locale and its
 * amounts in its currency, whichever site shows it (an AUD order looked up on the NZ site is still
 * in AUD and Sydney time). Order details and the return form both render inside it.
 */
import { MARKETS, marketOfCurrency, type MarketId, type MarketSettings } from '@store/contracts/market';
import { MarketProvider, useMarket } from '@store/ui/market';
import type { ReactNode } from 'react';

/** The market an order was placed in: by its market, else its currency; New Zealand for orders from before markets. */
export function orderMarket(order: { market?: MarketId; currency?: string }): MarketSettings {
  return (order.market && MARKETS[order.market]) || (order.currency && marketOfCurrency(order.currency)) || MARKETS.NZ;
}

/** Its children in the order's market (money, dates), keeping the page's site links. */
export function OrderMarket({ order, children }: { order: { market?: MarketId; currency?: string }; children: ReactNode }) {
  const page = useMarket();
  return <MarketProvider market={{ ...orderMarket(order), sites: page.sites }}>{children}</MarketProvider>;
}
