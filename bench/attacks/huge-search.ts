import { api, createScript, saveScript } from '../api';
import { probeServer, sleep } from '../probe-server';

/**
 * One account's content searches over one 5 MB one-line script (`a a a ... needle`) saved 19 times: the server's CPU
 * per search, full-text indexing settled first, and the longest wait of a `/healthz` asked every 20 ms meanwhile (how
 * long everyone else waited).   npx tsx bench/attacks/huge-search.ts
 */
const server = await probeServer('searcher');
const text = (version: number) => `${'a '.repeat(2_600_000)}needle v${version}`;
const id = await createScript(server.url, server.user, 'Huge', text(1));
for (let version = 2; version <= 19; version++) await saveScript(server.url, server.user, id, text(version), `v${version}`);
await sleep(8000);
await api(`${server.url}/api/search?type=content&q=warmup`, { cookie: server.user.cookie }); // drains what is queued
for (const query of ['versions=all&q=a&limit=100', 'versions=all&q=needle&limit=100', 'q=a&limit=100']) {
  const cpu0 = server.cpuMs();
  const started = performance.now();
  let searching = true;
  let longestHealthz = 0;
  const healthz = (async () => {
    while (searching) {
      const asked = performance.now();
      await fetch(`${server.url}/healthz`).then((res) => res.arrayBuffer());
      longestHealthz = Math.max(longestHealthz, performance.now() - asked);
      await sleep(20);
    }
  })();
  await api(`${server.url}/api/search?type=content&${query}`, { cookie: server.user.cookie });
  const took = performance.now() - started;
  searching = false;
  await healthz;
  console.log(`${query}: ${took.toFixed(0)} ms, server CPU ${(server.cpuMs() - cpu0).toFixed(0)} ms, longest /healthz ${longestHealthz.toFixed(0)} ms`);
}
await server.stop();
