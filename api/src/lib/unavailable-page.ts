import { STATUS_CODES } from 'node:http';
import { directionOf, type Language } from '@agency/core/language';
import { escapeAttribute } from './html';
import type { UnavailableText } from './page-render';

/**
 * The page a visitor gets (503) when the page they asked for needs the database, it cannot be reached, and no
 * copy of the page was kept: in their language, saying what happened and offering to try again. Plain HTML
 * with no script and no style of its own (the strict CSP applies), so it shows even while the rest is down.
 */
export function unavailablePage(language: Language, text: UnavailableText | null): string {
  const title = escapeAttribute(text?.title ?? STATUS_CODES[503] ?? 'Service Unavailable');
  const body = text
    ? `<p>${escapeAttribute(text.text)}</p>\n    <p><a href="">${escapeAttribute(text.retry)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title}</title>
  </head>
  <body>
    <main>
    <h1>${title}</h1>
    ${body}
    </main>
  </body>
</html>
`;
}
