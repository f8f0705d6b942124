import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Post, PostTranslation } from '@agency/core/types';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { makeTempDir, TEST_API_KEY, testConfig, useTestApp } from '../test/app';
import { EDITOR, multipart, signedIn, TestBrowser } from '../test/browser';
import { createPostgresDatabase, databases, describeEachDatabase, postgres } from '../test/databases';
import { makeImage } from '../test/images';
import { postForm } from '../test/posts';
import { BackupError, restoreBackup, writeBackup } from './backup';
import { createDb, type Database, type DbHandle, type DbTarget } from './client';

type ApiPost = Post & { translations: PostTranslation[] };

/** Every row of every table, as PostgreSQL writes it in JSON, sorted: what "the same site" means in rows. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const result = (await db.execute(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: { name: string }[] };
  const tables: Record<string, string[]> = {};
  for (const { name } of result.rows) {
    const rows = (await db.execute(
      sql`SELECT to_jsonb(t)::text AS row FROM ${sql.identifier(name)} t`,
    )) as unknown as { rows: { row: string }[] };
    tables[name] = rows.rows.map((r) => r.row).sort();
  }
  return tables;
}

/** Every file under `dir` with its bytes, by relative path. */
async function files(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, file)] = (await readFile(file)).toString('base64');
  }
  return found;
}

/** An empty database of each kind to restore into, and how to drop it. */
const targets: { kind: DbTarget['kind']; open(dir: string): Promise<DbHandle> }[] = [
  { kind: 'pglite', open: (dir) => createDb({ kind: 'pglite', dataDir: path.join(dir, 'pglite') }) },
];
if ('url' in postgres) {
  const adminUrl = postgres.url;
  targets.push({
    kind: 'postgres',
    async open() {
      const database = await createPostgresDatabase(adminUrl);
      const handle = await createDb({ kind: 'postgres', url: database.url });
      return { ...handle, close: () => handle.close().then(database.drop) };
    },
  });
}

