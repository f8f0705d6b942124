import { ROLES } from '@agency/core/roles';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Languages of translated content. A Postgres enum shared by every translated table (posts will use it too),
 * so a typo cannot store a third language.
 */
export const languageEnum = pgEnum('language', ['en', 'ar']);

export const serviceSectionTypeEnum = pgEnum('service_section_type', ['hero', 'content']);
export const sectionLayoutEnum = pgEnum('section_layout', ['left', 'right']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Language-independent part of a service: its URL key, picture and place in lists. */
export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    /** Names the service for good: contact messages, the contact form's choice and the inbox use it. */
    key: text('key').notNull().unique(),
    /** Its page's address, `/services/{slug}` (the key when created): an editor may change it (migration 0017). */
    slug: text('slug').notNull().unique(),
    /** `/storage/poster_images/{file}.webp` (the upload route's) or one of the site's own pictures. */
    imagePath: text('image_path').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Kept and editable, but out of the public lists; its page is 404 for the public (a draft page). */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The version an editor names when saving (milliseconds, as for posts: migration 0014). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('services_sort_order_idx').on(t.sortOrder, t.id)],
);

export const serviceTranslations = pgTable(
  'service_translations',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    language: languageEnum('language').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The image's alt text in this language; empty for a decorative picture. */
    imageAlt: text('image_alt').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.language] })],
);

/**
 * One block of a service page. The layout decides whether text or picture comes first; it is the same in
 * every language (logical CSS mirrors it for right-to-left), so it lives here and not in the translation.
 */
export const serviceSections = pgTable(
  'service_sections',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    type: serviceSectionTypeEnum('type').notNull(),
    layout: sectionLayoutEnum('layout'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('service_sections_service_idx').on(t.serviceId, t.sortOrder, t.id),
    // A content section always has a layout, a hero never has one.
    check('service_sections_layout_check', sql`(${t.type} = 'content') = (${t.layout} IS NOT NULL)`),
  ],
);

/** The translated text of a section. `items` is empty for hero sections. */
export interface SectionText {
  title: string;
  description: string;
  items: string[];
}

export const serviceSectionTranslations = pgTable(
  'service_section_translations',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => serviceSections.id, { onDelete: 'cascade' }),
    language: languageEnum('language').notNull(),
    data: jsonb('data').$type<SectionText>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.language] })],
);

export const postStatusEnum = pgEnum('post_status', ['draft', 'published']);

/**
 * Millisecond timestamps: `updated_at` is the version an editor names when saving, and it travels as a
 * JavaScript ISO string, so the stored value must round-trip exactly (PostgreSQL keeps microseconds otherwise).
 */
const msTimestamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** PostgreSQL's full-text document: read only inside queries (the search), never into a row. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text search configuration of a post's language: English stemming, Arabic word for word. */
const searchConfig = sql.raw(
  `CASE WHEN "language" = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END`,
);
/**
 * The content as text (its HTML tags and entities are no words of the post): the text of its first 256 KiB of
 * HTML, at most 200,000 characters. A tsvector holds at most 1 MB, and the tags of 1 MiB took the embedded
 * database 300 ms to take out, while every reader waited.
 */
const contentText = sql.raw(
  `left(regexp_replace(regexp_replace(left("content", 262144), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g'), 200000)`,
);

/** Numbers for translation links: each link between posts gets a new one (see posts.translationGroup). */
export const postTranslationGroups = pgSequence('post_translation_groups');

/**
 * A blog post in one language. The slug is unique across the whole site, whatever the language. Posts that
 * are translations of each other share a `translationGroup` (one post per language in it); a post alone has
 * none, never a group of one.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    status: postStatusEnum('status').notNull().default('draft'),
    /** File name under `storage/poster_images/`, made by the server; null without an image. */
    posterImage: text('poster_image'),
    description: text('description').notNull(),
    /** Sanitized HTML: it is rendered as-is by the public pages. */
    content: text('content').notNull(),
    language: languageEnum('language').notNull(),
    publishedAt: msTimestamp('published_at').notNull(),
    seoTitle: text('seo_title').notNull(),
    seoDescription: text('seo_description').notNull(),
    translationGroup: integer('translation_group'),
    /** Who wrote it: an author may change only their own. Null for posts from before accounts had roles. */
    authorId: integer('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
    /**
     * What the post is searched by (migration 0024): title (weight A), description (B) and content as text (C),
     * normalised by the database's search_normalize (core/src/rules/search.ts is its twin). Kept by the database.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector(${searchConfig}, search_normalize("title")), 'A') || setweight(to_tsvector(${searchConfig}, search_normalize("description")), 'B') || setweight(to_tsvector(${searchConfig}, search_normalize(${contentText})), 'C')`,
      ),
    /**
     * The stored images the content shows, by file name (migration 0027, the database's stored_image_names):
     * the media library's "where used", found through its index. Kept by the database, never read into a row.
     */
    contentImages: text('content_images')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`stored_image_names("content")`),
  },
  (t) => [
    // The public list: one language, published, newest first.
    index('posts_public_list_idx').on(t.language, t.status, t.publishedAt.desc(), t.id.desc()),
    index('posts_published_at_idx').on(t.publishedAt.desc(), t.id.desc()),
    index('posts_author_idx').on(t.authorId),
    index('posts_search_idx').using('gin', t.search),
    index('posts_content_images_idx').using('gin', t.contentImages),
    // At most one post per language in a link; and the link's posts found from either one.
    uniqueIndex('posts_translation_group_language_idx').on(t.translationGroup, t.language),
  ],
);

