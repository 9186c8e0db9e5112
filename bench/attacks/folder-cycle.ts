import { api } from '../api';
import { probeServer, sleep } from '../probe-server';

/**
 * What deleting and restoring one large folder costs: a folder of 1,000 small scripts (two uploads of 500) moved to
 * the trash and restored, server CPU and time of each request. The probe's server has write limits off (bench
 * settings); with the defaults, each restore is charged by its time (docs/decisions.md, "A write is also charged by
 * its time").   npx tsx bench/attacks/folder-cycle.ts
 */
const server = await probeServer('cycler');
const cookie = server.user.cookie;
const { body: folder } = await api<{ id: string }>(`${server.url}/api/folders`, { method: 'POST', cookie, body: JSON.stringify({ name: 'Big' }) });
for (let batch = 0; batch < 2; batch++) {
  const form = new FormData();
  for (let i = 0; i < 500; i++) form.append('files', new Blob([`print(${batch * 500 + i})`]), `s${batch * 500 + i}.lua`);
  const res = await fetch(`${server.url}/api/upload/folder/${folder.id}`, { method: 'POST', headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
}
await sleep(3000);
const timed = async (label: string, method: string, path: string) => {
  const cpu0 = server.cpuMs();
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { method, headers: { cookie } });
  if (!res.ok) throw new Error(`${label}: ${res.status} ${await res.text()}`);
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms, server CPU ${(server.cpuMs() - cpu0).toFixed(0)} ms`);
};
for (let round = 1; round <= 2; round++) {
  await timed(`round ${round}, delete the folder of 1,000 scripts`, 'DELETE', `/api/folders/${folder.id}`);
  await timed(`round ${round}, restore it from the trash`, 'POST', `/api/trash/folders/${folder.id}/restore`);
}
await server.stop();
