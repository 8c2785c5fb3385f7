import { ReportNotFound } from '@store/shared-events/remote';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { Titled } from './Titled';
import { CheckoutStep } from './CheckoutStep';
import { PAGE_MODULES, type PageModule } from './routeModules';
import { SCREENS, type ScreenId } from './screens';

function NotFound() {
  return <ReportNotFound source="cart_checkout" path={useLocation().pathname} />;
}

/** A page's element with its title, or a checkout step in its layout behind its guard. */
function pageElement(module: PageModule) {
  if ('checkoutStep' in module) return <CheckoutStep step={module.checkoutStep} title={module.title} />;
  return <Titled title={module.title}>{module.element}</Titled>;
}

/** Every page of screens.ts with its module (routeModules.tsx), in the order of screens.ts; `id`: "screen.page". */
const PAGES = (Object.keys(SCREENS) as ScreenId[]).flatMap((screen) => {
  const paths: Record<string, string> = SCREENS[screen].pages;
  const modules: Record<string, PageModule> = PAGE_MODULES[screen];
  return Object.keys(paths).map((page) => ({ id: `${screen}.${page}`, path: paths[page]!, module: modules[page]! }));
});

/** The remote's routes: every page of screens.ts, under whichever router the caller provides. */
export const checkoutRoutes = (
  <>
    {PAGES.map(({ id, path, module }) => (
      <Route key={id} id={id} path={path} element={pageElement(module)} />
    ))}
    <Route path="*" element={<NotFound />} />
  </>
);

export function App() {
  return (
    <BrowserRouter>
      <Routes>{checkoutRoutes}</Routes>
    </BrowserRouter>
  );
}
