/**
 * The page's market in React. The server render wraps each root in `<MarketProvider>`
 * with the request's market (several markets render concurrently in one process, so no module
 * state there); in the browser there is no provider and the hook reads the settings the edge
 * embedded in the page (`pageMarket()`), the same ones the server rendered with.
 */
import { formatMarketDate, formatMoney, pageMarket, type MarketSettings } from '@store/contracts/market';
import { createContext, useContext, type ReactNode } from 'react';

const MarketContext = createContext<MarketSettings | null>(null);

export function MarketProvider({ market, children }: { market: MarketSettings | null | undefined; children: ReactNode }) {
  return <MarketContext.Provider value={market ?? null}>{children}</MarketContext.Provider>;
}

/** This page's market settings (currency, GST, locale, time zone, links, address rules). */
export function useMarket(): MarketSettings {
  return useContext(MarketContext) ?? pageMarket();
}

/** Formats cents in this page's currency and locale. */
export function useMoney(): (cents: number) => string {
  const market = useMarket();
  return (cents: number) => formatMoney(cents, market);
}

/** Formats a date in this page's time zone and locale. */
export function useMarketDate(): (value: string | number | Date, options?: Intl.DateTimeFormatOptions) => string {
  const market = useMarket();
  return (value, options) => formatMarketDate(value, market, options);
}
