import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { isSafeFileName } from '../../lib/safe-path';
import { IMAGE_NAME, parseVariantName } from '../../lib/storage';
import { etagMatches, IMMUTABLE, notFound, sendExisting } from './replies';

/**
 * How long the redirect of a stored image to S3_PUBLIC_URL is kept: a day, not for good (301), so a bucket or
 * CDN moved to another address is followed within a day.
 */
export const STORED_IMAGE_REDIRECT = 'public, max-age=86400';

/**
 * The uploaded images (`/storage/poster_images/`), from the image store: its local folder, or a bucket (sent
 * on to S3_PUBLIC_URL when there is one, read through here otherwise).
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const images = app.storage.store;
  if (images.dir !== null) await mkdir(images.dir, { recursive: true });

  app.get<{ Params: { file: string } }>(
    '/storage/poster_images/:file',
    {
      schema: {
        params: { type: 'object', required: ['file'], properties: { file: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!isSafeFileName(file)) return notFound(reply);
      const headers = {
        // Upload names are made by the server and never reused, so a file never changes under its URL (nor
        // does a variant, made from it).
        'cache-control': IMMUTABLE,
        'x-content-type-options': 'nosniff',
        // Opened directly, an uploaded file gets no power over the site's origin.
        'content-security-policy': "default-src 'none'; sandbox",
      };
      const variant = parseVariantName(file) !== null;
      const dir = images.dir;
      if (dir !== null) {
        if (await sendExisting(reply, dir, file, headers)) return reply;
        // A smaller width of a stored image (`srcset`), made the first time it is asked for.
        if (variant && (await app.storage.variant(file)))
          if (await sendExisting(reply, dir, file, headers)) return reply;
        return notFound(reply);
      }
      // A bucket: only the names the server makes are asked of it, so no other key is read through here.
      if (!variant && !IMAGE_NAME.test(file)) return notFound(reply);
      const publicUrl = images.publicUrl(file);
      if (publicUrl !== null) {
        // Browsers fetch it from the bucket (or its CDN) from now on; a width is made before they are sent.
        if (variant && !(await images.exists(file)) && !(await app.storage.variant(file)))
          return notFound(reply);
        return reply.header('cache-control', STORED_IMAGE_REDIRECT).redirect(publicUrl, 302);
      }
      let opened = await images.open(file);
      if (!opened && variant && (await app.storage.variant(file))) opened = await images.open(file);
      if (!opened) return notFound(reply);
      reply.headers(headers);
      if (opened.etag !== null) {
        reply.header('etag', opened.etag);
        if (etagMatches(request.headers['if-none-match'], opened.etag)) {
          opened.body.destroy();
          return reply.code(304).send();
        }
      }
      return reply
        .type('image/webp')
        .header('content-length', String(opened.bytes))
        .header('last-modified', opened.modified.toUTCString())
        .send(opened.body);
    },
  );
}
