import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import { operationOf, QueryTimes } from './query-times';

/**
 * How long a request waits on PostgreSQL before it is answered 503 (errors.ts maps these failures): a new
 * connection must be ready, and each query answered, within its request's deadline. A read (GET, HEAD) waits
 * up to `readMs`, a write (an editor saving a post, a visitor's message) up to `writeMs`: losing a write is
 * worse than waiting for it. Both are well above the pauses a healthy database has under load (a lock, a
 * checkpoint, a busy machine), so a slow database fails no request, and only a run of failures or a refused
 * connection declares it down (Reachability). Start-up work (migrations, the seed) is not held to them.
 */
export const REQUEST_LIMITS = { readMs: 2000, writeMs: 5000 } as const;

/** A request waits at most this long for a free connection when all are busy (overload, not an outage). */
const ACQUIRE_MS = 5000;
/** While the database is unreachable, a connection is tried this often in the background. */
const PROBE_EVERY_MS = 250;
/** This many timeouts in a row, with no answer between them, and the database counts as unreachable. */
const FAILURES_IN_A_ROW = 3;

export interface PoolLimits {
  readMs: number;
  writeMs: number;
}

/** The deadline of the request being served (set per request: see `withQueryDeadline`). */
const requestDeadline = new AsyncLocalStorage<number>();

/**
 * Runs `work` with its database calls held to `ms` each (a connection, a query). Outside any such call (timers,
 * background work) the write deadline applies.
 */
export function withQueryDeadline<T>(ms: number, work: () => T): T {
  return requestDeadline.run(ms, work);
}

/** The deadline that fits a request: reads are answered sooner, writes are waited for longer. */
export function deadlineFor(method: string, limits: PoolLimits = REQUEST_LIMITS): number {
  return method === 'GET' || method === 'HEAD' ? limits.readMs : limits.writeMs;
}

/** A timer that fires this much later than asked means the process was busy (its event loop stalled). */
const STALL_MS = 50;
/** Then the answer may be waiting unread: it gets this long more, with the loop free to read it. */
const GRACE_MS = 100;

/**
 * Calls `expire` once `ms` have passed unless the returned `done` was called first. A deadline that comes
 * due while the process was busy (on a loaded two-core machine the event loop stalls for most of a second at
 * times) gets a short grace to read what arrived meanwhile, and the last check is made after the loop's I/O
 * phase: a process too busy to read an answer in time is not mistaken for a database that sent none.
 */
function deadline(ms: number, expire: () => void): () => void {
  let done = false;
  let timer: NodeJS.Timeout;
  const arm = (wait: number, grace: boolean) => {
    const due = performance.now() + wait;
    timer = setTimeout(() => {
      if (done) return;
      if (grace && performance.now() - due > STALL_MS) arm(GRACE_MS, false);
      else
        setImmediate(() => {
          if (!done) expire();
        });
    }, wait);
  };
  arm(ms, true);
  return () => {
    done = true;
    clearTimeout(timer);
  };
}

/** Where a pool's database stands: answering, failing (some calls timed out), or unreachable. */
export type DatabaseState = 'answering' | 'failing' | 'unreachable';

/**
 * Whether a pool's database answers. A connection refused or cut while being made (the database or its host
 * is gone), or FAILURES_IN_A_ROW timeouts with no answer between them, make it unreachable: new connections
 * then fail at once instead of each request waiting out its deadline, and one connection is tried in the
 * background every PROBE_EVERY_MS until it works, so requests are served again as soon as it is back. Calls
 * still waiting on it then fail at once too, rather than each one waiting out its deadline. One slow answer
 * fails only the request that waited for it: a database that is slow is not down.
 */
class Reachability {
  private state: DatabaseState = 'answering';
  private timeouts = 0;
  /** How many calls have been answered so far: whether any was while someone waited. */
  answers = 0;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly listeners = new Set<(state: DatabaseState) => void>();
  /** How to give up each call waiting on the database now. */
  private readonly waiting = new Set<() => void>();

  constructor(private readonly tryConnect: () => Promise<void>) {}

  get unreachable(): boolean {
    return this.state === 'unreachable';
  }

  /** Calls `listener` with each new state. */
  watch(listener: (state: DatabaseState) => void): void {
    this.listeners.add(listener);
  }

