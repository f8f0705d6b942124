import { CURRENCIES, PRICE_TYPES } from '@agency/core/content';
import { LANGUAGES } from '@agency/core/language';
import { PLAN_KEY_MAX } from '@agency/core/rules';
import { contentItemSchema, listKindSchemas } from '../../lib/content-schemas';
import { commonErrorResponses, errorSchema, languageQuerySchema } from '../../schemas';

export const PRICING_PLAN_NOT_FOUND = 'Pricing plan not found';

/** What a plan shows, in the editor's read and the public one. */
const planProperties = {
  key: {
    type: 'string',
    description: 'Its stable key: the contact form’s `?plan=`; a rename never changes it',
  },
  name: { type: 'string' },
  description: { type: 'string' },
  type: {
    type: 'string',
    enum: [...PRICE_TYPES, ''],
    description: 'How the price is asked; empty: a price shown with no period',
  },
  price: {
    type: ['integer', 'null'],
    description: 'In whole units of `currency`; null when quote-based',
  },
  currency: { type: 'string', enum: [...CURRENCIES] },
  unit: { type: 'string', description: 'What the price covers, shown after it (`for 5 videos`), or empty' },
  features: { type: 'array', items: { type: 'string' }, description: 'One feature a line' },
  highlighted: { type: 'boolean', description: 'Shown as its category’s most popular plan' },
} as const;

/** A plan as the editor reads it; a change sends the same fields back, `version` included. */
export const pricingPlanSchema = contentItemSchema({
  required: [
    'category',
    'key',
    'name',
    'description',
    'type',
    'price',
    'currency',
    'unit',
    'features',
    'highlighted',
    'hidden',
  ],
  properties: {
    category: { type: 'string', description: 'The key of its category (a service key)' },
    ...planProperties,
    hidden: { type: 'boolean', description: 'Left out of the public pages' },
  },
});

const categorySchema = {
  type: 'object',
  required: ['key', 'name'],
  properties: { key: { type: 'string' }, name: { type: 'string' } },
} as const;

/** The editor routes' schemas, from the shared builder (lib/content-schemas.ts). */
export const pricingEditorSchemas = listKindSchemas({
  tag: 'pricing',
  name: 'pricing',
  noun: 'pricing_plan',
  notFound: PRICING_PLAN_NOT_FOUND,
  item: pricingPlanSchema,
  body: {
    category: { description: 'The key of a category' },
    key: {
      description:
        `Lower-case Latin letters, digits and dashes, up to ${PLAN_KEY_MAX} characters. Optional: a new plan ` +
        'without one gets its translation’s key, else one made from its name; a change without one keeps it',
    },
    name: { description: 'Up to 80 characters' },
    description: { description: 'Up to 300 characters' },
    type: { description: `${PRICE_TYPES.join(', ')}, or empty` },
    price: { description: 'A whole number from 0; required unless `type` is quote_based' },
    currency: { description: CURRENCIES.join(', ') },
    unit: { description: 'Up to 80 characters, or empty' },
    features: { description: 'A list of lines (up to 20 of 200 characters); blank lines are left out' },
    highlighted: { description: 'true to show it as the most popular' },
    hidden: { description: 'true to keep it off the public pages' },
  },
  listExtra: {
    required: ['categories'],
    properties: { categories: { type: 'array', items: categorySchema } },
  },
  scope: { category: { description: 'The key of the category' } },
  summaries: {
    list: 'Every pricing plan in one language, hidden ones included, with the categories (editor session)',
    get: 'One pricing plan as the editor changes it (editor session)',
    create:
      'Adds a pricing plan at the end of its category, or the translation of one (editor session and CSRF token)',
    update: 'Changes a pricing plan, hides or shows it (editor session and CSRF token)',
    reorder: 'Puts a category’s plans in one language in a new order (editor session and CSRF token)',
    delete:
      'Deletes a pricing plan; its translation stays, and messages that chose it keep its name (editor session and CSRF token)',
  },
});

export const publicPricingSchema = {
  summary: 'Pricing in one language: visible plans by category, in order',
  tags: ['pricing'],
  querystring: languageQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['language', 'categories'],
          properties: {
            language: { type: 'string', enum: [...LANGUAGES] },
            categories: {
              type: 'array',
              items: {
                type: 'object',
                required: ['key', 'name', 'plans'],
                properties: {
                  ...categorySchema.properties,
                  plans: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['id', ...Object.keys(planProperties)],
                      properties: { id: { type: 'integer' }, ...planProperties },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    422: errorSchema,
    ...commonErrorResponses,
  },
} as const;
