import { STATUS_CODES } from 'node:http';
import { directionOf, type Language } from '@agency/core/language';
import { escapeAttribute } from './html';
import { styleHash } from './inline-styles';
import type { UnavailableText } from './page-render';

/**
 * The page's only style, inline (nothing else of the site may be reachable) and allowed by its hash in the CSP
 * (UNAVAILABLE_STYLE_HASHES): the site's colours, system fonts, readable at any width and in either direction.
 */
const STYLE =
  'body{margin:0;padding:0 1rem;font:1.125rem/1.6 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;color:#0f172a;' +
  'background:#f8fafc}main{box-sizing:border-box;max-width:36rem;margin:12vh auto;padding:2rem 1.5rem;' +
  'border-inline-start:4px solid #4338ca;background:#fff}h1{font-size:1.5rem;line-height:1.3;margin:0 0 1rem}' +
  'p{margin:0 0 1rem}a{color:#4338ca;font-weight:600}@media (forced-colors:active){main{border-color:CanvasText}}';

/** The CSP source of the page's style. */
export const UNAVAILABLE_STYLE_HASHES: readonly string[] = [styleHash(STYLE)];

/**
 * The page a visitor gets (503) when the page they asked for needs the database, it cannot be reached, and no
 * copy of the page was kept: in their language, saying what happened and offering to try again. Plain HTML
 * with no script and one small inline style (allowed by its hash), so it shows even while the rest is down.
 */
export function unavailablePage(language: Language, text: UnavailableText | null): string {
  const title = escapeAttribute(text?.title ?? STATUS_CODES[503] ?? 'Service Unavailable');
  const body = text
    ? `\n    <p>${escapeAttribute(text.text)}</p>\n    <p><a href="">${escapeAttribute(text.retry)}</a></p>`
    : '\n    ';
  return plainPage(language, title, body);
}

/**
 * A page that says why what was asked cannot be shown (a preview link that has expired, been revoked or never
 * existed), in the visitor's language, with a link on: the same plain page and style as the 503's.
 */
export function noticePage(
  language: Language,
  text: { title: string; text: string; link?: { href: string; label: string } },
): string {
  const link = text.link
    ? `\n    <p><a href="${escapeAttribute(text.link.href)}">${escapeAttribute(text.link.label)}</a></p>`
    : '';
  return plainPage(
    language,
    escapeAttribute(text.title),
    `\n    <p>${escapeAttribute(text.text)}</p>${link}`,
  );
}

/** The plain page both are: no script, the one hashed inline style, not for search engines. */
function plainPage(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
    <h1>${title}</h1>${body}
    </main>
  </body>
</html>
`;
}
