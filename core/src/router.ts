/**
 * The router API the micro-frontends use. It is re-exported from the `@agency/core` singleton rather than
 * shared as a whole package: a Module Federation shared package is bundled whole (never tree-shaken), and all
 * of react-router weighs ~63 KB gzip, while the part the site uses is a fraction of that. Routed through core
 * there is still exactly one copy in the page. Micro-frontends must not import react-router-dom directly
 * (lint rule in biome.json).
 *
 * `Link`, `NavLink` and `useNavigate` follow react-router, with one difference: a target that is a public page
 * of this site gets the page's language as `?lng=`, so a visitor stays on addresses whose language a CDN can
 * see (see `withLanguage`). `Link` and `NavLink` are built on react-router's hooks for links (`useHref`,
 * `useLinkClickHandler`) rather than its components: those carry framework mode's prefetching and view
 * transitions, which a single-spa site never uses, into every page (2.4 KB gzip).
 */
import { type AnchorHTMLAttributes, createElement, type MouseEvent, type Ref, useCallback } from 'react';
import {
  createPath,
  type NavigateFunction,
  type Path,
  parsePath,
  type To,
  useHref,
  useLinkClickHandler,
  useLocation,
  useResolvedPath,
  useNavigate as useRouterNavigate,
} from 'react-router-dom';
import { LANGUAGE_QUERY_PARAM, type Language } from './i18n/language';
import { useLanguage } from './i18n/react';
import { isAppActive } from './routes';

export {
  BrowserRouter,
  Navigate,
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

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A page of the site (followed in the app), a hash, or an outside address (left to the browser). */
  to: To;
  /** Replace the current history entry (by default only when `to` is the current address). */
  replace?: boolean;
  /** History state for the page opened. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** An address with a scheme (`https:`, `mailto:`) or a host (`//cdn`): the browser follows it. */
const OUTSIDE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * A link to `to`, with the page's language on a public page's address (`withLanguage`). A plain click opens it
 * in the app (react-router's `useLinkClickHandler`: not with a modifier key, another button, or a `target`
 * other than `_self`); an outside address is a plain link.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const outside = typeof to === 'string' && OUTSIDE.test(to);
  const destination = withLanguage(to, useLanguage());
  const href = useHref(outside ? '.' : destination);
  const follow = useLinkClickHandler<HTMLAnchorElement>(destination, { replace, state, target });
  return createElement('a', {
    ...rest,
    href: outside ? (to as string) : href,
    target,
    onClick(event: MouseEvent<HTMLAnchorElement>) {
      onClick?.(event);
      if (!outside && !event.defaultPrevented) follow(event);
    },
  });
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this very path, not on the pages under it. */
  end?: boolean;
  /** Compare the paths with their case (by default, `/Blog` is active on `/blog`). */
  caseSensitive?: boolean;
}

/**
 * A `Link` that marks the current page as react-router's `NavLink` does: `aria-current="page"` and the class
 * `active` while the address is `to`'s path or, without `end`, a page under it. The query does not count.
 */
export function NavLink({ end = false, caseSensitive = false, className, ...props }: NavLinkProps) {
  const here = useLocation().pathname;
  const path = useResolvedPath(props.to).pathname;
  const [current, target] = caseSensitive ? [here, path] : [here.toLowerCase(), path.toLowerCase()];
  const under = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(under) === '/');
  return createElement(Link, {
    ...props,
    className: active ? [className, 'active'].filter(Boolean).join(' ') : className,
    'aria-current': active ? 'page' : props['aria-current'],
  });
}

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
