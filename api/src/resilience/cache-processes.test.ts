import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgres } from '../test/databases';
import {
  API_KEY,
  CROSS_PROCESS_BOUND_MS,
  call,
  postForm,
  removeDir,
  type ServerProcess,
  sleep,
  startServer,
  tempDir,
  Visitor,
} from './harness';

const runs = 'skip' in postgres ? describe.skip : describe;

runs('read cache across two API processes on one PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const dirs: string[] = [];
  let writer: ServerProcess | undefined;
  let reader: ServerProcess | undefined;

  beforeAll(async () => {
    if ('skip' in postgres) return;
    database = await createPostgresDatabase(postgres.url);
    const webRoot = await tempDir('web');
    dirs.push(webRoot);
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const name of ['writer', 'reader'] as const) {
      const dataDir = await tempDir(name);
      dirs.push(dataDir);
      const server = await startServer({ dataDir, databaseUrl: database.url, webRoot });
      if (name === 'writer') writer = server;
      else reader = server;
    }
  });

  afterAll(async () => {
    await Promise.all([writer?.stop(), reader?.stop()]);
    await database?.drop();
    await Promise.all(dirs.map(removeDir));
  });

  const read = async (server: ServerProcess, path: string) => {
    const answer = await call(server.url, { path, headers: { 'x-api-key': API_KEY } });
    return answer;
  };

  /** Polls the reader until `check` holds; answers how long that took after the write's success. */
  async function seenBy(
    server: ServerProcess,
    path: string,
    check: (body: unknown, status: number) => boolean,
  ) {
    const start = Date.now();
    for (;;) {
      const answer = await read(server, path);
      if (check(answer.body, answer.status)) return Date.now() - start;
      if (Date.now() - start > 10_000)
        throw new Error(`${path} never changed: ${answer.status} ${answer.text}`);
      await sleep(5);
    }
  }

  it('a write through one process reaches the other within the stated bound', async () => {
    if (!writer || !reader) throw new Error('servers not started');
    const editor = new Visitor(writer.url, '10.77.0.1');
    await editor.signIn();
    const list = '/api/posts?language=en&per_page=50';
    const titles = (body: unknown) =>
      ((body as { data: { data: { title: string }[] } }).data.data ?? []).map((p) => p.title);

    // The reader keeps the list and the post in memory (read twice: the second is from memory).
    for (let i = 0; i < 2; i++) expect((await read(reader, list)).status).toBe(200);
    expect((await read(reader, '/api/posts/two-process-post')).status).toBe(404);

    const created = await editor.request('POST', '/api/posts', {
      form: postForm('two-process-post', 'Written in one process'),
    });
    expect(created.status, created.text).toBe(201);
    const lags = [await seenBy(reader, list, (body) => titles(body).includes('Written in one process'))];
    // Cache the post in the reader, then change its title through the writer.
    expect((await read(reader, '/api/posts/two-process-post')).status).toBe(200);
    await read(reader, '/api/posts/two-process-post');
    const version = (created.body as { data: { updated_at: string } }).data.updated_at;
    const updated = await editor.request('PUT', '/api/posts/two-process-post', {
      form: postForm('two-process-post', 'Its new title', version),
    });
    expect(updated.status, updated.text).toBe(200);
    lags.push(
      await seenBy(
        reader,
        '/api/posts/two-process-post',
        (body) => (body as { title?: string }).title === 'Its new title',
      ),
    );
    const deleted = await editor.request('DELETE', '/api/posts/two-process-post');
    expect(deleted.status).toBe(200);
    lags.push(await seenBy(reader, '/api/posts/two-process-post', (_body, status) => status === 404));
    lags.push(await seenBy(reader, list, (body) => !titles(body).includes('Its new title')));
    editor.close();

    console.info(`[read cache] a write reached the other process in ${lags.join(', ')} ms`);
    for (const lag of lags) expect(lag).toBeLessThanOrEqual(CROSS_PROCESS_BOUND_MS);
  });
});
