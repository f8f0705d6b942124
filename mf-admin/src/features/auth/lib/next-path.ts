/**
 * Where to go after signing in: a path on this site only (an attacker's link must not send the editor to
 * another origin after sign-in), never back to /login, /posts by default.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/posts';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/posts';
  return next;
}

/** The sign-in address that returns to `here` (path, query and hash) afterwards. */
export function loginPath(here: { pathname: string; search?: string; hash?: string }): string {
  const target = `${here.pathname}${here.search ?? ''}${here.hash ?? ''}`;
  return `/login?next=${encodeURIComponent(safeNextPath(target))}`;
}
