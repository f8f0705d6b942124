import { createHash, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Language } from '@agency/core/language';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeListener } from '../db/client';
import { type KeptPage, keptPageBytes } from '../lib/page-body';
import {
  AnswerStore,
  type CachedAnswer,
  etagFor,
  notModified,
  ownBuffer,
  pickEncoding,
  type Ticket,
} from '../lib/read-cache';
import { perAnswerHeaders } from '../lib/request-id';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The channel the database's triggers announce changes on (migration 0003). */
export const CHANGES_CHANNEL = 'agency_read_cache';
/** A tag that stands for everything (a table emptied at once). */
export const ALL = '*';

/**
 * What each kind of answer depends on; writes name the same tags to drop exactly what they change. Each
 * editable kind's reads carry its name as their tag (lib/content.ts, contentTag): `faq`.
 */
export const cacheTags = {
  services: 'services',
  /** A page of the list in one language, or of every language (`undefined`). */
  postList: (language: Language | undefined) => `posts:list:${language ?? '*'}`,
  /** The answer at `/api/posts/{slug}`, found or not. */
  post: (slug: string) => `post:${slug}`,
};

/** Everything a write to these posts (their states before and after) can change. */
export function postWriteTags(...rows: readonly { slug: string; language: Language }[]): string[] {
  const tags = new Set([cacheTags.postList(undefined)]);
  for (const row of rows) {
    tags.add(cacheTags.postList(row.language));
    tags.add(cacheTags.post(row.slug));
  }
  return [...tags];
}

/** Answers below this size are sent as they are: compressing them saves less than the headers weigh. */
const COMPRESS_FROM_BYTES = 1024;

export interface LoadedAnswer {
  status: number;
  /** Sent as JSON; with `type`, a string sent as it is (an XML sitemap, a feed). */
  body: unknown;
  /** The Content-Type of a ready text `body`; absent for JSON. */
  type?: string;
  /** When this answer stops being true without any write (this process's clock, ms): a post's date comes. */
  expiresAt?: number;
  /** False: answer it, but do not keep it (a page past the end of a list). */
  keep?: boolean;
  /** With status 301: where the subject is now, as the read names it (a post's current slug). */
  movedTo?: string;
}

export interface CachedRead {
  /** Everything the answer depends on in the request: the normalized query, never the raw URL. */
  key: string;
  tags: readonly string[];
  load(): Promise<LoadedAnswer>;
}

