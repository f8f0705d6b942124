import { CONTENT_ATTRIBUTES, CONTENT_TAGS } from '@agency/core/rules';
import { applyContentRules } from './content-rules';

interface SafeHtmlElement {
  setHTML(
    html: string,
    options?: { sanitizer?: { removeElements?: string[]; removeAttributes?: string[] } },
  ): void;
}

/** The browser's own HTML sanitizer (`Element.setHTML`, the Sanitizer API), where it has one. */
export function hasNativeSanitizer(): boolean {
  return typeof (Element.prototype as Partial<SafeHtmlElement>).setHTML === 'function';
}

let purifier: Promise<(html: string) => DocumentFragment> | undefined;

/** DOMPurify, for browsers without the Sanitizer API: fetched only there, configured once. */
function loadPurifier(): Promise<(html: string) => DocumentFragment> {
  purifier ??= import('dompurify').then(({ default: DOMPurify }) => {
    // An instance of our own, so the settings never leak into another user of DOMPurify in the page.
    const instance = DOMPurify(window);
    const config = {
      ALLOWED_TAGS: [...CONTENT_TAGS] as string[],
      ALLOWED_ATTR: [...new Set(Object.values(CONTENT_ATTRIBUTES).flat())] as string[],
      ALLOW_DATA_ATTR: false, // data-list is named in ALLOWED_ATTR; no other data-* passes
      ALLOW_ARIA_ATTR: false,
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
      RETURN_DOM_FRAGMENT: true as const,
    };
    return (html: string) => instance.sanitize(html, config);
  });
  purifier.catch(() => {
    purifier = undefined; // offline with nothing cached: the next post tries again
  });
  return purifier;
}

/**
 * Puts a post's HTML into `target`, reduced to the editor's allow-list. The server sanitizes on write too;
 * this is the second line, so a post stored before that rule (or written to the database directly) can never
 * run a script: <script>, event handlers (onerror, onclick...), styles, iframes, SVG and javascript: URLs are
 * all dropped.
 *
 * The HTML is parsed and cleaned in a detached, script-less document (where images do not load either), then
 * the clean nodes are moved into the page: never serialized and parsed again, so no mutation XSS. The parse
 * and first cleaning are the browser's Sanitizer API (`setHTML`, which never lets script through whatever the
 * configuration) where there is one, else DOMPurify, loaded on demand; `applyContentRules` then does the
 * same on both. Returns a promise only when DOMPurify had to be fetched.
 */
export function renderPostHtml(target: Element, html: string): void | Promise<void> {
  if (hasNativeSanitizer()) {
    const holder = document.implementation.createHTMLDocument('').createElement('div');
    // Empty block lists: the safe baseline (no script, no handlers, no javascript: URLs) and nothing else;
    // the allow-list is applyContentRules', the same rules as the DOMPurify route.
    (holder as unknown as SafeHtmlElement).setHTML(html, {
      sanitizer: { removeElements: [], removeAttributes: [] },
    });
    applyContentRules(holder);
    target.replaceChildren(...holder.childNodes);
    return;
  }
  return loadPurifier().then((sanitize) => {
    const fragment = sanitize(html);
    applyContentRules(fragment);
    target.replaceChildren(fragment);
  });
}
