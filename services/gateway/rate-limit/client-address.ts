import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../../config';

export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY compiled once, with Express's own rules (Express is given this very function). */
export function compileTrust(setting: TrustProxy): TrustFunction {
  if (setting === false) return () => false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

/**
 * The client's address as rate limits count it: the peer, or the first untrusted address in X-Forwarded-For when the
 * peer is a trusted proxy (proxy-addr, as `req.ip`). IPv4-mapped IPv6 is shown as IPv4; IPv6 is cut to its /64,
 * the block one subscriber usually holds, so hopping between a block's addresses gains nothing.
 */
export function clientAddressOf(setting: TrustProxy): (req: IncomingMessage) => string {
  if (setting === false) return (req) => addressKey(req.socket.remoteAddress ?? 'unknown');
  const trust = compileTrust(setting);
  return (req) => addressKey(proxyaddr(req, trust));
}

export function addressKey(address: string): string {
  if (address.indexOf(':') === -1) return address;
  if (address.startsWith('::ffff:') && address.indexOf('.') !== -1) return address.slice(7);
  return ipv6Prefix64(address);
}

function ipv6Prefix64(address: string): string {
  const zone = address.indexOf('%');
  const bare = zone === -1 ? address : address.slice(0, zone);
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
