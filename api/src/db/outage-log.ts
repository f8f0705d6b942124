import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseState } from './limits';

/** While the database does not answer, how often the log says how many requests were answered 503. */
export const OUTAGE_REPORT_EVERY_MS = 10_000;

/** What the log says of the failure that started an outage: the driver's own words, never a query. */
export interface OutageCause {
  code?: string;
  message?: string;
}

export interface OutageLog {
  /** A request that needed the database was answered 503 (errors.ts). */
  unavailable(cause: OutageCause): void;
  /** The request pool's view of the database changed (limits.ts, Reachability). */
  state(state: DatabaseState): void;
  stop(): void;
}

/**
 * The log of database outages: one line when one starts, a count of the requests answered 503 every
 * OUTAGE_REPORT_EVERY_MS while it lasts, and one line when it ends. Under load an outage fails hundreds of
 * requests a second; a line each would bury everything else in the log (and cost the time the rest of the
 * server needs). An outage ends when the pool sees answers again, or after a whole period with no 503 (a 503
 * the pool never saw coming: every connection busy past the wait).
 */
export function outageLog(log: FastifyBaseLogger, everyMs = OUTAGE_REPORT_EVERY_MS): OutageLog {
  let current: DatabaseState = 'answering';
  let outage: { since: number; total: number; recent: number; timer: NodeJS.Timeout } | null = null;

  const start = (cause: OutageCause | { state: DatabaseState }) => {
    if (outage) return;
    const timer = setInterval(report, everyMs);
    timer.unref();
    outage = { since: Date.now(), total: 0, recent: 0, timer };
    log.error({ cause }, 'database not answering: requests that need it are answered 503 until it is back');
  };
  const end = () => {
    if (!outage) return;
    clearInterval(outage.timer);
    const { since, total } = outage;
    outage = null;
    log.warn(
      { seconds: Math.round((Date.now() - since) / 1000), answered503: total },
      `database answering again after ${((Date.now() - since) / 1000).toFixed(1)} s: ${total} requests were answered 503`,
    );
  };
  function report() {
    if (!outage) return;
    if (outage.recent === 0 && current === 'answering') return end();
    log.warn(
      { answered503: outage.recent, total: outage.total },
      `database still not answering: ${outage.recent} requests answered 503 in the last ${everyMs / 1000} s`,
    );
    outage.recent = 0;
  }

  return {
    unavailable(cause) {
      start(cause);
      if (!outage) return;
      outage.total += 1;
      outage.recent += 1;
    },
    state(state) {
      current = state;
      if (state === 'answering') end();
      else start({ state });
    },
    stop() {
      if (outage) clearInterval(outage.timer);
      outage = null;
    },
  };
}
