import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { types } from '@electric-sql/pglite';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPackageDir, migrationsDir } from '../paths';
import { makeTempDir } from '../test/app';
import { createDb } from './client';
import { PGLITE_START_PARAMS, PgliteThread, prepareDataDir, STAGING_PREFIX } from './pglite';

const dirs: string[] = [];
async function tempDir(prefix: string): Promise<string> {
  const dir = await makeTempDir(prefix);
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('PgliteThread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = new PgliteThread({ dataDir: null, startParams: [...PGLITE_START_PARAMS] });
    await db.waitReady;
    await db.exec('CREATE TABLE t (id serial PRIMARY KEY, name text UNIQUE, at timestamptz DEFAULT now())');
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers queries with parameters, as objects or arrays, keeping the types drizzle asks for as text', async () => {
    await db.query('INSERT INTO t (name, at) VALUES ($1, $2)', ['one', '2024-01-02T03:04:05Z']);
    const objects = await db.query<{ id: number; name: string; at: Date }>(
      'SELECT * FROM t WHERE name = $1',
      ['one'],
    );
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at: new Date('2024-01-02T03:04:05Z') }]);
    const arrays = await db.query('SELECT name, at FROM t', [], {
      rowMode: 'array',
      parsers: { [types.TIMESTAMPTZ]: (value) => value },
    });
    expect(arrays.rows).toEqual([['one', '2024-01-02 03:04:05+00']]);
  });

  it('refuses a parser it cannot run on its thread', async () => {
    await expect(
      db.query('SELECT 1', [], { parsers: { [types.INT4]: (value) => Number(value) } }),
    ).rejects.toThrow(/not supported/);
  });

  it('gives errors with the database error fields', async () => {
    const err = await db.query('INSERT INTO t (name) VALUES ($1)', ['one']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_key', severity: 'ERROR' });
  });

  it('commits a transaction that ends, rolls back one that throws or asks to', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (name) VALUES ($1)', ['two']);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]?.n;
    });
    expect(result).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (name) VALUES ($1)', ['three']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (name) VALUES ($1)', ['four']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    // A failed statement inside rolls the whole transaction back.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (name) VALUES ($1)', ['five']);
        await tx.query('INSERT INTO t (name) VALUES ($1)', ['one']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await db.query<{ name: string }>('SELECT name FROM t ORDER BY id');
    expect(names.rows.map((row) => row.name)).toEqual(['one', 'two']);
  });

  it('holds other queries back while a transaction is open, as PGlite does', async () => {
    const order: string[] = [];
    let inside: () => void = () => {};
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('UPDATE t SET name = $1 WHERE name = $2', ['uno', 'one']);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('transaction ends');
    });
    await entered;
    const read = db.query<{ name: string }>('SELECT name FROM t WHERE id = 1').then((r) => {
      order.push('read');
      return r.rows[0]?.name;
    });
    await tx;
    expect(await read).toBe('uno');
    expect(order).toEqual(['transaction ends', 'read']);
  });

  it('keeps the event loop free while a query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 10);
    try {
      await db.query('SELECT pg_sleep(0.5)');
    } finally {
      clearInterval(timer);
    }
    // On the main thread the query held everything up: no tick at all until it was done.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('delivers notifications, also after a restart, waits for a restart, and refuses queries once closed', {
    timeout: 90_000,
  }, async () => {
    const heard: string[] = [];
    const stop = await db.listen('changes', (payload) => heard.push(payload));
    await db.query("SELECT pg_notify('changes', 'a')");
    await db.restart();
    await db.query("SELECT pg_notify('changes', 'b')");
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual(['a', 'b']);
    // Two listeners on one channel (two apps on one database) both hear it; stopping one leaves the other.
    const also: string[] = [];
    const stopAlso = await db.listen('changes', (payload) => also.push(payload));
    await db.query("SELECT pg_notify('changes', 'c')");
    await vi.waitFor(() => expect(also).toEqual(['c']));
    expect(heard).toEqual(['a', 'b', 'c']);
    await stop();
    await db.query("SELECT pg_notify('changes', 'd')");
    await vi.waitFor(() => expect(also).toEqual(['c', 'd']));
    await stopAlso();
    await db.query("SELECT pg_notify('changes', 'e')");
    expect(heard).toEqual(['a', 'b', 'c']);
    expect(also).toEqual(['c', 'd']);
    // In memory, a restart starts again from nothing.
    await expect(db.query('SELECT 1 FROM t')).rejects.toMatchObject({ code: '42P01' });

    // What is asked while it restarts (a start building its app meanwhile) waits for the new thread: queries,
    // a transaction and a first listener on a channel, each heard once.
    await db.exec('CREATE TABLE n (v int)');
    const restarting = db.restart();
    const late: string[] = [];
    const listening = db.listen('late', (payload) => late.push(payload));
    const inserted = db.transaction(async (tx) => {
      await tx.query('CREATE TABLE n (v int)');
      await tx.query('INSERT INTO n VALUES (1), (2)');
      return (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM n')).rows[0]?.count;
    });
    const counted = db.query<{ one: number }>('SELECT 1 AS one');
    await restarting;
    // The table made before the restart is gone (in memory): the transaction ran on the new thread.
    expect(await inserted).toBe(2);
    expect((await counted).rows).toEqual([{ one: 1 }]);
    const stopLate = await listening;
    await db.query("SELECT pg_notify('late', 'x')");
    await vi.waitFor(() => expect(late).toEqual(['x']));
    await stopLate();

    const other = new PgliteThread({ dataDir: null, startParams: [...PGLITE_START_PARAMS] });
    await other.waitReady;
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow(/closed/);
  });
});

