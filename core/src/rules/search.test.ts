import { describe, expect, it } from 'vitest';
import {
  highlightRanges,
  normalizeSearchText,
  SEARCH_MAX_LENGTH,
  SEARCH_NORMALIZATION_CASES,
  searchExcerpt,
  searchQueryProblem,
  searchTerms,
} from './search';

describe('normalizeSearchText', () => {
  it.each(SEARCH_NORMALIZATION_CASES)('writes %s as %s', (text, normal) => {
    expect(normalizeSearchText(text)).toBe(normal);
  });
});

describe('searchQueryProblem', () => {
  it('accepts a query of 200 characters, Arabic ones counted as one each', () => {
    expect(searchQueryProblem('ب'.repeat(SEARCH_MAX_LENGTH))).toBeNull();
    expect(searchQueryProblem('design agency')).toBeNull();
  });

  it('refuses 201 characters and control characters', () => {
    expect(searchQueryProblem('a'.repeat(SEARCH_MAX_LENGTH + 1))).toBe('search_too_long');
    expect(searchQueryProblem('a\u0007b')).toBe('search_character_invalid');
    expect(searchQueryProblem('a\nb')).toBe('search_character_invalid');
    expect(searchQueryProblem('a\u009Fb')).toBe('search_character_invalid');
  });
});

describe('searchTerms', () => {
  it('gives the words normalised, each once, without punctuation', () => {
    expect(searchTerms('  Design, DESIGN & "أحمد"! ')).toEqual(['design', 'احمد']);
    expect(searchTerms('?!*:&|')).toEqual([]);
  });
});

describe('highlightRanges', () => {
  /** The marked pieces of the text. */
  const marked = (text: string, terms: string[]) =>
    highlightRanges(text, terms).map(([start, end]) => text.slice(start, end));

  it('finds the words that begin with a term, whatever their spelling', () => {
    expect(highlightRanges('Designers love design.', ['design'])).toEqual([
      [0, 9],
      [15, 21],
    ]);
    // As the database, word for word: المدرسة (with its article) is not مدرسه.
    expect(marked('قال أحمدُ إنّ المدرسة قريبة', ['احمد', 'مدرسه'])).toEqual(['أحمدُ']);
    expect(marked('كتـــاب مُفيدٌ، ٢٠٢٦', ['كتاب', 'مفيد', '2026'])).toEqual(['كتـــاب', 'مُفيدٌ', '٢٠٢٦']);
  });

  it('finds nothing without terms', () => {
    expect(highlightRanges('<b>not html</b>', [])).toEqual([]);
  });
});

describe('searchExcerpt', () => {
  it('cuts the text around the first match, with ellipses where it was cut', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[30] = 'Kubernetes';
    const excerpt = searchExcerpt(words.join(' '), ['kubernet']);
    expect(excerpt).toMatch(/^… w22 .* Kubernetes .* w57 …$/);
  });

  it('is null when no word matches', () => {
    expect(searchExcerpt('nothing here', ['design'])).toBeNull();
  });
});