/**
 * The slugs a post had before its current one, so that its old addresses answer 301 to the current one. A row
 * names the post, not the slug it was renamed to: a chain of renames (a→b→c) sends `a` to `c` in one hop. A
 * slug is here only while no post has it (a post that takes it, or renaming back to it, removes the row), and
 * deleting the post removes its rows.
 */
export const postOldSlugs = pgTable(
  'post_old_slugs',
  {
    slug: text('slug').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('post_old_slugs_post_idx').on(t.postId)],
);

/**
 * Every saved state of a post, newest last: what its create and each save that changed it wrote, with who
 * saved it. The 50 newest of a post are kept (older ones go on save); deleting the post deletes them. The image
 * is a file name only: the file may be gone since (a later save replaced or removed it).
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    seoTitle: text('seo_title').notNull(),
    seoDescription: text('seo_description').notNull(),
    posterImage: text('poster_image'),
    status: postStatusEnum('status').notNull(),
    publishedAt: msTimestamp('published_at').notNull(),
    /** Who saved it; null once that account is gone, and for posts saved before accounts had roles. */
    authorId: integer('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.id.desc())],
);

/**
 * Links that let someone without an account read a draft or scheduled post (`/preview/{token}`): only the
 * token's SHA-256 is kept (lib/one-time-tokens.ts). A link lives until `expires_at` or until an editor revokes
 * it (`revoked_at`); after the post is published, it leads to the post.
 */
export const postPreviewLinks = pgTable(
  'post_preview_links',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Who made it; null once that account is gone. */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('post_preview_links_token_hash_idx').on(t.tokenHash),
    index('post_preview_links_post_idx').on(t.postId),
  ],
);

/**
 * The media library (migration 0027): every image the server stored under `storage/poster_images`, by its
 * file name, with the name it was uploaded under, its size, and its alt text in each language (`{ en, ar }`,
 * edited in one place). Deleting a post or replacing its image keeps the file: the library's Delete removes it,
 * and only while nothing uses it. `updated_at` is its version (a stale alt-text change is 409).
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The uploaded file's name, for people to recognise and search it; '' when not known. */
    fileName: text('file_name').notNull().default(''),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: jsonb('alt').$type<Partial<Record<'en' | 'ar', string>>>().notNull().default({}),
    /** Who uploaded it; null once that account is gone, and for images stored before the library. */
    uploadedBy: integer('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_name_idx').on(t.name),
    index('media_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    check('media_name_stored', sql`${t.name} ~ '^[0-9a-f]{32}\.webp$'`),
    check('media_alt_object', sql`jsonb_typeof(${t.alt}) = 'object'`),
  ],
);

/**
 * The addresses a service had before an editor changed it: `/services/{slug}` answers 301 to its current one.
 * An address in use is nobody's old one (a service that takes it over wins).
 */
export const serviceOldSlugs = pgTable(
  'service_old_slugs',
  {
    slug: text('slug').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('service_old_slugs_service_idx').on(t.serviceId)],
);

export const userRoleEnum = pgEnum('user_role', ROLES);

