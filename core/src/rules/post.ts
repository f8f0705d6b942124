import { slugProblem } from './slug';

/** The fields of a post as the editor and the API exchange them (published_at as YYYY-MM-DD or ISO). */
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

/** `YYYY-MM-DD`, or an ISO date-time whose date part is a real calendar day. */
export function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(value.trim());
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return match[4] === undefined || !Number.isNaN(Date.parse(value));
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

/** The part of an ISO date-time before the T, as a date input wants it. */
export function dateInputValue(iso: string | null | undefined): string {
  return (iso ?? '').split('T')[0] ?? '';
}

/** Today as YYYY-MM-DD in the user's time zone: the default published_at of a new post. */
export function todayInputValue(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
