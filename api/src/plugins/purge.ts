import { LANGUAGES } from '@agency/core/language';
import fp from 'fastify-plugin';
import { PURGE_PATH_PLACEHOLDER, type PurgeConfig } from '../config';
import { itemsNeeded, type KnownItems, purgePaths } from '../lib/purge-paths';

/** How long writes are gathered into one purge: a save that touches several tags, or a burst of saves. */
export const PURGE_BATCH_MS = 150;
/** Each try's limit: a CDN's API that takes longer is down for this purpose. */
export const PURGE_TIMEOUT_MS = 5_000;
/** The pauses before the second and third tries. */
export const PURGE_RETRY_DELAYS_MS: readonly number[] = [250, 1_000];
/** Requests of the per-page form sent at once. */
const CONCURRENCY = 4;

export interface PurgeTiming {
  batchMs: number;
  timeoutMs: number;
  retryDelaysMs: readonly number[];
  /** How long closing the app waits for purges under way before cutting them. */
  closeWaitMs: number;
}

export interface PurgePluginOptions {
  /** PURGE_*; null: no purge (nothing listens to the writes). */
  purge: PurgeConfig | null;
  timing?: Partial<PurgeTiming>;
}

export interface Purge {
  /** Counts of this process, for `/metrics`: HTTP requests sent (each try), and purges given up on. */
  readonly stats: { requests: number; failures: number };
  /** Resolves once every purge queued so far was sent (or given up on): for tests. */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    purge: Purge;
  }
}

class GiveUp extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Tells a CDN or caching proxy which public URLs a write of this process changed (PURGE_URL): after the write
 * is answered, never before, gathered over PURGE_BATCH_MS and each URL once. Other processes' writes reach this
 * one as the database's announcements, which purge nothing here: the process that wrote purges, once.
 *
 * A PURGE_URL with `{path}` gets one request per URL (PURGE_METHOD, PURGE by default, as nginx's cache-purge
 * module and Varnish take it), where a 404 means the proxy kept nothing for it; otherwise one POST of
 * `{"paths": [...]}`. Each request has three tries, each held to PURGE_TIMEOUT_MS; one that fails for good is
 * logged and counted (the page is then as fresh as its s-maxage makes it). Closing the app gives the purges
 * under way a short, bounded chance to finish.
 */
