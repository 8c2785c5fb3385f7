// The react-router that every project gets (webpack resolves `react-router` here, and this module is
// what the federation shares as the `react-router` singleton). Shared modules are not tree-shaken,
// so sharing the package itself would ship all of react-router (data routers, RSC helpers, ~190 KB
// minified) on every first load. This facade re-exports the declarative-mode API the storefront
// uses; webpack tree-shakes the rest away. Need another export? Add it here: every remote then has
// it, and the build fails loudly (exportsPresence: 'error') until you do.
export {
  BrowserRouter,
  MemoryRouter,
  Navigate,
  NavLink,
  Link,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router-production-build';
