/**
 * Searching posts (GET /api/posts?q=, /blog?q=, the posts manager). The database compares words as
 * `search_normalize` writes them (migration 0024); this file writes them the same way for what the server
 * and the pages do around the query: its terms, the excerpt and the highlighted words.
 */

/** Longest query, in characters: longer ones are refused (422 `search_too_long`). */
export const SEARCH_MAX_LENGTH = 200;

export type SearchErrorKey = 'search_too_long' | 'search_character_invalid';

// Alef forms, teh marbuta, alef maksura, Arabic-Indic and Persian digits, each to its one form.
const FOLDED: Readonly<Record<string, string>> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ة: 'ه',
  ى: 'ي',
  '٠': '0',
  '١': '1',
  '٢': '2',
  '٣': '3',
  '٤': '4',
  '٥': '5',
  '٦': '6',
  '٧': '7',
  '٨': '8',
  '٩': '9',
  '۰': '0',
  '۱': '1',
  '۲': '2',
  '۳': '3',
  '۴': '4',
  '۵': '5',
  '۶': '6',
  '۷': '7',
  '۸': '8',
  '۹': '9',
};
/** Tashkeel (U+064B to U+065F, U+0670) and tatweel (U+0640): marks on a word, not part of it. */
const DROPPED = /[\u064B-\u065F\u0670\u0640]/g;
const FOLDABLE = /[أإآٱةى\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Text as search compares it, the same as the database's `search_normalize`: أ إ آ ٱ → ا, ة → ه, ى → ي,
 * tashkeel and tatweel removed, Arabic-Indic and Persian digits → 0-9, lower case.
 */
export function normalizeSearchText(text: string): string {
  return text
    .replace(DROPPED, '')
    .replace(FOLDABLE, (char) => FOLDED[char] ?? char)
    .toLowerCase();
}

/**
 * Words and how search writes them: the cases this normaliser and the database's `search_normalize` are both
 * tested with (core/src/rules/search.test.ts, api/src/routes/posts/posts-search.test.ts), so the two agree.
 */
export const SEARCH_NORMALIZATION_CASES: readonly (readonly [string, string])[] = [
  ['أحمد', 'احمد'],
  ['إسلام', 'اسلام'],
  ['آمال', 'امال'],
  ['ٱلله', 'الله'],
  ['مدرسة', 'مدرسه'],
  ['مستشفى', 'مستشفي'],
  ['مُحَمَّدٌ', 'محمد'],
  ['الرّحمٰن', 'الرحمن'],
  ['كتـــاب', 'كتاب'],
  ['٢٠٢٦', '2026'],
  ['۱۲۳', '123'],
  ['Design', 'design'],
];

/** Control characters (C0, DEL, C1): no query holds them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Why a query is refused, or null when it may be searched. */
export function searchQueryProblem(query: string): SearchErrorKey | null {
  if (CONTROL.test(query)) return 'search_character_invalid';
  if (Array.from(query).length > SEARCH_MAX_LENGTH) return 'search_too_long';
  return null;
}

/** A word: letters, marks (tashkeel) and digits, tatweel included. */
const WORD = /[\p{L}\p{M}\p{N}\u0640]+/gu;

/** Most words a query is searched by; more add nothing but work. */
const MAX_TERMS = 12;

/**
 * The words of a query as search compares them (normalised, each once, in order). A query of no words
 * (punctuation only) has none and finds nothing.
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  for (const [word] of normalizeSearchText(query).matchAll(WORD)) {
    if (word && !terms.includes(word)) terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** Where a word the search found is in a text: from `start` (included) to `end` (excluded), UTF-16 offsets. */
export type HighlightRange = [start: number, end: number];

/** Whether a word of the text is one of `terms`: it begins with one, as normalised (a stem finds its forms). */
function matches(word: string, terms: readonly string[]): boolean {
  const normal = normalizeSearchText(word);
  return terms.some((term) => normal.startsWith(term));
}

/**
 * The words of `text` that match one of `terms`, in order: a word matches when, normalised, it begins with a
 * term (`design` marks "Designers", احمد marks "أحمد"). The API sends them with each result (`marks`), and
 * the page wraps those pieces of the text in <mark>, as text, never as HTML.
 */
export function highlightRanges(text: string, terms: readonly string[]): HighlightRange[] {
  const usable = terms.filter((term) => term.length > 0);
  if (usable.length === 0) return [];
  const ranges: HighlightRange[] = [];
  for (const found of text.matchAll(WORD)) {
    const start = found.index ?? 0;
    if (matches(found[0], usable)) ranges.push([start, start + found[0].length]);
  }
  return ranges;
}

/** Words an excerpt shows before the first match, and in all. */
const WORDS_BEFORE = 8;
const EXCERPT_WORDS = 36;

/**
 * A short passage of `text` around its first word that matches `terms` (words before it and after it, with
 * an ellipsis where text was cut), or null when no word of it matches.
 */
export function searchExcerpt(text: string, terms: readonly string[]): string | null {
  const words = Array.from(text.matchAll(/\S+/g));
  const usable = terms.filter((term) => term.length > 0);
  const first = words.findIndex(([chunk]) =>
    Array.from(chunk.matchAll(WORD)).some(([word]) => matches(word, usable)),
  );
  if (first === -1) return null;
  const from = Math.max(0, first - WORDS_BEFORE);
  const to = Math.min(words.length, from + EXCERPT_WORDS);
  const passage = words
    .slice(from, to)
    .map(([chunk]) => chunk)
    .join(' ');
  return `${from > 0 ? '… ' : ''}${passage}${to < words.length ? ' …' : ''}`;
}
