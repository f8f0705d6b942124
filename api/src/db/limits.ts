import pg from 'pg';

/**
 * How long a request waits on PostgreSQL before it is answered 503 (errors.ts maps these failures): a new
 * connection must be ready, and each query answered, within these times. A database that refuses or cuts
 * connections fails at once; these bound the silent cases (a dead network, a host that is off, a stuck
 * server) to under a second. Start-up work (migrations, the seed) is not held to them.
 */
export const REQUEST_LIMITS = { connectMs: 750, queryMs: 750 } as const;

/** A request waits at most this long for a free connection when all are busy (overload, not an outage). */
const ACQUIRE_MS = 5000;
/** While the database is unreachable, a connection is tried this often in the background. */
const PROBE_EVERY_MS = 250;

export interface PoolLimits {
  connectMs: number;
  queryMs: number;
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

/**
 * Whether a pool's database answered the last time anyone asked. Once a connection could not be made (or a
 * query went unanswered), new connections fail at once instead of each request waiting out its own timeout,
 * and one connection is tried in the background every PROBE_EVERY_MS until it works: requests are served
 * again as soon as the database is back.
 */
class Reachability {
  private down = false;
  private probe: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly tryConnect: () => Promise<void>) {}

  get unreachable(): boolean {
    return this.down;
  }

  failed(): void {
    if (this.closed) return;
    this.down = true;
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.probe) clearTimeout(this.probe);
  }

  private schedule(): void {
    if (this.probe || this.closed) return;
    this.probe = setTimeout(() => {
      this.tryConnect().then(
        () => {
          this.probe = null;
          this.down = false;
        },
        () => {
          this.probe = null;
          if (this.down) this.schedule();
        },
      );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }
}

type Query = (...args: unknown[]) => unknown;

function limitedClientClass(limits: PoolLimits, reachability: Reachability): typeof pg.Client {
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
        throw new Error(
          'Connection terminated: the database is unreachable (trying again in the background)',
        );
      }
      const done = deadline(limits.connectMs, () =>
        this.connection.stream.destroy(new Error('timeout expired')),
      );
      try {
        await super.connect();
        return this;
      } catch (err) {
        reachability.failed();
        throw err;
      } finally {
        done();
      }
    }

    private timed(query: Query, args: unknown[]): unknown {
      // Streams (a Submittable such as a cursor) are not timed; nothing here uses them.
      if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return query(...args);
      const done = deadline(limits.queryMs, () => {
        reachability.failed();
        this.connection.stream.destroy(new Error('Query read timeout'));
      });
      const last = args.at(-1);
      if (typeof last === 'function') {
        return query(...args.slice(0, -1), (...results: unknown[]) => {
          done();
          (last as (...r: unknown[]) => void)(...results);
        });
      }
      const result = query(...args) as Promise<unknown>;
      result.then(done, done);
      return result;
    }
  };
}

/**
 * The pool that serves requests: connections and queries held to `limits` (see REQUEST_LIMITS), the server
 * told to stop a statement nobody waits for any more (statement_timeout), failures answered at once while the
 * database is known to be unreachable, and connections that break while in use never taking the process down.
 */
export function requestPool(url: string, max: number, limits: PoolLimits = REQUEST_LIMITS): pg.Pool {
  const config: pg.PoolConfig = {
    connectionString: url,
    max,
    connectionTimeoutMillis: ACQUIRE_MS,
    statement_timeout: limits.queryMs,
  };
  const state = new Reachability(async () => {
    const probe = new pg.Client({ connectionString: url, connectionTimeoutMillis: limits.connectMs });
    probe.on('error', () => {});
    try {
      await probe.connect();
    } finally {
      await probe.end().catch(() => {});
    }
  });
  const pool = new pg.Pool({
    ...config,
    // pg-pool passes its options to this constructor, whatever its declared type says.
    Client: limitedClientClass(limits, state) as unknown as new () => pg.ClientBase,
  });
  const end = pool.end.bind(pool);
  pool.end = (() => {
    state.close();
    return end();
  }) as pg.Pool['end'];
  // An idle connection that is lost emits 'error' on the pool; the next query gets a fresh connection.
  pool.on('error', () => {});
  return pool;
}

/** The same guard for a pool without limits (start-up work): a connection lost in use never ends it all. */
export function guardConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
