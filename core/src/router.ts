/**
 * The router API the micro-frontends use. It is re-exported from the `@agency/core` singleton rather than
 * shared as a whole package: a Module Federation shared package is bundled whole (never tree-shaken), and all
 * of react-router weighs ~63 KB gzip, while the part the site uses is a fraction of that. Routed through core
 * there is still exactly one copy in the page. Micro-frontends must not import react-router-dom directly
 * (lint rule in biome.json).
 *
 * `Link`, `NavLink` and `useNavigate` are react-router's, with one difference: a target that is a public page
 * of this site gets the page's language as `?lng=`, so a visitor stays on addresses whose language a CDN can
 * see (see `withLanguage`).
 */
import { type ComponentType, createElement, useCallback } from 'react';
import {
  createPath,
  type LinkProps,
  type NavigateFunction,
  type NavLinkProps,
  type Path,
  parsePath,
  Link as RouterLink,
  NavLink as RouterNavLink,
  type To,
  useNavigate as useRouterNavigate,
} from 'react-router-dom';
import { LANGUAGE_QUERY_PARAM, type Language } from './i18n/language';
import { useLanguage } from './i18n/react';
import { isAppActive } from './routes';

export {
  BrowserRouter,
  type LinkProps,
  Navigate,
  type NavLinkProps,
  Outlet,
  Route,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
} from 'react-router-dom';

/**
 * `to` with `lng=<language>` added at the end of its query, when it is a public page of this site: a path from
 * the root (`/blog`, not `//host` or `page`), not an editor's page (the 404 page counts as public), without a
 * `lng` of its own. Anything else (a hash, a relative or outside address) comes back as it was.
 */
export function withLanguage<T extends To>(to: T, language: Language): T {
  const path: Partial<Path> = typeof to === 'string' ? parsePath(to) : (to as Partial<Path>);
  const { pathname = '', search = '' } = path;
  if (
    !/^\/(?!\/)/.test(pathname) ||
    isAppActive('@agency/mf-admin', pathname) ||
    new URLSearchParams(search).has(LANGUAGE_QUERY_PARAM)
  )
    return to;
  const withLng = {
    ...path,
    search: `${search.length > 1 ? `${search}&` : '?'}${LANGUAGE_QUERY_PARAM}=${language}`,
  };
  return (typeof to === 'string' ? createPath(withLng) : withLng) as T;
}

/** A react-router link whose `to` gets the page's language (`withLanguage`). */
function inLanguage<P extends { to: To }>(RouterComponent: ComponentType<P>) {
  return function LinkInLanguage(props: P) {
    return createElement(RouterComponent, { ...props, to: withLanguage(props.to, useLanguage()) });
  };
}

/** react-router's `Link`; a public page's address carries the page's language (`withLanguage`). */
export const Link = inLanguage<LinkProps>(RouterLink);

/** react-router's `NavLink`; a public page's address carries the page's language (`withLanguage`). */
export const NavLink = inLanguage<NavLinkProps>(RouterNavLink);

/** react-router's `useNavigate`; a public page's address carries the page's language (`withLanguage`). */
export function useNavigate(): NavigateFunction {
  const navigate = useRouterNavigate();
  const language = useLanguage();
  return useCallback(
    (to: To | number, options?: object) =>
      typeof to === 'number' ? navigate(to) : navigate(withLanguage(to, language), options),
    [navigate, language],
  ) as NavigateFunction;
}
