import { slugProblem } from './slug';

/**
 * The fields of a post as the editor and the API exchange them (published_at: the editor's local
 * `YYYY-MM-DDTHH:mm:ss`, sent as ISO 8601 with its offset; the API also takes a date alone).
 */
export interface PostInput {
  title: string;
  slug: string;
  description: string;
  content: string;
  seo_title: string;
  seo_description: string;
  published_at: string;
}

export type PostField = keyof PostInput;

export type PostErrorKey =
  | 'title_required'
  | 'slug_required'
  | 'slug_invalid'
  | 'description_required'
  | 'content_required'
  | 'seo_title_required'
  | 'seo_description_required'
  | 'date_required';

/** True when rich-text HTML holds no text and no image (an empty editor gives `<p><br></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text === '';
}

const isBlank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * `YYYY-MM-DD`, or an ISO 8601 date-time (`2026-12-01T09:30`, seconds and fraction optional, with `Z`, an
 * offset such as `+04:00`, or none) that names a real calendar day and time.
 */
export function isValidDate(value: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(
      value.trim(),
    );
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (match[4] === undefined) return true;
  const [hours, minutes] = match[4].slice(1, 6).split(':').map(Number);
  return (hours ?? 24) < 24 && (minutes ?? 60) < 60 && !Number.isNaN(Date.parse(value.trim()));
}

/**
 * Checks a post in the spec's order (title, slug, description, content, seo_title, seo_description,
 * published_at), values trimmed for the blank check. Returns every problem in that order: the editor shows
 * the first, the API reports them all.
 */
export function validatePost(input: Partial<PostInput>): { field: PostField; key: PostErrorKey }[] {
  const problems: { field: PostField; key: PostErrorKey }[] = [];
  if (isBlank(input.title)) problems.push({ field: 'title', key: 'title_required' });
  const slug = slugProblem(input.slug ?? '');
  if (slug) problems.push({ field: 'slug', key: slug });
  if (isBlank(input.description)) problems.push({ field: 'description', key: 'description_required' });
  if (isBlankHtml(input.content ?? '')) problems.push({ field: 'content', key: 'content_required' });
  if (isBlank(input.seo_title)) problems.push({ field: 'seo_title', key: 'seo_title_required' });
  if (isBlank(input.seo_description))
    problems.push({ field: 'seo_description', key: 'seo_description_required' });
  if (isBlank(input.published_at) || !isValidDate(input.published_at ?? '')) {
    problems.push({ field: 'published_at', key: 'date_required' });
  }
  return problems;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A moment as the editor's date and time fields hold it: `YYYY-MM-DDTHH:mm:ss` on the browser's clock. */
function localFields(date: Date): string {
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * A post's `published_at` as the editor's fields hold it: the browser's date and time, to the second, so that
 * a save that did not touch them sends the same moment back. Empty for a value that is not a date.
 */
export function localDateTimeValue(iso: string | null | undefined): string {
  const date = new Date(iso ?? '');
  return Number.isNaN(date.getTime()) ? '' : localFields(date);
}

/** This minute on the browser's clock: a new post's date and time, and what "Publish now" sets. */
export function nowInputValue(now: Date = new Date()): string {
  return localFields(new Date(Math.floor(now.getTime() / 60_000) * 60_000));
}

/**
 * What the editor sends for its fields: the moment they name on the browser's clock, written with the
 * browser's offset (`2026-12-01T09:30:00+04:00`), so the server stores the moment the editor meant. Empty
 * when the fields do not name one (a cleared date or time).
 */
export function instantOfLocal(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match || !isValidDate(value)) return '';
  const [y, m, d, hh, mm, ss] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0);
  // The constructor of several numbers reads years 0-99 as 1900-1999.
  if ((y ?? 0) < 100) date.setFullYear(y ?? 0);
  if (Number.isNaN(date.getTime())) return '';
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${localFields(date)}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * Where a post stands, as the posts manager filters and labels it: a draft, a published post whose date is
 * still to come (scheduled: the public does not see it yet), or one the public sees (published).
 */
export const POST_STATES = ['draft', 'scheduled', 'published'] as const;
export type PostState = (typeof POST_STATES)[number];

export function postStateOf(
  post: { status: 'draft' | 'published'; published_at: string },
  now: Date = new Date(),
): PostState {
  if (post.status === 'draft') return 'draft';
  return Date.parse(post.published_at) > now.getTime() ? 'scheduled' : 'published';
}