describe('prepareDataDir', () => {
  it('makes a new database in a child process, then leaves it alone', { timeout: 120_000 }, async () => {
    const dir = await tempDir('pglite-new');
    expect(await prepareDataDir(dir)).toBe(true);
    const names = await readdir(dir);
    expect(names).toContain('PG_VERSION');
    expect(names.filter((name) => name.startsWith(STAGING_PREFIX))).toEqual([]);
    expect(await prepareDataDir(dir)).toBe(false);

    // A first start killed after the database was made: its staging folder is moved in, not made again.
    const cut = await tempDir('pglite-cut');
    const staging = path.join(cut, `${STAGING_PREFIX}123`);
    await mkdir(staging);
    for (const name of names) await rename(path.join(dir, name), path.join(staging, name));
    await writeFile(path.join(staging, 'agency-initdb-complete'), '');
    // Part of it had been moved already.
    await rename(path.join(staging, 'global'), path.join(cut, 'global'));
    const started = Date.now();
    expect(await prepareDataDir(cut)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await readdir(cut)).sort()).toEqual([...names].sort());
    const handle = await createDb({ kind: 'pglite', dataDir: cut });
    try {
      await handle.migrate();
      const result = await handle.db.execute('SELECT count(*)::int AS n FROM services');
      expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('drops a staging folder a killed first start left unfinished, and what is in the way', {
    timeout: 120_000,
  }, async () => {
    const dir = await tempDir('pglite-unfinished');
    await mkdir(path.join(dir, `${STAGING_PREFIX}999`, 'base'), { recursive: true });
    await writeFile(path.join(dir, `${STAGING_PREFIX}999`, 'base', 'junk'), 'x');
    await mkdir(path.join(dir, 'base'));
    await writeFile(path.join(dir, 'base', 'junk'), 'x');
    expect(await prepareDataDir(dir)).toBe(true);
    const names = await readdir(dir);
    expect(names).toContain('PG_VERSION');
    expect(names.filter((name) => name.startsWith(STAGING_PREFIX))).toEqual([]);
    expect(existsSync(path.join(dir, 'base', 'junk'))).toBe(false);

    // A staging folder left beside a complete database (killed after PG_VERSION moved) is dropped.
    await mkdir(path.join(dir, `${STAGING_PREFIX}5`));
    expect(await prepareDataDir(dir)).toBe(false);
    expect((await readdir(dir)).filter((name) => name.startsWith(STAGING_PREFIX))).toEqual([]);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'ends the initdb child a killed start left writing into its staging folder, then starts again',
    { timeout: 120_000 },
    async () => {
      const dir = await tempDir('pglite-orphan');
      const staging = path.join(dir, `${STAGING_PREFIX}77-1`);
      await mkdir(staging);
      // The orphan: a process that keeps writing files into the folder, as initdb does, named beside it as a
      // start names its initdb child.
      const orphan = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('fs'); const path = require('path'); let i = 0;
           for (;;) { const d = path.join(process.argv[1], 'base', String(i % 50)); fs.mkdirSync(d, { recursive: true });
             fs.writeFileSync(path.join(d, String(i++)), 'x'); }`,
          staging,
        ],
        { stdio: 'ignore' },
      );
      const exited = new Promise((resolve) => orphan.once('exit', resolve));
      try {
        const stat = await readFile(`/proc/${orphan.pid}/stat`, 'utf8');
        const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
        await writeFile(`${staging}.owner`, `${orphan.pid} ${start}`);
        // Writing for a while already: hundreds of files in the folder.
        while ((await readdir(path.join(staging, 'base')).catch(() => [])).length < 50) await sleep(20);
        expect(await prepareDataDir(dir)).toBe(true);
        expect(await exited).toBeDefined();
        const names = await readdir(dir);
        expect(names).toContain('PG_VERSION');
        expect(names.filter((name) => name.startsWith(STAGING_PREFIX))).toEqual([]);
      } finally {
        orphan.kill('SIGKILL');
      }
    },
  );
});

/**
 * What a server holds after making and migrating a new database, measured in a process of its own running
 * the code as the production build does (bundled, the database's thread beside it): PGlite's own initdb in
 * process held 780 MB after it, Postgres's default 128 MB of shared buffers added about 100 MB. A regression
 * of either goes over the bound.
 */
describe.runIf(existsSync('/proc/self/status'))('memory', () => {
  it('stays under 300 MB while a new database is made and migrated', { timeout: 120_000 }, async () => {
    const dir = await tempDir('pglite-memory');
    const entry = path.join(dir, 'entry.ts');
    await writeFile(
      entry,
      `import { readFileSync } from 'node:fs';
import { createDb } from ${JSON.stringify(path.join(apiPackageDir, 'src', 'db', 'client.ts'))};
const rss = () => Math.round(Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024);
const seen: number[] = [];
const handle = await createDb({ kind: 'pglite', dataDir: process.argv[2] as string });
seen.push(rss());
await handle.migrate();
seen.push(rss());
await handle.startupDone();
seen.push(rss());
await handle.close();
process.stdout.write(JSON.stringify(seen));
`,
    );
    await build({
      entryPoints: { entry, 'pglite-worker': fileURLToPath(new URL('./pglite-worker.ts', import.meta.url)) },
      outdir: dir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          name: 'as-built',
          setup(b) {
            // Packages stay imports of the installed ones, by their path (the bundle is outside the package).
            b.onResolve({ filter: /^[^./]/ }, async (args) => {
              if (args.path.startsWith('@agency/') || args.pluginData === 'inner') return undefined;
              const found = await b.resolve(args.path, {
                kind: args.kind,
                resolveDir: args.resolveDir,
                pluginData: 'inner',
              });
              if (found.errors.length > 0) return undefined;
              if (found.external) return { path: found.path, external: true };
              return { path: pathToFileURL(found.path).href, external: true };
            });
            // The migrations are the package's, wherever the bundle is.
            b.onLoad({ filter: /[\\/]src[\\/]paths\.ts$/ }, () => ({
              // No first-start files: the database is made by initdb, as this test measures.
              contents: `export const apiPackageDir = ${JSON.stringify(apiPackageDir)};\nexport const migrationsDir = ${JSON.stringify(migrationsDir)};\nexport const firstStartFilesDir = () => null;`,
              loader: 'ts',
            }));
          },
        },
      ],
    });
    await writeFile(path.join(dir, 'package.json'), '{"type":"module"}');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(dir, 'entry.js'), path.join(dir, 'data')],
      { timeout: 110_000 },
    );
    const seen = JSON.parse(stdout) as number[];
    expect(seen).toHaveLength(3);
    expect(Math.max(...seen), `RSS after opening, migrating, and start-up (MB): ${seen}`).toBeLessThan(300);
    expect(await readFile(path.join(dir, 'data', 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
  });
});
