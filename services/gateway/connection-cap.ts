import type { Server } from 'node:net';

const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Caps the connections open at once from one remote address (the TCP peer: behind a reverse proxy that is the
 * proxy, see README). A connection over the cap is closed at once, before any request on it is read, so one client
 * cannot hold every socket the process can serve. `max` 0 turns the cap off.
 */
export function capConnectionsPerAddress(server: Server, max: number, log: (message: string) => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  let lastLogged = 0;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
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
