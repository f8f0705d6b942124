import type { Language } from '../i18n/language';

/*
 * How long a post is, for its editor (word count and reading time) and its readers (reading time on its
 * page), in one pure function so that both say the same. Written with a regular expression rather than
 * Intl.Segmenter: the server and every browser then count alike (the page's text is the same before and
 * after hydration, whatever ICU each ships), and the blog's bundle stays as it is.
 */

/**
 * A word: letters, combining marks (Arabic's short vowels and shadda) and digits, joined by an apostrophe
 * inside it (don't). Everything else splits words: any Unicode space, punctuation (Arabic's comma ، and
 * question mark ؟ too), symbols. The joiners that shape Arabic and Persian letters stay inside a word.
 */
const WORD = /[\p{L}\p{M}\p{N}\u200c\u200d]+(?:['’][\p{L}\p{M}\p{N}\u200c\u200d]+)*/gu;
/** Tags end a word (`<p>one</p><p>two</p>` is two words); entities (&amp; &nbsp;) are no letters. */
const MARKUP = /<[^>]*>|&(?:#\d+|#x[\da-f]+|[a-z]+);/gi;

/**
 * Words read a minute on a screen: about 238 for English non-fiction (Brysbaert 2019) and 138 for Arabic
 * (Trauzettel-Klosinski et al. 2012), rounded.
 */
export const WORDS_PER_MINUTE: Record<Language, number> = { en: 240, ar: 140 };

/** The words of a post's HTML content. */
export function countWords(html: string): number {
  return html.replace(MARKUP, ' ').match(WORD)?.length ?? 0;
}

/** A post's length: its words, and its reading time in whole minutes (at least 1 when it has any word). */
export function readingTime(html: string, language: Language): { words: number; minutes: number } {
  const words = countWords(html);
  return { words, minutes: words === 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE[language]) };
}
