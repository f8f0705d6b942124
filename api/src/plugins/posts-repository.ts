import type { Language } from '@agency/core/language';
import type { PostState } from '@agency/core/rules';
import type { Post, PostSummary, PostTranslation } from '@agency/core/types';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lte,
  min,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { postOldSlugs, postRevisions, posts, users } from '../db/schema';
import type { SiteTime } from '../lib/site-time';

/**
 * A post as read: every column but `search` and `content_images`, which only queries read (the database
 * keeps them).
 */
export type PostRow = Omit<typeof posts.$inferSelect, 'search' | 'contentImages'>;
/** A post as a list carries it: everything but the content, which no card shows. */
export type PostSummaryRow = Omit<PostRow, 'content'>;

/** Who is reading: the public sees published posts whose date has come; an editor sees every post. */
export type Visibility = 'public' | 'editor';

export interface ListPostsOptions {
  /** Only posts in this language; every language when absent. */
  language?: Language;
  page: number;
  perPage: number;
  visibility: Visibility;
  /** Only posts with no translation linked. */
  missingTranslation?: boolean;
  /**
   * Only posts that hold every one of these words (core's searchTerms: normalised, letters and digits only) in
   * their title, description or content, each word also as the start of a longer one (`design` finds
   * "designers"); ranked, posts whose title holds them first, then by relevance (full-text search, migration
   * 0024). Empty: the query had no words, and nothing is found.
   */
  search?: readonly string[];
  /** Only drafts, scheduled posts (published, their date to come) or posts the public sees. */
  state?: PostState;
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards and escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A found post's passage, for the result to show with its matching words highlighted. */
export interface SearchMatch {
  /** The content's text (its HTML tags taken out), for the excerpt around the first match. */
  text: string;
}

/** The text search configuration of each language, as the `search` column is written (migration 0024). */
const SEARCH_CONFIG: Record<Language, string> = { en: 'english', ar: 'simple' };

/**
 * The words of a query as a tsquery's text: each word, or the start of a longer one, all of them; with `A`,
 * only as words of the title (weight A).
 */
function tsqueryText(terms: readonly string[], weight = ''): string {
  return terms.map((term) => `${term}:*${weight}`).join(' & ');
}

/** The query of `terms` in one language's configuration, normalised as the posts are. */
function tsquery(language: Language, terms: readonly string[], weight = ''): SQL {
  return sql`to_tsquery(${sql.raw(`'${SEARCH_CONFIG[language]}'`)}::regconfig, search_normalize(${tsqueryText(terms, weight)}))`;
}

/** Posts that match `terms`: one query per language, so that the GIN index answers each. */
function searchWhere(terms: readonly string[], language: Language | undefined): SQL {
  if (terms.length === 0) return sql`false`;
  const languages: Language[] = language ? [language] : ['en', 'ar'];
  return or(
    ...languages.map((one) => and(eq(posts.language, one), sql`${posts.search} @@ ${tsquery(one, terms)}`)),
  ) as SQL;
}

/** The query in each post's own language (with `A`, in its title only). */
function rowQuery(terms: readonly string[], language: Language | undefined, weight = ''): SQL {
  if (language) return tsquery(language, terms, weight);
  return sql`(CASE WHEN ${posts.language} = 'en' THEN ${tsquery('en', terms, weight)} ELSE ${tsquery('ar', terms, weight)} END)`;
}

/** The content's text, as the `search` column reads it: HTML tags and entities are no words. */
const contentText = sql<string>`left(regexp_replace(regexp_replace(${posts.content}, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'), 20000)`;

/** What an editor writes; the database sets id, created_at and updated_at. */
export type PostValues = Pick<
  typeof posts.$inferInsert,
  | 'slug'
  | 'title'
  | 'status'
  | 'posterImage'
  | 'description'
  | 'content'
  | 'language'
  | 'publishedAt'
  | 'seoTitle'
  | 'seoDescription'
  | 'authorId'
>;

/** A post beside the one written whose translations changed with the write (its answer is stale). */
export interface TouchedPost {
  slug: string;
  language: Language;
}

/**
 * What a write does to the post's translation link: `undefined` leaves it as it is, `null` takes the post out
 * of its link, an id links the post to that post of the other language (leaving its former link).
 */
export type TranslationOf = number | null | undefined;

/** An update either saved the post, found it changed since the editor loaded it, or found it gone. */
export type UpdateResult =
  | { saved: PostRow; touched: TouchedPost[] }
  | { conflict: PostRow }
  | { missing: true };

/** Why a translation link was refused: the 422's message key (docs/api.md). */
export type TranslationErrorKey = 'translation_not_found' | 'translation_same_language' | 'translation_taken';

/** A link the rules refuse: the post to link to is not there, is in the same language, or has a translation. */
export class TranslationError extends Error {
  constructor(readonly key: TranslationErrorKey) {
    super(key);
    this.name = 'TranslationError';
  }
}

/** Thrown when a slug is taken between the check and the write (two editors saving at once). */
export class SlugTakenError extends Error {
  constructor() {
    super('slug_taken');
    this.name = 'SlugTakenError';
  }
}

/**
 * What a write also does inside its own transaction (the audit trail's entry), given the post before the write
 * (null for a new post) and after it (null once deleted): kept exactly when the write is.
 */
export type AlongWithWrite = (
  tx: Pick<Database, 'insert' | 'select'>,
  before: PostRow | null,
  after: PostRow | null,
) => Promise<void>;

export type PostRevisionRow = typeof postRevisions.$inferSelect;

/** A revision in a post's list: when, by whom, and its title. */
export interface PostRevisionSummary {
  id: number;
  createdAt: Date;
  author: { id: number; name: string } | null;
  title: string;
}

/** How many revisions of a post are kept: older ones go when a save adds one beyond it. */
export const REVISIONS_KEPT = 50;

/** The fields a revision keeps: a save that changes none of them adds no revision. */
const REVISION_FIELDS = [
  'title',
  'slug',
  'description',
  'content',
  'seoTitle',
  'seoDescription',
  'posterImage',
  'status',
] as const satisfies readonly (keyof PostRow & keyof PostRevisionRow)[];

function revisionChanged(before: PostRow, after: PostRow): boolean {
  return (
    REVISION_FIELDS.some((field) => before[field] !== after[field]) ||
    before.publishedAt.getTime() !== after.publishedAt.getTime()
  );
}

export interface PostsRepository {
  /** One page of posts, newest `published_at` first (then newest id), and how many there are in all. */
  list(options: ListPostsOptions): Promise<{ items: PostSummaryRow[]; total: number }>;
  /**
   * For a search's page of posts: each post's content as text, by id, and the words to highlight: each word of
   * the query the database searches by in these languages, and its stem (`running` and `run`; none for a word
   * English leaves out, `the`).
   */
  searchMatches(
    ids: readonly number[],
    terms: readonly string[],
    languages: readonly Language[],
  ): Promise<{ byPost: Map<number, SearchMatch>; lexemes: string[] }>;
  /**
   * When the next published post dated in the future appears to the public (null: none is waiting), with
   * the database's clock at the time of asking, so a caller can measure the wait on its own clock.
   */
  nextPublication(): Promise<{ next: Date | null; now: Date }>;
  /** The post at `slug` if the reader may see it, else null. */
  findBySlug(slug: string, visibility: Visibility): Promise<PostRow | null>;
  /** The post with this id, drafts included, else null. */
  findById(id: number): Promise<PostRow | null>;
  /**
   * The translations of each post, by post id: every one for an editor, those the public may read for the
   * public; and when the public's view changes with no write (a linked post's date comes), on this process's
   * clock in ms.
   */
  translations(
    rows: readonly Pick<PostRow, 'id' | 'translationGroup'>[],
    visibility: Visibility,
  ): Promise<{ byPost: Map<number, PostTranslation[]>; changesAt?: number }>;
  /**
   * The current slug of the post that had `slug` before (renamed since), if the reader may see that post; else
   * null. Asked only when no post has `slug` now.
   */
  movedTo(slug: string, visibility: Visibility): Promise<string | null>;
  /** Whether another post (not `exceptId`) has this slug. */
  slugTaken(slug: string, exceptId?: number): Promise<boolean>;
  /**
   * Creates the post, its first revision and its translation link in one transaction (TranslationError:
   * nothing is written).
   */
  create(
    values: PostValues,
    translationOf?: TranslationOf,
    along?: AlongWithWrite,
  ): Promise<{ post: PostRow; touched: TouchedPost[] }>;
  /**
   * Saves `values` over `current` only if the post is still at its `updatedAt` version (no lost updates), and
   * its translation link, in one transaction (TranslationError: nothing is written). A save that changes what a
   * revision keeps adds one, naming `savedBy`.
   */
  update(
    current: PostRow,
    values: PostValues,
    translationOf?: TranslationOf,
    along?: AlongWithWrite,
    savedBy?: number | null,
  ): Promise<UpdateResult>;
  /** The post's revisions, newest first (its create is the oldest while it is kept). */
  revisions(postId: number): Promise<PostRevisionSummary[]>;
  /** One revision of the post, null when it has none with this id (another post's included). */
  revision(postId: number, id: number): Promise<(PostRevisionRow & { authorName: string | null }) | null>;
  /**
   * Deletes and returns the post, or null when there is none. Its translation is unlinked, never deleted; its
   * old slugs go with it (they answer 404 again).
   */
  deleteById(id: number, along?: AlongWithWrite): Promise<{ post: PostRow; touched: TouchedPost[] } | null>;
  deleteBySlug(
    slug: string,
    along?: AlongWithWrite,
  ): Promise<{ post: PostRow; touched: TouchedPost[] } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    postsRepository: PostsRepository;
  }
}

