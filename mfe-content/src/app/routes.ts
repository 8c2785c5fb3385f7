/** Which screen (screens.ts) a content path shows. */
import type { ApiPath } from '@store/contracts/http';
import { matchRoute } from '@store/contracts/routes';
import { SCREENS, type RoutePattern, type ScreenId } from './screens';

// the declared API paths are the API's (checked at build time)
const _declared: Record<ScreenId, { readonly routes: readonly string[]; readonly query: readonly string[]; readonly api: readonly ApiPath<'get'>[] }> = SCREENS;
void _declared;

/** A screen, the pattern that matched and the path below a "/*" pattern's base without trailing slashes ("help-centre/returns"; "" for an exact pattern), still percent-encoded. */
export type ScreenMatch<S extends ScreenId = ScreenId> = S extends ScreenId ? { id: S; pattern: RoutePattern<S>; rest: string } : never;

/** Every route pattern with its screen, in the order of screens.ts. */
export const SCREEN_ROUTES: readonly { id: ScreenId; pattern: RoutePattern }[] = (Object.keys(SCREENS) as ScreenId[]).flatMap((id) => SCREENS[id].routes.map((pattern) => ({ id, pattern })));

/** The screen `pathname` shows, by the registry's rule (`matchRoute`; trailing slashes ignored); null: none of this remote's. */
export function screenAt(pathname: string): ScreenMatch | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const found = SCREEN_ROUTES.find(({ pattern }) => matchRoute(pattern, path));
  if (!found) return null;
  const rest = found.pattern.endsWith('/*') ? path.slice(found.pattern.length - 1) : '';
  return { ...found, rest } as ScreenMatch;
}
