import { commonErrorResponses, errorSchema } from '../../schemas';
import { formErrorSchema, postFormSchema, roleRefusedSchema, slugParamsSchema } from './schemas';

const dateTime = { type: 'string', format: 'date-time' } as const;

const notFoundSchema = { ...errorSchema, description: 'Blog post not found (no post has the slug)' } as const;

export const previewPostSchema = {
  summary: 'The page of a post as the form has it, unsaved: the HTML readers would get (nothing is stored)',
  description:
    'The editor’s form as for a save (the content sanitised the same way); `post` names the saved post it ' +
    'edits (its image, translations and author rule). The answer is the server-rendered page of the post, ' +
    'without scripts and with its stylesheets linked, for a sandboxed frame; never cached.',
  tags: ['posts'],
  consumes: ['multipart/form-data'],
  produces: ['text/html'],
  'x-multipart-body': {
    type: 'object',
    properties: {
      ...postFormSchema.properties,
      post: {
        type: 'string',
        description: 'The slug of the saved post the form edits (absent for a new one)',
      },
      remove_poster_image: { type: 'string', enum: ['1'], description: 'Shows the post without its image' },
    },
  },
  response: {
    200: { type: 'string', description: 'The page, as HTML' },
    403: roleRefusedSchema,
    404: notFoundSchema,
    409: {
      ...errorSchema,
      description:
        'preview_unavailable: the site’s pages are not rendered on this server (front-end not built)',
    },
    415: errorSchema,
    422: { ...formErrorSchema, description: 'language_invalid; content_too_deep' },
    ...commonErrorResponses,
  },
} as const;

const previewLinkSchema = {
  type: 'object',
  required: ['id', 'created_at', 'expires_at'],
  properties: {
    id: { type: 'integer' },
    created_at: dateTime,
    expires_at: {
      ...dateTime,
      description: 'When the link stops opening the post (7 days after it was made)',
    },
  },
} as const;

export const createPreviewLinkSchema = {
  summary: 'A new link that lets anyone read the post, a draft or scheduled, for 7 days',
  description:
    'The token is in `url` only, this once: the server keeps its hash. Once the post is published and its ' +
    'date has come, the link leads to the post.',
  tags: ['posts'],
  params: slugParamsSchema,
  response: {
    201: {
      type: 'object',
      required: ['id', 'url', 'expires_at'],
      properties: {
        id: { type: 'integer' },
        url: { type: 'string', description: 'Site-relative: `/preview/{token}`' },
        expires_at: dateTime,
      },
    },
    403: roleRefusedSchema,
    404: notFoundSchema,
    ...commonErrorResponses,
  },
} as const;

export const listPreviewLinksSchema = {
  summary: 'The post’s preview links that still open it (without their tokens), oldest first',
  tags: ['posts'],
  params: slugParamsSchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: previewLinkSchema } },
    },
    403: roleRefusedSchema,
    404: notFoundSchema,
    ...commonErrorResponses,
  },
} as const;

export const revokePreviewLinkSchema = {
  summary: 'Revokes a preview link: it no longer opens the post (it says so)',
  tags: ['posts'],
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', maxLength: 20 } },
  },
  response: {
    204: { type: 'null', description: 'Revoked (also when it already was)' },
    403: roleRefusedSchema,
    404: { ...errorSchema, description: 'preview_link_not_found' },
    ...commonErrorResponses,
  },
} as const;
