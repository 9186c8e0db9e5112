import { startServer, type Role } from './server';

/** `npm start` / `npm run gateway` / `npm run projector`. */
const roleArg = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
if (!['all', 'gateway', 'projector'].includes(roleArg)) {
  console.error(`Unknown role "${roleArg}": use all, gateway or projector`);
  process.exit(2);
}

// Everything this process creates (DATA_DIR, SQLite files with their -wal/-shm, secrets) is readable by its owner only.
process.umask(0o077);

try {
  const server = await startServer({ role: roleArg as Role });
  if (server.url) console.log(`LuaVault is running on ${server.config.publicOrigin ?? server.url}`);
  else console.log('LuaVault projector is running');
  console.log(`Storage: ${server.storageDescription}`);
  if (server.adminKeyGenerated) {
    // Not printed: console output ends up in log collectors. The file is readable by this user only.
    console.log(`Admin key generated once into ${server.config.dataDir}/admin-key (read it there; set ADMIN_KEY to choose your own)`);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests, flushing view counts, closing stores`);
    await server.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
