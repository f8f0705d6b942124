import { randomBytes } from 'node:crypto';
import type { Language } from '@agency/core/language';
import { PAGE_DATA_ELEMENT_ID } from '@agency/core/page-data';
import { classesInPage } from '../../lib/critical-css';
import { escapeAttribute, scriptSafeJson, withSiteConfig } from '../../lib/html';
import { type Stylesheet, styleMarkup } from '../../lib/inline-styles';
import type { RenderedPage } from '../../lib/page-render';

// How a page is put together: root-config's page with a server render, its head and its data put in.

/**
 * Where each visitor's token goes in the kept page. Random per process: a post's title or text rendered into
 * the page can never hold it, so only the one slot in the head is filled.
 */
export const CSRF_SLOT = `{{csrf-${randomBytes(16).toString('hex')}}}`;

/** `<div id="x"></div>` of root-config's index.html with the part's markup inside. */
function fillContainer(html: string, id: string, markup: string): string {
  if (!markup) return html;
  const empty = `<div id="${id}"></div>`;
  return html.replace(empty, () => `<div id="${id}">${markup}</div>`);
}

/**
 * The page's data block: the URL and language it was rendered for, the reads (their JSON bodies as the API
 * sends them) and the translations. JSON only, escaped so nothing in it can end the element.
 */
function pageDataBlock(page: RenderedPage, url: string, language: Language): string {
  const reads = Object.entries(page.reads)
    .map(([key, read]) => `${JSON.stringify(key)}:{"status":${read.status},"body":${read.json}}`)
    .join(',');
  const json = `{"url":${JSON.stringify(url)},"language":${JSON.stringify(language)},"reads":{${reads}},"resources":${JSON.stringify(page.resources)}}`;
  // `data-url` too, so the page can tell at once (before any script parses the data) which address it shows.
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}" data-url="${escapeAttribute(url)}">${scriptSafeJson(json)}</script>`;
}

/**
 * root-config's page (one language, the CSRF slot in it) with a server render put in, and the CSP sources of
 * the stylesheets it carries inline (lib/inline-styles.ts).
 */
export function composePage(
  template: string,
  page: RenderedPage,
  rootStyles: readonly (Stylesheet & { tag: string })[],
  url: string,
  language: Language,
  headTags: string,
): { html: string; styleHashes: string[] } {
  // The page reads without JavaScript: the notice that the site needs it is for pages rendered in the browser.
  // Taken out of root-config's page before anything is put in, so a part's own <noscript> stays.
  let html = withSiteConfig(template, page.site).replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '');
  // The page paints and reads from its HTML: its code (hydration) is asked for once it has painted. The
  // modules the build lists for it to preload (the site's entry, React DOM, i18next) and the micro-frontend's
  // go onto the starter's script (root-config/src/first-paint.ts), which preloads them then, all at once;
  // as links here they would be fetched, and run, before the first paint.
  const modules: string[] = [];
  html = html.replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_all, href: string) => {
    modules.push(href);
    return '';
  });
  modules.push(...page.scripts);
  html = html.replace(/<script type="module"([^>]*)><\/script>/, (_all, attributes: string) => {
    const priority = /fetchpriority=/.test(attributes) ? '' : ' fetchpriority="low"';
    const list = [...new Set(modules)].map(escapeAttribute).join(' ');
    return `<script type="module"${attributes}${priority} data-modules="${list}"></script>`;
  });
  for (const [id, markup] of Object.entries(page.parts)) html = fillContainer(html, id, markup);
  const hashes = new Set<string>();
  // root-config's own stylesheet whole in its place (nothing of its code asks for it again; its font faces
  // must not be declared twice, or a late second face would swap the Arabic font that `optional` kept out)...
  for (const sheet of rootStyles) {
    const markup = styleMarkup([sheet], { loadedLater: false });
    html = html.replace(sheet.tag, () => markup.html);
    for (const hash of markup.hashes) hashes.add(hash);
  }
  // ...and of the micro-frontends' what this page's markup uses, in the order they were linked before.
  const appStyles = styleMarkup(page.styles, { loadedLater: true, pageClasses: classesInPage(html) });
  for (const hash of appStyles.hashes) hashes.add(hash);
  if (page.head.title)
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeAttribute(page.head.title ?? '')}</title>`,
    );
  if (page.head.description)
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttribute(page.head.description ?? '')}" />`,
    );
  const head = [
    appStyles.html,
    // React's hints (the LCP image's preload).
    page.hints,
    headTags,
  ]
    .filter(Boolean)
    .join('\n    ');
  html = html.replace(/<\/head>/i, (end) => `    ${head}\n  ${end}`);
  html = html.replace(/<\/body>/i, (end) => `  ${pageDataBlock(page, url, language)}\n  ${end}`);
  return { html, styleHashes: [...hashes] };
}
