import { CONTENT_ATTRIBUTES, CONTENT_TAGS, isAllowedImageSource, LIST_KINDS } from '@agency/core/rules';
import sanitizeHtml from 'sanitize-html';

/**
 * Elements whose text is dropped along with them. Most are raw-text or foreign-content elements in browsers:
 * keeping their text would turn markup the browser never saw as markup into visible text (or the reverse).
 */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'head',
];

/**
 * How deep elements may nest in a post: every element counts, kept or dropped, as does one left open by a
 * missing end tag. What the editor makes nests a few deep (a list item, a link, bold, italic). Past that the
 * sanitizer's work grows with the square of the depth (1 MB of nested lists took seconds), so such content is
 * refused (`content_too_deep`) rather than cleaned.
 */
export const MAX_CONTENT_DEPTH = 256;

/** The error key of content nested deeper than MAX_CONTENT_DEPTH. */
export const CONTENT_TOO_DEEP = 'content_too_deep';

export class ContentTooDeepError extends Error {
  readonly key = CONTENT_TOO_DEEP;
  constructor() {
    super(CONTENT_TOO_DEEP);
    this.name = 'ContentTooDeepError';
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  // The editor's output, from the one allow-list in core (Quill writes b/i as strong/em, but pasted HTML may
  // carry either; transformTags below normalises them).
  allowedTags: [...CONTENT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(CONTENT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  // Links: the three schemes the issue names, or a path on this site; never protocol-relative.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    b: 'strong',
    i: 'em',
    // A link opened in a new tab gets no handle on this page.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank'
          ? { ...attribs, rel: 'noopener noreferrer' }
          : omit(omit(attribs, 'rel'), 'target'),
    }),
    li: (tagName, attribs) => ({
      tagName,
      attribs: (LIST_KINDS as readonly string[]).includes(attribs['data-list'] ?? '')
        ? attribs
        : omit(attribs, 'data-list'),
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.src !== undefined && isAllowedImageSource(attribs.src.trim())
          ? attribs
          : omit(attribs, 'src'),
    }),
  },
};

/**
 * An image left without a source (refused above, or by the sanitizer's own URL rules) in the sanitizer's
 * output, where every attribute is written `name="value"` with its quotes escaped and text never holds `<`. It
 * shows nothing, so it goes. (Dropping it with sanitize-html's exclusiveFilter cut the whole output back at each
 * one: 400 KB of text and such images took 20 s, 1 MB minutes.)
 */
const IMAGE_WITHOUT_SOURCE = /<img(?: (?!src=)[a-z][a-z0-9-]*="[^"]*")* \/>/g;

function omit(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/** One pass of the sanitizer; stops as soon as elements nest deeper than MAX_CONTENT_DEPTH. */
function sanitizeOnce(html: string): string {
  let depth = 0;
  return sanitizeHtml(html, {
    ...OPTIONS,
    // The parser reports every element it opens and closes, end tags it implies included.
    onOpenTag: () => {
      depth += 1;
      if (depth > MAX_CONTENT_DEPTH) throw new ContentTooDeepError();
    },
    onCloseTag: () => {
      depth -= 1;
    },
  }).replace(IMAGE_WITHOUT_SOURCE, '');
}

/**
 * Cleans post HTML on write with an allow-list: what the editor's toolbar makes stays, everything else
 * (scripts, event handlers, styles, frames, `javascript:` and `data:` URLs, foreign elements) goes. The
 * result is re-serialized by the sanitizer, so text can never be read back as markup. Applying it twice
 * gives the same result as once. Throws ContentTooDeepError for elements nested deeper than
 * MAX_CONTENT_DEPTH. Its time grows with the length of the HTML (up to about a second for 1 MB):
 * the API runs it for large content off the main thread (lib/sanitize-pool.ts).
 */
export function sanitizePostHtml(html: string): string {
  let current = sanitizeOnce(html);
  // Clean HTML (what every save stores) comes back as it was: cleaning it again cannot change it either.
  if (current === html) return html;
  // Dropping an element can leave nesting the parser reads differently next time (an <li> that ended up inside
  // another <li>), so clean until the output no longer changes: then cleaning again really is a no-op.
  for (let pass = 0; pass < 5; pass++) {
    const next = sanitizeOnce(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** sanitizePostHtml's outcome as data (it crosses to and from a worker thread): clean HTML, or why not. */
export type SanitizedContent = { ok: true; html: string } | { ok: false; key: typeof CONTENT_TOO_DEEP };

export function sanitizePostContent(html: string): SanitizedContent {
  try {
    return { ok: true, html: sanitizePostHtml(html) };
  } catch (error) {
    if (error instanceof ContentTooDeepError) return { ok: false, key: error.key };
    throw error;
  }
}

/**
 * The sanitizer of pages rendered on the server. A page is rendered again for every address it is not kept
 * for (another query parameter, an editor's session), and cleaning a long post takes the main thread a while,
 * so each post's result is remembered, by its HTML, up to `maxChars` characters in all (the least recently
 * used go first). Content that is refused (nested too deep, stored before that rule) renders as nothing: the
 * browser then puts its own sanitized copy in place.
 */
export function createRenderSanitizer({
  maxChars = 2 * 1024 * 1024,
  clean = sanitizePostContent,
}: {
  maxChars?: number;
  clean?: (html: string) => SanitizedContent;
} = {}): (html: string) => string {
  const kept = new Map<string, string>();
  let chars = 0;
  // Clean HTML is kept once: its result is the very same string.
  const sizeOf = (html: string, result: string) => html.length + (result === html ? 0 : result.length);
  return (html) => {
    const known = kept.get(html);
    if (known !== undefined) {
      kept.delete(html);
      kept.set(html, known);
      return known;
    }
    const outcome = clean(html);
    const result = outcome.ok ? outcome.html : '';
    const size = sizeOf(html, result);
    if (size <= maxChars) {
      kept.set(html, result);
      chars += size;
      for (const [oldest, value] of kept) {
        if (chars <= maxChars) break;
        kept.delete(oldest);
        chars -= sizeOf(oldest, value);
      }
    }
    return result;
  };
}