/** Editors: the only accounts. The e-mail is stored lower-cased, so sign-in ignores its case. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id, in the PHC string format (parameters and salt included). */
    passwordHash: text('password_hash').notNull(),
    /** What the account may do (core/src/rules/roles.ts). Exactly one owner: the index below holds it. */
    role: userRoleEnum('role').notNull().default('author'),
    /** A deactivated account cannot sign in and has no sessions; its posts stay, attributed to it. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /**
     * Two-step sign-in (RFC 6238): the Base32 TOTP secret while it is on, null while it is off. Kept in clear:
     * the server must compute the codes from it (a copy of the database holds it, as it holds the sessions).
     */
    twoStepSecret: text('two_step_secret'),
    /** A secret shown for setup and not confirmed with a code yet; replaced by each new setup. */
    twoStepPendingSecret: text('two_step_pending_secret'),
    /** The time step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
    twoStepLastStep: integer('two_step_last_step'),
    twoStepEnabledAt: timestamp('two_step_enabled_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_one_owner_idx').on(t.role).where(sql`${t.role} = 'owner'`)],
);

/** Single-use recovery codes for two-step sign-in: only their SHA-256 is kept; `used_at` once spent. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * Sign-ins waiting for their second step: the password was right, the code is still to come. The id is the
 * SHA-256 of the HttpOnly cookie's value; a row lives five minutes.
 */
export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('two_step_challenges_expires_idx').on(t.expiresAt)],
);

/** Rules for every account, set by the owner: one row (`id` is always 1). */
export const accountPolicy = pgTable(
  'account_policy',
  {
    id: smallint('id').primaryKey().default(1),
    /** Administrators and the owner must turn two-step sign-in on before anything else. */
    requireTwoStepForAdministrators: boolean('require_two_step_for_administrators').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('account_policy_single_row', sql`${t.id} = 1`)],
);

/**
 * Editor sessions, in the database so that any API process can serve any request. The id is the SHA-256 of
 * the cookie's value: a copy of this table does not let anyone sign in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /**
     * What the editor's session list calls the session (to sign one out): random, unrelated to the cookie,
     * so showing it tells nothing about the token.
     */
    handle: uuid('handle').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The browser's User-Agent at sign-in (cut to 512 characters), to tell the sessions apart. */
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The absolute end, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_handle_idx').on(t.handle),
  ],
);

/**
 * Password reset links (POST /api/auth/password-reset): only the SHA-256 of each link's token is kept, so a
 * copy of the database cannot use a pending link. A link works once (`used_at`) and for an hour; asking for a
 * new one deletes the account's older ones.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The audit trail (core/src/rules/audit.ts names the actions; api/src/lib/audit.ts writes them). Who: the
 * account, and the e-mail as it was (a failed sign-in names only the e-mail tried). Never a password, a token
 * or a code. Entries older than AUDIT_RETENTION_DAYS are deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    /** What the action was done to: `user`, `post`, `invitation`, `contact_message`… */
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** A name to show for the target as it was then (an e-mail, a post's title). */
    targetLabel: text('target_label'),
    /** Small facts of the action (a role from and to, a count); never secrets. */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** The client's address, as the server saw it (TRUST_PROXY decides). */
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * Invitations to make an account (the People screen): one e-mail, one role, a single-use link valid 72 hours.
 * Only the SHA-256 of the link's token is kept (api/src/lib/one-time-tokens.ts). An address has at most one
 * open invitation (neither accepted nor revoked): inviting it again revokes the old one, a resend gives the
 * same row a new token. `language` is the inviter's, the e-mail's.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased like users.email. */
    email: text('email').notNull(),
    role: userRoleEnum('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** The account made by accepting it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_idx').on(t.tokenHash),
    uniqueIndex('invitations_open_email_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    check('invitations_role_check', sql`${t.role} <> 'owner'`),
  ],
);

/** Fixed-window counters shared by every API process (sign-in failures, contact messages). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** Keys the server makes for itself on first start (the CSRF token key), shared by every process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * pending: an e-mail is still to be sent (retried with back-off); sent; failed: given up after the last try
 * (the message stays here, visible); disabled: no SMTP was configured when it arrived.
 */
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sent', 'failed', 'disabled']);

/**
 * Where a contact message stands in the editors' inbox: new (not looked at yet), handled, or spam (caught by
 * the honeypot, or marked so by an editor).
 */
export const contactStatusEnum = pgEnum('contact_status', ['new', 'handled', 'spam']);

