/**
 * @jest-environment node
 */
// The edge renders the header and footer once per market and per set of chromePaths a page is at
// or under: every page of such a set must get the same header and footer HTML.
import { MARKETS } from '@store/contracts/market';
import type { NavItem } from '@store/contracts/site';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { chromePaths, renderFooter, renderHeader } from './index';

const NAV: NavItem[] = [
  {
    link: { label: 'Bags', href: '/categories/bags' },
    children: [{ link: { label: 'Shop by style', href: '/categories/bags' }, location: 'left', children: [{ link: { label: 'Backpacks', href: '/categories/bags/backpacks' } }] }],
  },
  { link: { label: 'Travel', href: '/categories/travel' }, children: [] },
  { link: { label: 'Stores', href: '/stores' }, children: [] },
];

const URLS = [
  '/',
  '/categories/bags',
  '/categories/bags/backpacks',
  '/categories/bags?sort=price-asc&page=2',
  '/categories/bagsworth',
  '/categories/travel',
  '/stores',
  '/stores/auckland-central',
  '/products/summit-waxed-canvas-duffle-p31',
  '/products/pebble-suede-evening-clutch-mustard-p243?variant=2',
  '/search?q=black+leather+backpack',
  '/account/orders',
  '/blog/packing-light',
];

/** The edge's rule: for each chrome path, whether the page is at it, under it or neither. */
const variantOf = (pathname: string, paths: string[]) => paths.map((p) => (pathname === p ? '=' : pathname.startsWith(`${p}/`) ? '<' : '-')).join('');

const html = (element: ReactElement) => renderToString(element);

function chromeOf(url: string, nav: NavItem[] | undefined) {
  const full = `https://www.example.co.nz${url}`;
  const data = nav ? { nav } : {};
  return html(renderHeader({ url: full, data, market: MARKETS.NZ })) + html(renderFooter({ url: full, market: MARKETS.NZ }));
}

describe.each([
  ['the navigation from the API', NAV],
  ['the fallback navigation', undefined],
])('with %s', (_name, nav) => {
  const paths = chromePaths(nav ? { nav } : {});

  it('names each top-level link of the navigation once', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths).size).toBe(paths.length);
    if (nav) expect(paths).toEqual(['/categories/bags', '/categories/travel', '/stores']);
  });

  it('gives every page at or under the same chrome paths the same header and footer', () => {
    const groups = new Map<string, { url: string; chrome: string }[]>();
    const urls = [...URLS, ...paths, ...paths.map((p) => `${p}/somewhere`)];
    for (const url of urls) {
      const key = variantOf(new URL(url, 'https://x').pathname, paths);
      groups.set(key, [...(groups.get(key) ?? []), { url, chrome: chromeOf(url, nav) }]);
    }
    for (const [first, ...rest] of groups.values()) for (const member of rest) expect({ url: member.url, same: member.chrome === first!.chrome }).toEqual({ url: member.url, same: true });
    // and the paths do matter: a page at a navigation link is marked, one elsewhere is not
    expect(chromeOf(paths[0]!, nav)).not.toBe(chromeOf('/products/summit-waxed-canvas-duffle-p31', nav));
  });
});
