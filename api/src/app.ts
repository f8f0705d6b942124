import type { Language } from '@agency/core/language';
import { MAX_IMAGE_BYTES } from '@agency/core/rules';
import type { Post } from '@agency/core/types';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HTTPMethods,
} from 'fastify';
import type { Config } from './config';
import type { ChangeListener, Database, DbHandle } from './db/client';
import { errorHandler } from './errors';
import { lazySchemaCompilers, type PendingSchemas } from './lib/lazy-schemas';
import { requestIdGenerator } from './lib/request-id';
import { type SiteTime, siteTime } from './lib/site-time';
import { CSRF_MISMATCH, UNAUTHENTICATED, WRITE_METHODS } from './plugins/access';
import { csrfPlugin } from './plugins/csrf';
import { dbPlugin } from './plugins/db';
import { faqRepositoryPlugin } from './plugins/faq-repository';
import { homeRepositoryPlugin } from './plugins/home-repository';
import { inputRulesPlugin } from './plugins/input-rules';
import { mediaPlugin } from './plugins/media-repository';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin, openApiUi } from './plugins/openapi';
import { type Mailer, outboxPlugin, smtpMailer } from './plugins/outbox';
import { portfolioRepositoryPlugin } from './plugins/portfolio-repository';
import { postsRepositoryPlugin } from './plugins/posts-repository';
import { pricingRepositoryPlugin } from './plugins/pricing-repository';
import { type PurgeTiming, purgePlugin } from './plugins/purge';
import { rateLimiterPlugin } from './plugins/rate-limiter';
import { readCachePlugin } from './plugins/read-cache';
import { purgeAuditLog, purgeContactMessages, retentionPlugin } from './plugins/retention';
import { securityHeadersPlugin } from './plugins/security-headers';
import { servicesRepositoryPlugin } from './plugins/services-repository';
import { sessionsPlugin } from './plugins/sessions';
import { settingsRepositoryPlugin } from './plugins/settings-repository';
import { storagePlugin } from './plugins/storage';
import { webPlugin } from './plugins/web';
import { apiRoutes } from './routes/api';
import { healthRoutes } from './routes/health/index';
import { searchEngineRoutes } from './routes/search-engines/index';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /**
   * The database's change announcements, so that other processes' writes reach this one's read cache (the
   * server passes its database handle). Without it only this process's own writes invalidate.
   */
  changes?: ChangeListener | null;
  /** The database's state changes, for the outage log (the server passes its database handle). */
  watch?: DbHandle['watch'] | null;
  /** Defaults to the configured log level; tests pass false. */
  logger?: boolean;
  /** How contact notifications are sent; defaults to SMTP_URL's server (none without it). Tests pass a fake. */
  mailer?: Mailer | null;
  /** Whether the contact outbox also runs on a timer (retries); tests run it by hand. */
  outboxTimer?: boolean;
  /**
   * Whether old contact messages and audit entries are purged at start and daily (CONTACT_RETENTION_DAYS,
   * AUDIT_RETENTION_DAYS); tests purge by hand.
   */
  retentionTimer?: boolean;
  /** How long a client may take to send a request; tests shorten them (see REQUEST_TIMEOUTS). */
  timeouts?: Partial<RequestTimeouts>;
  /** The PostgreSQL pool's connections, for `/metrics` (the server passes its database handle's). */
  poolStats?: DbHandle['poolStats'] | null;
  /** Where the database's statements report their durations, for `/metrics` (the server passes its handle's). */
  queryTimes?: DbHandle['queryTimes'] | null;
  /** The CDN purge's pauses and limits (plugins/purge.ts); tests shorten them. */
  purgeTiming?: Partial<PurgeTiming>;
}

export interface RequestTimeouts {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: number;
  /** From the first byte to the end of the request's body: a post's 2 MB image at 0.6 Mbit/s fits in it. */
  requestMs: number;
  /** How often Node looks for requests past these (its default, 30 s, would add up to that much). */
  checkEveryMs: number;
}

/**
 * A website's timeouts, not Node's minutes: headers that trickle in (one byte a second) get 408 after 10 s,
 * and a body shorter than its Content-Length, or a chunked body with no end, gets 408 after 30 s.
 */
export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkEveryMs: 1_000,
};

export interface RouteSummary {
  methods: HTTPMethods[];
  url: string;
}

/**
 * Answers a request from memory before any hook runs, and says so with true; false leaves it to the full
 * pipeline. It must answer exactly as the full pipeline would (headers included).
 */
