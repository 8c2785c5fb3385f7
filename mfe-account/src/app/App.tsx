import { ReportNotFound } from '@store/shared-events/remote';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ensureAuth } from '../lib/auth/provider';
import { DashboardLayout } from '../features/dashboard/Dashboard';
import { useTitle } from '../lib/ui';
import { SignedInOnly } from './guards';
import { PAGE_MODULES, type PageModule } from './routeModules';
import { SCREENS, type ScreenId } from './screens';

function NotFound() {
  return <ReportNotFound source="account" path={useLocation().pathname} />;
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return children;
}

/** A page's element inside its guard, with its title once it shows. */
function pageElement({ element, title, guard: Guard }: PageModule) {
  const page = title === undefined ? element : <Titled title={title}>{element}</Titled>;
  return Guard ? <Guard>{page}</Guard> : page;
}

/** Every page of screens.ts with its module (routeModules.tsx); `id`: "screen.page". */
const PAGES = (Object.keys(SCREENS) as ScreenId[]).flatMap((screen) => {
  const paths: Record<string, string> = SCREENS[screen].pages;
  const modules: Record<string, PageModule> = PAGE_MODULES[screen];
  return Object.keys(paths).map((page) => ({ id: `${screen}.${page}`, path: paths[page]!, module: modules[page]! }));
});

const DASHBOARD = SCREENS.account.pages.overview;

/** The account's routes: every page of screens.ts, under whichever router the caller provides. */
export const accountRoutes = (
  <>
    {PAGES.filter(({ module }) => !module.dashboard).map(({ id, path, module }) => (
      <Route key={id} id={id} path={path} element={pageElement(module)} />
    ))}
    <Route path={DASHBOARD} element={<SignedInOnly><DashboardLayout /></SignedInOnly>}>
      {PAGES.filter(({ module }) => module.dashboard).map(({ id, path, module }) =>
        path === DASHBOARD ? <Route key={id} id={id} index element={pageElement(module)} /> : <Route key={id} id={id} path={path} element={pageElement(module)} />,
      )}
    </Route>
    <Route path="*" element={<NotFound />} />
  </>
);

export function AccountRoutes() {
  return <Routes>{accountRoutes}</Routes>;
}

export function App() {
  useEffect(() => {
    void ensureAuth();
  }, []);
  return (
    <BrowserRouter>
      <AccountRoutes />
    </BrowserRouter>
  );
}
