import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddressOf } from './client-address';

const request = (peer: string, forwardedFor?: string) =>
  ({ socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }) as unknown as IncomingMessage;

describe('client address', () => {
  it('trusts no proxy by default: X-Forwarded-For is ignored, even from loopback', () => {
    expect(clientAddressOf(false)(request('127.0.0.1', '203.0.113.9'))).toBe('127.0.0.1');
  });

  it('takes the first untrusted address, walking X-Forwarded-For from the trusted peer', () => {
    const address = clientAddressOf(['loopback', '10.0.0.0/8']);
    expect(address(request('127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    // a client's own forged entry sits left of the address the proxy saw: not reached
    expect(address(request('10.0.0.5', '1.1.1.1, 203.0.113.9'))).toBe('203.0.113.9');
    expect(address(request('198.51.100.7', '203.0.113.9'))).toBe('198.51.100.7');
  });

  it('a hop count trusts that many proxies, whoever they are', () => {
    expect(clientAddressOf(1)(request('198.51.100.7', '1.1.1.1, 203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressOf(2)(request('198.51.100.7', '1.1.1.1, 203.0.113.9'))).toBe('1.1.1.1');
  });

  it('shows IPv4-mapped addresses as IPv4 and counts IPv6 by /64', () => {
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
