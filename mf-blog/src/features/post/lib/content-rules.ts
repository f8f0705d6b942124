import {
  CONTENT_ATTRIBUTES,
  CONTENT_TAGS,
  isAllowedImageSource,
  isAllowedLink,
  LIST_KINDS,
} from '@agency/core/rules';

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const TAGS = new Set<string>(CONTENT_TAGS);
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  ...CONTENT_ATTRIBUTES,
  // Links open where the reader chooses; external ones get rel="noopener noreferrer" below.
  a: CONTENT_ATTRIBUTES.a.filter((name) => name !== 'target'),
};
/** Elements whose content is never text of the post: dropped whole rather than unwrapped. */
const DROP_WITH_CONTENT = new Set([
  'audio',
  'embed',
  'head',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'object',
  'plaintext',
  'script',
  'select',
  'style',
  'template',
  'textarea',
  'title',
  'video',
  'xmp',
]);

function isExternal(href: string): boolean {
  if (!/^https?:/i.test(href)) return false;
  try {
    return new URL(href).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** Replaces an element with its children (DOMPurify's KEEP_CONTENT: the text of an unknown tag stays). */
function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}

/**
 * The editor's allow-list (core/src/rules/content.ts) applied to a tree that a sanitizer has already made
 * script-free: tags outside the list are unwrapped (or dropped with their content, for SVG, MathML and the
 * like), attributes outside the tag's list removed, links and images held to the site's URL rules, lists to
 * Quill's two kinds. It only ever removes or moves nodes and attributes, never parses, so it cannot make a
 * safe tree unsafe.
 */
export function applyContentRules(root: ParentNode): void {
  for (const node of [...root.querySelectorAll('*')]) {
    if (!root.contains(node)) continue; // inside an element dropped earlier in this walk
    const tag = node.localName;
    if (node.namespaceURI !== HTML_NAMESPACE || DROP_WITH_CONTENT.has(tag)) {
      node.remove();
      continue;
    }
    if (!TAGS.has(tag)) {
      unwrap(node);
      continue;
    }
    const allowed = ATTRIBUTES[tag] ?? [];
    for (const name of node.getAttributeNames()) {
      if (!allowed.includes(name)) node.removeAttribute(name);
    }
    if (tag === 'a') {
      const href = node.getAttribute('href');
      if (href !== null && !isAllowedLink(href)) node.removeAttribute('href');
      else if (href !== null && isExternal(href)) node.setAttribute('rel', 'noopener noreferrer');
    } else if (tag === 'li') {
      if (!(LIST_KINDS as readonly string[]).includes(node.getAttribute('data-list') ?? '')) {
        node.removeAttribute('data-list');
      }
    } else if (tag === 'img') {
      if (!isAllowedImageSource(node.getAttribute('src') ?? '')) {
        node.remove();
        continue;
      }
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  }
}
