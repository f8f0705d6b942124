import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { type DatabaseState, guardConnections, requestPool } from './limits';
import { asPglite, PGLITE_START_PARAMS, PgliteThread, prepareDataDir } from './pglite';
import { builtTemplate } from './pglite-template';
import { sameProcess, startOf } from './processes';
import type { QueryTimes } from './query-times';
import * as schema from './schema';

/** What the routes see: the query builder both drivers share. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbTarget =
  /**
   * `dataDir` null keeps the database in memory (tests); `image`, a PGlite data-folder dump, is then what it
   * starts from instead of a new database (ThreadStart in pglite.ts).
   */
  | {
      kind: 'pglite';
      dataDir: string | null;
      image?: Uint8Array<ArrayBuffer>;
      /** A new data folder is copied from this database made by the build (pglite-template.ts), if it fits. */
      template?: string | null;
    }
  | { kind: 'postgres'; url: string };

/**
 * The database's change announcements (LISTEN). `onMessage` gets each payload sent on the channel;
 * `onState(true)` comes once listening, `onState(false)` when the connection is lost, after which messages
 * may have been missed until the next `onState(true)`. Answers a function that stops listening.
 */
export interface ChangeListener {
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
}

export interface DbHandle extends ChangeListener {
  kind: DbTarget['kind'];
  db: Database;
  /**
   * The same database for start-up work (the seed, the first editor): without the time limits requests
   * have (limits.ts), since it may wait on another starting process's lock for as long as that takes.
   */
  setupDb: Database;
  /**
   * Calls `listener` when the database stops answering requests or answers again (limits.ts, Reachability).
   * PGlite runs in this process and is never unreachable: nothing is ever called.
   */
  watch(listener: (state: DatabaseState) => void): void;
  /** Applies the pending migrations from `api/drizzle` (or from another folder: a restore's cut of it). */
  migrate(migrationsFolder?: string): Promise<void>;
  /**
   * Start-up work (migrations, the seed) is done. A PGlite database made by this start is then opened again
   * on a new thread, which gives back what making it grew the old one to; otherwise nothing happens.
   */
  startupDone(): Promise<void>;
  /** The request pool's connections now, for `/metrics`; null for PGlite, which has no pool. */
  poolStats(): PoolStats | null;
  /** How long the statements take, for `/metrics` (from when it is set up, after the start-up work). */
  queryTimes: QueryTimes;
  close(): Promise<void>;
}

/** pg's own counts: connections open, of those idle, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
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

/** This boot of this machine (Linux), or null where the system does not tell. */
async function bootOf(): Promise<string | null> {
  const id = await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => null);
  return id?.trim() || null;
}

/**
 * A claim on a data folder: `pid start host boot`, each of the last three `-` where unknown. Older versions
 * wrote `pid start` or `pid` alone; those are read with the rest unknown.
 */
interface Claim {
  pid: number;
  start: string | null;
  host: string | null;
  boot: string | null;
}

async function ownClaim(): Promise<Claim> {
  const start = await startOf(process.pid);
  return {
    pid: process.pid,
    start: start === 'zombie' ? null : start,
    host: hostname() || null,
    boot: await bootOf(),
  };
}

const claimText = (claim: Claim) =>
  [claim.pid, claim.start, claim.host, claim.boot].map((field) => field ?? '-').join(' ');

function parseClaim(text: string): Claim {
  const [pid = '', start, host, boot] = text
    .trim()
    .split(/\s+/)
    .map((field) => (field === '-' ? undefined : field));
  return { pid: Number(pid), start: start ?? null, host: host ?? null, boot: boot ?? null };
}

/**
 * Whether the process a claim names is still the one that wrote it. A claim made on another machine (a folder
 * copied or restored there) or before this machine last booted names a process that is gone, whatever now
 * runs under its number.
 */
async function stillRunning(claim: Claim, own: Claim): Promise<boolean> {
  if (claim.host !== null && own.host !== null && claim.host !== own.host) return false;
  if (claim.boot !== null && own.boot !== null && claim.boot !== own.boot) return false;
  return sameProcess(claim.pid, claim.start);
}

/**
 * PGlite has no server to arbitrate: two processes opening one folder corrupt it. A pid file claims the
 * folder (with the process's start time, the host and its boot: see Claim); a claim left by a process that is
 * gone (a crash, kill -9, a reboot, a folder copied to another machine) is taken over, so a restart never
 * needs a person. The claim appears whole or not at all (a hard link of a file already written), and a stale claim
 * is moved aside and checked before it is dropped, so two processes starting at once cannot both take over.
 * Answers the release function.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'agency.pid');
  const mine = `${file}.${process.pid}`;
  const own = await ownClaim();
  const claim = claimText(own);
  await writeFile(mine, claim);
  const create = async () => {
    try {
      await link(mine, file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      // A file system without hard links: an exclusive create, written at once.
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code)) throw err;
      await writeFile(file, claim, { flag: 'wx' });
    }
  };
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await create();
        return () => rm(file, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const seen = await readFile(file, 'utf8').catch(() => null);
      if (seen === null) continue;
      const owner = parseClaim(seen);
      if (
        Number.isInteger(owner.pid) &&
        owner.pid > 0 &&
        owner.pid !== process.pid &&
        (await stillRunning(owner, own))
      ) {
        throw new DataDirInUseError(dataDir, owner.pid);
      }
      // Stale. Another process may have taken it over and claimed the folder since it was read: what is moved
      // aside must be the claim judged stale, or it goes back.
      const aside = `${file}.${process.pid}.stale`;
      try {
        await rename(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      if ((await readFile(aside, 'utf8').catch(() => null)) !== seen) await link(aside, file).catch(() => {});
      await rm(aside, { force: true });
    }
    throw new Error(`could not claim ${dataDir}`);
  } finally {
    await rm(mine, { force: true });
  }
}

/** The database the configuration asks for: PostgreSQL when a URL is set, else PGlite under the data dir. */
export function targetFromConfig(config: { databaseUrl: string | null; dataDir: string }): DbTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), template: builtTemplate() };
}

