import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** What the post editor can produce (spec: headings 1-3, bold, italic, underline, strike, lists, links, images). */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ol',
  'ul',
  'li',
  'a',
  'img',
];
const ALLOWED_ATTR = ['href', 'src', 'alt'];
/** Web and mail links, and the site's own pages (`/contact`), never protocol-relative (`//host`). */
const SAFE_HREF = /^(?:https?:|mailto:|\/(?!\/))/i;
/** Uploaded images (/storage/poster_images/...) and https images; nothing else loads. */
const SAFE_SRC = /^(?:https:|\/storage\/poster_images\/)/i;

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
      if (!SAFE_HREF.test(href)) node.removeAttribute('href');
      else if (isExternal(href)) node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!SAFE_SRC.test(src)) {
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
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
  });
}
