import { describe, expect, it } from 'vitest';
import {
  highlightParts,
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

describe('highlightParts', () => {
  it('marks the words that begin with a term, whatever their spelling', () => {
    expect(highlightParts('Designers love design.', ['design'])).toEqual([
      { text: 'Designers', mark: true },
      { text: ' love ', mark: false },
      { text: 'design', mark: true },
      { text: '.', mark: false },
    ]);
    expect(highlightParts('قال أحمدُ إنّ المدرسة قريبة', ['احمد', 'مدرسه'])).toEqual([
      { text: 'قال ', mark: false },
      { text: 'أحمدُ', mark: true },
      // As the database, word for word: المدرسة (with its article) is not مدرسه.
      { text: ' إنّ المدرسة قريبة', mark: false },
    ]);
  });

  it('marks nothing without terms, and keeps the text whole', () => {
    expect(highlightParts('<b>not html</b>', [])).toEqual([{ text: '<b>not html</b>', mark: false }]);
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