export interface ReadCache {
  /**
   * Sends the answer to a public read from memory, or loads, stores and sends it. An editor's request is
   * never answered from nor stored in the shared cache. Honours If-None-Match and Accept-Encoding.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    read: CachedRead,
    locate?: (movedTo: string) => string,
  ): Promise<FastifyReply>;
  /**
   * The status the same read answers (from memory when it can), and a 301's target: a page asks whether what
   * it shows exists, or where it is now.
   */
  status(request: FastifyRequest, read: CachedRead): Promise<{ status: number; movedTo?: string }>;
  /**
   * The public answer of a read as JSON text (from memory when it can): a page rendered on the server.
   * `kept`: the answer is in memory, so a page made from it may be kept too (dropped by the same writes).
   */
  json(read: CachedRead): Promise<{ status: number; json: string; kept: boolean }>;
  /**
   * Rendered pages, kept beside the answers they were made from and dropped by the same writes (their tags
   * are their reads' tags), the same change feed, and a deploy (`clear`). Nothing is kept while `active` is
   * false.
   */
  readonly pages: {
    get(key: string): KeptPage | undefined;
    begin(tags: readonly string[]): Ticket;
    valid(ticket: Ticket): boolean;
    set(ticket: Ticket, key: string, page: KeptPage, expiresAt?: number): boolean;
    /**
     * The last page kept under `key` and when it was kept, to serve marked stale when the database cannot be
     * reached, never otherwise. It outlives what `get` forgets for want of news (the change feed lost, a
     * scheduled post's time come), but not a write that changed it, nor a deploy (`clear`).
     */
    lastCopy(key: string): { page: KeptPage; keptAt: number } | undefined;
    clear(): void;
  };
  /** Drops the answers a write changed; call it after the write committed, before answering it. */
  invalidate(tags: Iterable<string>): void;
  /**
   * Calls `listener` with the tags of each `invalidate`: this process's writes, never the changes other
   * processes announce (each of those tells its own listeners). The CDN purge (plugins/purge.ts) listens.
   */
  onWrite(listener: (tags: readonly string[]) => void): void;
  /** For derived values kept beside the cache (the next publication time): stale once a tag is invalidated. */
  begin(tags: readonly string[]): Ticket;
  valid(ticket: Ticket): boolean;
  /**
   * The fast path, run before any other hook: answers a request straight from memory when its exact URL was
   * answered from the cache before, with the headers that answer had (see `fastReads`). False: not here.
   */
  serveFast(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Whether answers are kept now: off when configured so, and while other processes' changes could be missed. */
  readonly active: boolean;
  /** `fast`: hits answered by the fast path (also counted in `hits`). */
  readonly stats: {
    hits: number;
    fast: number;
    misses: number;
    entries: number;
    bytes: number;
    /** Rendered pages kept, and their bytes. */
    pages: number;
    pageBytes: number;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

export interface ReadCachePluginOptions {
  /** The cap in bytes; 0 keeps nothing. */
  maxBytes: number;
  /** The API key every /api request must carry: the fast path checks it like the API does. */
  apiKey: string;
  /**
   * Changes announced by the database (other API processes' writes, a person's SQL). Without it, only this
   * process's own writes invalidate, which is right when no other process writes.
   */
  changes?: ChangeListener | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function encode({ status, body, type, movedTo }: LoadedAnswer): Promise<CachedAnswer> {
  // Kept bodies in blocks of their own (ownBuffer), so the cap counts what they take.
  const identity = ownBuffer(Buffer.from(type === undefined ? JSON.stringify(body) : String(body), 'utf8'));
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  if (identity.length < COMPRESS_FROM_BYTES)
    return { status, type, identity, gzip: null, br: null, etag, movedTo };
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return {
    status,
    type,
    identity,
    gzip: gz.length < identity.length ? ownBuffer(gz) : null,
    br: br.length < identity.length ? ownBuffer(br) : null,
    etag,
    movedTo,
  };
}

/** A moved answer's Location, made by the route that sends it (each route has its own address for it). */
function setLocation(reply: FastifyReply, movedTo?: string, locate?: (movedTo: string) => string) {
  if (movedTo !== undefined && locate) reply.header('location', locate(movedTo));
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  locate?: (movedTo: string) => string,
): FastifyReply {
  const encoding = pickEncoding(request.headers['accept-encoding'], answer);
  reply.type(answer.type ?? JSON_TYPE).header('vary', 'Accept-Encoding');
  setLocation(reply, answer.movedTo, locate);
  if (answer.status === 200) {
    reply.header('etag', etagFor(answer, encoding));
    if (notModified(request.headers['if-none-match'], answer)) return reply.code(304).send();
  }
  reply.code(answer.status);
  if (encoding === 'identity') return reply.send(answer.identity);
  // Already compressed: @fastify/compress leaves an answer with a Content-Encoding alone.
  reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? answer.br : answer.gzip);
}

/** Headers that belong to one answer, never to the URL's answers in general. */
export const PER_ANSWER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);
/** How many exact URLs the fast path remembers before it starts again (made-up spellings cost nothing more). */
const MAX_FAST_URLS = 10_000;

interface FastRoute {
  key: string;
  /** Every header of an answer the full pipeline gave for this URL, but the per-answer ones: name, value... */
  headers: string[];
}

/**
 * The public read cache: finished answers (JSON, gzip, brotli, ETag) in a byte-bounded LRU, so a read that
 * was answered before costs what a static file costs. See docs/architecture.md ("Public reads from memory").
 *
 * Correctness rests on three rules:
 * - a write invalidates its tags in this process before its answer is sent (the routes call `invalidate`);
 * - the database's triggers announce every change to posts and services on CHANGES_CHANNEL, which every
 *   process listens to, so other processes' writes (and a person's SQL) invalidate here too;
 * - an answer is stored only if none of its tags was invalidated while it was being read, and nothing is kept
 *   while the listening connection is down (changes could be missed), then everything is dropped when it is
 *   back.
 */
export const readCachePlugin = fp<ReadCachePluginOptions>(
  async (app, { maxBytes, apiKey, changes }) => {
    const store = new AnswerStore(maxBytes);
    // Pages get a budget of their own, so that a burst of page views cannot push the API's answers out.
    const pageStore = new AnswerStore<KeptPage>(maxBytes, Date.now, keptPageBytes);
    // The pages last kept, for an outage. Mostly the same objects pageStore holds (shared, not copied): they
    // cost memory of their own only once pageStore has let them go, and never more than its budget again.
    const lastCopies = new AnswerStore<{ page: KeptPage; keptAt: number }>(maxBytes, Date.now, (copy) =>
      keptPageBytes(copy.page),
    );
    const fast = fastReads(app, store, apiKey);
    // With a change feed, nothing is kept until it listens: another process may write before then.
    let listening = !changes;
    const inFlight = new Map<string, { ticket: Ticket; answer: Promise<CachedAnswer> }>();
    const stats = { hits: 0, fast: 0, misses: 0 };
    const writeListeners: ((tags: readonly string[]) => void)[] = [];
    const active = () => maxBytes > 0 && listening;

    if (changes) {
      const stop = await changes.listen(
        CHANGES_CHANNEL,
        (payload) => {
          let tags: unknown;
          try {
            tags = (JSON.parse(payload) as { tags?: unknown }).tags;
          } catch {
            tags = null;
          }
          if (Array.isArray(tags) && tags.every((t) => typeof t === 'string') && !tags.includes(ALL)) {
            store.invalidate(tags);
            pageStore.invalidate(tags);
            lastCopies.invalidate(tags);
          } else {
            store.clear();
            pageStore.clear();
            lastCopies.clear();
          }
        },
        (up) => {
          store.clear();
          pageStore.clear();
          fast.clear();
          if (up !== listening)
            app.log.info(up ? 'read cache on: listening for changes' : 'read cache off: change feed lost');
          listening = up;
        },
      );
      app.addHook('onClose', async () => stop());
    }

    async function load(read: CachedRead, ticket: Ticket): Promise<CachedAnswer> {
      const loaded = await read.load();
      const answer = await encode(loaded);
      // Misses are answered, not kept: keys that find nothing are endless, and keeping them would let anyone
      // push the real answers out. Redirects (301) are not kept either: a post that takes the old slug later is
      // written to another table than the one the redirect came from, and must win at once.
      if (active() && answer.status === 200 && loaded.keep !== false)
        store.set(ticket, read.key, answer, loaded.expiresAt);
      return answer;
    }

    /** The answer from memory, or from one read shared by everyone who asks while it runs. */
    async function answerOf(read: CachedRead): Promise<CachedAnswer> {
      const stored = store.get(read.key);
      if (stored) {
        stats.hits++;
        return stored;
      }
      stats.misses++;
      // Readers who arrive while the same answer is being read share that read, unless a write came in
      // between: they must see the write.
      let pending = inFlight.get(read.key);
      if (!pending || !store.valid(pending.ticket)) {
        const ticket = store.begin(read.tags);
        const answer = load(read, ticket);
        const entry = { ticket, answer };
        pending = entry;
        inFlight.set(read.key, entry);
        const done = () => {
          if (inFlight.get(read.key) === entry) inFlight.delete(read.key);
        };
        answer.then(done, done);
      }
      return pending.answer;
    }

    const cache: ReadCache = {
      async send(request, reply, read, locate) {
        if (request.editor || !active()) {
          const loaded = await read.load();
          if (loaded.type !== undefined) reply.type(loaded.type);
          setLocation(reply, loaded.movedTo, locate);
          return reply.code(loaded.status).send(loaded.body);
        }
        const answer = await answerOf(read);
        // Only the API's own URL may be answered by the fast path: a page that asked for this answer is not it.
        if (store.get(read.key) === answer) fast.learn(request, read.key);
        return sendAnswer(request, reply, answer, locate);
      },
      async status(request, read) {
        const { status, movedTo } = request.editor || !active() ? await read.load() : await answerOf(read);
        return { status, movedTo };
      },
      async json(read) {
        if (!active()) {
          const loaded = await read.load();
          return { status: loaded.status, json: JSON.stringify(loaded.body), kept: false };
        }
        const answer = await answerOf(read);
        return {
          status: answer.status,
          json: answer.identity.toString('utf8'),
          kept: store.get(read.key) === answer,
        };
      },
      pages: {
        get: (key) => (active() ? pageStore.get(key) : undefined),
        begin: (tags) => pageStore.begin(tags),
        valid: (ticket) => pageStore.valid(ticket),
        set: (ticket, key, page, expiresAt) => {
          if (!active() || !pageStore.set(ticket, key, page, expiresAt)) return false;
          lastCopies.set(lastCopies.begin(ticket.tags), key, { page, keptAt: Date.now() });
          return true;
        },
        lastCopy: (key) => lastCopies.get(key),
        clear: () => {
          pageStore.clear();
          lastCopies.clear();
        },
      },
      serveFast(request, reply) {
        if (!active()) return false;
        const served = fast.serve(request, reply);
        if (served) {
          stats.hits++;
          stats.fast++;
        }
        return served;
      },
      invalidate: (given) => {
        const tags = [...given];
        store.invalidate(tags);
        pageStore.invalidate(tags);
        lastCopies.invalidate(tags);
        for (const listener of writeListeners) listener(tags);
      },
      onWrite: (listener) => {
        writeListeners.push(listener);
      },
      begin: (tags) => store.begin(tags),
      valid: (ticket) => store.valid(ticket),
      get active() {
        return active();
      },
      get stats() {
        return {
          ...stats,
          entries: store.size,
          bytes: store.bytes,
          pages: pageStore.size,
          pageBytes: pageStore.bytes,
        };
      },
    };
    app.decorate('readCache', cache);
  },
  { name: 'read-cache' },
);

/**
 * Answers from memory before Fastify's hooks, routing and validation run: a cached public read is then about
 * as cheap as a static file. It serves only what the full pipeline served from the cache before, for the exact
 * same URL and transport, and replays the headers that answer had (security headers, Vary, Cache-Control), so
 * the two paths cannot drift apart. Anything it is unsure of goes the full way: another method, a session
 * cookie (an editor), a wrong API key, a URL not seen yet, an answer no longer kept.
 */
function fastReads(app: FastifyInstance, store: AnswerStore, apiKey: string) {
  const routes = new Map<string, FastRoute>();
  const learning = new WeakMap<FastifyRequest, string>();
  const expectedKey = Buffer.from(apiKey, 'utf8');
  const urlKey = (request: FastifyRequest) => `${request.protocol}|${request.url}`;

  // After the full pipeline answered from the cache: keep that URL's headers for the fast path.
  app.addHook('onResponse', async (request, reply) => {
    const key = learning.get(request);
    if (key === undefined || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return;
    if (routes.size >= MAX_FAST_URLS) routes.clear();
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_ANSWER_HEADERS.has(name.toLowerCase())) continue;
      for (const one of [value].flat()) headers.push(name, String(one));
    }
    routes.set(urlKey(request), { key, headers });
  });

  return {
    learn(request: FastifyRequest, key: string) {
      if (request.method === 'GET') learning.set(request, key);
    },
    clear() {
      routes.clear();
    },
    serve(request: FastifyRequest, reply: FastifyReply): boolean {
      if (request.method !== 'GET') return false;
      const route = routes.get(urlKey(request));
      if (!route) return false;
      const given = request.headers['x-api-key'];
      if (
        typeof given !== 'string' ||
        Buffer.byteLength(given) !== expectedKey.length ||
        !timingSafeEqual(Buffer.from(given, 'utf8'), expectedKey)
      ) {
        return false;
      }
      // A session cookie may belong to an editor, whose reads never come from the shared cache.
      if (request.headers.cookie?.includes('session=')) return false;
      const answer = store.get(route.key);
      if (!answer) {
        routes.delete(urlKey(request));
        return false;
      }
      const encoding = pickEncoding(request.headers['accept-encoding'], answer);
      const headers = [
        ...route.headers,
        'etag',
        etagFor(answer, encoding),
        ...perAnswerHeaders(request, app.lifecycle.stopping),
      ];
      reply.hijack();
      if (notModified(request.headers['if-none-match'], answer)) {
        reply.raw.writeHead(304, headers);
        reply.raw.end();
        return true;
      }
      const body = encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.identity;
      if (encoding !== 'identity') headers.push('content-encoding', encoding);
      headers.push('content-length', String(body?.length ?? 0));
      reply.raw.writeHead(200, headers);
      reply.raw.end(body);
      return true;
    },
  };
}
