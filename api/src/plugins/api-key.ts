import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';

export const API_KEY_HEADER = 'x-api-key';
export const INVALID_API_KEY_MESSAGE = 'Invalid or missing API key';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Rejects requests whose `x-api-key` is not the configured key, before routing work is done. Both sides are
 * hashed first so the comparison takes the same time whatever the length or content of the guess.
 */
export function requireApiKey(expected: string): onRequestAsyncHookHandler {
  const want = digest(expected);
  return async (request, reply) => {
    const given = request.headers[API_KEY_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), want)) {
      return reply.code(401).send({ message: INVALID_API_KEY_MESSAGE });
    }
  };
}
