import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * Whether a new password is too easy to guess (ASVS 6.2): checked with zxcvbn (the maintained TypeScript
 * port), whose dictionaries hold the most common and breached passwords, and which also sees repeats,
 * sequences, keyboard walks, dates, and the account's own words (its e-mail, its name, the site's name).
 * A password it rates below 3 of 4 ("safely unguessable: moderate protection from offline attacks") is
 * refused, with the reason in words. So are two kinds it rates too well: a month or season with a year
 * (`Summer2026!!`, `رمضان2026`) and a well-known phrase (`correcthorsebatterystaple`, `iloveyousomuch`).
 */

/** The lowest zxcvbn score a password may have. */
export const MIN_PASSWORD_SCORE = 3;

let checker: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  // The dictionaries take a moment to load: once, when a password is first set.
  checker ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  return checker;
}

/** Why a password is too easy to guess: each key is also the key of its text in the editor's screens. */
export const REASONS = {
  common: 'it is one of the most common passwords',
  commonNames: 'it is a common name',
  namesByThemselves: 'it is a name',
  similarToCommon: 'it is a common password with small changes',
  topTen: 'it is one of the ten most common passwords',
  topHundred: 'it is one of the hundred most common passwords',
  wordByItself: 'it is a single word',
  simpleRepeat: 'it repeats one character',
  extendedRepeat: 'it repeats a pattern',
  sequences: 'it is a sequence (like 1234 or abcd)',
  straightRow: 'it is a row of keys',
  keyPattern: 'it is a pattern on the keyboard',
  recentYears: 'it holds a recent year',
  dates: 'it holds a date',
  userInputs: "it is made of the account's e-mail or name, or the site's name",
  monthOrSeasonYear: 'it is a month or a season with a year',
  knownPhrase: 'it is a well-known phrase',
  pwned: 'it is among passwords published in data breaches',
  guessable: 'it is short on unrelated words',
} as const;

export type WeaknessReason = keyof typeof REASONS;

function isReason(key: string | null | undefined): key is WeaknessReason {
  return typeof key === 'string' && Object.hasOwn(REASONS, key);
}

/** Why the password is too easy to guess, as a key of REASONS, or null when it is not. */
export async function passwordWeaknessReason(
  password: string,
  context: { email: string; name?: string; siteName?: string },
): Promise<WeaknessReason | null> {
  const local = context.email.split('@')[0] ?? '';
  const phrases = [context.email, local, context.name ?? '', context.siteName ?? ''];
  // Each phrase whole, run together, and word by word: `Sunrise Studio` is also `sunrisestudio` and `studio`.
  const words = [
    ...new Set(phrases.flatMap((phrase) => [phrase, squash(phrase), ...phrase.split(/[^\p{L}\p{N}]+/u)])),
  ].filter((word) => word.length >= 3);
  if (madeOf(password, words)) return 'userInputs';
  const result = await zxcvbn().check(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) {
    if (MONTH_OR_SEASON_YEAR.test(fold(password))) return 'monthOrSeasonYear';
    if (knownPhrase(password)) return 'knownPhrase';
    return null;
  }
  const warning = result.feedback.warning;
  return isReason(warning) ? warning : 'guessable';
}

/** Why the password is too easy to guess, in words, or null when it is not. */
export async function passwordWeakness(
  password: string,
  context: { email: string; name?: string; siteName?: string },
): Promise<string | null> {
  const reason = await passwordWeaknessReason(password, context);
  return reason === null
    ? null
    : `the password is too easy to guess: ${REASONS[reason]}. Use three or four unrelated words, or a password manager's`;
}

/** Letters and digits only, in lower case. */
function squash(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether the password is the account's or the site's words with little else: once they are taken out,
 * fewer than six letters are left (`SunriseStudio2026`, `nour.haddad!12345`).
 */
function madeOf(password: string, words: readonly string[]): boolean {
  let rest = squash(password);
  const before = rest.length;
  const parts = [...new Set(words.map(squash))].filter((word) => word.length >= 4);
  for (const word of parts.sort((a, b) => b.length - a.length)) rest = rest.split(word).join('');
  return rest.length < before && rest.replace(/\p{N}/gu, '').length < 6;
}

/**
 * Lower case, compatibility forms folded (full-width letters, Arabic-Indic digits stay digits), Arabic written
 * one way (no vowel marks or tatweel, one alef, final ya), and no spaces or invisible characters.
 */
function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/[\s\p{Cf}]/gu, '');
}

