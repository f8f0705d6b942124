/** The front-end builds the server serves and renders from. */

/** Remotes served from `/mf/<name>/`, each from `${webRoot}/<name>/dist`. */
export const MICRO_FRONTENDS = ['mf-shell', 'mf-marketing', 'mf-blog', 'mf-admin'] as const;

/** Which micro-frontend's build ships each translation namespace. */
export const LOCALE_NAMESPACE_OWNERS: Readonly<Record<string, (typeof MICRO_FRONTENDS)[number]>> = {
  common: 'mf-shell',
  shell: 'mf-shell',
  marketing: 'mf-marketing',
  blog: 'mf-blog',
  admin: 'mf-admin',
};
