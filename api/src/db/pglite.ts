import { spawn } from 'node:child_process';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type Results } from '@electric-sql/pglite';
import { migrationsDir } from '../paths';
import { copyTemplate } from './pglite-template';
import { sameProcess, startOf } from './processes';
import { QueryTimes } from './query-times';

/**
 * What PGlite starts Postgres with: its own defaults, and shared memory sized for a site's database rather
 * than Postgres's 128 MB of shared buffers, which PGlite's WebAssembly memory touched in full at start (most of
 * the process's memory). The whole database is a few MB, and the system's page cache keeps its files anyway:
 * 8 MB (1,024 pages) took 16 MB less than 16 MB did, once a site's pages had been read. One backend runs, so room for 100 connections' locks and process slots is not needed either.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=8MB',
  '-c',
  'max_connections=8',
];

/**
 * Where a new database is made before it is moved into the data folder: `${STAGING_PREFIX}${pid}-${time}`, a
 * name of each start's own, so no start ever makes its database in a folder an earlier one still writes to.
 */
export const STAGING_PREFIX = '.initdb-';
/** Beside a staging folder, `${staging}${OWNER}`: the initdb process writing into it, as `pid start`. */
const OWNER = '.owner';
/** Written in a staging folder once its database is complete: from then on it is moved, never made again. */
const COMPLETE = 'agency-initdb-complete';
/** The file whose presence tells PGlite (and us) that a data folder holds a database. */
const PG_VERSION = 'PG_VERSION';

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Runs in a process of its own (node -e): opens PGlite on an empty folder, which makes the database
 * (initdb), then closes it. Arguments: PGlite's entry point, the folder, the start parameters as JSON.
 */
const INITDB_SOURCE = `
const [entry, dir, params] = process.argv.slice(1);
const { PGlite } = require(entry);
// Standard input is a pipe from the server: it ends when the server does, even by kill -9, and so does this.
process.stdin.on('end', () => process.exit(1));
process.stdin.on('error', () => process.exit(1));
process.stdin.resume();
(async () => {
  const pg = new PGlite(dir, { startParams: JSON.parse(params) });
  await pg.waitReady;
  await pg.close();
  process.exit(0);
})().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err));
  process.exit(1);
});
`;

/**
 * Makes a new database in `dir` (an empty or missing folder) in a child process, and waits for it. The child
 * is named beside the folder (OWNER) while it works: should this process be killed meanwhile, the next start
 * ends it before touching the folder (endOrphan).
 */
