import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { enforceAccess, WRITE_METHODS, withPermission } from '../plugins/access';
import { requireApiKey } from '../plugins/api-key';
import { errorSchema } from '../schemas';
import { auditRoutes } from './audit/index';
import { authRoutes } from './auth/index';
import { clientLogosRoutes } from './client-logos/index';
import { contactRoutes } from './contact/index';
import { contactMessagesRoutes } from './contact-messages/index';
import { faqRoutes } from './faq/index';
import { homeRoutes } from './home/index';
import { mediaRoutes } from './media/index';
import { portfolioRoutes } from './portfolio/index';
import { postsRoutes } from './posts/index';
import { previewLinksRoutes } from './posts/preview-links';
import { pricingRoutes } from './pricing/index';
import { servicesRoutes } from './services/index';
import { settingsRoutes } from './settings/index';
import { uploadRoutes } from './upload/index';
import { usersRoutes } from './users/index';
import { invitationsRoutes } from './users/invitations';

export interface ApiRoutesOptions {
  apiKey: string;
  /** The site's name: a new password made of it is refused. */
  siteName: string;
  /** Contact messages an address may send per 15 minutes (CONTACT_RATE_LIMIT). */
  contactRateLimit: number;
}

const notFoundSchema = { response: { 401: errorSchema, 404: errorSchema } } as const;

/** Adds `value` to the Vary header, keeping what other plugins (compression) put there. */
function vary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === value.toLowerCase())) values.push(value);
  reply.header('vary', values.join(', '));
}

/**
 * Cache rules the service worker relies on: anything computed with an editor session, any answer that differs
 * per visitor (tokens) and any write is `private, no-store`, which the worker never keeps; public reads are
 * `no-cache` (kept for offline reading, revalidated on every use). The session comes from a cookie, so every
 * answer varies by Cookie.
 */
async function cacheRules(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  vary(reply, 'Cookie');
  if (request.editor || request.routeOptions.config?.private || WRITE_METHODS.has(request.method)) {
    reply.header('cache-control', 'private, no-store');
  } else if (!reply.hasHeader('cache-control')) {
    reply.header('cache-control', 'no-cache');
  }
}

/** Everything under `/api` that needs the API key. */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (
  app,
  { apiKey, siteName, contactRateLimit },
) => {
  // Before any route: each route's guards are attached as it is registered (plugins/access.ts).
  app.addHook('onRoute', enforceAccess(app));
  app.addHook('onRequest', requireApiKey(apiKey));
  app.addHook('onRequest', async (request) => {
    await app.sessions.load(request);
  });
  app.addHook('onSend', async (request, reply) => cacheRules(request, reply));

  // What each group's writes and private reads need of the editor's role (core/src/rules/roles.ts).
  await app.register(withPermission('content', servicesRoutes), { prefix: '/services' });
  await app.register(withPermission('posts', postsRoutes), { prefix: '/posts' });
  await app.register(withPermission('posts', previewLinksRoutes), { prefix: '/preview-links' });
  await app.register(withPermission('content', faqRoutes), { prefix: '/faq' });
  await app.register(withPermission('content', pricingRoutes), { prefix: '/pricing' });
  await app.register(withPermission('settings', settingsRoutes), { prefix: '/settings' });
  await app.register(withPermission('content', portfolioRoutes), { prefix: '/portfolio' });
  await app.register(withPermission('content', homeRoutes), { prefix: '/home' });
  await app.register(withPermission('content', clientLogosRoutes), { prefix: '/client-logos' });
  // Authors add images to their posts, and use the library's.
  await app.register(withPermission('posts', uploadRoutes));
  await app.register(withPermission('posts', mediaRoutes), { prefix: '/media' });
  await app.register(withPermission('account', authRoutes), { siteName });
  await app.register(withPermission('people', usersRoutes), { prefix: '/users' });
  // Accepting one (and reading what a link is for) needs no session: those two routes say so themselves.
  await app.register(withPermission('people', invitationsRoutes), { prefix: '/invitations', siteName });
  await app.register(withPermission('people', auditRoutes), { prefix: '/audit' });
  await app.register(contactRoutes, { perWindow: contactRateLimit });
  await app.register(withPermission('inbox', contactMessagesRoutes));

  // Unknown API paths, behind the key like the rest, so probing for URLs without it learns nothing. A route
  // rather than a not-found handler: the web plugin's GET /* would otherwise answer them with the app page.
  // Writes to them need an editor like every write: a variant of a real write route's URL that routes here
  // (a doubled slash, another letter case) is refused just the same.
  for (const url of ['/', '/*']) {
    for (const method of [['GET', 'HEAD', 'OPTIONS'] as const, [...WRITE_METHODS] as const]) {
      app.route({
        method: [...method],
        url,
        schema: notFoundSchema,
        config: { permission: 'account' },
        handler: async (_request, reply) => reply.code(404).send({ message: 'Not found' }),
      });
    }
  }
};
