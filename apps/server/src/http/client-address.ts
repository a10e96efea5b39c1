import { isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Fastify's `trustProxy` as app.ts gives it (`fastifyTrustProxy`). */
export type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

/**
 * The client's address and the host it asked for, as Fastify's `request.ip` and `request.host`
 * work them out: the socket's own, or with TRUST_PROXY what the trusted proxies forwarded. For
 * code that runs before Fastify (the replayed lists, the request budget).
 */
export function clientOf(trustProxy: TrustProxyOption) {
  if (trustProxy === false) {
    return (req: IncomingMessage) => ({
      host: req.headers.host,
      address: req.socket.remoteAddress,
    });
  }
  const trusted = typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  return (req: IncomingMessage) => {
    const forwardedHost = req.headers['x-forwarded-host'];
    const address = req.socket.remoteAddress;
    const host =
      typeof forwardedHost === 'string' && address !== undefined && trusted(address, 0)
        ? (forwardedHost.split(',').at(-1) ?? '').trim()
        : req.headers.host;
    return { host, address: proxyAddr.all(req, trusted).at(-1) };
  };
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address;
  // An embedded IPv4 address (::ffff:192.0.2.1, 64:ff9b::192.0.2.1) is the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':').map((g) => parseInt(g, 16)));
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key a per-address limit counts a client under. An IPv4 address is one client; an IPv6
 * client is normally given a whole /64 (2^64 addresses, finding 10), so IPv6 addresses count by
 * their first 64 bits. An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, how a dual-stack
 * socket reports IPv4 clients) counts as that IPv4 address.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  // A zone (fe80::1%eth0) names the interface, not another client.
  const bare = address.split('%')[0] ?? address;
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
