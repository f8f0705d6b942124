import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from './access';

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{ apiKey: [] }],
  csrf: [{ apiKey: [], csrfToken: [] }],
  editor: [{ apiKey: [], session: [], csrfToken: [] }],
};

/**
 * The OpenAPI 3 description, generated from the route schemas (only tagged routes: the API, not the file
 * serving). Multipart bodies are read by their handlers, so their routes describe the form under
 * `x-multipart-body`, shown here as the request body; each route's security follows its `config.access`.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      hideUntagged: true,
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Agency API',
          version: '1.0.0',
          description:
            'Posts, services, editors and the contact form of the agency site. Every call sends `x-api-key` (the ' +
            'value in `<meta name="api-key">`, public by nature). Writes send `X-CSRF-TOKEN`; editor writes also ' +
            'need the HttpOnly session cookie set by POST /api/auth/login. Errors are `{ message, errors? }`.',
        },
        tags: [
          { name: 'posts', description: 'Blog posts and their images' },
          {
            name: 'media',
            description: 'The media library: every stored image, its alt texts and where it is used',
          },
          { name: 'services', description: "The agency's services" },
          { name: 'faq', description: 'The FAQ of the services page: public read, editor reads and writes' },
          {
            name: 'pricing',
            description: 'Pricing categories and plans: public read, editor reads and writes',
          },
          {
            name: 'portfolio',
            description: 'Portfolio projects: the public list and project pages, editor reads and writes',
          },
          {
            name: 'home',
            description:
              'The home page: its texts per language and its client logos, public read, editor reads and writes',
          },
          {
            name: 'editors',
            description: 'Sign-in, sessions and CSRF tokens; the signed-in editor and their role',
          },
          {
            name: 'people',
            description: 'The accounts, their roles (owner, administrator, editor, author) and deactivation',
          },
          { name: 'contact', description: "The contact form, and the editors' inbox of its messages" },
          { name: 'health', description: 'For load balancers' },
        ],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'session',
              description: '`__Host-session` over HTTPS',
            },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        if (!schema) return { schema, url };
        const { 'x-multipart-body': multipart, ...rest } = schema as Record<string, unknown>;
        const access = route.config?.access;
        // A route may name its own (the inbox's reads need a session but no token).
        const own = (rest as { security?: Record<string, string[]>[] }).security;
        const security = /^\/api\/health(\/|$)/.test(url)
          ? []
          : (own ?? (access ? SECURITY[access] : undefined));
        return {
          // A prefixed '/' route also answers without the slash; the description names it the usual way.
          url: url.length > 1 ? url.replace(/\/$/, '') : url,
          schema: {
            ...rest,
            ...(multipart ? { body: multipart, consumes: ['multipart/form-data'] } : {}),
            ...(security ? { security } : {}),
          },
        };
      },
    });
  },
  { name: 'openapi' },
);

/**
 * The readable viewer at /api/docs and the JSON at /api/docs/json, outside the API-key scope: a browser
 * opening the page cannot send the header. Public on purpose: it describes only what the site's own
 * JavaScript already shows anyone who opens it, and no protection here rests on a route being unknown.
 */
export const openApiUi: FastifyPluginAsync = async (app) => {
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
};
