/**
 * What post HTML may contain: what the editor's toolbar makes (headings 1-3 or normal, bold, italic,
 * underline, strike, ordered and bullet lists, links, images). The API's sanitizer (on write) and the blog's
 * (before rendering) both read this one list.
 */
export const CONTENT_TAGS = [
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
] as const;

export const CONTENT_ATTRIBUTES = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt'],
  // Quill 2 writes every list as <ol> and tells bullets from numbers with this attribute.
  li: ['data-list'],
} as const;

export const LIST_KINDS = ['bullet', 'ordered'] as const;

/** Images the site uploaded (server-made names). */
export const OWN_IMAGE_PATH = /^\/storage\/poster_images\/[0-9a-f]{32}\.webp$/;

/** A link target posts may use: http, https, mailto, or a path on this site (never protocol-relative `//`). */
export function isAllowedLink(href: string): boolean {
  const value = href.trim();
  // A site path: no backslash (browsers read `/\host` as `//host`) and no control characters.
  if (/^\/(?!\/)/.test(value))
    return !value.includes('\\') && ![...value].some((c) => c.charCodeAt(0) < 0x20);
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol);
  } catch {
    return false;
  }
}

/** An image source posts may use: one of our uploads, or an https address without credentials. */
export function isAllowedImageSource(src: string): boolean {
  const value = src.trim();
  if (OWN_IMAGE_PATH.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
