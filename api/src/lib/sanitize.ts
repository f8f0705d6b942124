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
  // An image whose source was refused shows nothing, so it goes.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

function omit(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * Cleans post HTML on write with an allow-list: what the editor's toolbar makes stays, everything else
 * (scripts, event handlers, styles, frames, `javascript:` and `data:` URLs, foreign elements) goes. The
 * result is re-serialized by the sanitizer, so text can never be read back as markup. Applying it twice
 * gives the same result as once.
 */
export function sanitizePostHtml(html: string): string {
  // Dropping an element can leave nesting the parser reads differently next time (an <li> that ended up inside
  // another <li>), so clean until the output no longer changes: then cleaning again really is a no-op.
  let current = sanitizeHtml(html, OPTIONS);
  for (let pass = 0; pass < 5; pass++) {
    const next = sanitizeHtml(current, OPTIONS);
    if (next === current) return current;
    current = next;
  }
  return current;
}
