/**
 * The shell's server entry, built to dist/server/server.js and deployed with the shell.
 * The edge (api/src/edge/ssr) renders every page's chrome with it: the header (with the navigation it
 * loads here), the footer and, for unknown pages and failed renders, the error page. Each is its
 * own React root in the browser too (app/chrome/lifecycles.tsx hydrates them).
 */
import type { LoadContext } from '@store/contracts/ssr';
import { apiUrl } from '@store/contracts/http';
import type { MarketSettings } from '@store/contracts/market';
import { MarketProvider } from '@store/ui/market';
import { StaticRouter } from 'react-router';
import { FALLBACK_NAV, NAVIGATION_URL } from '../features/header/nav';
import { FooterRegion } from '../app/chrome/footerRegion';
import { HeaderRegion, type ChromeData } from '../app/chrome/regions';
import { ErrorPage, errorTitle } from '../features/error-page/ErrorPage';

export { CHROME_DATA_BY_URL, CHROME_DATA_ELEMENT_ID } from '../app/chrome/regions';

const where = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return `${pathname}${search}`;
};

/** The chrome's data for a page: the navigation (the header's fallback when the API cannot answer). */
export async function load({ api }: Pick<LoadContext, 'api'>): Promise<ChromeData> {
  try {
    const answer = await api(apiUrl(NAVIGATION_URL));
    return answer.status === 200 && Array.isArray(answer.body?.items) ? { nav: answer.body.items } : {};
  } catch {
    return {};
  }
}

/**
 * The paths the header marks when the page is at one of them or below it (the main navigation's
 * links: the entry a page is at or under is shown current). Apart from that, the header and the
 * footer are the same on every page of a market, so the edge renders them once per market and per
 * set of these paths a page is at or under, not once per URL.
 */
export function chromePaths(data: ChromeData): string[] {
  const nav = data.nav ?? FALLBACK_NAV;
  return [...new Set(nav.map((item) => item.link.href))].sort();
}

export function renderHeader({ url, data, market }: { url: string; data: ChromeData; market?: MarketSettings }) {
  return (
    <MarketProvider market={market}>
      <StaticRouter location={where(url)}>
        <HeaderRegion data={data} />
      </StaticRouter>
    </MarketProvider>
  );
}

export function renderFooter({ url, market }: { url: string; market?: MarketSettings }) {
  return (
    <MarketProvider market={market}>
      <StaticRouter location={where(url)}>
        <FooterRegion />
      </StaticRouter>
    </MarketProvider>
  );
}

export function renderErrorPage({ url, status, market }: { url: string; status: number; market?: MarketSettings }) {
  const location = where(url);
  return (
    <MarketProvider market={market}>
      <StaticRouter location={location}>
        <ErrorPage status={status} path={new URL(url, 'http://localhost').pathname} />
      </StaticRouter>
    </MarketProvider>
  );
}

export { errorTitle };
