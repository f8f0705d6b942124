import { LANGUAGES } from '@agency/core/language';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../schemas';

/**
 * The OpenAPI schemas of a list kind's editor routes (lib/content-routes.ts), built from what differs per
 * kind: its tag, its item's own properties, its body's descriptions, its reorder scope and its summaries.
 * Bodies are objects checked field by field by core's rules (lib/content.ts), so that each bad field gets its
 * own translated key in a 422, rather than one schema message.
 */

export interface ListKindSchemas {
  list: object;
  get: object;
  create: object;
  update: object;
  reorder: object;
  delete: object;
}

type Properties = Record<string, object>;

/** The properties every item of every list kind has, before its own. */
const metaProperties = {
  id: { type: 'integer' },
  language: { type: 'string', enum: [...LANGUAGES] },
  translation_id: { type: ['integer', 'null'], description: 'Its translation in the other language' },
  position: { type: 'integer', description: 'Its place in its list (lower first)' },
  version: { type: 'string', description: '`updated_at`: send it back with a change' },
} as const;

/** An item as the editor reads it (the shared properties, then the kind's); a change sends it back. */
export function contentItemSchema(own: { required: readonly string[]; properties: Properties }) {
  return {
    type: 'object',
    required: [...Object.keys(metaProperties), ...own.required],
    properties: { ...metaProperties, ...own.properties },
  } as const;
}

export interface ListKindSchemaOptions {
  /** The OpenAPI tag (the kind's name). */
  tag: string;
  /** The stem of the write messages (`faq_item` → `faq_item_created`). */
  noun: string;
  /** The kind's name, for `{name}_conflict` and `{name}_reordered`. */
  name: string;
  notFound: string;
  item: object;
  /** Descriptions of the body's fields (a create or a change). */
  body: Properties;
  /** The editor list's `data`: its properties besides `items` (the FAQ's categories). */
  listExtra?: { required: readonly string[]; properties: Properties };
  /** Descriptions of the reorder body's scope fields (besides `language` and `ids`). */
  scope: Properties;
  summaries: {
    list: string;
    get: string;
    create: string;
    update: string;
    reorder: string;
    delete: string;
  };
}

export function listKindSchemas(o: ListKindSchemaOptions): ListKindSchemas {
  const tags = [o.tag];
  const idParams = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', maxLength: 20, description: 'The item id' } },
  };
  const notFound = { ...errorSchema, description: `${o.notFound}: no item has this id` };
  const answer = (message: string) => ({
    type: 'object',
    required: ['message', 'data'],
    properties: { message: { type: 'string', enum: [message] }, data: o.item },
  });
  const body = { type: 'object', properties: o.body };
  return {
    list: {
      summary: o.summaries.list,
      tags,
      querystring: languageQuerySchema,
      response: {
        200: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              type: 'object',
              required: [...(o.listExtra?.required ?? []), 'items'],
              properties: { ...(o.listExtra?.properties ?? {}), items: { type: 'array', items: o.item } },
            },
          },
        },
        422: errorSchema,
        ...commonErrorResponses,
      },
    },
    get: {
      summary: o.summaries.get,
      tags,
      params: idParams,
      response: {
        200: { type: 'object', required: ['data'], properties: { data: o.item } },
        404: notFound,
        ...commonErrorResponses,
      },
    },
    create: {
      summary: o.summaries.create,
      tags,
      body: {
        ...body,
        properties: {
          ...o.body,
          language: { description: 'en or ar' },
          translation_of: { description: 'The id of the item (in the other language) it translates' },
        },
      },
      response: { 201: answer(`${o.noun}_created`), 422: errorSchema, ...commonErrorResponses },
    },
    update: {
      summary: o.summaries.update,
      description:
        'Send the item as GET gave it, changed, with its `version`. A stale `version` is answered 409 with ' +
        'the item as it is now (`current`).',
      tags,
      params: idParams,
      body: { ...body, properties: { ...o.body, version: { description: 'The `version` read' } } },
      response: {
        200: answer(`${o.noun}_updated`),
        404: notFound,
        409: {
          type: 'object',
          required: ['message', 'current'],
          properties: { message: { type: 'string', enum: [`${o.name}_conflict`] }, current: o.item },
        },
        422: errorSchema,
        ...commonErrorResponses,
      },
    },
    reorder: {
      summary: o.summaries.reorder,
      tags,
      body: {
        type: 'object',
        properties: {
          language: { description: 'en or ar' },
          ...o.scope,
          ids: { description: 'Every item of that list in that language, once, in the new order' },
        },
      },
      response: {
        200: {
          type: 'object',
          required: ['message', 'data'],
          properties: {
            message: { type: 'string', enum: [`${o.name}_reordered`] },
            data: { type: 'array', items: o.item },
          },
        },
        422: errorSchema,
        ...commonErrorResponses,
      },
    },
    delete: {
      summary: o.summaries.delete,
      tags,
      params: idParams,
      response: {
        200: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string', enum: [`${o.noun}_deleted`] } },
        },
        404: notFound,
        ...commonErrorResponses,
      },
    },
  };
}