export const POSTER_IMAGES_URL = '/storage/poster_images/';

type Dated = { created_at: string; updated_at: string };

/**
 * The post as the API answers it (docs/api.md): snake_case, ISO dates, the image as a name and a URL, and its
 * translations.
 */
export function toPostJson(row: PostRow, translations: PostTranslation[], clock: SiteTime): Post & Dated {
  return { ...toPostSummaryJson(row, clock, translations), content: row.content };
}

/** A post in a list: the same fields without the content (an editor's list has the translations too). */
export function toPostSummaryJson(
  row: PostSummaryRow,
  clock: SiteTime,
  translations?: PostTranslation[],
): PostSummary & Dated {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    poster_image: row.posterImage,
    poster_image_url: row.posterImage === null ? null : `${POSTER_IMAGES_URL}${row.posterImage}`,
    description: row.description,
    language: row.language,
    // On the site's clock, so pages show the day and hour the site keeps (lib/site-time.ts).
    published_at: clock.iso(row.publishedAt),
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    ...(translations ? { translations } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * What the public may read. "Now" is the database's clock, not this process's, so every API process agrees
 * on the moment a post dated in the future appears.
 */
export function publicOnly(): SQL {
  return and(eq(posts.status, 'published'), lte(posts.publishedAt, sql`now()`)) as SQL;
}

/** The posts in a state, decided by the database's clock as the public's reads are (`publicOnly`). */
function inState(state: PostState): SQL {
  if (state === 'draft') return eq(posts.status, 'draft');
  if (state === 'published') return publicOnly();
  return and(eq(posts.status, 'published'), gt(posts.publishedAt, sql`now()`)) as SQL;
}

const { search: _search, contentImages: _contentImages, ...postColumns } = getTableColumns(posts);
const { content: _content, ...summaryColumns } = postColumns;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const touchedColumns = { id: posts.id, slug: posts.slug, language: posts.language };

/** Takes every post of a link out of it (a link of one post is no link); the posts it touched. */
async function dissolve(tx: Transaction, group: number): Promise<(TouchedPost & { id: number })[]> {
  return tx
    .update(posts)
    .set({ translationGroup: null })
    .where(eq(posts.translationGroup, group))
    .returning(touchedColumns);
}

/**
 * Applies `translationOf` to the post (locked by the caller's write), in the caller's transaction: the posts
 * beside it whose translations changed. Two languages, so a link is a pair; the rules hold for more.
 */
async function applyLink(
  tx: Transaction,
  post: PostRow,
  translationOf: TranslationOf,
): Promise<TouchedPost[]> {
  if (translationOf === undefined) return [];
  const touched: TouchedPost[] = [];
  const others = (rows: (TouchedPost & { id: number })[], ...except: number[]) =>
    rows.filter((row) => !except.includes(row.id));
  if (translationOf === null) {
    if (post.translationGroup !== null)
      touched.push(...others(await dissolve(tx, post.translationGroup), post.id));
    return touched;
  }
  const [partner] = await tx.select(postColumns).from(posts).where(eq(posts.id, translationOf)).for('update');
  if (!partner || partner.id === post.id) throw new TranslationError('translation_not_found');
  if (partner.language === post.language) throw new TranslationError('translation_same_language');
  if (partner.translationGroup !== null && partner.translationGroup === post.translationGroup) return [];
  if (partner.translationGroup !== null) {
    const [taken] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.translationGroup, partner.translationGroup),
          eq(posts.language, post.language),
          ne(posts.id, post.id),
        ),
      )
      .limit(1);
    if (taken) throw new TranslationError('translation_taken');
    touched.push(...others(await dissolve(tx, partner.translationGroup), partner.id, post.id));
  }
  if (post.translationGroup !== null)
    touched.push(...others(await dissolve(tx, post.translationGroup), post.id));
  const [linked] = await tx
    .update(posts)
    .set({ translationGroup: sql`nextval('post_translation_groups')` })
    .where(eq(posts.id, post.id))
    .returning({ group: posts.translationGroup });
  await tx
    .update(posts)
    .set({ translationGroup: linked?.group ?? null })
    .where(eq(posts.id, partner.id));
  touched.push({ slug: partner.slug, language: partner.language });
  return touched;
}

