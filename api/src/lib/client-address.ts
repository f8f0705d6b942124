import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that rate limits count against, so that one client is one counter however
 * its address is written: an IPv4 address as itself (also when it comes IPv4-mapped, `::ffff:127.0.0.1`), an
 * IPv6 address by its /64 (one household's or one server's network: a client given a /64 has 2^64 addresses
 * to rotate through). Anything else (no address at all) is kept as written.
 */
export function rateLimitAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as lower-case hex without leading zeros; null if it is none. */
function ipv6Groups(ip: string): string[] | null {
  const address = ip.replace(/%.*$/, ''); // a zone (`fe80::1%eth0`) is the host's, not the client's
  if (!isIPv6(address)) return null;
  let text = address.toLowerCase();
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest === undefined ? [] : rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = rest === undefined ? left : [...left, ...Array(missing).fill('0'), ...right];
  if (groups.length !== 8) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
