// The search measure of `pnpm bench` (`--only-search` runs it alone): 5,000 published posts, half English and
// half Arabic, written straight into the site's database (PGlite while its server is stopped, PostgreSQL at
// any time), then `GET /api/posts?language=&per_page=9&q=` over 100 distinct queries, in turn. The words are
// drawn from a vocabulary of 2,000 per language (170 words a post), so a word is in about 8 % of a language's
// posts, two words in under 1 %, and a word's first letters in more (prefix search).

export const SEARCH_POSTS = 5000;
/** The public search's 99th percentile must stay within this, on each database (one reader at a time). */
export const SEARCH_P99_TARGET_MS = 50;

const EN_WORDS = [
  'design',
  'growth',
  'shop',
  'speed',
  'cloud',
  'brand',
  'search',
  'mobile',
  'content',
  'market',
  'secure',
  'data',
  'launch',
  'story',
  'video',
  'email',
  'social',
  'local',
  'price',
  'team',
];
const AR_WORDS = [
  'تصميم',
  'نمو',
  'متجر',
  'سرعة',
  'سحابة',
  'علامة',
  'بحث',
  'جوال',
  'محتوى',
  'سوق',
  'أمان',
  'بيانات',
  'إطلاق',
  'قصة',
  'فيديو',
  'بريد',
  'تواصل',
  'محلي',
  'سعر',
  'فريق',
];
const EN_SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'te',
  'su',
  'no',
  'vi',
  'da',
  'pe',
  'ba',
  'go',
  'hu',
  'ze',
  'fo',
];
const AR_SYLLABLES = [
  'كا',
  'لو',
  'مي',
  'را',
  'تي',
  'سو',
  'نو',
  'في',
  'دا',
  'بي',
  'ها',
  'جو',
  'زي',
  'شا',
  'قو',
];
/** Words a language's posts are written with. */
const VOCABULARY = 2000;

/** The real words, then made-up ones of three syllables. */
function vocabulary(words, syllables) {
  const all = [...words];
  const n = syllables.length;
  for (let i = 0; all.length < VOCABULARY; i++) {
    all.push(`${syllables[i % n]}${syllables[Math.floor(i / n) % n]}${syllables[Math.floor(i / n / n) % n]}`);
  }
  return all;
}

const EN = vocabulary(EN_WORDS, EN_SYLLABLES);
const AR = vocabulary(AR_WORDS, AR_SYLLABLES);

const literal = (text) => `'${text.replaceAll("'", "''")}'`;
const array = (words) => `ARRAY[${words.map(literal).join(',')}]`;

/** One statement that writes the posts (slugs `bench-search-N`), whichever database runs it. */
export function seedSearchSql(count = SEARCH_POSTS) {
  const pick = (seed) => `w[1 + abs(hashtext(${seed})) % ${EN.length}]`;
  const words = (tag, n) =>
    `(SELECT string_agg(${pick(`'${tag}' || i || '-' || k`)}, ' ') FROM generate_series(1, ${n}) k)`;
  return `INSERT INTO posts (slug, title, status, description, content, language, published_at, seo_title, seo_description)
SELECT 'bench-search-' || i,
  ${pick(`'t1-' || i`)} || ' ' || ${pick(`'t2-' || i`)} || ' ' || i,
  'published',
  ${words('d', 12)},
  '<p>' || ${words('c', 80)} || '</p><p>' || ${words('e', 80)} || '</p>',
  lang::language,
  now() - make_interval(mins => i),
  'Bench', 'Bench'
FROM (SELECT i,
        CASE WHEN i % 2 = 0 THEN 'en' ELSE 'ar' END AS lang,
        CASE WHEN i % 2 = 0 THEN ${array(EN)} ELSE ${array(AR)} END AS w
      FROM generate_series(1, ${count}) i) s`;
}

/**
 * The 100 distinct queries, as request paths: per language 25 single words, 15 pairs and 10 word starts
 * (Arabic ones written with the letter forms and marks search makes one: أ, ة, tashkeel).
 */
export function searchPaths() {
  const paths = [];
  for (const [language, words] of [
    ['en', EN],
    ['ar', AR],
  ]) {
    const queries = [];
    for (let i = 0; i < 25; i++) queries.push(words[(i * 13) % words.length]);
    for (let i = 0; i < 15; i++) queries.push(`${words[i]} ${words[(i * 17 + 40) % words.length]}`);
    for (let i = 0; i < 10; i++) queries.push(words[20 + i * 131].slice(0, 5));
    if (language === 'ar') queries[0] = 'تَصْمِيم';
    for (const q of new Set(queries))
      paths.push(`/api/posts?language=${language}&per_page=9&q=${encodeURIComponent(q)}`);
  }
  return paths;
}
