/**
 * The router API the micro-frontends use. It is re-exported from the `@agency/core` singleton rather than
 * shared as a whole package: a Module Federation shared package is bundled whole (never tree-shaken), and all
 * of react-router weighs ~63 KB gzip, while the part the site uses is a fraction of that. Routed through core
 * there is still exactly one copy in the page. Micro-frontends must not import react-router-dom directly
 * (lint rule in biome.json).
 */
export {
  BrowserRouter,
  Link,
  type LinkProps,
  MemoryRouter,
  Navigate,
  NavLink,
  type NavLinkProps,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
