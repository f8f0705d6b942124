import {
  CONTENT_ATTRIBUTES,
  CONTENT_TAGS,
  isAllowedImageSource,
  isAllowedLink,
  LIST_KINDS,
} from '@agency/core';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

const ALLOWED_TAGS = [...CONTENT_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(CONTENT_ATTRIBUTES).flat())].filter(
  (name) => name !== 'target',
);

let purifier: Purifier | null = null;

function isExternal(href: string): boolean {
  if (!/^https?:/i.test(href)) return false;
  try {
    return new URL(href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

function createPurifier(): Purifier {
  // An instance of our own: hooks on the default one would change sanitizing for any other code in the page.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!isAllowedLink(href)) node.removeAttribute('href');
      else if (isExternal(href)) node.setAttribute('rel', 'noopener noreferrer');
    }
    if (
      node.nodeName === 'LI' &&
      !(LIST_KINDS as readonly string[]).includes(node.getAttribute('data-list') ?? '')
    ) {
      node.removeAttribute('data-list');
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!isAllowedImageSource(src)) {
        node.remove();
        return;
      }
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
  return instance;
}

/**
 * The post's HTML reduced to the editor's allow-list. The server sanitizes on write too; this is the second
 * line, so a post stored before that rule (or written to the database directly) can never run a script:
 * <script>, event handlers (onerror, onclick...), styles, iframes and javascript: URLs are all dropped.
 */
export function sanitizePostHtml(html: string): string {
  purifier ??= createPurifier();
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false, // data-list is named in ALLOWED_ATTR; no other data-* passes
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i, // then isAllowedLink / isAllowedImageSource
  });
}
