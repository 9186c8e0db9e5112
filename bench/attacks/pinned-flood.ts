import net from 'node:net';
import { api, createScript, luaSource, saveScript } from '../api';
import { probeServer, sleep } from '../probe-server';

/**
 * Anonymous clients that pipeline requests for a 5 MB shared script (pinned versions and the share page) and never
 * read the answers: 20 connections of 30 requests each. Prints the server's memory and CPU over 8 s and the slowest
 * `/healthz` meanwhile.   npx tsx bench/attacks/pinned-flood.ts
 */
const server = await probeServer('pinned');
const id = await createScript(server.url, server.user, 'Big', luaSource('big', 1, 4_900_000));
await saveScript(server.url, server.user, id, luaSource('big', 2, 4_900_000), 'v2');
const { body } = await api<{ shareId: string }>(`${server.url}/api/scripts/${id}/share`, { method: 'POST', cookie: server.user.cookie, body: JSON.stringify({ fullHistory: true }) });
await sleep(6000); // the saves' deferred full-text indexing is done
const port = Number(new URL(server.url).port);
const rss0 = server.rssMb();
const cpu0 = server.cpuMs();
const sockets: net.Socket[] = [];
for (let i = 0; i < 20; i++) {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.on('connect', () => {
    socket.pause(); // never reads
    let requests = '';
    for (let k = 0; k < 30; k++) requests += `GET /api/share/${body.shareId}${k % 3 === 2 ? '' : `/raw?version=${1 + (k % 2)}`} HTTP/1.1\r\nHost: x\r\n\r\n`;
    socket.write(requests);
  });
  socket.on('error', () => undefined);
  sockets.push(socket);
}
let slowest = 0;
for (let second = 0; second < 8; second++) {
  await sleep(1000);
  const started = performance.now();
  await fetch(`${server.url}/healthz`);
  slowest = Math.max(slowest, performance.now() - started);
}
console.log(`resident memory ${rss0.toFixed(0)} -> ${server.rssMb().toFixed(0)} MB; server CPU ${((server.cpuMs() - cpu0) / 1000).toFixed(1)} s in 8 s; slowest /healthz ${slowest.toFixed(0)} ms`);
for (const socket of sockets) socket.destroy();
await server.stop();
