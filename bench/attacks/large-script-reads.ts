import { api, createScript, luaSource, saveScript } from '../api';
import { probeServer, sleep } from '../probe-server';

/**
 * The server's CPU per read of a 5 MB script, 40 reads of each route that sends it whole: an old version, the current
 * script, its content and raw text through the public API, and a folder link's page of it (anonymous); then a page of
 * the script list and of a search when ten scripts are that large.
 *   npx tsx bench/attacks/large-script-reads.ts
 */
const server = await probeServer('owner');
const post = <T>(path: string, body: unknown) => api<T>(`${server.url}${path}`, { method: 'POST', cookie: server.user.cookie, body: JSON.stringify(body) });
const { body: folder } = await post<{ id: string }>('/api/folders', { name: 'Shared' });
const id = await createScript(server.url, server.user, 'Big', luaSource('big', 1, 4_900_000));
await saveScript(server.url, server.user, id, luaSource('big', 2, 4_900_000), 'v2');
await post(`/api/scripts/${id}/move`, { folderId: folder.id });
const { body: folderShare } = await post<{ shareId: string }>(`/api/folders/${folder.id}/share`, {});
const { body: created } = await post<{ key: string }>('/api/api-keys', { name: 'probe' });
for (let i = 0; i < 9; i++) await createScript(server.url, server.user, `Big ${i}`, luaSource(`big ${i}`, 1, 4_900_000));
await sleep(8000); // the saves' deferred full-text indexing is done
const routes: [string, Record<string, string>][] = [
  [`/api/scripts/${id}/versions/1`, { cookie: server.user.cookie }],
  [`/api/scripts/${id}`, { cookie: server.user.cookie }],
  [`/api/v1/scripts/${id}/content`, { 'x-api-key': created.key }],
  [`/api/v1/scripts/${id}/raw`, { 'x-api-key': created.key }],
  [`/api/share/folder/${folderShare.shareId}/scripts/${id}`, {}],
  ['/api/scripts', { cookie: server.user.cookie }],
  ['/api/search?q=local', { cookie: server.user.cookie }],
];
for (const [path, headers] of routes) {
  const read = async () => {
    const res = await fetch(`${server.url}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  await read();
  const cpu0 = server.cpuMs();
  for (let i = 0; i < 40; i++) await read();
  const name = path.replace(id, '{id}').replace(folderShare.shareId, '{shareId}');
  console.log(`server CPU per read of ${name}: ${((server.cpuMs() - cpu0) / 40).toFixed(1)} ms`);
}
await server.stop();
