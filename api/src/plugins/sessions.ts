import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@agency/core/roles';
import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema';
import { mustSetUpTwoStep, twoStepRequiredSql } from '../lib/two-step';
import { describeUserAgent, storedUserAgent } from '../lib/user-agent';

export interface Editor {
  id: number;
  email: string;
  name: string;
  role: Role;
}

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** ...and after this long whatever happens: signing in again is the only way to go on. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** 256 random bits, base64url: what the cookie holds. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Sessions {
  /** Reads the session cookie once per request and sets `request.editor` (null without a live session). */
  load(request: FastifyRequest): Promise<void>;
  /** Starts a fresh session for `editor`, ending the one the request came with (no session fixation). */
  create(request: FastifyRequest, reply: FastifyReply, editor: Editor): Promise<void>;
  /** Ends the request's session and clears its cookie. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Deletes sessions that ended (housekeeping). */
  purge(): Promise<void>;
  /** The signed-in editor's live sessions: the request's own first, then the most recently used. */
  list(request: FastifyRequest): Promise<SessionSummary[]>;
  /** Ends one of the editor's other live sessions, named by its handle; false when there is no such one. */
  end(request: FastifyRequest, handle: string): Promise<boolean>;
  /** Ends every session of the signed-in editor but the request's own; answers how many it ended. */
  endOthers(request: FastifyRequest): Promise<number>;
}

/** One session as its editor sees it: never the token or its hash. */
export interface SessionSummary {
  handle: string;
  browser: string | null;
  os: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
  interface FastifyRequest {
    /** The signed-in editor, once `sessions.load` ran; null for the public. */
    editor: Editor | null;
    /** The stored id (a hash) of the request's live session, or null. */
    sessionId: string | null;
    /**
     * The owner requires two-step sign-in of this administrator (or owner), who has not turned it on yet: the
     * session serves only the account's own two-step setup and /api/auth/me (plugins/access.ts).
     */
    twoStepSetupRequired: boolean;
  }
}

const loaded = new WeakSet<FastifyRequest>();

/** Served over HTTPS (directly or, with TRUST_PROXY, behind a proxy that says so). */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * Cookie names and attributes by transport: over HTTPS the `__Host-` prefix makes the browser insist on
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite the cookie.
 */
export function cookieName(request: FastifyRequest, base: string): string {
  return isHttps(request) ? `__Host-${base}` : base;
}

export function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(request),
    maxAge: maxAgeSeconds,
  };
}

/** A session that has not ended, by either limit. */
export const liveSession = () =>
  and(
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`),
  );

/** Handles are UUIDs: anything else names no session (and never reaches the database as a uuid). */
const HANDLE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const sessionsPlugin = fp(
  async (app) => {
    const db = app.db;
    app.decorateRequest('editor', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('twoStepSetupRequired', false);

    const sessionsApi: Sessions = {
      async load(request) {
        if (loaded.has(request)) return;
        loaded.add(request);
        const token = request.cookies[cookieName(request, 'session')];
        if (typeof token !== 'string' || !TOKEN.test(token)) return;
        const id = hashToken(token);
        const [row] = await db
          .select({
            userId: users.id,
            email: users.email,
            name: users.name,
            role: users.role,
            lastSeenAt: sessions.lastSeenAt,
            now: sql<string>`now()`,
            twoStep: sql<boolean>`${users.twoStepSecret} IS NOT NULL`,
            twoStepRequired: twoStepRequiredSql,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          // A deactivated account's sessions are deleted with the change; this holds even before that.
          .where(and(eq(sessions.id, id), liveSession(), eq(users.active, true)));
        if (!row) return;
        request.editor = { id: row.userId, email: row.email, name: row.name, role: row.role };
        request.sessionId = id;
        request.twoStepSetupRequired = mustSetUpTwoStep(row.role, row.twoStep, row.twoStepRequired);
        if (new Date(row.now).getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
          await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
        }
      },

      async create(request, reply, editor) {
        if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
        // Sessions of this editor that ended are cleared here, so the table never grows with them.
        await db
          .delete(sessions)
          .where(
            and(
              eq(sessions.userId, editor.id),
              or(
                lt(sessions.expiresAt, sql`now()`),
                lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`),
              ),
            ),
          );
        const token = randomBytes(32).toString('base64url');
        const id = hashToken(token);
        await db.insert(sessions).values({
          id,
          userId: editor.id,
          userAgent: storedUserAgent(request.headers['user-agent']),
          expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_MS / 1000})`,
        });
        reply.setCookie(
          cookieName(request, 'session'),
          token,
          cookieOptions(request, SESSION_ABSOLUTE_MS / 1000),
        );
        loaded.add(request);
        request.editor = editor;
        request.sessionId = id;
      },

      async destroy(request, reply) {
        if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
        reply.clearCookie(cookieName(request, 'session'), {
          ...cookieOptions(request, 0),
          maxAge: undefined,
        });
        request.editor = null;
        request.sessionId = null;
      },

      async purge() {
        await db
          .delete(sessions)
          .where(
            or(
              lt(sessions.expiresAt, sql`now()`),
              lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_MS / 1000})`),
            ),
          );
      },

      async list(request) {
        if (!request.editor) return [];
        const rows = await db
          .select({
            id: sessions.id,
            handle: sessions.handle,
            userAgent: sessions.userAgent,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
          })
          .from(sessions)
          .where(and(eq(sessions.userId, request.editor.id), liveSession()))
          .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
        const summaries = rows.map(
          (row): SessionSummary => ({
            handle: row.handle,
            ...describeUserAgent(row.userAgent),
            createdAt: row.createdAt,
            lastSeenAt: row.lastSeenAt,
            current: row.id === request.sessionId,
          }),
        );
        return [...summaries.filter((row) => row.current), ...summaries.filter((row) => !row.current)];
      },

      async end(request, handle) {
        if (!request.editor || !request.sessionId || !HANDLE.test(handle)) return false;
        const ended = await db
          .delete(sessions)
          .where(
            and(
              eq(sessions.userId, request.editor.id),
              eq(sessions.handle, handle),
              ne(sessions.id, request.sessionId),
              liveSession(),
            ),
          )
          .returning({ id: sessions.id });
        return ended.length > 0;
      },

      async endOthers(request) {
        if (!request.editor || !request.sessionId) return 0;
        const ended = await db
          .delete(sessions)
          .where(and(eq(sessions.userId, request.editor.id), ne(sessions.id, request.sessionId)))
          .returning({ id: sessions.id, live: sql<boolean>`${liveSession()}` });
        return ended.filter((row) => row.live).length;
      },
    };
    app.decorate('sessions', sessionsApi);
  },
  { name: 'sessions', dependencies: ['db', '@fastify/cookie'] },
);
