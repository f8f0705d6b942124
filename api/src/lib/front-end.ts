/** The front-end builds the server serves and renders from. */

/** Remotes served from `/mf/<name>/`, each from `${webRoot}/<name>/dist`. */
export const MICRO_FRONTENDS = ['mf-marketing', 'mf-blog', 'mf-admin'] as const;

/**
 * Which build ships each translation namespace (in its `dist/locales/`): the shell's, whose browser code is
 * root-config's and whose own build holds its server entry and translations, or a remote's.
 */
export const LOCALE_NAMESPACE_OWNERS: Readonly<
  Record<string, 'mf-shell' | (typeof MICRO_FRONTENDS)[number]>
> = {
  common: 'mf-shell',
  shell: 'mf-shell',
  marketing: 'mf-marketing',
  blog: 'mf-blog',
  admin: 'mf-admin',
};