export type FastPath = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * The page of a post as readers would see it, for a post as an editor's form has it (never stored): set by
 * the web plugin, which renders pages; null while it has not (or when the front-end is not built).
 */
export interface PostPreview {
  render: ((post: Post & { updated_at: string }, language: Language) => Promise<string | null>) | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for tests that walk the route table (authorisation, docs). */
    routeTable: RouteSummary[];
    /** The site's public origin (PUBLIC_ORIGIN): the start of every link sent by e-mail. */
    publicOrigin: string;
    /** Fast paths tried, in order, after the read cache's, before every hook (plugins add theirs). */
    fastPaths: FastPath[];
    /** The site's clock (SITE_TIME_ZONE): how `published_at` is written and a date alone read. */
    siteTime: SiteTime;
    /** Renders a post's page from an editor's unsaved form (`POST /api/posts/preview`). */
    postPreview: PostPreview;
    /** Where the process is in its life; see Lifecycle. */
    lifecycle: Lifecycle;
    /** The routes' schemas not compiled yet (lib/lazy-schemas.ts): server.ts compiles them once listening. */
    pendingSchemas: PendingSchemas;
  }
}

/**
 * Where the process is in its life. `stop()` (server.ts calls it on SIGTERM, before it closes the listener;
 * close() calls it too) makes `stopping` true: from then on `/api/health/ready` answers 503 so that load
 * balancers send no more, and every answer carries `Connection: close` (also those of requests already in
 * flight, unless their headers went out) so that keep-alive clients and proxies open their next connection
 * elsewhere instead of finding this one closed under them.
 */
export interface Lifecycle {
  readonly stopping: boolean;
  stop(): void;
}

/** How often a closing server closes the keep-alive connections that became idle since it began to. */
const IDLE_SWEEP_MS = 100;

/**
 * TRUST_PROXY as a hop count: the nearest `hops` addresses (the connection's, then X-Forwarded-For from the
 * right) are proxies, and the client is the next one, as Express reads a number. fastify 5 takes a bare
 * number for no proxy at all (it cannot tell a proxy from a client that connects directly), so the count is
 * given as this function; a server that clients can reach around its proxies should name the proxies instead.
 */
