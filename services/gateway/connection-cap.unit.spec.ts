import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { capConnectionsPerAddress, totalConnectionLimit } from './connection-cap';

/** A stand-in socket: the cap reads its address, closes it when over, and counts it back on close. */
function socketFrom(remoteAddress: string) {
  const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false, destroy: () => (socket.destroyed = true) });
  return socket;
}

describe('connections per address', () => {
  it('counts an IPv6 /64 as one address, IPv4-mapped addresses as IPv4, and frees slots on close', () => {
    const server = new EventEmitter();
    capConnectionsPerAddress(server as never, 2, () => undefined);
    const connect = (address: string) => {
      const socket = socketFrom(address);
      server.emit('connection', socket);
      return socket;
    };
    const first = connect('2001:db8:1:2::1');
    connect('2001:db8:1:2:ffff::9');
    const third = connect('2001:db8:1:2:aaaa:bbbb:cccc:dddd'); // same /64: over the cap
    expect([first.destroyed, third.destroyed]).toEqual([false, true]);
    expect(connect('2001:db8:1:3::1').destroyed).toBe(false); // another /64
    connect('198.51.100.7');
    connect('::ffff:198.51.100.7');
    expect(connect('198.51.100.7').destroyed).toBe(true);
    first.emit('close');
    expect(connect('2001:db8:1:2::5').destroyed).toBe(false);
  });

  it('keeps the total under the open-file limit, with a reserve for the process itself', () => {
    expect(totalConnectionLimit('Max open files            20000                20000                files')).toBe(15_488);
    expect(totalConnectionLimit('Max open files            1024                 4096                 files')).toBe(307);
    expect(totalConnectionLimit(null)).toBe(10_000);
  });
});
