/**
 * The one route table of the site. root-config derives every single-spa `activeWhen` from it, the shell
 * decides when to show the 404 page from it, and the API server answers HTTP 404 for paths it does not match.
 * What each public page reads is declared beside it, in page-reads.ts (the server's concern only, so the
 * browser's code never carries it).
 */

/** The micro-frontends that own routes (the shell is always mounted and owns none). */
export type RouteApp = '@agency/mf-marketing' | '@agency/mf-blog' | '@agency/mf-admin';

export interface RouteDef {
  /** Stable name used by code and tests. */
  name: string;
  /** Path pattern: literal segments and `:param` segments, matched exactly (no prefix matching). */
  pattern: string;
  app: RouteApp;
}

export const ROUTES: readonly RouteDef[] = [
  { name: 'home', pattern: '/', app: '@agency/mf-marketing' },
  { name: 'about', pattern: '/about', app: '@agency/mf-marketing' },
  { name: 'pricing', pattern: '/pricing', app: '@agency/mf-marketing' },
  { name: 'services', pattern: '/services', app: '@agency/mf-marketing' },
  { name: 'service-detail', pattern: '/services/:serviceType', app: '@agency/mf-marketing' },
  { name: 'portfolio', pattern: '/portfolio', app: '@agency/mf-marketing' },
  { name: 'portfolio-project', pattern: '/portfolio/:slug', app: '@agency/mf-marketing' },
  { name: 'contact', pattern: '/contact', app: '@agency/mf-marketing' },
  { name: 'privacy', pattern: '/privacy', app: '@agency/mf-marketing' },
  { name: 'terms', pattern: '/terms', app: '@agency/mf-marketing' },
  { name: 'blog', pattern: '/blog', app: '@agency/mf-blog' },
  { name: 'blog-post', pattern: '/blog/:slug', app: '@agency/mf-blog' },
  { name: 'new-post', pattern: '/new_blog', app: '@agency/mf-admin' },
  { name: 'edit-post', pattern: '/edit_blog/:slug', app: '@agency/mf-admin' },
  // The spec's edit screen navigates here after a slug change; the admin app redirects it to /edit_blog/:slug.
  { name: 'edit-post-alias', pattern: '/posts/edit/:slug', app: '@agency/mf-admin' },
  { name: 'posts', pattern: '/posts', app: '@agency/mf-admin' },
  { name: 'account', pattern: '/account', app: '@agency/mf-admin' },
  { name: 'messages', pattern: '/messages', app: '@agency/mf-admin' },
  { name: 'message', pattern: '/messages/:id', app: '@agency/mf-admin' },
  { name: 'faq-admin', pattern: '/site/faq', app: '@agency/mf-admin' },
  // `new` (with ?language= and ?translation_of=) or an item's id.
  { name: 'faq-admin-item', pattern: '/site/faq/:id', app: '@agency/mf-admin' },
  { name: 'pricing-admin', pattern: '/site/pricing', app: '@agency/mf-admin' },
  // `new` (with ?language= and ?translation_of=) or a plan's id.
  { name: 'pricing-admin-item', pattern: '/site/pricing/:id', app: '@agency/mf-admin' },
  { name: 'services-admin', pattern: '/site/services', app: '@agency/mf-admin' },
  // `new` (with ?language=) or a service's key (with ?language=).
  { name: 'services-admin-item', pattern: '/site/services/:key', app: '@agency/mf-admin' },
  { name: 'settings-admin', pattern: '/site/settings', app: '@agency/mf-admin' },
  { name: 'portfolio-admin', pattern: '/site/portfolio', app: '@agency/mf-admin' },
  // `new` (with ?language= and ?translation_of=) or a project's id.
  { name: 'portfolio-admin-item', pattern: '/site/portfolio/:id', app: '@agency/mf-admin' },
  { name: 'home-admin', pattern: '/site/home', app: '@agency/mf-admin' },
  { name: 'logos-admin', pattern: '/site/logos', app: '@agency/mf-admin' },
  // `new` (with ?language= and ?translation_of=) or a logo's id.
  { name: 'logos-admin-item', pattern: '/site/logos/:id', app: '@agency/mf-admin' },
  { name: 'login', pattern: '/login', app: '@agency/mf-admin' },
];

export const ROUTE_APPS: readonly RouteApp[] = [
  '@agency/mf-marketing',
  '@agency/mf-blog',
  '@agency/mf-admin',
];

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * Matches a pathname against one pattern. Exact: `/` matches only the root, `/blog` does not match
 * `/blog/x/y`. One trailing slash is tolerated (`/about/`). Parameters are percent-decoded; a segment
 * that cannot be decoded or is empty never matches.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  if (!pathname.startsWith('/') || pathname.includes('//')) return null;
  const want = splitPath(pattern);
  const have = splitPath(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const h = have[i] as string;
    if (w.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(h);
      } catch {
        return null;
      }
      if (value === '' || value.includes('/')) return null;
      params[w.slice(1)] = value;
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}

/** The route owning a pathname, or null when no micro-frontend owns it (the 404 page). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Whether the given app owns the pathname: used as single-spa's `activeWhen`. */
export function isAppActive(app: RouteApp, pathname: string): boolean {
  return matchRoute(pathname)?.route.app === app;
}