export function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** The largest text field of a multipart form (a post's HTML content); images have their own 2 MB limit. */
const MAX_FIELD_BYTES = 1024 * 1024;

/**
 * The whole HTTP server, not yet listening: external plugins, then app plugins, then routes (fastify/demo's
 * order). Callers may add routes before `ready()`; tests add one that throws.
 */
export async function buildApp({
  config,
  db,
  changes,
  watch,
  logger,
  mailer,
  outboxTimer = true,
  retentionTimer = true,
  timeouts,
  poolStats,
  queryTimes,
  purgeTiming,
}: BuildAppOptions): Promise<FastifyInstance> {
  const limits = { ...REQUEST_TIMEOUTS, ...timeouts };
  const schemas = lazySchemaCompilers();
  const app = Fastify({
    // Each route's validators and serializers are compiled at their first use, not before the server is ready.
    schemaController: schemas.schemaController,
    requestTimeout: limits.requestMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    logger: logger === false ? false : { level: config.logLevel },
    // JSON bodies are small (sign-in, the contact form); multipart forms have their own limits below.
    bodyLimit: 1024 * 1024,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustHops(config.trustProxy)
        : (config.trustProxy as boolean | string),
    // Errors raised before routing (a URL that cannot be decoded) get the same body shape as all others.
    frameworkErrors: (_error, request, reply) => {
      // Generic in fastify's types over route shapes that do not exist yet here.
      (reply as FastifyReply).header('x-request-id', request.id).code(400).send({ message: 'Bad Request' });
    },
    genReqId: requestIdGenerator(config.trustProxy),
    // A stopping server answers the requests that still come on open keep-alive connections (with
    // `Connection: close`) instead of fastify's 503: they were sent before the client could know, and a proxy
    // would pass that 503 on to a visitor. Idle keep-alive connections are closed at once on close(), so it
    // waits only for requests in flight.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });

  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('pendingSchemas', schemas.pending);
  app.decorate('siteTime', siteTime(config.siteTimeZone));
  // Links sent by e-mail (invitations, password resets) start with this, never with the request's Host header,
  // which anyone can set (a reset link pointing at another site would hand it the token).
  app.decorate('publicOrigin', config.publicOrigin);
  app.addHook('onRoute', (route) => {
    routeTable.push({ methods: [route.method].flat() as HTTPMethods[], url: route.url });
  });

  app.setErrorHandler(errorHandler);
  // Reached by non-GET requests outside /api and by file routes whose file vanished mid-request. A write
  // that matches no route is held to the rule of every write (an editor and a token) before it hears 404:
  // `/API/posts` or `/api%2Fposts` is then refused exactly like `/api/posts`.
  app.setNotFoundHandler(async (request, reply) => {
    reply.removeHeader('cache-control');
    if (WRITE_METHODS.has(request.method)) {
      await app.sessions.load(request);
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      if (!app.csrf.verify(request)) return reply.code(403).send({ message: CSRF_MISMATCH });
    }
    return reply.code(404).send({ message: 'Not found' });
  });

  // Before every other hook: a public read or page already in memory is answered at once
  // (plugins/read-cache.ts, plugins/web/pages.ts). Each fast path answers only what it is sure of.
  const fastPaths: FastPath[] = [];
  app.decorate('fastPaths', fastPaths);
  app.decorate('postPreview', { render: null } as PostPreview);
  let stopping = false;
  const lifecycle: Lifecycle = {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
  };
  app.decorate('lifecycle', lifecycle);
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    lifecycle.stop();
    // server.close() closes the connections idle at that moment only; one whose answer finishes later (its
    // headers sent before the stop, or a pipelined one) would keep the close waiting for its keep-alive timeout.
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  // Every answer names its request, and once the process is stopping closes its connection, so the client's
  // next request goes elsewhere: set as the answer goes out, so a request in flight at the stop gets it too.
  // (The fast paths, which write their answer themselves, add the same: perAnswerHeaders.)
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    poolStats: poolStats ?? null,
    queryTimes: queryTimes ?? null,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (app.readCache?.serveFast(request, reply)) return;
    for (const serve of fastPaths) if (serve(request, reply)) return;
    done();
  });
  await app.register(securityHeadersPlugin);
  // Brotli at the plugin's default quality 4: near gzip speed, smaller output. Only compressible types.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    // One byte more than an image may have is read, so that a larger file is reported too large, not cut.
    throwFileSizeLimit: false,
    limits: {
      fieldNameSize: 100,
      fieldSize: MAX_FIELD_BYTES,
      fields: 30,
      fileSize: MAX_IMAGE_BYTES,
      files: 1,
      parts: 40,
      headerPairs: 100,
    },
  });
  await app.register(openApiPlugin);
  await app.register(inputRulesPlugin);

  await app.register(dbPlugin, { db, watch });
  await app.register(servicesRepositoryPlugin);
  await app.register(postsRepositoryPlugin);
  await app.register(faqRepositoryPlugin);
  await app.register(pricingRepositoryPlugin);
  await app.register(settingsRepositoryPlugin, { site: config.site });
  await app.register(portfolioRepositoryPlugin);
  await app.register(homeRepositoryPlugin);
  await app.register(readCachePlugin, { maxBytes: config.readCacheBytes, apiKey: config.apiKey, changes });
  await app.register(purgePlugin, {
    purge: config.purge,
    // Closing waits a little for purges under way, a small part of the stop's whole deadline.
    timing: { closeWaitMs: Math.min(1_000, config.shutdownDeadlineMs / 4), ...purgeTiming },
  });
  await app.register(rateLimiterPlugin);
  await app.register(sessionsPlugin);
  await app.register(csrfPlugin);
  await app.register(storagePlugin, { dataDir: config.dataDir, s3: config.s3 });
  await app.register(mediaPlugin);
  await app.register(outboxPlugin, {
    mail: config.mail,
    mailer: mailer === undefined ? (config.mail ? smtpMailer(config.mail.smtpUrl) : null) : mailer,
    timer: outboxTimer,
  });
  await app.register(retentionPlugin, {
    retentions: [
      { what: 'contact messages', days: config.site.contactRetentionDays, purge: purgeContactMessages },
      { what: 'audit entries', days: config.auditRetentionDays, purge: purgeAuditLog },
    ],
    timer: retentionTimer,
  });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(openApiUi);
  await app.register(apiRoutes, {
    prefix: '/api',
    apiKey: config.apiKey,
    siteName: config.site.name,
    contactRateLimit: config.contactRateLimit,
  });
  await app.register(searchEngineRoutes, { origin: config.publicOrigin });
  await app.register(webPlugin, {
    webRoot: config.webRoot,
    apiKey: config.apiKey,
    site: config.site,
    publicOrigin: config.publicOrigin,
    pageCache: config.pageCache,
  });

  return app;
}