function initdbInChildProcess(dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', INITDB_SOURCE, entry, dir, JSON.stringify(PGLITE_START_PARAMS)],
      { stdio: ['pipe', 'ignore', 'pipe'], env: process.env },
    );
    if (child.pid !== undefined) {
      const pid = child.pid;
      void startOf(pid).then((start) =>
        writeFile(`${dir}${OWNER}`, `${pid} ${start ?? '-'}`).catch(() => {}),
      );
    }
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`initdb failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}

/**
 * Makes sure `dataDir` (claimed by this process) holds a database before PGlite opens it.
 *
 * PGlite makes a missing database itself, but in the process that opens it: initdb runs in a second
 * WebAssembly instance beside the first, and what they grew to (about 900 MB) stayed with the process for
 * good. Here it runs in a child process, whose memory goes back to the system when it exits; the server
 * then opens an existing database, as on any later start.
 *
 * The database is made in a staging folder inside `dataDir` and moved in afterwards, PG_VERSION last (its
 * presence is what marks a folder as holding a database), so a first start killed at any point leaves a
 * folder the next start completes: a staging folder marked complete is moved in, any other is dropped.
 *
 * With a `template` (pglite-template.ts: a database made by the build, with the migrations of
 * `migrationsFolder` or the first of them) the staging folder is copied from it instead: no initdb, and
 * only the migrations it lacks left to apply. A template that does not fit (another PGlite, other migrations)
 * or cannot be read is passed over for initdb.
 * Answers whether the database is new (made or completed now).
 */
export async function prepareDataDir(
  dataDir: string,
  {
    template = null,
    migrationsFolder = migrationsDir,
  }: { template?: string | null; migrationsFolder?: string } = {},
): Promise<boolean> {
  const entries = await readdir(dataDir);
  const names = entries.filter((name) => name.startsWith(STAGING_PREFIX));
  // A start killed while its initdb ran may have left that child writing (it ends once it notices): it is
  // ended first, so nothing writes into a folder being removed (that failed a restart with ENOTEMPTY).
  for (const name of names) {
    if (name.endsWith(OWNER)) await endOrphan(path.join(dataDir, name.slice(0, -OWNER.length)));
  }
  const stagings = names.filter((name) => !name.endsWith(OWNER));
  if (entries.includes(PG_VERSION)) {
    // A staging folder is left only by a start killed after its PG_VERSION was moved: it is empty now.
    await Promise.all(stagings.map((name) => removeStaging(path.join(dataDir, name))));
    return false;
  }
  let staging: string | null = null;
  for (const name of stagings) {
    const dir = path.join(dataDir, name);
    if (staging === null && (await exists(path.join(dir, COMPLETE)))) staging = dir;
    else await removeStaging(dir);
  }
  if (staging === null) {
    staging = path.join(dataDir, `${STAGING_PREFIX}${process.pid}-${Date.now()}`);
    if (!(template !== null && (await fromTemplate(template, migrationsFolder, staging)))) {
      await initdbInChildProcess(staging);
      await rm(`${staging}${OWNER}`, { force: true });
    }
    await writeFile(path.join(staging, COMPLETE), '');
  }
  const moving = (await readdir(staging)).filter((name) => name !== COMPLETE && name !== PG_VERSION);
  for (const name of moving) {
    const target = path.join(dataDir, name);
    // Without PG_VERSION the folder holds no database: what is in the way is a leftover of a start that was
    // cut short (a version that made the database in place), never data.
    await rm(target, { recursive: true, force: true });
    await rename(path.join(staging, name), target);
  }
  await rename(path.join(staging, PG_VERSION), path.join(dataDir, PG_VERSION));
  await rm(staging, { recursive: true, force: true });
  return true;
}

/** The template copied into `staging`; false (and `staging` removed) when it does not fit or cannot be read. */
async function fromTemplate(template: string, migrationsFolder: string, staging: string): Promise<boolean> {
  try {
    if (await copyTemplate(template, migrationsFolder, staging)) return true;
  } catch {
    // A damaged or missing template: initdb makes the database instead.
  }
  await removeStaging(staging);
  return false;
}

/** How long an orphaned initdb may take to die once killed, before a start gives up on it. */
const ORPHAN_EXIT_MS = 10_000;

/**
 * Ends the initdb process named beside `staging` if it still runs (the start that made it was killed), and
 * waits until it is gone.
 */
async function endOrphan(staging: string): Promise<void> {
  const owner = await readFile(`${staging}${OWNER}`, 'utf8').catch(() => null);
  if (owner === null) return;
  const [pidText = '', start = '-'] = owner.trim().split(' ');
  const pid = Number(pidText);
  if (Number.isInteger(pid) && pid > 0 && (await sameProcess(pid, start === '-' ? null : start))) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone meanwhile, or not ours to end: what follows finds out.
    }
    const deadline = Date.now() + ORPHAN_EXIT_MS;
    while ((await sameProcess(pid, start === '-' ? null : start)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await rm(`${staging}${OWNER}`, { force: true });
}

/**
 * Removes a staging folder left by an earlier start. A writer nobody named (killed before its name was
 * written) may still add files for a moment: removal is retried, and a folder that cannot be removed yet is
 * left for the next start, since this start makes its database in a folder of its own.
 */
async function removeStaging(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => {});
}

// ---------------------------------------------------------------------------------------------------------
// PGlite on a thread of its own.

/** What the thread is started with (pglite-worker.ts). */
export interface ThreadStart {
  /** Null keeps the database in memory (tests). */
  dataDir: string | null;
  startParams: string[];
  /**
   * In memory only: a data folder saved by PGlite's `dumpDataDir` to start from, instead of a new database
   * made by initdb. The tests copy one empty database this way, in a fraction of initdb's time.
   */
  image?: Uint8Array<ArrayBuffer>;
}

/** A message to the thread; `tx` names an open transaction (the id of the request that began it). */
export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types whose values are given as Postgres wrote them (what drizzle asks for dates and intervals). */
      textTypes: number[];
      tx: number | null;
    }
  | { id: number; op: 'exec'; sql: string; tx: number | null }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

/** The thread's answer to request `id` (0: the start), or a notification (`id` -1). */
export type ThreadReply =
  | { id: number; ok: true; result?: unknown }
  | {
      id: number;
      error: { name: string; message: string; fields: Record<string, unknown> };
    }
  | { id: -1; notify: { channel: string; payload: string } };

/** A request before it is numbered. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };

/** The part of a PGlite transaction drizzle uses. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * How the thread starts: the production build runs dist/pglite-worker.js (an entry point of api/build.mjs, next
 * to dist/server.js); tsx and vitest run the TypeScript source, which the thread imports after registering
 * tsx's loader in itself (a worker given `--import tsx` in its execArgv does not load TypeScript on Node 20).
 */
function workerSource(): { source: string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    return { source: fileURLToPath(new URL('./pglite-worker.js', import.meta.url)), eval: false };
  }
  // tsx's ESM API by its file: its CommonJS twin registers a path that does not exist from a worker.
  const tsxApi = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const worker = new URL('./pglite-worker.ts', import.meta.url).href;
  return {
    source: `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(worker)}))`,
    eval: true,
  };
}

/** A query's parsers, as the types to keep as text: the only parsers drizzle gives return the text itself. */
function textTypes(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse('2024-01-01 00:00:00') !== '2024-01-01 00:00:00')
      throw new Error(`PgliteThread keeps type ${type} as text; a parser that changes it is not supported`);
    return Number(type);
  });
}

/**
 * PGlite in a worker thread, with the calls drizzle's PGlite driver makes (query, transaction) and those of
 * createDb (listen, close). PGlite runs each query synchronously inside WebAssembly: on the main thread, every
 * query (and each queued query after it, all in one stretch) held up every other request. On its own thread
 * the event loop keeps serving meanwhile, as it does while PostgreSQL works in its own process. One thread,
 * one database: queries still run one at a time, in order, and a transaction holds the others back until it
 * ends, exactly as PGlite does in process.
 */
export class PgliteThread {
  private worker!: Worker;
  /** Threads ended on purpose (close, restart): their exit is no failure. */
  private readonly ending = new WeakSet<Worker>();
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  /** Who listens on each channel: the thread LISTENs once per channel, whoever many listen here. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;
  /** While `restart` runs: what the calls made meanwhile wait for. */
  private restarting: Promise<void> | null = null;
  /** How long each statement takes, for `/metrics` (db/query-times.ts). */
  readonly queryTimes = new QueryTimes();
  readonly waitReady: Promise<void>;

  constructor(private readonly start: ThreadStart) {
    this.waitReady = this.spawn();
    // Unhandled until someone awaits it: the error also reaches whoever calls next.
    this.waitReady.catch(() => {});
  }

  /** A new thread opening the database; resolves once it is open. */
  private spawn(): Promise<void> {
    const { source, eval: evaluate } = workerSource();
    const worker = new Worker(source, { workerData: this.start, eval: evaluate });
    this.worker = worker;
    this.stopped = null;
    const ready = new Promise<void>((resolve, reject) => {
      this.pending.set(0, { resolve: () => resolve(), reject });
    });
    worker.on('message', (reply: ThreadReply) => this.receive(reply));
    worker.on('error', (err) => {
      if (this.worker === worker) this.stop(err);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker && !this.ending.has(worker))
        this.stop(new Error(`the embedded database's thread exited (${code})`));
    });
    return ready;
  }

  private receive(reply: ThreadReply): void {
    if ('notify' in reply) {
      for (const listener of this.listeners.get(reply.notify.channel) ?? []) listener(reply.notify.payload);
      return;
    }
    const call = this.pending.get(reply.id);
    if (!call) return;
    this.pending.delete(reply.id);
    // Nothing waits on the thread: it no longer keeps the process alive (a listener alone does not).
    if (this.pending.size === 0) this.worker.unref();
    if ('error' in reply) {
      const err = new Error(reply.error.message);
      err.name = reply.error.name;
      call.reject(Object.assign(err, reply.error.fields));
    } else call.resolve(reply.result);
  }

  /** Closes the database on the current thread and ends the thread. */
  private async end(): Promise<void> {
    const worker = this.worker;
    this.ending.add(worker);
    if (!this.stopped) await this.send({ op: 'close' }).catch(() => {});
    await worker.terminate();
  }

  /**
   * Closes the database and opens it again on a new thread, with the listeners it had: what the old thread
   * grew to (a new database's migrations and seed) goes back to the system. Only while nothing else is asked.
   */
  async restart(): Promise<void> {
    if (this.pending.size > 0) throw new Error('PgliteThread.restart while queries are running');
    // The channels listened on now; one first listened on meanwhile is listened on by its own call, after.
    const channels = [...this.listeners.keys()];
    const restarting = (async () => {
      await this.end();
      await this.spawn();
      for (const channel of channels) await this.send({ op: 'listen', channel });
    })();
    this.restarting = restarting;
    try {
      await restarting;
    } finally {
      if (this.restarting === restarting) this.restarting = null;
    }
  }

  private stop(err: Error): void {
    this.stopped ??= err;
    for (const call of this.pending.values()) call.reject(this.stopped);
    this.pending.clear();
  }

  /** Asks the thread; while it restarts, the new one once it is open (a start goes on meanwhile). */
  private call<T>(request: Unnumbered<ThreadRequest>): Promise<T> {
    const restarting = this.restarting;
    if (restarting) return restarting.then(() => this.send<T>(request));
    return this.send<T>(request);
  }

  private send<T>(request: Unnumbered<ThreadRequest>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private queryIn<T>(
    tx: number | null,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<Results<T>> {
    const started = this.queryTimes.observer ? performance.now() : 0;
    return this.queryTimes.time(sql, started, this.sendQuery<T>(tx, sql, params, options));
  }

  private async sendQuery<T>(
    tx: number | null,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results<T>> {
    return this.call({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      textTypes: textTypes(options.parsers),
      tx,
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryIn<T>(null, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    const started = this.queryTimes.observer ? performance.now() : 0;
    return this.queryTimes.time(sql, started, this.call<Results[]>({ op: 'exec', sql, tx: null }));
  }

  /** Like PGlite's: committed when `run` returns, rolled back when it throws or calls `rollback`. */
  async transaction<T>(run: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    // The thread names the transaction by the id of the request that begins it: the next one, so the request
    // must go at once, not after a restart.
    while (this.restarting) await this.restarting.catch(() => {});
    const id = this.nextId;
    await this.call({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      query: (sql, params, options) => {
        open();
        return this.queryIn(id, sql, params, options);
      },
      exec: (sql) => {
        open();
        return this.call({ op: 'exec', sql, tx: id });
      },
      rollback: async () => {
        open();
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await run(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: true });
    }
    return result;
  }

  /**
   * LISTEN on `channel`, beside anyone else listening on it; answers the function that stops this listener.
   * Notifications come in the order they were sent, each before the answer of the statement that sent it.
   */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.listeners.get(channel) ?? new Set();
    const first = listeners.size === 0;
    // A function of its own, so that the same callback listening twice is stopped once at a time.
    const listener = (payload: string) => onMessage(payload);
    listeners.add(listener);
    this.listeners.set(channel, listeners);
    if (first) await this.call({ op: 'listen', channel });
    return async () => {
      if (!listeners.delete(listener) || listeners.size > 0) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel }).catch(() => {});
    };
  }

  /** Closes the database, then ends the thread. */
  async close(): Promise<void> {
    await this.end();
    this.stop(new Error('the embedded database is closed'));
  }
}

/** For drizzle's PGlite driver, which takes the client by its type (it calls only what PgliteThread has). */
export const asPglite = (thread: PgliteThread) => thread as unknown as PGlite;
