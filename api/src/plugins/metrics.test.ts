import { describe, expect, it } from 'vitest';
import { TEST_API_KEY, useTestApp } from '../test/app';
import { describeEachDatabase } from '../test/databases';
import { insertPosts } from '../test/posts';

const TOKEN = 'metrics-token-0123456789';
const headers = { 'x-api-key': TEST_API_KEY };

/** The value of one sample (`name{labels} value`) in a Prometheus text answer; undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describeEachDatabase('GET /metrics', (database) => {
  describe('without METRICS_TOKEN', () => {
    const t = useTestApp(database);

    it('is an unknown path, answered as any other (404 with the front end built)', async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      const unknown = await t.app.inject({ url: '/metrics-of-nothing' });
      // These tests run without a built front end, whose page answers unknown paths: the same answer.
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
      expect(res.body).not.toContain('http_requests_total');
    });
  });

  describe('with METRICS_TOKEN', () => {
    const t = useTestApp(database, { env: () => ({ METRICS_TOKEN: TOKEN }) });
    const scrape = async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };

    it.each([
      { what: 'no token', authorization: undefined },
      { what: 'a wrong token', authorization: `Bearer ${TOKEN}x` },
      { what: 'the token without its scheme', authorization: TOKEN },
      { what: 'the API key', authorization: `Bearer ${TEST_API_KEY}` },
    ])('answers 401 to $what', async ({ authorization }) => {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { ...headers, authorization } : headers,
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('http_requests_total');
    });

    it('answers the Prometheus text format with the token alone (no API key), never cached', async () => {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      // Node's own: event-loop lag and memory.
      expect(res.body).toContain('nodejs_eventloop_lag_seconds');
      expect(res.body).toContain('process_resident_memory_bytes');
      expect(sample(res.body, 'outbox_pending_messages')).toBe(0);
      expect(sample(res.body, 'outbox_send_failures_total')).toBe(0);
      // No PURGE_URL here: nothing sent, nothing failed.
      expect(sample(res.body, 'cdn_purge_requests_total')).toBe(0);
      expect(sample(res.body, 'cdn_purge_failures_total')).toBe(0);
    });

    it('counts requests by route pattern (never the URL) and status, with their durations', async () => {
      const labels = { method: 'GET', route: '/api/posts/:slug', status_code: '404' };
      const before = sample(await scrape(), 'http_requests_total', labels) ?? 0;
      for (const slug of ['no-such-post', 'another-missing-one']) {
        expect((await t.app.inject({ url: `/api/posts/${slug}`, headers })).statusCode).toBe(404);
      }
      const text = await scrape();
      expect(sample(text, 'http_requests_total', labels)).toBe(before + 2);
      expect(sample(text, 'http_request_duration_seconds_count', labels)).toBe(before + 2);
      expect(text).not.toContain('no-such-post');
      // A path no route knows is counted under one label.
      await t.app.inject({ url: '/api/made-up/path', headers });
      expect(await scrape()).not.toContain('made-up');
    });

    it('counts the read cache: a miss, then hits, and what it keeps', async () => {
      await insertPosts(database.db, [
        { slug: 'metrics-post', title: 'Counted', publishedAt: new Date(Date.now() - 60_000) },
      ]);
      // The insert is announced asynchronously (PostgreSQL: over another connection): let it pass.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const before = await scrape();
      const hits = sample(before, 'read_cache_hits_total') ?? 0;
      const misses = sample(before, 'read_cache_misses_total') ?? 0;
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject({ url: '/api/posts/metrics-post', headers })).statusCode).toBe(200);
      }
      const after = await scrape();
      expect(sample(after, 'read_cache_misses_total')).toBe(misses + 1);
      expect(sample(after, 'read_cache_hits_total')).toBe(hits + 2);
      expect(sample(after, 'read_cache_entries')).toBeGreaterThan(0);
      expect(sample(after, 'read_cache_bytes')).toBeGreaterThan(0);
    });

    it('times the database statements by operation, the selects of a few uncached reads counted', async () => {
      const before = await scrape();
      const selects = sample(before, 'db_query_duration_seconds_count', { operation: 'select' }) ?? 0;
      // Misses: each reads the database (a post not found is never kept).
      for (const slug of ['timed-a', 'timed-b', 'timed-c']) {
        expect((await t.app.inject({ url: `/api/posts/${slug}`, headers })).statusCode).toBe(404);
      }
      const after = await scrape();
      expect(
        sample(after, 'db_query_duration_seconds_count', { operation: 'select' }),
      ).toBeGreaterThanOrEqual(selects + 3);
      expect(sample(after, 'db_query_duration_seconds_sum', { operation: 'select' })).toBeGreaterThan(0);
      expect(
        sample(after, 'db_query_duration_seconds_bucket', { operation: 'select', le: '+Inf' }),
      ).toBeGreaterThanOrEqual(selects + 3);
      // Every operation is there from the start, so a rate over it never starts from nothing.
      for (const operation of ['insert', 'update', 'delete', 'other'])
        expect(sample(after, 'db_query_duration_seconds_count', { operation })).toBeGreaterThanOrEqual(0);
    });

    it('keeps its own registry per app: a second app does not clash with the first', async () => {
      // Both this suite's apps (one per database) and the one without a token run in one process.
      expect((await scrape()).match(/^# TYPE http_requests_total counter$/gm)).toHaveLength(1);
    });
  });
});
