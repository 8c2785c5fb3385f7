/** The router routes exactly the pages screens.ts declares: a route written beside it fails here. */
import { createRoutesFromElements, Route, type RouteObject } from 'react-router';
import { checkoutRoutes } from './App';
import { SCREENS } from './screens';

/** Every path a route tree answers (index routes at their parent's path), without the not-found catch-all. */
function routedPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent : route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const own = route.path === '*' || (route.path === undefined && !route.index) ? [] : [path];
    return [...own, ...routedPaths(route.children ?? [], path)];
  });
}

/** Paths routed but not declared, and declared but not routed. */
function drift(routes: RouteObject[]) {
  const routed = new Set(routedPaths(routes));
  const declared = new Set(Object.values(SCREENS).flatMap((screen) => Object.values(screen.pages) as string[]));
  return { undeclared: [...routed].filter((path) => !declared.has(path)), unrouted: [...declared].filter((path) => !routed.has(path)) };
}

it('routes every page of screens.ts and nothing else', () => {
  expect(drift(createRoutesFromElements(checkoutRoutes))).toEqual({ undeclared: [], unrouted: [] });
});

it('reports a route added to the router only', () => {
  const extra = createRoutesFromElements(
    <>
      {checkoutRoutes}
      <Route path="/checkout/review" element={null} />
    </>,
  );
  expect(drift(extra)).toEqual({ undeclared: ['/checkout/review'], unrouted: [] });
});
