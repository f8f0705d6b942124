import { describe, expect, it } from 'vitest';
import {
  dateInputValue,
  isBlankHtml,
  isValidDate,
  type PostInput,
  postStateOf,
  todayInputValue,
  validatePost,
} from './post';

const valid: PostInput = {
  title: 'Hello',
  slug: 'hello',
  description: 'A description',
  content: '<p>Body</p>',
  seo_title: 'SEO',
  seo_description: 'SEO description',
  published_at: '2026-11-21',
};

describe('validatePost', () => {
  it('accepts a complete post', () => expect(validatePost(valid)).toEqual([]));

  it.each([
    { change: { title: '   ' }, key: 'title_required' },
    { change: { slug: '' }, key: 'slug_required' },
    { change: { slug: '123' }, key: 'slug_invalid' },
    { change: { description: '\n' }, key: 'description_required' },
    { change: { content: '<p><br></p>' }, key: 'content_required' },
    { change: { seo_title: '' }, key: 'seo_title_required' },
    { change: { seo_description: ' ' }, key: 'seo_description_required' },
    { change: { published_at: '' }, key: 'date_required' },
    { change: { published_at: '2026-02-30' }, key: 'date_required' },
  ])('reports $key', ({ change, key }) => {
    expect(validatePost({ ...valid, ...change }).map((p) => p.key)).toEqual([key]);
  });

  it("lists problems in the spec's order", () => {
    expect(validatePost({}).map((p) => p.key)).toEqual([
      'title_required',
      'slug_required',
      'description_required',
      'content_required',
      'seo_title_required',
      'seo_description_required',
      'date_required',
    ]);
  });
});

describe('helpers', () => {
  it.each([
    { html: '', blank: true },
    { html: '<p><br></p>', blank: true },
    { html: '<p>&nbsp; </p>', blank: true },
    { html: '<p>x</p>', blank: false },
    { html: '<p><img src="/storage/poster_images/a.webp"></p>', blank: false },
  ])('isBlankHtml($html)', ({ html, blank }) => expect(isBlankHtml(html)).toBe(blank));

  it.each([
    { value: '2026-11-21', ok: true },
    { value: '2026-11-21T10:00:00.000Z', ok: true },
    { value: '2026-13-01', ok: false },
    { value: '21/11/2026', ok: false },
    { value: '2026-11-21Tnonsense', ok: false },
  ])('isValidDate($value)', ({ value, ok }) => expect(isValidDate(value)).toBe(ok));

  it('keeps the date part of an ISO value', () => {
    expect(dateInputValue('2026-11-21T08:30:00.000Z')).toBe('2026-11-21');
    expect(dateInputValue(null)).toBe('');
    expect(todayInputValue(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('postStateOf', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('a draft is a draft, whatever its date', () => {
    expect(postStateOf({ status: 'draft', published_at: '2027-01-01T00:00:00Z' }, now)).toBe('draft');
  });
  it('a published post is scheduled until its date comes, then published', () => {
    expect(postStateOf({ status: 'published', published_at: '2026-11-25T12:01:00Z' }, now)).toBe('scheduled');
    expect(postStateOf({ status: 'published', published_at: '2026-11-25T12:00:00Z' }, now)).toBe('published');
  });
});
