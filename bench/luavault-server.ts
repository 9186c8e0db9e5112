import { startServer } from '../services/server';

/** LuaVault on the embedded default in its own process, so the load generator never shares its event loop. */
const server = await startServer({ port: 0, dataDir: process.argv[2]!, env: { LOG_LEVEL: 'silent' } });
console.log(JSON.stringify({ url: server.url, adminKey: server.adminKey }));
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
