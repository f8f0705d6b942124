import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  instantOfLocal,
  isBlankHtml,
  isValidDate,
  localDateTimeValue,
  nowInputValue,
  type PostInput,
  postStateOf,
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
    { value: '2026-12-01T09:30:00+04:00', ok: true },
    { value: '2026-12-01T09:30+0530', ok: true },
    { value: '2026-12-01T09:30', ok: true },
    { value: '2026-12-01T09:30:15', ok: true },
    { value: '2026-13-01', ok: false },
    { value: '2026-02-30T10:00', ok: false },
    { value: '21/11/2026', ok: false },
    { value: '2026-11-21Tnonsense', ok: false },
    { value: '2026-11-21T', ok: false },
    { value: '2026-11-21T25:00', ok: false },
    { value: '2026-11-21T10:60', ok: false },
    { value: '2026-11-21T10:00:00 GMT+0400', ok: false },
    { value: '2026-11-21T10:00:00+99:00', ok: false },
  ])('isValidDate($value)', ({ value, ok }) => expect(isValidDate(value)).toBe(ok));
});

describe("the editor's date and time, on the browser's clock", () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Dubai';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('shows a stored moment as the local date and time, to the second', () => {
    expect(localDateTimeValue('2026-12-01T05:30:45.000Z')).toBe('2026-12-01T09:30:45');
    // Late in the UTC evening is already the next day in Dubai: the day the editor sees is Dubai's.
    expect(localDateTimeValue('2026-11-30T22:15:00.000Z')).toBe('2026-12-01T02:15:00');
    expect(localDateTimeValue(null)).toBe('');
    expect(localDateTimeValue('nonsense')).toBe('');
  });

  it('sends the local fields as the moment they name, with the offset of the place', () => {
    expect(instantOfLocal('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+04:00');
    expect(instantOfLocal('2026-12-01T09:30:45')).toBe('2026-12-01T09:30:45+04:00');
    expect(Date.parse(instantOfLocal('2026-12-01T09:30'))).toBe(Date.parse('2026-12-01T05:30:00Z'));
    // A round trip keeps the moment.
    const stored = '2027-03-14T18:05:09.000Z';
    expect(Date.parse(instantOfLocal(localDateTimeValue(stored)))).toBe(Date.parse(stored));
    for (const cleared of ['', '2026-12-01T', 'T09:30', '2026-12-01'])
      expect(instantOfLocal(cleared), cleared).toBe('');
  });

  it('writes the offset of the date chosen where the clocks change (New York: -05:00 in winter, -04:00 in summer)', () => {
    process.env.TZ = 'America/New_York';
    try {
      expect(instantOfLocal('2026-12-01T09:30')).toBe('2026-12-01T09:30:00-05:00');
      expect(instantOfLocal('2026-07-01T09:30')).toBe('2026-07-01T09:30:00-04:00');
      // 02:30 on the morning the clocks go forward does not exist: the moment is the one the clock shows.
      const skipped = instantOfLocal('2026-03-08T02:30');
      expect(localDateTimeValue(skipped)).toBe(skipped.slice(0, 19));
    } finally {
      process.env.TZ = 'Asia/Dubai';
    }
  });

  it("takes this minute for a new post and for 'Publish now'", () => {
    expect(nowInputValue(new Date('2026-12-01T05:30:45.123Z'))).toBe('2026-12-01T09:30:00');
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
