import { describe, expect, it } from 'vitest';
import { countWords, readingTime, WORDS_PER_MINUTE } from './reading';

describe('word count and reading time', () => {
  it.each([
    ['<p>Hello world</p>', 2],
    ['<p>one</p><p>two</p>', 2],
    ["<p>Don't stop, it's fine.</p>", 4],
    ['<p>Fast&nbsp;sites&amp;apps — 100% done</p>', 5],
    ['<h2>Speed</h2><ol><li data-list="bullet">a</li></ol><img src="/x.webp" alt="not counted">', 2],
    ['<p>  </p><p><br></p>', 0],
    ['', 0],
  ])('counts the words of %s in English: %i', (html, words) => {
    expect(countWords(html)).toBe(words);
  });

  it.each([
    // Spaces, Arabic punctuation (، ؛ ؟) and a no-break space split words.
    ['<p>مرحبا بالعالم</p>', 2],
    ['<p>سرعة الموقع،مهمة؛ لماذا؟نعم</p>', 5],
    ['<p>كتاب\u00a0جديد</p>', 2],
    // Short vowels, shadda and tatweel are part of the word they are written on.
    ['<p>مُحَمَّدٌ يَكْتُبُ ســريعاً</p>', 3],
    ['<p>تحسين SEO في ٢٠٢٦</p>', 4],
  ])('counts the words of %s in Arabic: %i', (html, words) => {
    expect(countWords(html)).toBe(words);
  });

  it('reads Arabic more slowly than English, in whole minutes, at least one for any text', () => {
    const words = (n: number, word: string) => `<p>${Array.from({ length: n }, () => word).join(' ')}</p>`;
    expect(readingTime('', 'en')).toEqual({ words: 0, minutes: 0 });
    expect(readingTime('<p>Hi</p>', 'en')).toEqual({ words: 1, minutes: 1 });
    expect(readingTime(words(WORDS_PER_MINUTE.en, 'word'), 'en')).toEqual({ words: 240, minutes: 1 });
    expect(readingTime(words(WORDS_PER_MINUTE.en + 1, 'word'), 'en').minutes).toBe(2);
    expect(readingTime(words(700, 'كلمة'), 'ar')).toEqual({ words: 700, minutes: 5 });
    expect(readingTime(words(700, 'word'), 'en')).toEqual({ words: 700, minutes: 3 });
  });
});