/**
 * Keeps the slug history in step with a write, in its transaction: the slug now current is nobody's old slug
 * (a new post that takes it wins, renaming back to it cannot loop), and a slug left behind points to its post.
 */
async function recordSlug(tx: Transaction, post: Pick<PostRow, 'id' | 'slug'>, before?: string) {
  await tx.delete(postOldSlugs).where(eq(postOldSlugs.slug, post.slug));
  if (before === undefined || before === post.slug) return;
  await tx
    .insert(postOldSlugs)
    .values({ slug: before, postId: post.id })
    .onConflictDoUpdate({ target: postOldSlugs.slug, set: { postId: post.id, createdAt: sql`now()` } });
}

/** A post's state as it is kept in a revision: saved by `savedBy`, at the post's `updated_at`. */
export function revisionOf(post: PostRow, savedBy: number | null): typeof postRevisions.$inferInsert {
  return {
    postId: post.id,
    title: post.title,
    slug: post.slug,
    description: post.description,
    content: post.content,
    seoTitle: post.seoTitle,
    seoDescription: post.seoDescription,
    posterImage: post.posterImage,
    status: post.status,
    publishedAt: post.publishedAt,
    authorId: savedBy,
    createdAt: post.updatedAt,
  };
}

/**
 * Keeps the post's state as a revision (who saved it, now), in the transaction that saved it, and lets the
 * oldest go beyond the REVISIONS_KEPT newest.
 */
