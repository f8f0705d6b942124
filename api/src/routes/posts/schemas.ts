import { LANGUAGES } from '@agency/core/language';
import { POST_STATES } from '@agency/core/rules';
import {
  commonErrorResponses,
  errorSchema,
  paginatedSchema,
  savedSchema as savedWith,
  storageErrorResponses,
} from '../../schemas';

/** Largest page a list may ask for; more would only let a client make the database skip rows for nothing. */
export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 10;
const MAX_PAGE = 100_000;

const dateTime = { type: 'string', format: 'date-time' } as const;

/** One post of the other language linked to this one as its translation. */
const translationSchema = {
  type: 'object',
  required: ['id', 'language', 'slug', 'title', 'status'],
  properties: {
    id: { type: 'integer' },
    language: { type: 'string', enum: [...LANGUAGES] },
    slug: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'published'] },
  },
} as const;

const translationsSchema = {
  type: 'array',
  items: translationSchema,
  description:
    'The same story in the other language (at most one post per language). The public sees only a published ' +
    'translation whose date has come; an editor sees drafts and future ones too.',
} as const;

export const postSchema = {
  type: 'object',
  required: [
    'id',
    'slug',
    'title',
    'status',
    'poster_image',
    'poster_image_url',
    'description',
    'content',
    'language',
    'published_at',
    'seo_title',
    'seo_description',
    'translations',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'integer' },
    slug: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'string', enum: ['draft', 'published'] },
    poster_image: {
      type: ['string', 'null'],
      description: 'Stored file name; public pages show /storage/poster_images/{poster_image}',
    },
    poster_image_url: { type: ['string', 'null'], description: 'The same image as a URL' },
    description: { type: 'string' },
    content: { type: 'string', description: 'Sanitized HTML' },
    language: { type: 'string', enum: [...LANGUAGES] },
    published_at: {
      ...dateTime,
      description: "The moment it goes out, written with the site clock's offset (SITE_TIME_ZONE)",
    },
    seo_title: { type: 'string' },
    seo_description: { type: 'string' },
    translations: translationsSchema,
    created_at: dateTime,
    updated_at: { ...dateTime, description: 'The version a save names (PUT field `version`)' },
  },
} as const;

/** Pieces of a text, as [start, end) offsets: the words a search found. */
const highlightRangesSchema = {
  type: 'array',
  items: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
} as const;

/**
 * A post in a list: every field but `content`, which no card shows; `translations` only in an editor's list
 * (the posts manager shows them; a card does not).
 */
export const postSummarySchema = {
  type: 'object',
  required: postSchema.required.filter((name) => name !== 'content' && name !== 'translations'),
  properties: (({ content: _content, ...rest }) => ({
    ...rest,
    translations: { ...translationsSchema, description: "Only in an editor's list" },
    excerpt: {
      type: 'string',
      description:
        'Only in a search (`q`): plain text (never HTML) around the first match in the content, else the ' +
        'description; the client marks the words of `terms` in it and in the title.',
    },
    terms: {
      type: 'array',
      items: { type: 'string' },
      description:
        "Only in a search: the words searched by as the database compares them (normalised as core's " +
        'normalizeSearchText does, English stemmed): a word of the text is a match when, normalised, it ' +
        'starts with one of them.',
    },
    marks: {
      type: 'object',
      required: ['title', 'excerpt'],
      properties: {
        title: highlightRangesSchema,
        excerpt: highlightRangesSchema,
      },
      description:
        'Only in a search: where the words found are in `title` and in `excerpt`, as [start, end) UTF-16 ' +
        "offsets in order (core's highlightRanges: a word whose normalised form starts with one of `terms`). " +
        'The page wraps those pieces in <mark> as text.',
    },
    author_id: {
      type: ['integer', 'null'],
      description:
        "Only in an editor's list: the account that wrote the post (null: none, or its account was removed). " +
        'An author may edit and delete only the posts whose author_id is their own id.',
    },
  }))(postSchema.properties),
} as const;

