import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths';
import { makeTempDir } from '../test/app';
import { createDb } from './client';
import { PGLITE_START_PARAMS, prepareDataDir } from './pglite';
import {
  copyFolder,
  makeTemplate,
  migrationList,
  pgliteVersion,
  type TemplateManifest,
  templateFits,
} from './pglite-template';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(prefix: string): Promise<string> {
  const dir = await makeTempDir(prefix);
  dirs.push(dir);
  return dir;
}

describe('copyFolder', () => {
  it('copies every folder and file, empty folders too, byte for byte', async () => {
    const from = path.join(await tempDir('copy-from-'), 'data');
    await mkdir(path.join(from, 'base', '1'), { recursive: true });
    await mkdir(path.join(from, 'pg_tblspc'));
    const files: Record<string, Buffer> = {
      PG_VERSION: Buffer.from('17\n'),
      'base/1/2619': Buffer.alloc(3 * 8192, 7),
      'base/1/2619_fsm': Buffer.from([0, 1, 2, 255]),
      'global/pg_control': Buffer.alloc(8192, 1),
    };
    for (let i = 0; i < 40; i++) files[`base/1/${3000 + i}`] = Buffer.from(`relation ${i}`);
    await mkdir(path.join(from, 'global'));
    for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(from, name), bytes);
    const to = path.join(await tempDir('copy-to-'), 'data');
    await copyFolder(from, to);
    expect((await readdir(to, { recursive: true })).sort()).toEqual(
      (await readdir(from, { recursive: true })).sort(),
    );
    for (const [name, bytes] of Object.entries(files))
      expect((await readFile(path.join(to, name))).equals(bytes), name).toBe(true);
  });

  it('refuses a folder that exists, and anything but folders and files', async () => {
    const from = path.join(await tempDir('copy-from-'), 'data');
    await mkdir(from);
    await writeFile(path.join(from, 'PG_VERSION'), '17\n');
    const existing = await tempDir('copy-existing-');
    await expect(copyFolder(from, existing)).rejects.toThrow(/EEXIST/);
    await symlink(path.join(from, 'PG_VERSION'), path.join(from, 'link'));
    await expect(copyFolder(from, path.join(existing, 'data'))).rejects.toThrow(/not a plain folder: link/);
  });
});

describe('templateFits', () => {
  const first = { tag: '0000_a', when: 1, sha256: 'a' };
  const second = { tag: '0001_b', when: 2, sha256: 'b' };
  const migrations = [first, second];
  const manifest = (over: Partial<TemplateManifest>): TemplateManifest => ({
    pglite: '1.0.0',
    migrations,
    ...over,
  });
  it('takes a template of this PGlite whose migrations are the first of the current ones', () => {
    expect(templateFits(manifest({}), '1.0.0', migrations)).toBe(true);
    expect(templateFits(manifest({ migrations: migrations.slice(0, 1) }), '1.0.0', migrations)).toBe(true);
  });
  it('refuses another PGlite, a migration edited since, and migrations this code does not have', () => {
    expect(templateFits(manifest({}), '1.0.1', migrations)).toBe(false);
    const edited = [first, { ...second, sha256: 'changed' }];
    expect(templateFits(manifest({}), '1.0.0', edited)).toBe(false);
    expect(templateFits(manifest({}), '1.0.0', migrations.slice(0, 1))).toBe(false);
  });
});

type Db = Awaited<ReturnType<typeof createDb>>['db'];
/** How many migrations the database says are applied (0 before the migrator ever ran). */
async function applied(db: Db): Promise<number> {
  const count = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if ((await count(sql`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'drizzle'`)) === 0)
    return 0;
  return count(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
}

describe('a new data folder from a template', { timeout: 180_000 }, () => {
  let template: string;
  let fewer: string;
  beforeAll(async () => {
    // A template made with all but the last migration: the migrator must apply that one after it.
    const work = await tempDir('agency-template-');
    fewer = path.join(work, 'drizzle');
    await cp(migrationsDir, fewer, { recursive: true });
    const journalFile = path.join(fewer, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.pop();
    await writeFile(journalFile, JSON.stringify(journal));
    await rm(path.join(fewer, `${last?.tag}.sql`));
    template = path.join(work, 'template');
    const manifest = await makeTemplate(template, fewer, PGLITE_START_PARAMS);
    expect(manifest.pglite).toBe(await pgliteVersion());
    expect(manifest.migrations).toEqual(await migrationList(fewer));
  }, 180_000);

  it('is copied instead of made by initdb, and the migrations it lacks still apply', async () => {
    const dataDir = path.join(await tempDir('agency-from-template-'), 'pglite');
    const handle = await createDb({ kind: 'pglite', dataDir, template });
    try {
      // Nothing of a staging folder is left, and the folder holds a database.
      expect((await readdir(dataDir)).filter((name) => name.startsWith('.initdb-'))).toEqual([]);
      const all = (await migrationList(migrationsDir)).length;
      // Made from the template: its migrations are there before the migrator runs.
      expect(await applied(handle.db)).toBe(all - 1);
      await handle.migrate();
      expect(await applied(handle.db)).toBe(all);
      await expect(handle.db.execute(sql`SELECT count(*) FROM posts`)).resolves.toBeTruthy();
    } finally {
      await handle.close();
    }
  });

  it('is passed over for initdb when it does not fit the migrations', async () => {
    const dataDir = path.join(await tempDir('agency-template-misfit-'), 'pglite');
    await mkdir(dataDir, { recursive: true });
    // The current migrations folder, against a template of fewer ones whose manifest claims another PGlite.
    const manifestFile = `${template}.json`;
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as TemplateManifest;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, pglite: '0.0.0' }));
    try {
      expect(await prepareDataDir(dataDir, { template })).toBe(true);
      const handle = await createDb({ kind: 'pglite', dataDir });
      try {
        // Made by initdb: no migration yet.
        expect(await applied(handle.db)).toBe(0);
        await handle.migrate();
        expect(await applied(handle.db)).toBe((await migrationList(migrationsDir)).length);
      } finally {
        await handle.close();
      }
    } finally {
      await writeFile(manifestFile, JSON.stringify(manifest));
    }
  });
});
