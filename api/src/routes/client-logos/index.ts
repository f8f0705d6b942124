import { CLIENT_LOGO_KIND } from '@agency/core/content';
import type { FastifyPluginAsync } from 'fastify';
import { registerListRoutes } from '../../lib/content-routes';
import { contentItemSchema, listKindSchemas } from '../../lib/content-schemas';
import { createContentSanitizer } from '../../lib/sanitize-pool';

export const CLIENT_LOGO_NOT_FOUND = 'Client logo not found';

export const clientLogoSchema = contentItemSchema({
  required: ['name', 'image', 'hidden'],
  properties: {
    name: { type: 'string', description: 'The client’s name, the image’s alt text' },
    image: {
      type: 'string',
      description:
        'The URL POST /api/upload-image gave (/storage/poster_images/{name}.webp), or a seeded SVG ' +
        '(/mf/mf-marketing/images/clients/client-NN.svg)',
    },
    hidden: { type: 'boolean', description: 'Left out of the home page' },
  },
});

const schemas = listKindSchemas({
  tag: 'home',
  name: CLIENT_LOGO_KIND.name,
  noun: 'client_logo',
  notFound: CLIENT_LOGO_NOT_FOUND,
  item: clientLogoSchema,
  body: {
    name: { description: 'Up to 120 characters' },
    image: { description: 'An image URL from POST /api/upload-image, or a seeded SVG' },
    hidden: { description: 'true to keep it off the home page' },
  },
  scope: {},
  summaries: {
    list: 'Every client logo in one language, hidden ones included (editor session)',
    get: 'One client logo as the editor changes it (editor session)',
    create: 'Adds a client logo at the end, or the translation of one (editor session and CSRF token)',
    update: 'Changes a client logo, hides or shows it (editor session and CSRF token)',
    reorder: 'Puts the client logos of one language in a new order (editor session and CSRF token)',
    delete: 'Deletes a client logo; its translation stays (editor session and CSRF token)',
  },
});

/**
 * The home page's client logos, a list kind on the shared routes (one list per language, no scope): the
 * editor's list, item, create (translation link), versioned change, reorder and delete at
 * /api/client-logos/items and /api/client-logos/order. Each write invalidates `client-logos`, which the home
 * read (GET /api/home) carries; the table's trigger announces it to other processes (migration 0016).
 */
export const clientLogosRoutes: FastifyPluginAsync = async (app) => {
  const sanitizer = createContentSanitizer();
  app.addHook('onClose', () => sanitizer.close());
  registerListRoutes(app, {
    kind: CLIENT_LOGO_KIND,
    repository: app.homeRepository.logos,
    itemsPath: '/items',
    noun: 'client_logo',
    notFound: CLIENT_LOGO_NOT_FOUND,
    schemas,
    sanitizer,
    scope: () => ({ ok: true, scope: null }),
  });
};
