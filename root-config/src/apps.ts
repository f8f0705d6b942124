import { isAppActive, ROUTE_APPS, type RouteApp } from '@agency/core/routes';

/** The shell: header, footer, 404 page and toasts, bundled into root-config and mounted on every page. */
export const SHELL_APP = '@agency/mf-shell';

export interface AppDef {
  /** single-spa application name: the micro-frontend's package name. */
  name: RouteApp;
  /** Module Federation remote name, as listed in the registry. */
  remote: string;
  activeWhen: (location: Location | URL) => boolean;
}

/** `@agency/mf-blog` -> `mf_blog`: the federation name each remote builds under. */
export function remoteNameOf(app: RouteApp): string {
  return app.replace('@agency/', '').replace(/-/g, '_');
}

/**
 * The federated micro-frontends, each active exactly on the paths the core route table gives it, so `/` never
 * matches `/blog` and a path nobody owns leaves only the shell (which shows the 404 page).
 */
export const REMOTE_APPS: readonly AppDef[] = ROUTE_APPS.map((name) => ({
  name,
  remote: remoteNameOf(name),
  activeWhen: (location: Location | URL) => isAppActive(name, location.pathname),
}));
