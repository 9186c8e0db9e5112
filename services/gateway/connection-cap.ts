import { readFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { addressKey } from './rate-limit/client-address';

const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Caps the connections open at once from one remote address (the TCP peer: behind a reverse proxy that is the
 * proxy, see README), an IPv6 address counting for its /64 as the rate limits do (one subscriber's block: hopping
 * between its addresses gains nothing). A connection over the cap is closed at once, before any request on it is
 * read, so one client cannot hold every socket the process can serve. `max` 0 turns the cap off.
 */
export function capConnectionsPerAddress(server: Pick<Server, 'on'>, max: number, log: (message: string) => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let lastLogged = 0;
  server.on('connection', (socket) => {
    if (!socket.remoteAddress) return;
    const address = addressKey(socket.remoteAddress);
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      const now = Date.now();
      if (now - lastLogged > REFUSAL_LOG_INTERVAL_MS) {
        lastLogged = now;
        log(`refused a connection from ${address}: ${max} already open from that address (MAX_CONNECTIONS_PER_ADDRESS)`);
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** File descriptors kept for the process's own files (logs, databases and their journals) whatever clients do. */
const RESERVED_DESCRIPTORS = 512;

/**
 * Most connections the server keeps open at once, all addresses together: many addresses each under their cap could
 * otherwise take every file descriptor, and then the process could open nothing, its own files included. 80 % of
 * the soft limit on open files (Linux: /proc/self/limits), less a reserve; 10,000 when it cannot be read.
 */
export function totalConnectionLimit(limits = readLimits()): number {
  const soft = /^Max open files\s+(\d+)/m.exec(limits ?? '')?.[1];
  if (!soft) return 10_000;
  return Math.max(64, Math.floor(Number(soft) * 0.8) - RESERVED_DESCRIPTORS);
}

function readLimits(): string | null {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}
