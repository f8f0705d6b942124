import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createDb, type Database, type DbHandle } from '../db/client';
import { seedFaq } from '../db/seed/faq';
import { seedHome } from '../db/seed/home';
import { seedServices } from '../db/seed/index';
import { seedPricing } from '../db/seed/pricing';

/**
 * The databases every API suite runs on: PGlite in memory, and PostgreSQL when one is reachable. Each test
 * file gets its own fresh database (a new in-memory PGlite, or a uniquely named PostgreSQL database created
 * through the `test` database and dropped afterwards), so files run in parallel without sharing rows.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgresql';
  /** Why this database is skipped, or null. */
  skip: string | null;
  /**
   * A fresh database, empty, or `migrated` (a suite then migrates it again, finding nothing left to do): its
   * `close` also drops it.
   */
  open(options?: { migrated?: boolean }): Promise<DbHandle>;
}

const DEFAULT_POSTGRES_URLS = [
  'postgres://postgres@127.0.0.1:5432/test',
  'postgres://root@127.0.0.1:5432/test',
] as const;

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function findPostgres(): Promise<{ url: string } | { skip: string }> {
  const explicit = process.env.DATABASE_URL_TEST;
  if (explicit) {
    // Asked for by name: being unable to reach it is a failure, not a reason to test less.
    if (await reachable(explicit)) return { url: explicit };
    throw new Error('DATABASE_URL_TEST is set but PostgreSQL is not reachable there');
  }
  for (const url of DEFAULT_POSTGRES_URLS) {
    if (await reachable(url)) return { url };
  }
  return { skip: `PostgreSQL not reachable at ${DEFAULT_POSTGRES_URLS[0]}; set DATABASE_URL_TEST to run it` };
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database with a unique name, and how to drop it (connections and all). */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agency_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

async function openPostgres(adminUrl: string): Promise<DbHandle> {
  const database = await createPostgresDatabase(adminUrl);
  const handle = await createDb({ kind: 'postgres', url: database.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new in-memory PGlite, empty or migrated: a copy of the one the run's global setup made (global-setup.ts),
 * read from its file, or made by initdb here in a run without that setup.
 */
async function openPglite({ migrated = false }: { migrated?: boolean } = {}): Promise<DbHandle> {
  const images = inject('pgliteImages');
  const file = images && (migrated ? images.migrated : images.empty);
  const image = file ? new Uint8Array(await readFile(file)) : undefined;
  return createDb({ kind: 'pglite', dataDir: null, image });
}

/**
 * A new, empty PGlite in this thread (no worker, PGlite's own start parameters), for tests that drive PGlite
 * directly: a copy of the run's empty database, or made by initdb in a run without the global setup.
 */
export async function newPglite(): Promise<PGlite> {
  const file = inject('pgliteImages')?.empty;
  const client = file
    ? new PGlite({ loadDataDir: new Blob([new Uint8Array(await readFile(file))]) })
    : new PGlite();
  await client.waitReady;
  return client;
}

/** The server the PostgreSQL runs use (`url`, its admin connection), or why they are skipped. */
export const postgres = await findPostgres();
if ('skip' in postgres) console.warn(`[api tests] skipping the PostgreSQL runs: ${postgres.skip}`);

export const databases: readonly TestDatabase[] = [
  { name: 'pglite', skip: null, open: openPglite },
  'url' in postgres
    ? { name: 'postgresql', skip: null, open: () => openPostgres(postgres.url) }
    : { name: 'postgresql', skip: postgres.skip, open: () => Promise.reject(new Error(postgres.skip)) },
];

export interface TestDb {
  /** Available from the suite's first `beforeAll` on. */
  readonly db: Database;
  readonly handle: DbHandle;
}

/** Opens a migrated (and by default seeded) database before the suite's tests and drops it after them. */
export function useDatabase(target: TestDatabase, { seed = true }: { seed?: boolean } = {}): TestDb {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await target.open({ migrated: true });
    await handle.migrate();
    if (seed) {
      await seedServices(handle.db);
      await seedFaq(handle.db);
      await seedPricing(handle.db);
      await seedHome(handle.db);
    }
  });
  afterAll(async () => {
    await handle?.close();
  });
  const current = (): DbHandle => {
    if (!handle) throw new Error('The test database is not open yet: use it inside hooks and tests');
    return handle;
  };
  return {
    get db() {
      return current().db;
    },
    get handle() {
      return current();
    },
  };
}

/** `describe` once per database; a database that cannot run shows up as a skipped suite saying why. */
export function describeEachDatabase(
  title: string,
  body: (database: TestDb, target: TestDatabase) => void,
  options: { seed?: boolean } = {},
): void {
  for (const target of databases) {
    if (target.skip) {
      describe.skip(`${title} [${target.name}: ${target.skip}]`, () => {
        body(useDatabase(target, options), target);
      });
    } else {
      describe(`${title} [${target.name}]`, () => {
        body(useDatabase(target, options), target);
      });
    }
  }
}