  /** `giveUp` ends a call if the database is found unreachable meanwhile; answers the call's `done`. */
  waitingCall(giveUp: () => void): () => void {
    this.waiting.add(giveUp);
    return () => this.waiting.delete(giveUp);
  }

  /** A call was answered. */
  answered(): void {
    this.answers += 1;
    this.timeouts = 0;
    if (this.state === 'failing') this.become('answering');
  }

  /** A call went unanswered within its deadline. */
  timedOut(): void {
    if (this.closed) return;
    this.timeouts += 1;
    if (this.timeouts >= FAILURES_IN_A_ROW) this.down();
    else if (this.state === 'answering') this.become('failing');
  }

  /** A connection could not be made: refused, cut, or the name did not resolve. */
  down(): void {
    if (this.closed) return;
    this.become('unreachable');
    this.schedule();
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const giveUp of waiting) giveUp();
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
  }

  private become(state: DatabaseState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  private schedule(): void {
    if (this.probe || this.closed) return;
    this.probe = setTimeout(() => {
      this.tryConnect().then(
        () => {
          this.probe = null;
          this.timeouts = 0;
          if (!this.closed) this.become('answering');
        },
        () => {
          this.probe = null;
          if (this.unreachable) this.schedule();
        },
      );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }
}

type Query = (...args: unknown[]) => unknown;

/** What a call hears while the database is known to be unreachable (errors.ts maps it to 503). */
const UNREACHABLE = 'Connection terminated: the database is unreachable (trying again in the background)';

function limitedClientClass(
  limits: PoolLimits,
  reachability: Reachability,
  queryTimes: QueryTimes,
): typeof pg.Client {
  return class LimitedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const query = this.query.bind(this) as Query;
      this.query = ((...args: unknown[]) => this.timed(query, args)) as pg.Client['query'];
      // A connection lost while a request holds it (a transaction) is reported to that request's queries;
      // without a listener the 'error' event would also end the whole process.
      this.on('error', () => {});
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const attempt = this.attempt();
      if (!callback) return attempt;
      const reply = callback as (err: Error | null, c?: pg.Client) => void;
      attempt.then(
        (client) => reply(null, client),
        (err: Error) => reply(err),
      );
      return undefined;
    }

    private async attempt(): Promise<pg.Client> {
      if (reachability.unreachable) {
        throw new Error(UNREACHABLE);
      }
      let ended: 'timed out' | 'given up' | null = null;
      const stop = deadline(currentDeadline(limits), () => {
        ended = 'timed out';
        this.connection.stream.destroy(new Error('timeout expired'));
      });
      const leave = reachability.waitingCall(() => {
        ended = 'given up';
        this.connection.stream.destroy(new Error(UNREACHABLE));
      });
      const done = () => {
        stop();
        leave();
      };
      try {
        await super.connect();
        reachability.answered();
        return this;
      } catch (err) {
        // pg-pool's own limit (ACQUIRE_MS, as long as a write's deadline) may end a slow attempt first: slow,
        // not refused.
        const slow = ended === 'timed out' || /connection timeout/.test((err as Error).message);
        if (slow) reachability.timedOut();
        else if (ended === null) reachability.down();
        throw err;
      } finally {
        done();
      }
    }

    private timed(query: Query, args: unknown[]): unknown {
      // Streams (a Submittable such as a cursor) are not timed; nothing here uses them.
      if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return query(...args);
      const last = args.at(-1);
      // A pooled connection to a database known to be unreachable would only wait out its deadline.
      if (reachability.unreachable) {
        const err = new Error(UNREACHABLE);
        if (typeof last !== 'function') return Promise.reject(err);
        process.nextTick(() => (last as (e: Error) => void)(err));
        return undefined;
      }
      const stop = deadline(currentDeadline(limits), () => {
        leave();
        reachability.timedOut();
        this.connection.stream.destroy(new Error('Query read timeout'));
      });
      const leave = reachability.waitingCall(() => {
        stop();
        this.connection.stream.destroy(new Error(UNREACHABLE));
      });
      // Any answer from the server, an error included (a constraint, a statement stopped for its time),
      // shows the database is there; a connection lost on the way does not.
      // Timed for `/metrics` only while someone observes (db/query-times.ts): a clock read, no more.
      const observer = queryTimes.observer;
      const started = observer ? performance.now() : 0;
      const done = (err?: unknown) => {
        stop();
        leave();
        if (!err || err instanceof pg.DatabaseError) reachability.answered();
        if (observer) observer(operationOf(args[0]), (performance.now() - started) / 1000);
      };
      if (typeof last === 'function') {
        return query(...args.slice(0, -1), (...results: unknown[]) => {
          done(results[0]);
          (last as (...r: unknown[]) => void)(...results);
        });
      }
      const result = query(...args) as Promise<unknown>;
      result.then(() => done(), done);
      return result;
    }
  };
}

