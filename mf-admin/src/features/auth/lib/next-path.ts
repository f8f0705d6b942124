// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const PROBE_ORIGIN = 'https://agency.invalid';

/**
 * Where to go after signing in: a path on this site only (an attacker's link must not send the editor to
 * another origin after sign-in), never back to /login, /posts by default.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/posts';
  // A browser drops tabs and line breaks from an address (`/\t/evil.example` is `//evil.example`, another
  // site) and a router chokes on other control characters: such an address is nobody's page here.
  if (CONTROL_CHARACTER.test(next)) return '/posts';
  // What the address means to a browser, not as written: it must stay on this site.
  const resolved = new URL(next, PROBE_ORIGIN);
  if (resolved.origin !== PROBE_ORIGIN) return '/posts';
  if (resolved.pathname === '/login' || resolved.pathname.startsWith('/login/')) return '/posts';
  return next;
}

/** The sign-in address that returns to `here` (path, query and hash) afterwards. */
export function loginPath(here: { pathname: string; search?: string; hash?: string }): string {
  const target = `${here.pathname}${here.search ?? ''}${here.hash ?? ''}`;
  return `/login?next=${encodeURIComponent(safeNextPath(target))}`;
}
