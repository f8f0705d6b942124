import { describe, expect, it } from 'vitest';
import { NEXT_LABEL, PREVIOUS_LABEL, pageWindow, paginate } from './pagination';

const urlFor = (page: number) => `/api/posts?per_page=9&page=${page}`;

describe('pageWindow', () => {
  it.each([
    { current: 1, last: 1, expected: [1] },
    { current: 2, last: 3, expected: [1, 2, 3] },
    { current: 7, last: 13, expected: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] },
    { current: 1, last: 20, expected: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null, 19, 20] },
    { current: 7, last: 20, expected: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, null, 19, 20] },
    { current: 10, last: 20, expected: [1, 2, null, 7, 8, 9, 10, 11, 12, 13, null, 19, 20] },
    { current: 14, last: 20, expected: [1, 2, null, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] },
    { current: 20, last: 20, expected: [1, 2, null, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] },
  ])('page $current of $last (Laravel UrlWindow)', ({ current, last, expected }) => {
    expect(pageWindow(current, last)).toEqual(expected);
  });
});

describe('paginate', () => {
  it('answers the counts and links of a middle page', () => {
    const page = paginate({ items: ['j', 'k'], total: 20, page: 2, perPage: 9, urlFor });
    expect(page).toEqual({
      data: ['j', 'k'],
      current_page: 2,
      last_page: 3,
      per_page: 9,
      total: 20,
      links: [
        { url: urlFor(1), label: PREVIOUS_LABEL, active: false },
        { url: urlFor(1), label: '1', active: false },
        { url: urlFor(2), label: '2', active: true },
        { url: urlFor(3), label: '3', active: false },
        { url: urlFor(3), label: NEXT_LABEL, active: false },
      ],
    });
  });

  it('gives previous no url on the first page and next none on the last', () => {
    const first = paginate({ items: [], total: 18, page: 1, perPage: 9, urlFor });
    expect(first.links.at(0)).toEqual({ url: null, label: '&laquo; Previous', active: false });
    const last = paginate({ items: [], total: 18, page: 2, perPage: 9, urlFor });
    expect(last.links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false });
  });

  it('has one page when the list is empty', () => {
    const page = paginate({ items: [], total: 0, page: 1, perPage: 10, urlFor });
    expect(page.last_page).toBe(1);
    expect(page.links.map((l) => l.label)).toEqual([PREVIOUS_LABEL, '1', NEXT_LABEL]);
    expect(page.links.map((l) => l.url)).toEqual([null, urlFor(1), null]);
  });

  it('marks gaps with a null url', () => {
    const page = paginate({ items: [], total: 200, page: 10, perPage: 10, urlFor });
    const gaps = page.links.filter((l) => l.label === '...');
    expect(gaps).toEqual([
      { url: null, label: '...', active: false },
      { url: null, label: '...', active: false },
    ]);
  });

  it('keeps the counts on a page past the last, with a way back', () => {
    const page = paginate({ items: [], total: 5, page: 4, perPage: 10, urlFor });
    expect(page).toMatchObject({ current_page: 4, last_page: 1, total: 5 });
    expect(page.links.at(0)?.url).toBe(urlFor(3));
    expect(page.links.at(-1)?.url).toBeNull();
  });
});
