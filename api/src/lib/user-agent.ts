/**
 * What an editor's session list shows of a browser: its name and its system, read from the User-Agent the
 * browser sent at sign-in. Names only, never versions (they change under a session that stays the same).
 * The order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", and
 * iPadOS and Android also say "Mac OS X" or "Linux".
 */

export interface BrowserDescription {
  /** Chrome, Firefox, Safari, Edge, Opera, Samsung Internet, or null when none of them. */
  browser: string | null;
  /** Android, iOS, Windows, macOS, ChromeOS, Linux, or null when none of them. */
  os: string | null;
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPT)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(table: readonly [RegExp, string][], text: string): string | null {
  return table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

export function describeUserAgent(userAgent: string): BrowserDescription {
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}

/** The longest User-Agent kept with a session. */
export const MAX_USER_AGENT_LENGTH = 512;

/** A User-Agent header as stored: one line of printable characters, at most MAX_USER_AGENT_LENGTH long. */
export function storedUserAgent(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? (header[0] ?? '') : (header ?? '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_USER_AGENT_LENGTH);
}
