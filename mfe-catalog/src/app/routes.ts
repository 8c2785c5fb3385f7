/** Which screen (screens.ts) a catalog path shows, and the listing a listing path names. */
import type { ApiPath } from '@store/contracts/http';
import { matchRoute } from '@store/contracts/routes';
import type { ListingScope } from '../features/listing/scope';
import { SCREENS, type RoutePattern, type ScreenId } from './screens';

// the declared API paths are the API's (checked at build time)
const _declared: Record<ScreenId, { readonly routes: readonly string[]; readonly query: readonly string[]; readonly api: readonly ApiPath<'get'>[] }> = SCREENS;
void _declared;

/** A screen, the pattern that matched and the path below a "/*" pattern's base without trailing slashes ("bags/backpacks"; "" for an exact pattern). */
export type ScreenMatch<S extends ScreenId = ScreenId> = S extends ScreenId ? { id: S; pattern: RoutePattern<S>; rest: string } : never;

/** Every route pattern with its screen, in the order of screens.ts. */
export const SCREEN_ROUTES: readonly { id: ScreenId; pattern: RoutePattern }[] = (Object.keys(SCREENS) as ScreenId[]).flatMap((id) => SCREENS[id].routes.map((pattern) => ({ id, pattern })));

/** The screen `pathname` shows, by the registry's rule (`matchRoute`); null: none of the catalog's. */
export function screenAt(pathname: string): ScreenMatch | null {
  const found = SCREEN_ROUTES.find(({ pattern }) => matchRoute(pattern, pathname));
  if (!found) return null;
  const rest = found.pattern.endsWith('/*') ? pathname.slice(found.pattern.length - 1).replace(/\/+$/, '') : '';
  return { ...found, rest } as ScreenMatch;
}

const BRAND_SLUG = /^[a-z0-9-]{1,80}$/;

const SCOPES: Record<RoutePattern<'listing'>, (rest: string) => ListingScope | 'invalid'> = {
  '/categories/*': (path) => ({ kind: 'category', path }),
  '/search': () => ({ kind: 'search' }),
  '/brands/*': (rest) => {
    const [slug = '', ...category] = rest.split('/');
    return BRAND_SLUG.test(slug) ? { kind: 'brand', slug, category: category.join('/') || undefined } : 'invalid';
  },
};

/** The listing a listing screen's path names; 'invalid': one that cannot exist (the not-found page). */
export function listingScope({ pattern, rest }: ScreenMatch<'listing'>): ListingScope | 'invalid' {
  return SCOPES[pattern](rest);
}
