import { LANGUAGES, type Language } from '@agency/core/language';
import {
  MEDIA_ALT_MAX,
  MEDIA_PER_PAGE,
  mediaAltProblem,
  searchQueryProblem,
  searchTerms,
} from '@agency/core/rules';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { FieldsError } from '../../errors';
import { recordAudit } from '../../lib/audit';
import { paginate } from '../../lib/pagination';
import { UNAUTHENTICATED } from '../../plugins/access';
import { commonErrorResponses, errorSchema, paginatedSchema, savedSchema } from '../../schemas';

const MEDIA_NOT_FOUND = 'media_not_found';
const MAX_PAGE = 100_000;

const useSchema = {
  type: 'object',
  required: ['kind', 'role', 'id', 'language', 'title', 'edit_url'],
  properties: {
    kind: { type: 'string', enum: ['post', 'portfolio', 'faq', 'service', 'client_logo'] },
    role: {
      type: 'string',
      enum: ['featured', 'inline', 'cover', 'gallery', 'seo', 'image'],
      description:
        "A post's featured image or an image in its text; a project's cover, gallery image, sharing image or " +
        "an image in its text; an image in an FAQ answer; a service's or a client logo's picture",
    },
    id: { type: 'integer' },
    language: { type: 'string', enum: [...LANGUAGES] },
    title: { type: 'string' },
    edit_url: { type: 'string', description: 'Where an editor changes it, site-relative' },
  },
} as const;

const altSchema = {
  type: 'object',
  required: [...LANGUAGES],
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: 'string' }])),
} as const;

const mediaSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'url',
    'file_name',
    'bytes',
    'width',
    'height',
    'alt',
    'created_at',
    'version',
    'uploaded_by',
    'uses',
  ],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string', description: 'The stored file name, `{32 hex}.webp`' },
    url: {
      type: 'string',
      description: '`/storage/poster_images/{name}`, also at the fixed widths (`-480w.webp`, …)',
    },
    file_name: { type: 'string', description: 'The name it was uploaded under; "" when not known' },
    bytes: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    alt: { ...altSchema, description: 'Its alt text in each language; "" where none is written' },
    created_at: { type: 'string', format: 'date-time' },
    version: { type: 'string', format: 'date-time', description: 'Its updated_at, sent back by a change' },
    uploaded_by: {
      type: ['object', 'null'],
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    uses: {
      type: 'array',
      items: useSchema,
      description: 'Everything that shows it now; an image with a use cannot be deleted',
    },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

const notFound = { ...errorSchema, description: '`media_not_found`' };

interface ListQuery {
  q?: string;
  page: number;
  per_page: number;
}

const listSchema = {
  summary: 'One page of the media library, newest first (any editor)',
  description:
    'Every image the server stored: uploaded inline or as a featured image, for a project, a logo or a ' +
    'service. `q` finds images whose uploaded file name or alt text (either language) holds every word of ' +
    'it, in any case, Arabic with letter forms, diacritics, tatweel and Arabic-Indic digits made one (أحمد ' +
    'finds احمد). 422 `search_too_long` (over 200 characters) or `search_character_invalid` (a control ' +
    'character) on `q`.',
  tags: ['media'],
  querystring: {
    type: 'object',
    properties: {
      q: { type: 'string' },
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      per_page: { type: 'integer', minimum: 1, maximum: 100, default: MEDIA_PER_PAGE },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: paginatedSchema({ type: 'array', items: mediaSchema }) },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;

const getSchema = {
  summary: 'One image of the media library, with where it is used',
  tags: ['media'],
  params: idParams,
  response: {
    200: { type: 'object', required: ['data'], properties: { data: mediaSchema } },
    404: notFound,
    ...commonErrorResponses,
  },
} as const;

const updateSchema = {
  summary: "Changes an image's alt texts (owner, administrators and editors)",
  description:
    `Both languages' alt texts, each at most ${MEDIA_ALT_MAX} characters ("" for none), and the \`version\` ` +
    "the editor loaded. Images inserted from the library take the alt text of the post's language then; " +
    'those already in a text keep theirs.',
  tags: ['media'],
  params: idParams,
  body: {
    type: 'object',
    properties: {
      alt: { type: 'object', description: '`{ "en", "ar" }`' },
      version: { type: 'string', description: 'The `version` loaded' },
    },
  },
  response: {
    200: savedSchema('media_updated', mediaSchema),
    404: notFound,
    409: {
      type: 'object',
      required: ['message', 'current'],
      description: '`media_conflict`: someone changed it since `version`; nothing was saved',
      properties: { message: { type: 'string', enum: ['media_conflict'] }, current: mediaSchema },
    },
    422: {
      ...errorSchema,
      description: '`alt.en` / `alt.ar`: `too_long`, `invalid_type`; `version`: `version_required`',
    },
    ...commonErrorResponses,
  },
} as const;

const deleteSchema = {
  summary: 'Deletes an image nothing uses (owner, administrators and editors)',
  description:
    'Its file and its widths go, and the audit trail records it (`media_deleted`). An image still shown by a post, project, FAQ answer, service or logo is ' +
    'kept: 409 `media_in_use` with its uses. Earlier revisions do not count: restoring one whose image is ' +
    'gone says so.',
  tags: ['media'],
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string', enum: ['media_deleted'] } },
    },
    404: notFound,
    409: {
      type: 'object',
      required: ['message', 'uses'],
      properties: {
        message: { type: 'string', enum: ['media_in_use'] },
        uses: { type: 'array', items: useSchema },
      },
    },
    ...commonErrorResponses,
  },
} as const;

function pageUrl(q: string | undefined, perPage: number, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (perPage !== MEDIA_PER_PAGE) params.set('per_page', String(perPage));
  params.set('page', String(page));
  return `/api/media?${params}`;
}

/** Both alt texts from a change's body, or the 422 of the first that is wrong. */
function altOf(body: unknown): Record<Language, string> {
  const alt = (body as { alt?: unknown } | null)?.alt;
  const given = alt !== null && typeof alt === 'object' ? (alt as Record<string, unknown>) : {};
  const errors: Record<string, string[]> = {};
  const values = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    const value = given[language] ?? '';
    const problem = mediaAltProblem(value);
    if (problem) errors[`alt.${language}`] = [problem];
    else values[language] = (value as string).trim();
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new FieldsError(first, errors);
  return values;
}

/**
 * The media library (`/api/media`): any editor lists it and uses its images; changing alt texts and deleting
 * need the `media` permission (core/src/rules/roles.ts).
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const editorOnly = (reply: FastifyReply) => reply.code(401).send({ message: UNAUTHENTICATED });

  app.get<{ Querystring: ListQuery }>(
    '/',
    { schema: listSchema, config: { private: true } },
    async (request, reply) => {
      if (!request.editor) return editorOnly(reply);
      const { q, page, per_page: perPage } = request.query;
      const problem = q === undefined ? null : searchQueryProblem(q);
      if (problem) throw new FieldsError(problem, { q: [problem] });
      const { items, total } = await app.media.list({
        terms: q ? searchTerms(q) : [],
        page,
        perPage,
      });
      return {
        data: paginate({ items, total, page, perPage, urlFor: (n) => pageUrl(q?.trim(), perPage, n) }),
      };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    { schema: getSchema, config: { private: true } },
    async (request, reply) => {
      if (!request.editor) return editorOnly(reply);
      const item = await app.media.get(request.params.id);
      if (!item) return reply.code(404).send({ message: MEDIA_NOT_FOUND });
      return { data: item };
    },
  );

  app.put<{ Params: { id: number } }>(
    '/:id',
    { schema: updateSchema, config: { permission: 'media' } },
    async (request, reply) => {
      const alt = altOf(request.body);
      const version = new Date(String((request.body as { version?: unknown } | null)?.version ?? ''));
      if (Number.isNaN(version.getTime()))
        throw new FieldsError('version_required', { version: ['version_required'] });
      const outcome = await app.media.changeAlt(request.params.id, alt, version);
      if (!outcome) return reply.code(404).send({ message: MEDIA_NOT_FOUND });
      if ('conflict' in outcome)
        return reply.code(409).send({ message: 'media_conflict', current: outcome.conflict });
      return { message: 'media_updated', data: outcome.saved };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    { schema: deleteSchema, config: { permission: 'media' } },
    async (request, reply) => {
      const outcome = await app.media.remove(request.params.id, (tx, deleted) =>
        recordAudit(tx, request, {
          action: 'media_deleted',
          target: { type: 'media', id: deleted.id, label: deleted.file_name || deleted.name },
          details: { name: deleted.name },
        }),
      );
      if (!outcome) return reply.code(404).send({ message: MEDIA_NOT_FOUND });
      if ('inUse' in outcome) return reply.code(409).send({ message: 'media_in_use', uses: outcome.inUse });
      return { message: 'media_deleted' };
    },
  );
};
