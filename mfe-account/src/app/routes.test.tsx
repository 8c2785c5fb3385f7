/** The router routes each page of screens.ts to its module (routeModules.tsx) at the page's path, and nothing else. */
import { createRoutesFromElements, matchRoutes } from 'react-router';
import { accountRoutes } from './App';
import { PAGE_MODULES, type PageModules } from './routeModules';
import { SCREENS, type ScreenId } from './screens';

const routes = createRoutesFromElements(accountRoutes);
const screens = Object.keys(SCREENS) as ScreenId[];
const pages = screens.flatMap((screen) => Object.entries(SCREENS[screen].pages).map(([page, path]) => ({ id: `${screen}.${page}`, path })));

// a module for a page screens.ts does not declare does not type-check
// @ts-expect-error giftCards is not a page of screens.ts
void ({ ...PAGE_MODULES, account: { ...PAGE_MODULES.account, giftCards: { element: <p /> } } } satisfies PageModules);

it('has one module for each page of screens.ts', () => {
  for (const screen of screens) expect(Object.keys(PAGE_MODULES[screen]).sort()).toEqual(Object.keys(SCREENS[screen].pages).sort());
});

it.each(pages)('routes $path to its page ($id), inside the dashboard too', ({ id, path }) => {
  expect(matchRoutes(routes, path)?.at(-1)?.route.id).toBe(id);
});

it('answers a path no page declares with the not-found page', () => {
  expect(matchRoutes(routes, '/account/gift-cards')?.at(-1)?.route.path).toBe('*');
});
