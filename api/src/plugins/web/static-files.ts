import path from 'node:path';
import { isLanguage } from '@agency/core/language';
import type { FastifyInstance } from 'fastify';
import { LOCALE_NAMESPACE_OWNERS, MICRO_FRONTENDS } from '../../lib/front-end';
import { isHashedAsset, rawPathname, safeRelativePath } from '../../lib/safe-path';
import { IMMUTABLE, NO_CACHE, notFound, sendExisting } from './replies';

function isMicroFrontend(name: string): name is (typeof MICRO_FRONTENDS)[number] {
  return (MICRO_FRONTENDS as readonly string[]).includes(name);
}

/**
 * The micro-frontends' files (`/mf/`) and the translation files (`/locales/`), from the front-end builds in
 * `webRoot`. root-config's own files are sent by the plugin's catch-all route, before the app page.
 */
export function frontEndFileRoutes(app: FastifyInstance, webRoot: string): void {
  // Each remote's build is laid over /mf/: its entry and manifest under /mf/<name>/, its content-hashed chunks in
  // the one folder /mf/assets/. Remotes built from the same library versions emit byte-identical chunks under
  // the same hashed name (the federation runtime, helpers), so a page loads them once instead of once per remote.
  app.get('/mf/*', async (request, reply) => {
    const rel = safeRelativePath(rawPathname(request.url).slice('/mf/'.length));
    if (!rel) return notFound(reply);
    const [first = ''] = rel.split('/');
    if (first === 'assets') {
      for (const name of MICRO_FRONTENDS) {
        const sent = await sendExisting(reply, path.join(webRoot, name, 'dist'), rel, {
          'cache-control': IMMUTABLE,
        });
        if (sent) return reply;
      }
      return notFound(reply);
    }
    if (!isMicroFrontend(first) || rel === first) return notFound(reply);
    const cacheControl = isHashedAsset(rel) ? IMMUTABLE : NO_CACHE;
    const sent = await sendExisting(reply, path.join(webRoot, first, 'dist'), rel, {
      'cache-control': cacheControl,
    });
    return sent ? reply : notFound(reply);
  });

  app.get<{ Params: { lng: string; file: string } }>(
    '/locales/:lng/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['lng', 'file'],
          properties: { lng: { type: 'string' }, file: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const { lng, file } = request.params;
      const ns = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
      const owner = Object.hasOwn(LOCALE_NAMESPACE_OWNERS, ns) ? LOCALE_NAMESPACE_OWNERS[ns] : undefined;
      if (!isLanguage(lng) || !owner) return notFound(reply);
      const sent = await sendExisting(reply, path.join(webRoot, owner, 'dist'), `locales/${lng}/${ns}.json`, {
        'cache-control': NO_CACHE,
      });
      return sent ? reply : notFound(reply);
    },
  );
}
