import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTAGE_REPORT_EVERY_MS, outageLog } from './outage-log';

/** A logger that keeps each line's level and message. */
function recordingLogger() {
  const lines: string[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(`${level} ${String(args.find((a) => typeof a === 'string'))}`);
  const log = { error: at('error'), warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('outageLog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('logs an outage once when it starts, a count every period, and once when it ends', () => {
    const { log, lines } = recordingLogger();
    const outages = outageLog(log);
    outages.state('failing');
    outages.state('unreachable');
    for (let second = 0; second < 25; second++) {
      // Hundreds of requests answered 503 each second.
      for (let i = 0; i < 400; i++) outages.unavailable({ code: 'ECONNREFUSED' });
      vi.advanceTimersByTime(1000);
    }
    outages.state('answering');
    expect(lines).toEqual([
      'error database not answering: requests that need it are answered 503 until it is back',
      'warn database still not answering: 4000 requests answered 503 in the last 10 s',
      'warn database still not answering: 4000 requests answered 503 in the last 10 s',
      'warn database answering again after 25.0 s: 10000 requests were answered 503',
    ]);
    outages.stop();
  });

  it('ends an outage its pool never saw (every connection busy past the wait) after a quiet period', () => {
    const { log, lines } = recordingLogger();
    const outages = outageLog(log);
    outages.unavailable({ message: 'timeout exceeded when trying to connect' });
    outages.unavailable({ message: 'timeout exceeded when trying to connect' });
    vi.advanceTimersByTime(OUTAGE_REPORT_EVERY_MS * 2);
    expect(lines).toEqual([
      'error database not answering: requests that need it are answered 503 until it is back',
      'warn database still not answering: 2 requests answered 503 in the last 10 s',
      'warn database answering again after 20.0 s: 2 requests were answered 503',
    ]);
    outages.stop();
  });
});
