import type { NavItem } from '@store/contracts/site';

export type { NavItem };

export const NAVIGATION_URL = '/api/site/navigation';

/** Shown until the API answers (and if it cannot): the top-level items without dropdowns. */
export const FALLBACK_NAV: NavItem[] = [
  { link: { label: 'Bags', href: '/categories/bags' }, children: [] },
  { link: { label: 'Travel', href: '/categories/travel' }, children: [] },
  { link: { label: 'Accessories', href: '/categories/accessories' }, children: [] },
  { link: { label: 'New Arrivals', href: '/categories/new-arrivals' }, children: [] },
  { link: { label: 'Sale', href: '/categories/sale' }, children: [] },
  { link: { label: 'Stores', href: '/stores' }, children: [] },
  { link: { label: 'Journal', href: '/blog' }, children: [] },
];

function isNavItems(value: unknown): value is NavItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as NavItem).link?.label === 'string' &&
        typeof (item as NavItem).link?.href === 'string' &&
        Array.isArray((item as NavItem).children),
    )
  );
}

let pending: Promise<NavItem[]> | null = null;

/** The navigation from the API (once per page, through the typed client); the fallback when it fails. */
export function fetchNavigation(): Promise<NavItem[]> {
  // the typed API client loads with the first call: the edge embeds the navigation in nearly every page
  pending ??= import(/* webpackChunkName: "api-client" */ '@store/contracts/http')
    .then(({ createApiClient }) => createApiClient().get(NAVIGATION_URL, { credentials: 'same-origin' }))
    .then((body) => (isNavItems(body?.items) ? body.items : Promise.reject(new Error('navigation: unexpected body'))))
    .catch((error: unknown) => {
      console.warn('[shell] navigation unavailable, showing the fallback', error);
      pending = null;
      return FALLBACK_NAV;
    });
  return pending;
}
