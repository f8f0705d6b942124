import { mkdir } from 'node:fs/promises';
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

/** The database the configuration asks for: PostgreSQL when a URL is set, else PGlite under the data dir. */
export function targetFromConfig(config: { databaseUrl: string | null; dataDir: string }): DbTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export async function createDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir !== null) await mkdir(target.dataDir, { recursive: true });
    const client = target.dataDir === null ? new PGlite() : new PGlite(target.dataDir);
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    return {
      kind: 'pglite',
      db,
      // One process owns a PGlite directory, so there is nobody to race with.
      migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
      close: () => client.close(),
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
