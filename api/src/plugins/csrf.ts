import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';
import { cookieName, cookieOptions } from './sessions';

export const CSRF_HEADER = 'x-csrf-token';
/** The per-browser secret lives a year: a page kept by the service worker must still be able to write. */
const CSRF_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface Csrf {
  /**
   * The token a page or client sends back in `X-CSRF-TOKEN`: an HMAC, under a server key, of the browser's
   * secret cookie and the session. Sets the cookie when the browser has none yet.
   */
  token(request: FastifyRequest, reply: FastifyReply): string;
  /** Whether the request's header holds the token its cookie and session call for. */
  verify(request: FastifyRequest): boolean;
  /** A new browser secret (at sign-in and sign-out), so tokens seen before no longer work. */
  rotate(request: FastifyRequest, reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    csrf: Csrf;
  }
}

const secrets = new WeakMap<FastifyRequest, string>();

/** A new browser secret, 32 bytes from the CSPRNG: for a browser without one, and at sign-in and sign-out. */
const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The server's HMAC key, made once from a CSPRNG and kept in the database so that every API process signs
 * and checks tokens alike. Two processes starting together both try to insert; the second one's insert does
 * nothing and both read the same row.
 */
async function loadKey(db: Database): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: 'csrf_key', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'csrf_key'));
  if (!row) throw new Error('the CSRF key could not be stored');
  return Buffer.from(row.value, 'base64url');
}

/**
 * Signed double-submit tokens: the browser keeps a random secret in an HttpOnly cookie that scripts cannot
 * read; the page gets the HMAC of that secret (and of the session, when there is one) from GET /api/csrf, or
 * in a meta tag of a personal page (an editor's; public pages are the same for everyone and carry none). Another site can make the browser send the cookie but can neither read the page's token
 * nor compute one, so its forged writes fail.
 */
export const csrfPlugin = fp(
  async (app) => {
    const key = await loadKey(app.db);
    const sign = (secret: string, sessionId: string | null) =>
      createHmac('sha256', key)
        .update(`${secret}|${sessionId ?? ''}`)
        .digest('base64url');

    const secretOf = (request: FastifyRequest): string | null => {
      const set = secrets.get(request);
      if (set) return set;
      const cookie = request.cookies[cookieName(request, 'csrf')];
      return typeof cookie === 'string' && SECRET.test(cookie) ? cookie : null;
    };

    const issue = (request: FastifyRequest, reply: FastifyReply): string => {
      const secret = newSecret();
      secrets.set(request, secret);
      reply.setCookie(cookieName(request, 'csrf'), secret, cookieOptions(request, CSRF_COOKIE_MAX_AGE));
      return secret;
    };

    app.decorate('csrf', {
      token(request, reply) {
        return sign(secretOf(request) ?? issue(request, reply), request.sessionId);
      },
      verify(request) {
        const given = request.headers[CSRF_HEADER];
        const secret = secretOf(request);
        if (typeof given !== 'string' || secret === null) return false;
        const want = Buffer.from(sign(secret, request.sessionId));
        const got = Buffer.from(given);
        return got.length === want.length && timingSafeEqual(got, want);
      },
      rotate(request, reply) {
        issue(request, reply);
      },
    } satisfies Csrf);
  },
  { name: 'csrf', dependencies: ['db', '@fastify/cookie', 'sessions'] },
);