describeEachDatabase('backup and restore', (database) => {
  const t = useTestApp(database);
  let work: string;
  let archive: string;
  let english: ApiPost;
  let arabic: ApiPost;

  beforeAll(async () => {
    work = await makeTempDir('backup');
    const editor = await signedIn(t.app, database.db, '10.30.0.1');
    const create = async (fields: Record<string, string | { bytes: Buffer; type: string } | undefined>) => {
      const body = await multipart(postForm(fields));
      const res = await editor.request({ method: 'POST', url: '/api/posts', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ data: ApiPost }>().data;
    };
    english = await create({
      language: 'en',
      title: 'Kept safe',
      slug: 'kept-safe',
      poster_image: { bytes: await makeImage('png'), type: 'image/png' },
    });
    arabic = await create({
      language: 'ar',
      title: 'محفوظ',
      slug: 'kept-safe-ar',
      translation_of: String(english.id),
    });
    const visitor = new TestBrowser(t.app, '10.30.0.2');
    await visitor.fetchCsrf();
    const sent = await visitor.request({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Layla Hassan',
        countryCode: '+971',
        phone: '501234567',
        email: 'layla@example.com',
        business: '',
        service: 'seo',
        message: 'Please keep this message through a move.',
        website: '',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    archive = path.join(work, 'site.tar.gz');
  });

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('writes one archive with the rows, the uploads and a manifest of versions', async () => {
    const manifest = await writeBackup(database.handle, t.config.dataDir, archive);
    expect(manifest).toMatchObject({
      format: 1,
      app: { version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      schema: { migration: expect.stringMatching(/^\d{4}_/) },
      database: { kind: database.handle.kind, version: expect.stringMatching(/^\d+/) },
      files: Object.keys(await files(path.join(t.config.dataDir, 'storage'))).length,
    });
    expect(manifest.database.pglite).toEqual(
      database.handle.kind === 'pglite' ? expect.stringMatching(/^\d+\.\d+\.\d+$/) : undefined,
    );
    expect(manifest.tables.posts).toBe(2);
    expect(manifest.tables.contact_messages).toBe(1);
    const listed: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => listed.push(entry.path) });
    expect(listed).toContain('manifest.json');
    expect(listed).toContain('database/posts.jsonl');
    expect(listed).toContain(`storage/poster_images/${english.poster_image}`);
  });

  for (const target of targets) {
    it(`restores into an empty ${target.kind} database the same site: rows, files, passwords, links`, async () => {
      const dataDir = path.join(work, `restored-${target.kind}`);
      await mkdir(dataDir, { recursive: true });
      const handle = await target.open(dataDir);
      let app: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        await restoreBackup({ handle, dataDir, file: archive, force: false });
        expect(await snapshot(handle.db)).toEqual(await snapshot(database.db));
        expect(await files(path.join(dataDir, 'storage'))).toEqual(
          await files(path.join(t.config.dataDir, 'storage')),
        );

        app = await buildApp({
          config: testConfig({ DATA_DIR: dataDir, WEB_ROOT: work }),
          db: handle.db,
          changes: handle,
          logger: false,
          outboxTimer: false,
          retentionTimer: false,
        });
        await app.ready();
        // The same password signs in: the account came with its hash.
        const editor = new TestBrowser(app, '10.30.0.3');
        expect((await editor.signIn(EDITOR.email, EDITOR.password)).statusCode).toBe(200);
        const read = await app.inject({
          url: '/api/posts/kept-safe',
          headers: { 'x-api-key': TEST_API_KEY },
        });
        expect(read.statusCode, read.body).toBe(200);
        const post = read.json<ApiPost>();
        expect(post.translations.map((p) => p.slug)).toEqual([arabic.slug]);
        const image = await app.inject({ url: post.poster_image_url ?? '' });
        expect(image.statusCode).toBe(200);
        // The search's column is the database's own: written again by the restore, the post is found.
        const found = await app.inject({
          url: '/api/posts?language=en&q=kept',
          headers: { 'x-api-key': TEST_API_KEY },
        });
        expect(found.json<{ data: { data: ApiPost[] } }>().data.data.map((p) => p.slug)).toEqual([
          'kept-safe',
        ]);
        // The numbers go on from where they were: a new post takes no restored post's id.
        const body = await multipart({
          language: 'en',
          title: 'After the move',
          slug: 'after-the-move',
          status: 'draft',
          description: 'New',
          content: '<p>New.</p>',
          seo_title: 'SEO',
          seo_description: 'SEO',
          published_at: '2026-03-05',
        });
        const created = await editor.request({ method: 'POST', url: '/api/posts', ...body });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json<{ data: ApiPost }>().data.id).toBeGreaterThan(Math.max(english.id, arabic.id));

        // Not over a site that holds anything, unless told.
        const refused = restoreBackup({ handle, dataDir, file: archive, force: false });
        await expect(refused).rejects.toBeInstanceOf(BackupError);
        await expect(refused).rejects.toThrow(
          /Not restored: the database holds data and .* holds files.*--force/,
        );
        await restoreBackup({ handle, dataDir, file: archive, force: true });
        expect(await snapshot(handle.db)).toEqual(await snapshot(database.db));
      } finally {
        await app?.close();
        await handle.close();
      }
      // Making a PGlite database on disk takes seconds, more on a busy machine.
    }, 90_000);
  }

  it('refuses an archive from a newer schema than this version knows, and changes nothing', async () => {
    const unpacked = path.join(work, 'newer');
    await mkdir(unpacked, { recursive: true });
    await tar.extract({ file: archive, cwd: unpacked });
    const manifestFile = path.join(unpacked, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    manifest.app.version = '99.0.0';
    manifest.schema.migration = '9999_from_the_future';
    await writeFile(manifestFile, JSON.stringify(manifest));
    const newer = path.join(work, 'newer.tar.gz');
    await tar.create({ file: newer, cwd: unpacked, gzip: true }, await readdir(unpacked));

    const dataDir = path.join(work, 'refused');
    // An empty in-memory database, as a suite's (a copy of the run's, not made by initdb).
    const pglite = databases[0];
    if (!pglite) throw new Error('PGlite is always there');
    const handle = await pglite.open();
    try {
      const refused = restoreBackup({ handle, dataDir, file: newer, force: false });
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      await expect(refused).rejects.toThrow(/newer version of the site \(99\.0\.0.*9999_from_the_future/);
      expect(await snapshot(handle.db)).toEqual({});
      expect(await files(dataDir)).toEqual({});
    } finally {
      await handle.close();
    }
  }, 60_000);
});
