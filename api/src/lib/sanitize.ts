import sanitizeHtml from 'sanitize-html';

/** Images in post HTML come from our own uploads (server-made names) or from another site over HTTPS. */
const OWN_IMAGE = /^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/;

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

function isAllowedImageSource(src: string): boolean {
  if (OWN_IMAGE.test(src)) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  // What the editor's toolbar makes: headings 1-3 or normal, bold, italic, underline, strike, ordered and
  // bullet lists, links and images (Quill writes b/i as strong/em, but pasted HTML may carry either).
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    // Quill 2 writes every list as <ol> and tells bullets from numbers with this attribute.
    li: ['data-list'],
  },
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
      attribs:
        attribs['data-list'] === 'bullet' || attribs['data-list'] === 'ordered'
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
  return sanitizeHtml(html, OPTIONS);
}