function currentDeadline(limits: PoolLimits): number {
  return requestDeadline.getStore() ?? limits.writeMs;
}

type Connected = (err: Error | null, client?: pg.PoolClient, release?: (err?: Error) => void) => void;
type Connect = (callback: Connected) => void;

/**
 * pg-pool's `connect` (a free connection, or a wait for one), held to the request's deadline while the
 * database answers nothing: when every connection is stuck on a database that went away, a request waiting
 * for one would otherwise wait out the pool's own limit (ACQUIRE_MS), and counts toward declaring it
 * unreachable. While answers keep coming the wait is overload, not an outage: it goes on, up to ACQUIRE_MS.
 * The connection is handed over in the caller's context (its deadline), not in that of whoever released it.
 */
function waitForConnection(connect: Connect, reachability: Reachability, limits: PoolLimits) {
  return (callback?: Connected): Promise<pg.PoolClient> | undefined => {
    let settle: Connected;
    let promise: Promise<pg.PoolClient> | undefined;
    if (callback) settle = AsyncResource.bind(callback);
    else
      promise = new Promise((resolve, reject) => {
        settle = (err, client) => (err || !client ? reject(err) : resolve(client));
      });
    let waiting = true;
    const answersBefore = reachability.answers;
    const stop = deadline(currentDeadline(limits), () => {
      if (!waiting || reachability.answers !== answersBefore) return;
      waiting = false;
      reachability.timedOut();
      settle(new Error('timeout exceeded when trying to connect'));
    });
    connect((err, client, release) => {
      stop();
      if (waiting) {
        waiting = false;
        settle(err, client, release);
      } else if (!err) {
        // Came after its request gave up: back to the pool for the next one.
        client?.release();
      }
    });
    return promise;
  };
}

/** A pool for requests, and a way to hear when its database stops or starts answering. */
export interface RequestPool {
  pool: pg.Pool;
  /** How long each of the pool's statements takes, for `/metrics`. */
  queryTimes: QueryTimes;
  watch(listener: (state: DatabaseState) => void): void;
}

/**
 * The pool that serves requests: connections and queries held to their request's deadline (see
 * REQUEST_LIMITS), the server told to stop a statement once no request can be waiting for it any more
 * (statement_timeout, the longest deadline), failures answered at once while the database is known to be
 * unreachable, and connections that break while in use never taking the process down.
 */
export function requestPool(url: string, max: number, limits: PoolLimits = REQUEST_LIMITS): RequestPool {
  const config: pg.PoolConfig = {
    connectionString: url,
    max,
    connectionTimeoutMillis: ACQUIRE_MS,
    statement_timeout: limits.writeMs,
  };
  const state = new Reachability(async () => {
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: limits.readMs });
    probe.on('error', () => {});
    try {
      await probe.connect();
    } finally {
      await probe.end().catch(() => {});
    }
  });
  const queryTimes = new QueryTimes();
  const pool = new pg.Pool({
    ...config,
    // pg-pool passes its options to this constructor, whatever its declared type says.
    Client: limitedClientClass(limits, state, queryTimes) as unknown as new () => pg.ClientBase,
  });
  pool.connect = waitForConnection(pool.connect.bind(pool) as Connect, state, limits) as pg.Pool['connect'];
  const end = pool.end.bind(pool);
  pool.end = (() => {
    state.close();
    return end();
  }) as pg.Pool['end'];
  // An idle connection that is lost emits 'error' on the pool; the next query gets a fresh connection.
  pool.on('error', () => {});
  return { pool, queryTimes, watch: (listener) => state.watch(listener) };
}

/** The same guard for a pool without limits (start-up work): a connection lost in use never ends it all. */
export function guardConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
