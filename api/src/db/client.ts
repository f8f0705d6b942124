import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import * as schema from './schema';

/** What the routes see: the query builder both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbTarget =
  /** `dataDir` null keeps the database in memory (tests). */
  { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export interface DbHandle {
  kind: DbTarget['kind'];
  db: Database;
  /** Applies the pending migrations from `api/drizzle`. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Any lock number works as long as every process uses the same one; this one spells "agency". */
const MIGRATION_LOCK_ID = 0x6167656e6379;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process first, or use ` +
        'PostgreSQL (DATABASE_URL) to run several processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no server to arbitrate: two processes opening one folder corrupt it. A pid file claims the
 * folder; a claim left by a process that is gone (a crash) is taken over. Answers the release function.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'agency.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not claim ${dataDir}`);
}

/** The database the configuration asks for: PostgreSQL when a URL is set, else PGlite under the data dir. */
export function targetFromConfig(config: { databaseUrl: string | null; dataDir: string }): DbTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export async function createDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'pglite') {
    let release = async () => {};
    if (target.dataDir !== null) {
      await mkdir(target.dataDir, { recursive: true });
      release = await lockDataDir(target.dataDir);
    }
    const client = target.dataDir === null ? new PGlite() : new PGlite(target.dataDir);
    try {
      await client.waitReady;
    } catch (err) {
      await release();
      throw err;
    }
    const db = drizzlePglite({ client, schema });
    return {
      kind: 'pglite',
      db,
      // One process owns a PGlite directory, so there is nobody to race with.
      migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
      async close() {
        await client.close();
        await release();
      },
    };
  }

  const pool = new pg.Pool({ connectionString: target.url, max: 10 });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that kills the
  // process. The next query gets a fresh connection instead.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    async migrate() {
      // Several API processes may start at once against one database: a session advisory lock lets one of them
      // migrate while the others wait, then find nothing left to do.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(db, { migrationsFolder: migrationsDir });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