const optionalLanguage = { type: 'string', enum: [...LANGUAGES] } as const;

export const listPostsSchema = {
  summary: 'One page of posts, newest published_at first',
  description:
    'The public sees published posts whose date has come; an editor session sees drafts and future posts too, ' +
    "and may filter them by status and missing translation. `q` searches (ranked, with excerpts). An editor's " +
    'list and every search are never kept in the public read cache.',
  tags: ['posts'],
  querystring: {
    type: 'object',
    properties: {
      language: { ...optionalLanguage, description: 'Only posts in this language (all when absent)' },
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
      translation: {
        type: 'string',
        enum: ['missing'],
        description:
          'Editor session only (the public list ignores it): `missing` lists only posts with no translation',
      },
      q: {
        type: 'string',
        description:
          'Search: only posts holding every word of it (or a word it starts: `design` finds "designers") in ' +
          'their title, description or content (its text, not its HTML), English stemmed (`running` finds ' +
          '"run"), Arabic with letter forms, diacritics, tatweel and Arabic-Indic digits made one (أحمد finds ' +
          'احمد). Ranked: title matches first, then by relevance. The public finds published posts whose date ' +
          'has come; an editor every post. At most 200 characters, no control characters (422 ' +
          '`search_too_long`, `search_character_invalid`). Answered, never kept in the read cache.',
      },
      status: {
        type: 'string',
        enum: [...POST_STATES],
        description:
          'Editor session only (the public list ignores it): `draft`; `scheduled`, published with a ' +
          'published_at still to come (the public does not see it yet); `published`, what the public sees',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: paginatedSchema({
          type: 'array',
          items: postSummarySchema,
          description: 'Posts without their content',
        }),
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

export const slugParamsSchema = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;

export const getPostSchema = {
  summary: 'One post by its slug, whatever its language',
  description:
    'The public gets 404 for a draft or a post dated in the future; an editor session sees them. The `language` ' +
    'parameter is accepted for the clients that send it; the post is returned in its own language. A slug the ' +
    'post had before it was renamed answers 301 to its current slug.',
  tags: ['posts'],
  params: slugParamsSchema,
  querystring: { type: 'object', properties: { language: optionalLanguage } },
  response: {
    200: postSchema,
    301: {
      description:
        'The post was renamed: `Location` is /api/posts/{current slug} (percent-encoded) with the same query. ' +
        'Only for a post this reader may see (the public: published and dated in the past); never kept by ' +
        'the server, and Cache-Control: no-cache, since a new post may take the old slug.',
      type: 'object',
      required: ['message', 'slug'],
      properties: {
        message: { type: 'string', enum: ['Blog post moved'] },
        slug: { type: 'string', description: 'The current slug' },
      },
    },
    404: errorSchema,
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

/** 422 of the editor's forms: the first problem's key as the message, every problem keyed by field. */
export const formErrorSchema = {
  type: 'object',
  required: ['message', 'errors'],
  properties: {
    message: { type: 'string', description: 'The first problem, as a message key (e.g. title_required)' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

const text = (description: string) => ({ type: 'string', description }) as const;

/**
 * The multipart form of a post, for the OpenAPI description only: multipart bodies are read by the handler
 * (`readForm`) and checked with core's `validatePost`, so Fastify does not validate them against this.
 */
export const postFormSchema = {
  type: 'object',
  properties: {
    language: { type: 'string', enum: [...LANGUAGES] },
    title: text('title_required when blank'),
    slug: text(
      "slug_required / slug_invalid (must equal core's slugify of itself, not digits only, <= 200) / slug_taken",
    ),
    status: { type: 'string', enum: ['draft', 'published'] },
    description: text('description_required when blank'),
    content: text(
      'HTML, sanitized with an allow-list on write; content_required when it holds no text or image, ' +
        'content_too_deep when its elements nest more than 256 deep; at most 1 MB (413 above)',
    ),
    seo_title: text('seo_title_required when blank'),
    seo_description: text('seo_description_required when blank'),
    published_at: text(
      'The moment the post goes out: ISO 8601 with Z or an offset (2026-12-01T09:30:00+04:00); a date alone is ' +
        'the start of that day on the site clock (SITE_TIME_ZONE), a date-time without offset is UTC; ' +
        'date_required otherwise',
    ),
    poster_image: {
      type: 'string',
      format: 'binary',
      description:
        'Only when a file is chosen: PNG, JPEG, GIF, WebP or AVIF by content, at most 2,097,152 bytes',
    },
    library_image: {
      type: 'string',
      description:
        'The name of an image of the media library (GET /api/media), made the featured image without ' +
        'uploading it again; a poster_image sent with it wins. image_not_found on poster_image when the ' +
        'library does not have it',
    },
    translation_of: text(
      'The id of the post in the other language this one translates. Absent: the link stays as it is; empty: ' +
        'the post leaves its link. translation_invalid (not an id), translation_not_found, ' +
        'translation_same_language, translation_taken (that post has a translation in this language already)',
    ),
  },
} as const;

export const createFormSchema = {
  type: 'object',
  properties: {
    ...postFormSchema.properties,
    keep_translation_image: {
      type: 'string',
      enum: ['1'],
      description:
        'With translation_of and no poster_image: the new post shares the featured image of the post it ' +
        'translates, an image of the media library (nothing when that post has none or the library no longer ' +
        'has it)',
    },
  },
} as const;

export const updateFormSchema = {
  type: 'object',
  required: ['version'],
  properties: {
    ...postFormSchema.properties,
    version: { type: 'string', format: 'date-time', description: 'The updated_at the editor loaded' },
    remove_poster_image: { type: 'string', enum: ['1'], description: 'Drops the current image' },
  },
} as const;

const savedSchema = (message: string) => savedWith(message, postSchema);

/** An author's limits (core/src/rules/roles.ts): only their own posts, and only drafts. */
export const roleRefusedSchema = {
  ...errorSchema,
  description:
    "csrf_mismatch; forbidden: another author's post, for an author; publish_forbidden: an author publishing, " +
    'or changing or deleting a published post',
} as const;

export const createPostSchema = {
  summary: 'Creates a post (editor session and CSRF token)',
  tags: ['posts'],
  consumes: ['multipart/form-data'],
  'x-multipart-body': createFormSchema,
  response: {
    201: savedSchema('post_created'),
    403: roleRefusedSchema,
    413: errorSchema,
    415: errorSchema,
    422: formErrorSchema,
    ...commonErrorResponses,
    ...storageErrorResponses,
  },
} as const;

export const updatePostSchema = {
  summary: 'Replaces a post, if nobody saved it since the editor loaded it',
  tags: ['posts'],
  consumes: ['multipart/form-data'],
  'x-multipart-body': updateFormSchema,
  params: slugParamsSchema,
  response: {
    200: savedSchema('post_updated'),
    403: roleRefusedSchema,
    404: errorSchema,
    409: {
      type: 'object',
      required: ['message', 'current'],
      description: 'The post changed since `version`: nothing was saved; `current` is the server copy',
      properties: { message: { type: 'string', enum: ['post_conflict'] }, current: postSchema },
    },
    413: errorSchema,
    415: errorSchema,
    422: formErrorSchema,
    ...commonErrorResponses,
    ...storageErrorResponses,
  },
} as const;

export const deletePostSchema = {
  summary: 'Deletes a post by id (digits only) or by slug (never digits only)',
  tags: ['posts'],
  // Named like the other /posts/{slug} routes: OpenAPI treats paths that differ only in a parameter's name
  // as one path.
  params: {
    type: 'object',
    required: ['slug'],
    properties: {
      slug: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        description: 'A post id (digits only) or a slug',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', enum: ['post_deleted'] } },
    },
    403: roleRefusedSchema,
    404: errorSchema,
    ...commonErrorResponses,
  },
} as const;
