/**
 * The spec's slug rule: lower-case the title, drop characters other than letters, digits, underscore,
 * whitespace and hyphen, turn whitespace runs into hyphens, collapse repeated hyphens, trim hyphens.
 * Letters and digits are Unicode-aware, so Arabic titles keep their words.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const MAX_SLUG_LENGTH = 200;

/**
 * Whether a slug may be stored: what slugify could produce, at most 200 characters, and not digits only
 * (an all-digit path segment is always read as a post id: `DELETE /api/posts/{id}`).
 */
export function slugProblem(slug: string): 'slug_required' | 'slug_invalid' | null {
  if (slug.trim() === '') return 'slug_required';
  if (Array.from(slug).length > MAX_SLUG_LENGTH) return 'slug_invalid';
  if (/^\d+$/.test(slug)) return 'slug_invalid';
  if (slugify(slug) !== slug) return 'slug_invalid';
  return null;
}