export const purgePlugin = fp<PurgePluginOptions>(
  async (app, { purge, timing }) => {
    const stats = { requests: 0, failures: 0 };
    const running = new Set<Promise<void>>();
    const settled = async () => {
      while (running.size > 0) await Promise.allSettled([...running]);
    };
    app.decorate('purge', { stats, settled } satisfies Purge);
    if (!purge) return;
    const config: PurgeConfig = purge;
    const { batchMs, timeoutMs, retryDelaysMs, closeWaitMs } = {
      batchMs: PURGE_BATCH_MS,
      timeoutMs: PURGE_TIMEOUT_MS,
      retryDelaysMs: PURGE_RETRY_DELAYS_MS,
      closeWaitMs: 1_000,
      ...timing,
    };
    const perPath = config.url.includes(PURGE_PATH_PLACEHOLDER);
    const closing = new AbortController();
    let pending = new Set<string>();
    let timer: NodeJS.Timeout | null = null;

    const track = (work: Promise<void>) => {
      running.add(work);
      work.finally(() => running.delete(work));
    };

    /** The slugs the tags' pages need, from the database; a read that fails leaves them out. */
    async function known(tags: readonly string[]): Promise<KnownItems> {
      const needed = itemsNeeded(tags);
      const [services, projects] = await Promise.all([
        needed.services
          ? Promise.all(LANGUAGES.map((language) => app.servicesRepository.list(language))).then((lists) => [
              ...new Set(lists.flat().map((service) => service.slug)),
            ])
          : [],
        needed.projects ? app.portfolioRepository.sitemap().then((rows) => rows.map((row) => row.slug)) : [],
      ]).catch((err: unknown) => {
        app.log.warn(
          { err },
          'CDN purge: could not list the services and projects; their pages are left out',
        );
        return [[], []];
      });
      return { services, projects };
    }

    /** One request with its tries; a request given up on is logged and counted. */
    async function send(url: string, init: RequestInit, what: string): Promise<void> {
      const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
      if (config.authorization) headers.authorization = config.authorization;
      let problem = '';
      for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
        if (attempt > 0) {
          await sleep(retryDelaysMs[attempt - 1] ?? 0, closing.signal);
          if (closing.signal.aborted) break;
        }
        stats.requests++;
        // The time limit is a timer of its own, cleared after the try: Node 20's AbortSignal.timeout inside
        // AbortSignal.any may be garbage-collected before it fires (nodejs/node#57736), and a receiver that
        // never answers then held the purge for good.
        const timeout = new AbortController();
        const limit = setTimeout(
          () => timeout.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
          timeoutMs,
        );
        limit.unref();
        try {
          const response = await fetch(url, {
            ...init,
            headers,
            redirect: 'manual',
            signal: AbortSignal.any([timeout.signal, closing.signal]),
          });
          await response.body?.cancel().catch(() => {});
          // Per page, 404: the proxy kept nothing for that URL, which is what a purge wants.
          if (response.ok || (perPath && response.status === 404)) return;
          problem = `answered ${response.status}`;
          // A refusal (a wrong token, a method not allowed) is not going to change with another try.
          if (response.status < 500 && response.status !== 408 && response.status !== 429) throw new GiveUp();
        } catch (err) {
          if (err instanceof GiveUp) break;
          problem = closing.signal.aborted
            ? 'cut short by the shutdown'
            : err instanceof Error && err.name === 'TimeoutError'
              ? `no answer within ${timeoutMs} ms`
              : `failed (${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err)})`;
          if (closing.signal.aborted) break;
        } finally {
          clearTimeout(limit);
        }
      }
      stats.failures++;
      // Never the URL itself nor the Authorization: either may hold a token.
      app.log.warn({ purge: what }, `CDN purge ${problem}; the page stays cached up to its s-maxage`);
    }

    async function flush(tags: readonly string[]) {
      const paths = purgePaths(tags, await known(tags));
      if (paths.length === 0) return;
      if (!perPath) {
        await send(
          config.url,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ paths }),
          },
          `${paths.length} paths`,
        );
        return;
      }
      const queue = [...paths];
      const worker = async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          await send(config.url.replaceAll(PURGE_PATH_PLACEHOLDER, path), { method: config.method }, path);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    }

    const start = () => {
      timer = null;
      const tags = [...pending];
      pending = new Set();
      track(
        flush(tags).catch((err: unknown) => {
          stats.failures++;
          app.log.warn({ err }, 'CDN purge failed');
        }),
      );
    };

    // The batch being gathered counts as running, so that `settled` waits for it too.
    let gathered: (() => void) | null = null;
    app.readCache.onWrite((tags) => {
      for (const tag of tags) pending.add(tag);
      if (timer !== null || pending.size === 0) return;
      track(
        new Promise<void>((resolve) => {
          gathered = resolve;
        }),
      );
      timer = setTimeout(() => {
        start();
        gathered?.();
      }, batchMs);
      timer.unref();
    });

    // Before the database closes (onClose runs in reverse order: this plugin's hook before the db plugin's).
    app.addHook('onClose', async () => {
      if (timer !== null) {
        clearTimeout(timer);
        start();
        gathered?.();
      }
      if (running.size === 0) return;
      let cut: NodeJS.Timeout | undefined;
      await Promise.race([
        settled(),
        new Promise<void>((resolve) => {
          cut = setTimeout(resolve, closeWaitMs);
        }),
      ]);
      clearTimeout(cut);
      closing.abort();
      await settled();
    });
  },
  { name: 'purge', dependencies: ['read-cache', 'services-repository', 'portfolio-repository'] },
);