/**
 * Month and season names people put a year after: English (with the usual short forms), and Arabic (the
 * months as said in Egypt and the Gulf, in the Levant, and the Hijri months, some also in Latin letters; the
 * seasons).
 */
const CALENDAR_WORDS = [
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
  ...['november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov'],
  ...['dec', 'spring', 'summer', 'autumn', 'fall', 'winter'],
  ...['يناير', 'فبراير', 'مارس', 'أبريل', 'إبريل', 'مايو', 'يونيو', 'يونيه', 'يوليو', 'يوليه', 'أغسطس'],
  ...['سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر', 'كانون الثاني', 'شباط', 'آذار', 'نيسان', 'أيار', 'حزيران'],
  ...['تموز', 'آب', 'أيلول', 'تشرين الأول', 'تشرين الثاني', 'كانون الأول', 'كانون'],
  ...['محرم', 'صفر', 'ربيع الأول', 'ربيع الآخر', 'ربيع الثاني', 'جمادى الأولى', 'جمادى الآخرة', 'جمادى'],
  ...['رجب', 'شعبان', 'رمضان', 'شوال', 'ذو القعدة', 'ذو الحجة', 'ربيع', 'صيف', 'خريف', 'شتاء'],
  ...['muharram', 'rajab', 'shaban', 'ramadan', 'ramadhan', 'shawwal'],
];

/**
 * A month or season and a year (any two to four digits), either way round, with nothing else but digits and
 * symbols before or after it: `Summer2026!!`, `!!2026-december`, `الصيف ٢٠٢٦`. Arabic names may carry `ال`.
 */
const MONTH_OR_SEASON_YEAR = (() => {
  const names = [...new Set(CALENDAR_WORDS.map(fold))].sort((a, b) => b.length - a.length).join('|');
  const name = `(?:ال)?(?:${names})`;
  const year = '\\p{Nd}{2,4}';
  const gap = '[^\\p{L}\\p{N}]*';
  return new RegExp(`^[^\\p{L}]*(?:${name}${gap}${year}|${year}${gap}${name})[^\\p{L}]*$`, 'u');
})();

/**
 * Phrases everyone has seen used as a password, folded, letters and digits only: refused alone or repeated,
 * with any digits or symbols around them (`correct horse battery staple`, `passwordpassword`, `letmein2026!`).
 */
const KNOWN_PHRASES = [
  ...['correcthorsebatterystaple', 'password', 'passw0rd', 'iloveyou', 'letmein', 'trustnoone'],
  ...['opensesame', 'changeme', 'whatever', 'helloworld', 'maytheforcebewithyou', 'tobeornottobe'],
  ...['thequickbrownfox', 'thequickbrownfoxjumpsoverthelazydog', 'loremipsum', 'loremipsumdolorsitamet'],
  ...['bismillah', 'alhamdulillah', 'inshallah', 'mashallah', 'subhanallah', 'allahuakbar'],
  ...[
    'بسماللهالرحمنالرحيم',
    'بسمالله',
    'الحمدلله',
    'انشاءالله',
    'ماشاءالله',
    'سبحانالله',
    'اللهاكبر',
    'احبك',
  ],
];

/** Openings that stay well known with a word or two after them: `iloveyousomuch`, `letmeinplease`. */
const KNOWN_OPENINGS = [
  'iloveyou',
  'ihateyou',
  'imissyou',
  'letmein',
  'trustno',
  'ilovemy',
  'iloveu',
  'احبك',
];
/** How many more letters or digits an opening may have and still be the well-known phrase. */
const OPENING_REST = 8;

/** Whether the password, without symbols and the digits around it, is a known phrase or an opening and a little. */
function knownPhrase(password: string): boolean {
  const core = squash(fold(password)).replace(/^\p{N}+|\p{N}+$/gu, '');
  if (core === '') return false;
  const repeated = (phrase: string) =>
    core.length % phrase.length === 0 && core === phrase.repeat(core.length / phrase.length);
  return (
    KNOWN_PHRASES.some(repeated) ||
    KNOWN_OPENINGS.some((opening) => core.startsWith(opening) && core.length - opening.length <= OPENING_REST)
  );
}
