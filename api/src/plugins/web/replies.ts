import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

// What every part of the web plugin answers with: the cache rules, the 404 of an address that names a file, a
// file from disk, a conditional request.

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export const FRONT_END_NOT_BUILT = 'front-end not built: run pnpm build';

export function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not found' });
}

/**
 * Starts sending `root/rel` with the given headers when it is a regular file: true then, false otherwise.
 * Not the reply itself: a reply is thenable, and awaiting it gave `undefined`, so callers took a file they
 * had sent for one they had not and sent the app page after it.
 */
export async function sendExisting(
  reply: FastifyReply,
  root: string,
  rel: string,
  headers: Record<string, string>,
): Promise<boolean> {
  try {
    if (!(await stat(path.join(root, rel))).isFile()) return false;
  } catch {
    return false;
  }
  reply.headers(headers);
  reply.sendFile(rel, root, { cacheControl: false, index: false, dotfiles: 'deny' });
  return true;
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
