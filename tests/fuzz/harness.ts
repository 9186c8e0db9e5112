import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startServer } from '../../services/server';
import { Client, createFolder, createScript, signedInUser } from '../http/client';

/**
 * The fuzz suite's server and its data: a real server (embedded storage, port 0) serving a two-file web build, so
 * static-file errors are exercised too, and a victim account whose data must be the same after the fuzz.
 */

export interface FuzzServer {
  url: string;
  adminKey: string;
  /** strings no answer may contain: the data and web directories, the working directory */
  secretPaths: string[];
  dispose(): Promise<void>;
}

export async function startFuzzServer(env: Record<string, string> = {}): Promise<FuzzServer> {
  const root = await mkdtemp(join(tmpdir(), 'luavault-fuzz-'));
  const dataDir = join(root, 'data');
  const webDist = join(root, 'web');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>LuaVault</title><script src="/assets/app.js"></script>');
  await writeFile(join(webDist, 'assets', 'app.js'), 'console.log("app")');
  const running = await startServer({
    port: 0,
    dataDir,
    webDist,
    env: { LOG_LEVEL: 'silent', EVENTSTORE_URL: '', MONGODB_URL: '', ADMIN_KEY: '', SESSION_SECRET: '', PUBLIC_ORIGIN: '', SCRIPT_QUOTA: '', RATE_LIMIT: 'off', ...env },
  });
  return {
    url: running.url,
    adminKey: running.adminKey,
    secretPaths: [root, process.cwd()],
    async dispose() {
      await running.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Everything one account wrote: the fuzz must leave all of it as it was. */
export interface Account {
  client: Client;
  apiKey: string;
  apiKeyId: string;
  scriptIds: string[];
  folderIds: string[];
  /** version numbers 1..n of each script (for the content of every version) */
  versions: Map<string, number>;
  shareId: string;
  folderShareId: string;
}

async function ok(label: string, res: { status: number; text: string }, expected = 200) {
  if (res.status !== expected) throw new Error(`${label}: ${res.status} ${res.text}`);
}

/** An account with folders (one nested), scripts with several versions, a shared script, a shared folder and an API key. */
export async function seedAccount(url: string, prefix: string): Promise<Account> {
  const client = await signedInUser(url, prefix);
  const outer = await createFolder(client, `${prefix} tools`);
  const inner = await createFolder(client, 'nested', outer.id);
  const first = await createScript(client, { title: `${prefix} main`, content: 'local x = 1\nprint(x)' });
  const second = await createScript(client, { title: 'helper', content: 'return {}', folderId: inner.id });
  const versions = new Map<string, number>();
  for (const [id, saves] of [[first.id, 3], [second.id, 2]] as const) {
    for (let n = 2; n <= saves; n++) {
      await ok('save', await client.put(`/api/scripts/${id}`, { content: `-- version ${n}\nreturn ${n} -- é ✓`, comment: `save ${n}` }));
    }
    versions.set(id, saves);
  }
  const share = await client.post(`/api/scripts/${first.id}/share`);
  await ok('share', share);
  const folderShare = await client.post(`/api/folders/${outer.id}/share`);
  await ok('folder share', folderShare);
  const key = await client.post('/api/api-keys', { name: `${prefix} bot` });
  await ok('api key', key, 201);
  return {
    client,
    apiKey: key.body.key,
    apiKeyId: key.body.id,
    scriptIds: [first.id, second.id],
    folderIds: [outer.id, inner.id],
    versions,
    shareId: share.body.shareId,
    folderShareId: folderShare.body.shareId,
  };
}

/** Values that change by merely being read or used (view counts, a key's last use): left out of comparisons. */
const VOLATILE = new Set(['views', 'lastUsed', 'requestId']);

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !VOLATILE.has(key)).map(([key, inner]) => [key, stable(inner)]));
  }
  return value;
}

/** What the account's owner (and the public, through the share links) can read: compared before and after the fuzz. */
export async function snapshot(url: string, account: Account): Promise<Record<string, unknown>> {
  const { client } = account;
  const read = async (path: string, reader: Client = client) => {
    const res = await reader.get(path);
    return { status: res.status, body: stable(res.body) };
  };
  // The lists catch anything added to the account (a script from a half-read upload, say), not only changes.
  const result: Record<string, unknown> = { user: await read('/api/user'), scripts: await read('/api/scripts'), folders: await read('/api/folders') };
  for (const id of account.scriptIds) {
    result[`script ${id}`] = await read(`/api/scripts/${id}`);
    result[`versions ${id}`] = await read(`/api/scripts/${id}/versions`);
    result[`history ${id}`] = await read(`/api/scripts/${id}/history`);
    for (let n = 1; n <= account.versions.get(id)!; n++) result[`version ${id} ${n}`] = await read(`/api/scripts/${id}/versions/${n}`);
  }
  for (const id of account.folderIds) {
    result[`folder ${id}`] = await read(`/api/folders/${id}`);
    result[`folder scripts ${id}`] = await read(`/api/folders/${id}/scripts`);
  }
  const anonymous = new Client(url);
  result.share = await read(`/api/share/${account.shareId}`, anonymous);
  result.raw = (await anonymous.get(`/api/share/${account.shareId}/raw`)).text;
  result.folderShare = await read(`/api/share/folder/${account.folderShareId}`, anonymous);
  result.apiKeys = await read('/api/api-keys');
  result.apiKeyWorks = (await client.withApiKey(account.apiKey).get('/api/v1/health')).status;
  return result;
}

/** The process is up and answering. */
export async function expectHealthy(url: string): Promise<void> {
  const res = await fetch(`${url}/healthz`);
  expect(res.status).toBe(200);
}

/** An answer a client may get: never a 5xx, never a file path or a stack trace. */
export function expectSafeAnswer(label: string, status: number | null, text: string, server: FuzzServer, accept: 'client-error' | 'no-server-error' = 'client-error'): void {
  if (status !== null) {
    if (accept === 'client-error') expect(status, `${label}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  }
  for (const path of server.secretPaths) expect(text.includes(path), `${label} leaks a path: ${text.slice(0, 300)}`).toBe(false);
  expect(text, `${label} leaks a stack`).not.toMatch(/\n\s+at [\w.<>]+ \(|node:internal|node_modules/);
}
