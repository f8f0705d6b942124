import { directionOf, LANGUAGE_SOURCE_ATTRIBUTE, type Language, RTL_BODY_CLASS } from '@agency/core/language';
import type { SiteConfig } from '@agency/core/types';
import { type FeedLink, feedTitle } from './search-engines';

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
  return scriptSafeJson(JSON.stringify(value));
}

/** `jsonForScript` for JSON that is already text (an answer kept as JSON by the read cache). */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Where root-config's index.html wants the server's tags. */
export const APP_META_MARKER = '<!--app-meta-->';

/**
 * The tags the server puts into the page: the API key the browser sends, the visitor's CSRF token (empty in
 * /app-meta.html, which is not fetched by the visitor's browser), the site configuration, read by
 * `@agency/core`'s site-config module, and the blog's feeds (one per language, for feed readers).
 */
export function renderAppMeta(
  apiKey: string,
  site: SiteConfig,
  csrfToken = '',
  feeds: readonly FeedLink[] = [],
): string {
  return [
    `<meta name="api-key" content="${escapeAttribute(apiKey)}">`,
    `<meta name="csrf-token" content="${escapeAttribute(csrfToken)}">`,
    `<script type="application/json" id="site-config">${siteConfigJson(site)}</script>`,
    ...feeds.map(
      (feed) =>
        `<link rel="alternate" type="application/rss+xml" hreflang="${feed.language}" title="${escapeAttribute(feed.title)}" href="${escapeAttribute(feed.href)}">`,
    ),
  ].join('\n    ');
}

/** The site-config block's text for these details (what renderAppMeta writes, and the browser reads). */
function siteConfigJson(site: SiteConfig): string {
  const siteConfig: SiteConfig = {
    name: site.name,
    address: site.address,
    email: site.email,
    phone: site.phone,
    defaultCountry: site.defaultCountry,
    social: { ...site.social },
    contactRetentionDays: site.contactRetentionDays,
  };
  return jsonForScript(siteConfig);
}

/**
 * The page with its site-config block holding `site`: the settings as they are now, in the page's language
 * (the kept app page was written with the server's own details), and its feed links titled with its name.
 */
export function withSiteConfig(html: string, site: SiteConfig): string {
  return html
    .replace(
      /(<script type="application\/json" id="site-config">)[^<]*(<\/script>)/,
      (_all, open: string, close: string) => `${open}${siteConfigJson(site)}${close}`,
    )
    .replace(
      // The feeds' titles name the agency as the settings do in the page's language.
      /(<link rel="alternate" type="application\/rss\+xml" hreflang="(en|ar)" title=")[^"]*"/g,
      (_all, start: string, language: Language) =>
        `${start}${escapeAttribute(feedTitle(language, site.name))}"`,
    );
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

/** Removes the named attributes (quoted or not) from a tag's attribute text. */
function withoutAttributes(attributes: string, names: readonly string[]): string {
  const value = `(?:\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s>]+))?`;
  const pattern = new RegExp(`\\s+(?:${names.join('|')})(?=[\\s=/>]|$)${value}`, 'gi');
  return attributes.replace(pattern, '');
}

/**
 * root-config's page in one language, as the client would set it up: `lang` and `dir` on `<html>` (marked as
 * the server's choice, so the browser's first render follows it), the right-to-left class on `<body>` for
 * Arabic, and only this language's `<link data-lang>` preloads (the Arabic font file on Arabic pages only).
 */
export function localizePage(html: string, lang: Language): string {
  return html
    .replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
      const rest = withoutAttributes(attributes, ['lang', 'dir', LANGUAGE_SOURCE_ATTRIBUTE]);
      return `<html lang="${lang}" dir="${directionOf(lang)}" ${LANGUAGE_SOURCE_ATTRIBUTE}="server"${rest}>`;
    })
    .replace(/<body\b([^>]*)>/i, (_tag, attributes: string) => {
      const current = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
      const classes = (current?.[1] ?? current?.[2] ?? current?.[3] ?? '')
        .split(/\s+/)
        .filter((name) => name && name !== RTL_BODY_CLASS);
      if (lang === 'ar') classes.push(RTL_BODY_CLASS);
      const rest = withoutAttributes(attributes, ['class']);
      return classes.length ? `<body class="${escapeAttribute(classes.join(' '))}"${rest}>` : `<body${rest}>`;
    })
    .replace(/[ \t]*<link\b[^>]*\sdata-lang\s*=\s*"?([\w-]+)"?[^>]*>\n?/gi, (link, only: string) =>
      only === lang ? link : '',
    );
}
