import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import type { QueryOperation, QueryTimes } from '../db/query-times';

export interface MetricsPluginOptions {
  /** The bearer token `GET /metrics` requires (METRICS_TOKEN); null: no metrics, no route. */
  token: string | null;
  /** The PostgreSQL pool's counts (the server passes its database handle's); null or none: no pool metrics. */
  poolStats: (() => PoolStats | null) | null;
  /** Where the database's statements report their durations (the server passes its database handle's). */
  queryTimes?: QueryTimes | null;
}

/** The route label of a request that matched no route: one value, never the raw URL (unbounded, and private). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Request durations, in seconds: from a cached read (well under 5 ms) to a write waiting on its limit. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Statement durations, in seconds: from an indexed read (well under a millisecond) to a write's limit. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const QUERY_OPERATIONS: readonly QueryOperation[] = ['select', 'insert', 'update', 'delete', 'other'];

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * `GET /metrics` in Prometheus's text format, when METRICS_TOKEN is set (otherwise nothing is counted and the
 * path is unknown). Requests by route pattern, method and status, with their durations; the read cache's hits,
 * misses and size; the PostgreSQL pool; the contact outbox; and Node's own (event-loop lag, memory, CPU). Each
 * app has a registry of its own, so several apps in one process (tests) never share or clash over a metric.
 * Outside the API-key scope like the health checks: scrapers know the token, not the site's key.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, { token, poolStats, queryTimes }) => {
    if (token === null) return;
    const expected = digest(`Bearer ${token}`);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request reaching the app to its answer being sent, by method, route pattern and status',
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    // Counts kept by the read cache and the outbox themselves, read at each scrape.
    const total = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    const cache = () => app.readCache?.stats;
    total('read_cache_hits_total', 'Public reads answered from memory', () => cache()?.hits ?? 0);
    total(
      'read_cache_misses_total',
      'Public reads the cache could keep that were read from the database',
      () => cache()?.misses ?? 0,
    );
    gauge('read_cache_entries', 'API answers kept in the read cache', () => cache()?.entries ?? 0);
    gauge('read_cache_bytes', 'Bytes of the API answers kept in the read cache', () => cache()?.bytes ?? 0);
    gauge('read_cache_pages', 'Rendered pages kept', () => cache()?.pages ?? 0);
    gauge('read_cache_page_bytes', 'Bytes of the rendered pages kept', () => cache()?.pageBytes ?? 0);

    if (poolStats?.()) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the PostgreSQL request pool, by state (total open, idle)',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const stats = poolStats();
          if (!stats) return;
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
        },
      });
      gauge(
        'db_pool_waiting',
        'Queries waiting for a connection of the request pool',
        () => poolStats()?.waiting ?? 0,
      );
    }

    if (queryTimes) {
      const queries = new Histogram({
        name: 'db_query_duration_seconds',
        help: 'Time from a database statement being sent to its answer, by operation (select, insert, update, delete, other)',
        labelNames: ['operation'],
        buckets: QUERY_BUCKETS,
        registers: [registry],
      });
      // Every operation from the start (a rate over it never starts from nothing), and one child per operation,
      // made once: observing a statement then allocates nothing.
      for (const operation of QUERY_OPERATIONS) queries.zero({ operation });
      const byOperation = {
        select: queries.labels('select'),
        insert: queries.labels('insert'),
        update: queries.labels('update'),
        delete: queries.labels('delete'),
        other: queries.labels('other'),
      } satisfies Record<QueryOperation, unknown>;
      const unwatch = queryTimes.watch((operation, seconds) => byOperation[operation].observe(seconds));
      app.addHook('onClose', async () => unwatch());
    }

    total('outbox_sends_total', 'Contact e-mails this process mailed', () => app.outbox?.sends.sent ?? 0);
    total(
      'outbox_send_failures_total',
      'Contact e-mail tries of this process that failed (each retry counts)',
      () => app.outbox?.sends.failed ?? 0,
    );
    total(
      'cdn_purge_requests_total',
      'Purge requests this process sent to the CDN or proxy (PURGE_URL), each try counted',
      () => app.purge?.stats.requests ?? 0,
    );
    total(
      'cdn_purge_failures_total',
      'Purges of this process given up on after their last try (the pages stay cached up to their s-maxage)',
      () => app.purge?.stats.failures ?? 0,
    );
    // The backlog is the database's (every process's): one indexed count per scrape; a database that does not
    // answer leaves the last value rather than failing the whole scrape.
    const backlog = { pending: 0, failed: 0 };
    const readBacklog = async () => {
      if (!app.outbox) return;
      Object.assign(backlog, await app.outbox.backlog().catch(() => backlog));
    };
    new Gauge({
      name: 'outbox_pending_messages',
      help: 'Contact e-mails waiting to be sent (first tries and retries), all processes',
      registers: [registry],
      async collect() {
        await readBacklog();
        this.set(backlog.pending);
      },
    });
    gauge('outbox_failed_messages', 'Contact e-mails given up on after the last retry', () => backlog.failed);

    // Before the fast paths' hook (app.ts), which may answer at once: 'finish' sees every answer, however written.
    app.addHook('onRequest', (request, reply, done) => {
      const started = process.hrtime.bigint();
      reply.raw.once('finish', () => {
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.raw.statusCode),
        };
        requests.inc(labels);
        durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
      done();
    });

    app.get('/metrics', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const given = request.headers.authorization;
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
      }
      return reply.type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
