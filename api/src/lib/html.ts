import type { SiteConfig } from '@agency/core/types';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Escapes text for a quoted HTML attribute value. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/**
 * JSON that is safe inside `<script>`: `<`, `>` and `&` become `\u003c`-style escapes, so a value holding
 * `</script>` or `<!--` cannot end the element or open a comment, and U+2028/U+2029 are escaped for old parsers.
 * `JSON.parse` reads the result back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Where root-config's index.html wants the server's tags. */
export const APP_META_MARKER = '<!--app-meta-->';

/**
 * The tags the server puts into the page: the API key the browser sends, the visitor's CSRF token (empty in
 * /app-meta.html, which is not fetched by the visitor's browser) and the site configuration, read by
 * `@agency/core`'s site-config module.
 */
export function renderAppMeta(apiKey: string, site: SiteConfig, csrfToken = ''): string {
  const siteConfig: SiteConfig = {
    name: site.name,
    email: site.email,
    phone: site.phone,
    social: { ...site.social },
  };
  return [
    `<meta name="api-key" content="${escapeAttribute(apiKey)}">`,
    `<meta name="csrf-token" content="${escapeAttribute(csrfToken)}">`,
    `<script type="application/json" id="site-config">${jsonForScript(siteConfig)}</script>`,
  ].join('\n    ');
}

/** Puts `meta` in place of the marker, or before `</head>` when a page lacks the marker. */
export function injectAppMeta(html: string, meta: string): { html: string; marker: boolean } {
  // Replacer functions, not strings: a `$&` or `$1` in the meta would otherwise be expanded.
  if (html.includes(APP_META_MARKER))
    return { html: html.replace(APP_META_MARKER, () => meta), marker: true };
  if (/<\/head>/i.test(html))
    return { html: html.replace(/<\/head>/i, (end) => `${meta}\n${end}`), marker: false };
  return { html: `${meta}\n${html}`, marker: false };
}
