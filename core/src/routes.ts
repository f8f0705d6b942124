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
  /** The values a parameter may take, when only some do (any other is no match: the 404 page). */
  oneOf?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The editor screens of the site's content under `/site/`, one per kind (two route entries for all of them
 * rather than two per kind: the table is in every page's code), and those that list items with their own form.
 */
export const SITE_SCREENS = [
  'services',
  'faq',
  'pricing',
  'portfolio',
  'home',
  'logos',
  'settings',
  // The media library (everyone who writes posts): every stored image, its alt texts and where it is used.
  'media',
  // The accounts (the People screen, in the editor bar's account group): a screen here costs no route entry.
  'people',
  // The audit trail (administrators): who did what, when, from where.
  'audit',
] as const;
/** The pages under `/login/` that need no session (one route entry for all of them). */
export const LOGIN_SCREENS = ['forgot', 'reset', 'invitation'] as const;
export const SITE_ITEM_SCREENS: readonly string[] = ['services', 'faq', 'pricing', 'portfolio', 'logos'];

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
  // The site's content, one editor screen per kind: `/site/faq`, and an item's `/site/faq/{id|key|new}`.
  { name: 'site-admin', pattern: '/site/:screen', app: '@agency/mf-admin', oneOf: { screen: SITE_SCREENS } },
  {
    name: 'site-admin-item',
    pattern: '/site/:screen/:id',
    app: '@agency/mf-admin',
    oneOf: { screen: SITE_ITEM_SCREENS },
  },
  { name: 'login', pattern: '/login', app: '@agency/mf-admin' },
  // Pages reached without a session: `/login/forgot` (ask for a reset link), `/login/reset` (a new password from
  // that link), `/login/invitation` (accept an invitation). The link's token travels in the URL's fragment, so it
  // never reaches a server log or a Referer.
  { name: 'login-step', pattern: '/login/:step', app: '@agency/mf-admin', oneOf: { step: LOGIN_SCREENS } },
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

/** A path the route owns, for tests and examples: each parameter filled with `sample`, or its first allowed value. */
export function samplePath(route: RouteDef, sample: string): string {
  return route.pattern.replace(/:(\w+)/g, (_match, param: string) => route.oneOf?.[param]?.[0] ?? sample);
}

/** The route owning a pathname, or null when no micro-frontend owns it (the 404 page). */
export function matchRoute(pathname: string): RouteMatch | null {
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, pathname);
    const allowed = route.oneOf;
    if (
      params &&
      (!allowed || Object.entries(allowed).every(([name, values]) => values.includes(params[name] ?? '')))
    )
      return { route, params };
  }
  return null;
}

/** Whether the given app owns the pathname: used as single-spa's `activeWhen`. */
export function isAppActive(app: RouteApp, pathname: string): boolean {
  return matchRoute(pathname)?.route.app === app;
}
