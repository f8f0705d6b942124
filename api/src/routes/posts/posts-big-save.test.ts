import type { Post } from '@agency/core/types';
import { beforeAll, expect, it } from 'vitest';
import { MAX_CONTENT_DEPTH, sanitizePostHtml } from '../../lib/sanitize';
import { TEST_API_KEY, useTestApp } from '../../test/app';
import { multipart, signedIn, type TestBrowser } from '../../test/browser';
import { describeEachDatabase } from '../../test/databases';

type ApiPost = Post & { updated_at: string };

/**
 * Readers must be answered within this while a save runs: sanitizing 1 MiB of nested lists on the main thread
 * held them 4.4 s. Rounds take a few milliseconds on a quiet machine; the margin is for a busy one (a build or
 * another suite on the same two cores made one round take 1.3 s), so that the test fails only on a real hold.
 */
const READER_BOUND_MS = 2000;

/** About 1 MiB of lists, each nested `levels` deep (two elements a level), with text in the innermost item. */
function nestedLists(levels: number, bytes = 1024 * 1024 - 4096): string {
  const one = `${'<ul><li>'.repeat(levels)}item${'</li></ul>'.repeat(levels)}`;
  return one.repeat(Math.max(1, Math.floor(bytes / one.length)));
}

let counter = 0;
function fields(content: string, extra: Record<string, string> = {}) {
  counter += 1;
  return {
    language: 'en',
    title: `A long post ${counter}`,
    slug: `a-long-post-${counter}`,
    status: 'published',
    description: 'Long',
    content,
    seo_title: 'SEO title',
    seo_description: 'SEO description',
    published_at: '2026-03-04',
    ...extra,
  };
}

describeEachDatabase('a long save does not hold up readers', (database) => {
  const t = useTestApp(database);
  let editor: TestBrowser;
  beforeAll(async () => {
    editor = await signedIn(t.app, database.db, '10.9.1.1');
  });

  /**
   * Asks `url` again and again (as the public) until `done`, and answers how long each round took. A round
   * is the request and the hop back to the event loop before the next, so the main thread being held at any
   * moment makes one of them long.
   */
  async function probe(url: string, done: () => boolean): Promise<{ ms: number; status: number }[]> {
    const answers: { ms: number; status: number }[] = [];
    do {
      const started = performance.now();
      const res = await t.app.inject({ url, headers: { 'x-api-key': TEST_API_KEY } });
      await new Promise((resolve) => setImmediate(resolve));
      answers.push({ ms: performance.now() - started, status: res.statusCode });
    } while (!done());
    return answers;
  }

  /** Sends the save, and meanwhile, again and again, the health check and a public read. */
  async function whileSaving(method: 'POST' | 'PUT', url: string, form: Record<string, string>) {
    const body = await multipart(form);
    let finished = false;
    const save = editor.request({ method, url, payload: body.payload, headers: body.headers }).finally(() => {
      finished = true;
    });
    const [health, reads, res] = await Promise.all([
      probe('/api/health', () => finished),
      probe('/api/posts?language=en&per_page=9', () => finished),
      save,
    ]);
    return { res, health, reads };
  }

  function expectAnswered(answers: { ms: number; status: number }[]) {
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(READER_BOUND_MS);
    }
  }

  it('refuses 1 MiB of lists nested far too deep with 422 content_too_deep, readers answered meanwhile', async () => {
    const form = fields(nestedLists(Math.floor((1024 * 1024 - 4096) / 19)));
    const { res, health, reads } = await whileSaving('POST', '/api/posts', form);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
    expect(res.json()).toEqual({ message: 'content_too_deep', errors: { content: ['content_too_deep'] } });
    expectAnswered(health);
    expectAnswered(reads);
    const stored = await editor.request({ url: `/api/posts/${form.slug}` });
    expect(stored.statusCode).toBe(404);
  });

  it('saves 1 MiB of lists nested as deep as allowed, readers answered meanwhile', async () => {
    const first = fields('<p>Short for now</p>');
    const body = await multipart(first);
    const created = await editor.request({
      method: 'POST',
      url: '/api/posts',
      payload: body.payload,
      headers: body.headers,
    });
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json<{ data: ApiPost }>().data;

    const content = nestedLists(MAX_CONTENT_DEPTH / 2);
    const { res, health, reads } = await whileSaving('PUT', `/api/posts/${post.slug}`, {
      ...first,
      content,
      version: post.updated_at,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<{ data: ApiPost }>().data.content).toBe(sanitizePostHtml(content));
    expectAnswered(health);
    expectAnswered(reads);
  });
});
