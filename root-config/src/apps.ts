import { isAppActive, ROUTE_APPS, type RouteApp } from '@agency/core/routes';

export type AppName = '@agency/mf-shell' | RouteApp;

export interface AppDef {
  /** single-spa application name: the micro-frontend's package name. */
  name: AppName;
  /** Module Federation remote name, as listed in the registry. */
  remote: string;
  activeWhen: (location: Location | URL) => boolean;
}

/** `@agency/mf-blog` -> `mf_blog`: the federation name each remote builds under. */
export function remoteNameOf(app: AppName): string {
  return app.replace('@agency/', '').replace(/-/g, '_');
}

/**
 * The shell is always mounted; every other app is active exactly on the paths the core route table gives
 * it, so `/` never matches `/blog` and a path nobody owns leaves only the shell (which shows the 404 page).
 */
export const APPS: readonly AppDef[] = [
  { name: '@agency/mf-shell', remote: remoteNameOf('@agency/mf-shell'), activeWhen: () => true },
  ...ROUTE_APPS.map((name) => ({
    name,
    remote: remoteNameOf(name),
    activeWhen: (location: Location | URL) => isAppActive(name, location.pathname),
  })),
];
