import { api, createScript, luaSource, saveScript } from '../api';
import { probeServer, sleep } from '../probe-server';

/** The server's CPU per owner read of a 5 MB version (`GET /api/scripts/{id}/versions/1`), 40 reads.   npx tsx bench/attacks/owner-version-reads.ts */
const server = await probeServer('owner');
const id = await createScript(server.url, server.user, 'Big', luaSource('big', 1, 4_900_000));
await saveScript(server.url, server.user, id, luaSource('big', 2, 4_900_000), 'v2');
await sleep(6000); // the saves' deferred full-text indexing is done
const read = () => api(`${server.url}/api/scripts/${id}/versions/1`, { cookie: server.user.cookie });
await read();
const cpu0 = server.cpuMs();
for (let i = 0; i < 40; i++) await read();
console.log(`server CPU per version read: ${((server.cpuMs() - cpu0) / 40).toFixed(1)} ms`);
await server.stop();
