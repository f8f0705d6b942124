import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config';

/** What an id taken from a proxy may look like: short, and nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Whether the connection's peer is a proxy the server trusts (TRUST_PROXY), decided as fastify decides the
 * client address: a hop count trusts whatever connects (the nearest hop is a proxy), a list trusts those
 * addresses only, false trusts nobody.
 */
function trustsPeer(trustProxy: Config['trustProxy']): (address: string) => boolean {
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  if (typeof trustProxy === 'string') {
    const trusted = proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
    return (address) => trusted(address, 0);
  }
  return () => trustProxy === true;
}

/**
 * fastify's `genReqId`: the request id every log line of a request carries and its `X-Request-Id` answer
 * header repeats. A trusted proxy's `X-Request-Id` is kept, so one id follows a request through the proxy's log
 * and this one's; from anyone else (or when it is not a short token) the id is a new one, so a client cannot
 * choose what the logs say about it.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  // This process's own prefix, then a count: unique across processes and restarts like a UUID, at the cost of a
  // counter (a UUID per request cost the cached reads a few percent of their throughput).
  const prefix = randomBytes(8).toString('hex');
  let count = 0;
  return (request) => {
    const given = request.headers['x-request-id'];
    if (typeof given === 'string') {
      const address = request.socket?.remoteAddress;
      if (SANE_ID.test(given) && address !== undefined && trusted(address)) return given;
    }
    count += 1;
    return `${prefix}-${count.toString(36)}`;
  };
}

/**
 * The headers every answer carries that the fast paths, which write their answers themselves, must add: the
 * request's id, and `Connection: close` once the process is stopping (app.ts sets the same on every other).
 */
export function perAnswerHeaders(request: { id: string }, stopping: boolean): string[] {
  return stopping ? ['x-request-id', request.id, 'connection', 'close'] : ['x-request-id', request.id];
}
