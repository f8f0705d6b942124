import { randomUUID } from 'node:crypto';
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
 * and this one's; from anyone else (or when it is not a short token) the id is a new UUID, so a client cannot
 * choose what the logs say about it.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    const address = request.socket?.remoteAddress;
    if (typeof given === 'string' && SANE_ID.test(given) && address !== undefined && trusted(address))
      return given;
    return randomUUID();
  };
}