/** Contact form messages, stored before the visitor is told they were sent; mail is an outbox on top. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    /** E.164 (`+447911123456`); a spam message keeps what the robot wrote when it is not a number. */
    phone: text('phone').notNull(),
    /** The phone number's country (`GB`); empty for a spam message whose number is not one. */
    phoneRegion: text('phone_region').notNull().default(''),
    email: text('email').notNull(),
    business: text('business').notNull().default(''),
    service: text('service').notNull(),
    /**
     * The service's name in each language when the message was sent (`{ "en": "SEO", "ar": "…" }`), so the
     * inbox still names it after the service is renamed, hidden or deleted; `{}` for messages from before
     * migration 0014 (the inbox shows the key).
     */
    serviceName: jsonb('service_name').$type<Partial<Record<'en' | 'ar', string>>>().notNull().default({}),
    /** The pricing plan the visitor chose (`professional`), or empty. */
    plan: text('plan').notNull().default(''),
    /**
     * The plan's name in each language when the message was sent (`{ "en": "Starter", "ar": "…" }`), as
     * `serviceName`, kept when the plan is later renamed, hidden or deleted; `{}` when no plan was chosen or for
     * messages sent before names were kept (the inbox shows the key). Migration 0018 made it so.
     */
    planName: jsonb('plan_name').$type<Partial<Record<'en' | 'ar', string>>>().notNull().default({}),
    message: text('message').notNull(),
    status: contactStatusEnum('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    mailStatus: mailStatusEnum('mail_status').notNull(),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /** When the outbox may try (again); also a lease while one process is sending it. */
    mailNextAttemptAt: timestamp('mail_next_attempt_at', { withTimezone: true, mode: 'date' }),
    mailLastError: text('mail_last_error'),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true, mode: 'date' }),
    /**
     * The `Idempotency-Key` the visitor's browser sent with the message (lower case), null for one sent
     * without. Unique: a key sent again (a retry, a replay from the offline queue, two at once) finds the
     * first message instead of making a second one and a second e-mail.
     */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('contact_messages_idempotency_key_idx').on(t.idempotencyKey),
    index('contact_messages_outbox_idx').on(t.mailStatus, t.mailNextAttemptAt),
    // The inbox, newest first; and the retention purge, by age.
    index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('contact_messages_status_idx').on(t.status),
  ],
);

/**
 * An FAQ category: a tab on the services page. Its key names it in the API and the admin; its name is per
 * language (faq_category_translations).
 */
export const faqCategories = pgTable('faq_categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
  /** A change's version (migration 0018): a stale one is answered 409. */
  updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
});

export const faqCategoryTranslations = pgTable(
  'faq_category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    language: languageEnum('language').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.language] })],
);

/** Numbers for translation links between FAQ items (as post_translation_groups for posts). */
export const faqTranslationGroups = pgSequence('faq_translation_groups');

/**
 * An FAQ item: a question and its answer in one language. Items that translate each other share a
 * `translationGroup` (one per language in it). `sortOrder` places it among its category's items in its
 * language; `hidden` keeps it out of the public page without deleting it.
 */
export const faqItems = pgTable(
  'faq_items',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'restrict' }),
    language: languageEnum('language').notNull(),
    translationGroup: integer('translation_group'),
    question: text('question').notNull(),
    /** Sanitized HTML: rendered as-is by the public page. */
    answer: text('answer').notNull(),
    sortOrder: integer('sort_order').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('faq_items_list_idx').on(t.language, t.categoryId, t.sortOrder, t.id),
    uniqueIndex('faq_items_translation_group_language_idx').on(t.translationGroup, t.language),
  ],
);

/**
 * A pricing category: a tab of the pricing page, named after a service (its key is the service's, as in
 * /services/{key}); its name is per language (pricing_category_translations).
 */
export const pricingCategories = pgTable('pricing_categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  sortOrder: integer('sort_order').notNull(),
  /** A change's version (migration 0018): a stale one is answered 409. */
  updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
});

export const pricingCategoryTranslations = pgTable(
  'pricing_category_translations',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => pricingCategories.id, { onDelete: 'cascade' }),
    language: languageEnum('language').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.language] })],
);

/** Numbers for translation links between pricing plans (as faq_translation_groups). */
export const pricingTranslationGroups = pgSequence('pricing_translation_groups');

/**
 * A pricing plan in one language. `key` is its stable name (`starter`, the contact form's `?plan=`), shared
 * with its translation; `price` is in whole units of `currency`, null when quote-based; `features` one line
 * each. `sortOrder` places it among its category's plans in its language.
 */