async function keepRevision(tx: Transaction, post: PostRow, savedBy: number | null) {
  await tx.insert(postRevisions).values(revisionOf(post, savedBy));
  const kept = tx
    .select({ id: postRevisions.id })
    .from(postRevisions)
    .where(eq(postRevisions.postId, post.id))
    .orderBy(desc(postRevisions.id))
    .limit(REVISIONS_KEPT);
  await tx
    .delete(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), notInArray(postRevisions.id, kept)));
}

/** The post as it is now, inside the transaction that wrote it. */
async function reread(tx: Transaction, id: number): Promise<PostRow> {
  const [row] = await tx.select(postColumns).from(posts).where(eq(posts.id, id));
  if (!row) throw new Error(`post ${id} vanished inside its own transaction`);
  return row;
}

export function createPostsRepository(db: Database): PostsRepository {
  /** Deletes the post found by `where`, unlinking its translation, in one transaction. */
  async function remove(
    where: SQL,
    along?: AlongWithWrite,
  ): Promise<{ post: PostRow; touched: TouchedPost[] } | null> {
    return db.transaction(async (tx) => {
      const [post] = await tx.delete(posts).where(where).returning(postColumns);
      if (!post) return null;
      await along?.(tx, post, null);
      const touched = post.translationGroup === null ? [] : await dissolve(tx, post.translationGroup);
      return { post, touched };
    });
  }

  return {
    async list({ language, page, perPage, visibility, missingTranslation, search, state }) {
      const where = and(
        language === undefined ? undefined : eq(posts.language, language),
        visibility === 'public' ? publicOnly() : undefined,
        // A post alone has no group (a link of one is dissolved): no group, no translation.
        missingTranslation ? isNull(posts.translationGroup) : undefined,
        search ? searchWhere(search, language) : undefined,
        state ? inState(state) : undefined,
      );
      const order = [desc(posts.publishedAt), desc(posts.id)];
      if (search && search.length > 0) {
        // One pass over the posts found: ranked, posts whose title holds the words first (weight A), then the
        // most relevant, and counted (a second query would find them all again).
        const query = rowQuery(search, language);
        const found = await db
          .select({ ...summaryColumns, found: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(posts)
          .where(where)
          .orderBy(
            desc(sql`${posts.search} @@ ${rowQuery(search, language, 'A')}`),
            desc(sql`ts_rank(${posts.search}, ${query})`),
            ...order,
          )
          .limit(perPage)
          .offset((page - 1) * perPage);
        const items = found.map(({ found: _found, ...item }) => item);
        if (found[0]) return { items, total: found[0].found };
        // A page past the last: counted on its own.
        if (page === 1) return { items, total: 0 };
      }
      const [items, totals] = await Promise.all([
        db
          .select(summaryColumns)
          .from(posts)
          .where(where)
          .orderBy(...order)
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(posts).where(where),
      ]);
      return { items, total: totals[0]?.n ?? 0 };
    },

    async searchMatches(ids, terms, languages) {
      const byPost = new Map<number, SearchMatch>();
      const config = (language: Language) => sql.raw(`'${SEARCH_CONFIG[language]}'::regconfig`);
      // Each word of the query and what the database makes of it in each language: its stem in English (none
      // for a word English leaves out, `the`), the word itself in Arabic.
      const pairs = languages.flatMap((language) => terms.map((term) => ({ language, term })));
      const [rows, stems] = await Promise.all([
        ids.length === 0
          ? []
          : db
              .select({ id: posts.id, text: contentText })
              .from(posts)
              .where(inArray(posts.id, [...ids])),
        pairs.length === 0
          ? []
          : db
              .execute(
                sql`select ${sql.join(
                  pairs.map(
                    ({ language, term }, i) =>
                      sql`array_to_string(tsvector_to_array(to_tsvector(${config(language)}, search_normalize(${term}))), ' ') as ${sql.identifier(`s${i}`)}`,
                  ),
                  sql`, `,
                )}`,
              )
              // Both drivers answer a raw query with its rows under `rows`.
              .then(
                (result) => (result as unknown as { rows: Record<string, string | null>[] }).rows[0] ?? {},
              ),
      ]);
      for (const row of rows) byPost.set(row.id, { text: row.text });
      const lexemes = new Set<string>();
      pairs.forEach(({ term }, i) => {
        const found = (stems as Record<string, string | null>)[`s${i}`]?.split(' ').filter(Boolean) ?? [];
        if (found.length === 0) return;
        // The word as typed marks `study`; its stem marks `studies`.
        lexemes.add(term);
        for (const lexeme of found) lexemes.add(lexeme);
      });
      return { byPost, lexemes: [...lexemes] };
    },

    async nextPublication() {
      const [row] = await db
        .select({ next: min(posts.publishedAt), now: sql<string>`now()` })
        .from(posts)
        .where(and(eq(posts.status, 'published'), gt(posts.publishedAt, sql`now()`)));
      return { next: row?.next ?? null, now: new Date(row?.now ?? Date.now()) };
    },

    async findBySlug(slug, visibility) {
      const [row] = await db
        .select(postColumns)
        .from(posts)
        .where(and(eq(posts.slug, slug), visibility === 'public' ? publicOnly() : undefined))
        .limit(1);
      return row ?? null;
    },

    async findById(id) {
      const [row] = await db.select(postColumns).from(posts).where(eq(posts.id, id)).limit(1);
      return row ?? null;
    },

    async translations(rows, visibility) {
      const byPost = new Map<number, PostTranslation[]>();
      const groups = [
        ...new Set(rows.flatMap((row) => (row.translationGroup === null ? [] : [row.translationGroup]))),
      ];
      if (groups.length === 0) return { byPost };
      const linked = await db
        .select({
          id: posts.id,
          language: posts.language,
          slug: posts.slug,
          title: posts.title,
          status: posts.status,
          publishedAt: posts.publishedAt,
          group: posts.translationGroup,
          now: sql<string>`now()`,
        })
        .from(posts)
        .where(inArray(posts.translationGroup, groups))
        .orderBy(posts.language, posts.id);
      let changesAt: number | undefined;
      const visible = linked.filter((row) => {
        if (visibility === 'editor') return true;
        if (row.status !== 'published') return false;
        // The database's clock decides, as for the posts themselves (publicOnly).
        const wait = row.publishedAt.getTime() - new Date(row.now).getTime();
        if (wait <= 0) return true;
        changesAt = Math.min(changesAt ?? Number.POSITIVE_INFINITY, Date.now() + wait);
        return false;
      });
      for (const row of rows) {
        if (row.translationGroup === null) continue;
        byPost.set(
          row.id,
          visible
            .filter((other) => other.group === row.translationGroup && other.id !== row.id)
            .map(({ id, language, slug, title, status }) => ({ id, language, slug, title, status })),
        );
      }
      return { byPost, changesAt };
    },

    async movedTo(slug, visibility) {
      const [row] = await db
        .select({ slug: posts.slug })
        .from(postOldSlugs)
        .innerJoin(posts, eq(posts.id, postOldSlugs.postId))
        .where(and(eq(postOldSlugs.slug, slug), visibility === 'public' ? publicOnly() : undefined))
        .limit(1);
      return row?.slug ?? null;
    },

    async slugTaken(slug, exceptId) {
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.slug, slug), exceptId === undefined ? undefined : ne(posts.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    async create(values, translationOf, along) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(posts).values(values).returning(postColumns);
          if (!row) throw new Error('insert returned no row');
          await along?.(tx, null, row);
          await keepRevision(tx, row, values.authorId ?? null);
          await recordSlug(tx, row);
          const touched = await applyLink(tx, row, translationOf);
          return { post: translationOf === undefined ? row : await reread(tx, row.id), touched };
        });
      } catch (err) {
        throw linkOrSlugError(err);
      }
    },

    async update(loaded, values, translationOf, along, savedBy = null) {
      const { id, updatedAt: version } = loaded;
      try {
        return await db.transaction(async (tx): Promise<UpdateResult> => {
          const [before] = await tx.select(postColumns).from(posts).where(eq(posts.id, id)).for('update');
          if (!before) return { missing: true };
          if (before.updatedAt.getTime() !== version.getTime()) return { conflict: before };
          // A post that changes language is no longer its translation's translation.
          const leaves = before.translationGroup !== null && before.language !== values.language;
          const [saved] = await tx
            .update(posts)
            .set({
              ...values,
              ...(leaves ? { translationGroup: null } : {}),
              // Strictly later than the version it replaces, even within one millisecond, so that every saved
              // state has its own version.
              updatedAt: sql`GREATEST(date_trunc('milliseconds', clock_timestamp()), ${posts.updatedAt} + interval '1 millisecond')`,
            })
            .where(eq(posts.id, id))
            .returning(postColumns);
          if (!saved) return { missing: true };
          await recordSlug(tx, saved, before.slug);
          const touched: TouchedPost[] =
            leaves && before.translationGroup !== null ? await dissolve(tx, before.translationGroup) : [];
          touched.push(...(await applyLink(tx, saved, translationOf)));
          const after = await reread(tx, id);
          await along?.(tx, before, after);
          if (revisionChanged(before, after)) await keepRevision(tx, after, savedBy);
          if (after.translationGroup !== null) {
            // Its title, slug and status show in its translation's answer.
            touched.push(
              ...(await tx
                .select(touchedColumns)
                .from(posts)
                .where(and(eq(posts.translationGroup, after.translationGroup), ne(posts.id, id)))),
            );
          }
          return { saved: after, touched };
        });
      } catch (err) {
        throw linkOrSlugError(err);
      }
    },

    async revisions(postId) {
      const rows = await db
        .select({
          id: postRevisions.id,
          createdAt: postRevisions.createdAt,
          title: postRevisions.title,
          authorId: postRevisions.authorId,
          authorName: users.name,
        })
        .from(postRevisions)
        .leftJoin(users, eq(users.id, postRevisions.authorId))
        .where(eq(postRevisions.postId, postId))
        .orderBy(desc(postRevisions.id));
      return rows.map(({ authorId, authorName, ...row }) => ({
        ...row,
        author: authorId === null ? null : { id: authorId, name: authorName ?? '' },
      }));
    },

    async revision(postId, id) {
      const [row] = await db
        .select({ ...getTableColumns(postRevisions), authorName: users.name })
        .from(postRevisions)
        .leftJoin(users, eq(users.id, postRevisions.authorId))
        .where(and(eq(postRevisions.postId, postId), eq(postRevisions.id, id)))
        .limit(1);
      return row ?? null;
    },

    deleteById: (id, along) => remove(eq(posts.id, id), along),

    deleteBySlug: (slug, along) => remove(eq(posts.slug, slug), along),
  };
}

/** PostgreSQL's unique_violation, from either driver (drizzle may wrap the driver's error): the index's name. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/**
 * A write's error as the API reports it: two posts of one language in a link (another editor linked the same
 * post at the same moment) is a taken translation; any other unique violation is the slug.
 */
function linkOrSlugError(err: unknown): unknown {
  if (err instanceof TranslationError) return err;
  const index = uniqueViolation(err);
  if (index === null) return err;
  if (index.includes('translation_group')) return new TranslationError('translation_taken');
  return new SlugTakenError();
}

export const postsRepositoryPlugin = fp(
  async (app) => {
    app.decorate('postsRepository', createPostsRepository(app.db));
  },
  { name: 'posts-repository', dependencies: ['db'] },
);