export interface CreateDbOptions {
  /**
   * Called once the database is opening on its own (PGlite's thread started, or at once for PostgreSQL), or
   * when the opening failed before that: a start loads the rest of its modules then, not before, since loading
   * them keeps the main thread from the steps before (the thread started 0.1-0.2 s later).
   */
  onOpening?: () => void;
}

export async function createDb(target: DbTarget, { onOpening }: CreateDbOptions = {}): Promise<DbHandle> {
  let told = false;
  const opening = () => {
    if (told) return;
    told = true;
    onOpening?.();
  };
  try {
    return await openDb(target, opening);
  } finally {
    opening();
  }
}

async function openDb(target: DbTarget, onOpening: () => void): Promise<DbHandle> {
  if (target.kind === 'pglite') {
    let release = async () => {};
    if (target.dataDir !== null) {
      await mkdir(target.dataDir, { recursive: true });
      release = await lockDataDir(target.dataDir);
    }
    let client: PgliteThread;
    let created = false;
    try {
      // A new database is made in a child process (pglite.ts): PGlite's own initdb would stay in memory.
      if (target.dataDir !== null)
        created = await prepareDataDir(target.dataDir, { template: target.template ?? null });
      // Queries run on a thread of their own, never blocking the event loop (pglite.ts, PgliteThread).
      client = new PgliteThread({
        dataDir: target.dataDir,
        startParams: [...PGLITE_START_PARAMS],
        ...(target.dataDir === null && target.image ? { image: target.image } : {}),
      });
      onOpening();
      await client.waitReady;
    } catch (err) {
      await release();
      throw err;
    }
    const db = drizzlePglite({ client: asPglite(client), schema });
    return {
      kind: 'pglite',
      db,
      setupDb: db,
      watch: () => {},
      // In process: nothing can be lost between the database and the listener.
      async listen(channel, onMessage, onState) {
        const stop = await client.listen(channel, onMessage);
        onState(true);
        return stop;
      },
      // One process owns a PGlite directory, so there is nobody to race with.
      migrate: (migrationsFolder = migrationsDir) => migratePglite(db, { migrationsFolder }),
      async startupDone() {
        if (!created) return;
        created = false;
        await client.restart();
      },
      poolStats: () => null,
      queryTimes: client.queryTimes,
      async close() {
        await client.close();
        await release();
      },
    };
  }

  // Requests wait on the database up to their deadline, then hear 503 (limits.ts); a connection lost while
  // in use (even inside a transaction) fails its queries, never the process.
  onOpening();
  const { pool, watch, queryTimes } = requestPool(target.url, 10);
  const db = drizzleNodePg({ client: pool, schema });
  // Start-up work may wait for other starting processes (the migration and seed locks) and may run long: a
  // pool of its own without those limits, whose connections close once it is idle.
  const setupPool = guardConnections(
    new pg.Pool({ connectionString: target.url, max: 3, idleTimeoutMillis: 1000 }),
  );
  const setupDb = drizzleNodePg({ client: setupPool, schema });
  return {
    kind: 'postgres',
    db,
    setupDb,
    watch,
    listen: (channel, onMessage, onState) => listenPostgres(target.url, channel, onMessage, onState),
    startupDone: async () => {},
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    queryTimes,
    async migrate(migrationsFolder = migrationsDir) {
      // Several API processes may start at once against one database: a session advisory lock lets one of them
      // migrate while the others wait, then find nothing left to do.
      const lockClient = await setupPool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(setupDb, { migrationsFolder });
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    async close() {
      await Promise.all([pool.end(), setupPool.end()]);
    },
  };
}

/**
 * How long ending a connection waits for the server to close its side. A silent network never does (a dead
 * host sends nothing back), and nothing is lost by cutting the connection then: it is only a goodbye.
 */
const CLOSE_WAIT_MS = 1_000;

/** Ends a connection, cutting it after CLOSE_WAIT_MS when the server does not answer. */
async function endConnection(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      client.connection.stream.destroy();
      resolve();
    }, CLOSE_WAIT_MS);
  });
  await Promise.race([client.end().catch(() => {}), cut]);
  clearTimeout(timer);
}

/** How often the listening connection proves it is alive, and how long it may take to answer. */
const LISTEN_HEARTBEAT_MS = 5_000;
const LISTEN_HEARTBEAT_TIMEOUT_MS = 2_000;
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A connection that
 * drops, or stops answering the heartbeat (a silent network failure sends no error), reports `false` and is
 * replaced, retrying with a growing pause.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let pause = 100;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    clearInterval(heartbeat);
    c.end().catch(() => {});
    onState(false);
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(connect, pause);
    retry.unref();
    pause = Math.min(pause * 2, LISTEN_RETRY_MAX_MS);
  };
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      c.end().catch(() => {});
      schedule();
      return;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    pause = 100;
    onState(true);
    heartbeat = setInterval(() => {
      const timeout = setTimeout(() => lost(c), LISTEN_HEARTBEAT_TIMEOUT_MS);
      c.query('SELECT 1').then(
        () => clearTimeout(timeout),
        () => {
          clearTimeout(timeout);
          lost(c);
        },
      );
    }, LISTEN_HEARTBEAT_MS);
    heartbeat.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const c = client;
    client = null;
    if (c) await endConnection(c);
  };
}