export const pricingPlans = pgTable(
  'pricing_plans',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => pricingCategories.id, { onDelete: 'restrict' }),
    language: languageEnum('language').notNull(),
    translationGroup: integer('translation_group'),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** `one_time`, `monthly`, `per_video`, `quote_based`, or empty (a price with no period). */
    priceType: text('price_type').notNull().default(''),
    price: integer('price'),
    currency: text('currency').notNull().default('GBP'),
    unit: text('unit').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    highlighted: boolean('highlighted').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('pricing_plans_list_idx').on(t.language, t.categoryId, t.sortOrder, t.id),
    index('pricing_plans_key_idx').on(t.categoryId, t.key),
    uniqueIndex('pricing_plans_translation_group_language_idx').on(t.translationGroup, t.language),
  ],
);

/**
 * The site's settings (core's SETTINGS_KIND): one row (`id` is always 1) of what every language shares, with
 * `updated_at` as its version, and one row per language of what is translated (site_settings_translations).
 * A save writes both in one transaction and moves `updated_at`. `notify_email` null: the notification goes to
 * the server's CONTACT_EMAIL (or SITE_EMAIL). Seeded at start from the server's SITE_* settings (src/db/seed).
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    notifyEmail: text('notify_email'),
    defaultCountry: text('default_country').notNull(),
    socialFacebook: text('social_facebook').notNull().default(''),
    socialX: text('social_x').notNull().default(''),
    socialInstagram: text('social_instagram').notNull().default(''),
    socialTiktok: text('social_tiktok').notNull().default(''),
    socialYoutube: text('social_youtube').notNull().default(''),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

export const siteSettingsTranslations = pgTable('site_settings_translations', {
  language: languageEnum('language').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
});

/** Numbers for translation links between portfolio projects (as faq_translation_groups for FAQ items). */
export const portfolioTranslationGroups = pgSequence('portfolio_translation_groups');

/**
 * A portfolio project in one language, at `/portfolio/{slug}` (slugs are unique across languages, as posts').
 * Projects that translate each other share a `translationGroup` (one per language in it). `sortOrder` places it
 * in its language's list; `hidden` keeps it off the public pages without deleting it. Images are stored
 * images' file names (`storage/poster_images`); `gallery` is `[{ image, alt }]` with file names.
 */
export const portfolioProjects = pgTable(
  'portfolio_projects',
  {
    id: serial('id').primaryKey(),
    language: languageEnum('language').notNull(),
    translationGroup: integer('translation_group'),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    client: text('client').notNull(),
    category: text('category').notNull(),
    coverImage: text('cover_image').notNull(),
    coverAlt: text('cover_alt').notNull(),
    gallery: jsonb('gallery').$type<{ image: string; alt: string }[]>().notNull().default([]),
    summary: text('summary').notNull(),
    /** Sanitized HTML: rendered as-is by the public page. */
    body: text('body').notNull().default(''),
    link: text('link'),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    seoImage: text('seo_image'),
    sortOrder: integer('sort_order').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('portfolio_projects_slug_idx').on(t.slug),
    index('portfolio_projects_list_idx').on(t.language, t.sortOrder, t.id),
    index('portfolio_projects_category_idx').on(t.language, t.category, t.sortOrder, t.id),
    uniqueIndex('portfolio_projects_translation_group_language_idx').on(t.translationGroup, t.language),
    check('portfolio_projects_gallery_array', sql`jsonb_typeof(${t.gallery}) = 'array'`),
  ],
);

/**
 * The home page's texts in one language (core's HOME_KIND): one row per language, its fields in `texts`.
 * `updated_at` is its version: a change names the one it loaded (409 when stale).
 */
export const homeTexts = pgTable('home_texts', {
  language: languageEnum('language').primaryKey(),
  texts: jsonb('texts').$type<Record<string, string>>().notNull(),
  updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
});

/** Numbers for translation links between client logos (as faq_translation_groups). */
export const clientLogoTranslationGroups = pgSequence('client_logo_translation_groups');

/**
 * A client logo in the home page's carousel, in one language: `name` is its alt text, `image` a stored upload
 * (/storage/poster_images/…webp) or one of the seeded SVG files (/mf/mf-marketing/images/clients/…). Logos
 * that translate each other share a `translationGroup`; `sortOrder` places it among its language's logos.
 */
export const clientLogos = pgTable(
  'client_logos',
  {
    id: serial('id').primaryKey(),
    language: languageEnum('language').notNull(),
    translationGroup: integer('translation_group'),
    name: text('name').notNull(),
    image: text('image').notNull(),
    sortOrder: integer('sort_order').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: msTimestamp('created_at').notNull().defaultNow(),
    updatedAt: msTimestamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('client_logos_list_idx').on(t.language, t.sortOrder, t.id),
    uniqueIndex('client_logos_translation_group_language_idx').on(t.translationGroup, t.language),
  ],
);
