/**
 * Fault-test helper: runs `startServer` in its own process so a test can `kill -9` it.
 *
 *   tsx tests/faults/server-child.ts --role=projector --data-dir=/tmp/x [--lease-ttl-ms=1500]
 *
 * Prints one JSON line `{"ready":true,"url":"http://localhost:1234","pid":123}` once started (a projector prints it
 * while it may still be waiting for the lease), and stops gracefully on SIGTERM. Logs are silent unless
 * FAULT_LOG_LEVEL is set (e.g. FAULT_LOG_LEVEL=info when debugging a fault test).
 */
import { parseArgs } from 'node:util';
import { startServer, type Role } from '../../services/server';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'all' },
    'data-dir': { type: 'string' },
    'lease-ttl-ms': { type: 'string' },
  },
});
const role = values.role as Role;
if (!['all', 'gateway', 'projector'].includes(role)) throw new Error(`unknown role ${role}`);
if (!values['data-dir']) throw new Error('--data-dir is required');

const server = await startServer({
  role,
  port: 0,
  dataDir: values['data-dir'],
  leaseTtlMs: values['lease-ttl-ms'] ? Number(values['lease-ttl-ms']) : undefined,
  // embedded storage only, whatever the parent's environment says; no rate limits (the faults register and write a lot)
  env: { LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'silent', EVENTSTORE_URL: '', MONGODB_URL: '', ADMIN_KEY: '', SESSION_SECRET: '', RATE_LIMIT: 'off' },
});
process.stdout.write(`${JSON.stringify({ ready: true, url: server.url, pid: process.pid })}\n`);

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
