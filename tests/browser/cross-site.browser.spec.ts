/**
 * Cross-site request forgery in Chromium: a user signs in on the product, then opens a page served by another
 * server on another port of the same host (same site, other origin: the SameSite=Lax session cookie IS sent).
 * That page auto-submits HTML forms (share, folder share, multipart upload, create, sign-out) and sends
 * `fetch(..., { credentials: 'include' })` writes (upload, share, create, delete, revoke, API key). Afterwards the
 * real API, called with the user's own cookies, shows that nothing changed.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { signUp, useBrowserApp } from './harness';

const app = useBrowserApp();

let attacker: Server;
let attackerPort = 0;
let attackPage = '';

beforeAll(async () => {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(attackPage);
  });
  await new Promise<void>((resolve) => attacker.listen(0, resolve));
  const address = attacker.address();
  attackerPort = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

type Ids = { formShare: string; fetchShare: string; toDelete: string; shared: string; folder: string };

/** The other origin's page: every write it can attempt with the visitor's cookie, then `document.title = 'done'`. */
function attackHtml(target: string, ids: Ids): string {
  const t = JSON.stringify(target);
  return `<!doctype html><html><head><title>win a prize</title></head><body>
<iframe name="f1"></iframe><iframe name="f2"></iframe><iframe name="f3"></iframe><iframe name="f4"></iframe><iframe name="f5"></iframe>
<form id="share" method="POST" action="${target}/api/scripts/${ids.formShare}/share" target="f1"></form>
<form id="folder" method="POST" action="${target}/api/folders/${ids.folder}/share" target="f2"></form>
<form id="upload" method="POST" action="${target}/api/upload/script" enctype="multipart/form-data" target="f3"><input type="file" name="file"></form>
<form id="create" method="POST" action="${target}/api/scripts" enctype="text/plain" target="f4"><input name='{"title":"planted by form","content":"x","pad":"' value='"}'></form>
<form id="logout" method="POST" action="${target}/api/logout" target="f5"></form>
<script>
const T = ${t};
const loaded = (name) => new Promise((resolve) => {
  document.querySelector('iframe[name=' + name + ']').addEventListener('load', resolve, { once: true });
  setTimeout(resolve, 5000);
});
const submit = async (form, frame) => { const done = loaded(frame); document.getElementById(form).submit(); await done; };
async function attack() {
  const files = new DataTransfer();
  files.items.add(new File(['print("planted by form")'], 'form-planted.lua', { type: 'text/plain' }));
  document.querySelector('#upload input').files = files.files;
  await submit('share', 'f1');
  await submit('folder', 'f2');
  await submit('upload', 'f3');
  await submit('create', 'f4');
  const upload = new FormData();
  upload.append('file', new File(['print("planted by fetch")'], 'fetch-planted.lua', { type: 'text/plain' }));
  const simple = { method: 'POST', credentials: 'include', mode: 'no-cors' };
  await Promise.allSettled([
    fetch(T + '/api/upload/script', { ...simple, body: upload }),
    fetch(T + '/api/scripts/${ids.fetchShare}/share', simple),
    fetch(T + '/api/scripts', { ...simple, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ title: 'planted by fetch', content: 'x' }) }),
    fetch(T + '/api/api-keys', { ...simple, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ name: 'planted' }) }),
    fetch(T + '/api/scripts/${ids.toDelete}', { method: 'DELETE', credentials: 'include' }),
    fetch(T + '/api/scripts/${ids.shared}/share', { method: 'DELETE', credentials: 'include' }),
  ]);
  await submit('logout', 'f5');
  document.title = 'done';
}
attack();
</script></body></html>`;
}

async function json<T>(request: APIRequestContext, url: string): Promise<{ status: number; body: T }> {
  const res = await request.get(url);
  return { status: res.status(), body: (await res.json()) as T };
}

type Script = { id: string; title: string; shareId: string | null };
/** The script list, whether it answers an array or a page of items. */
const listOf = (body: unknown): Script[] =>
  (Array.isArray(body) ? body : ((body as { items?: Script[]; scripts?: Script[] }).items ?? (body as { scripts: Script[] }).scripts)) as Script[];

describe('cross-site request forgery', () => {
  it('a page on another port of the same host cannot change anything for a signed-in user', async () => {
    const page = app.page;
    const username = await signUp(page, app.url);
    const api = page.request; // the user's own cookies
    const create = async (title: string) => {
      const res = await api.post(`${app.url}/api/scripts`, { data: { title, content: `print("${title}")` } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as Script).id;
    };
    const ids: Ids = {
      formShare: await create('Form share target'),
      fetchShare: await create('Fetch share target'),
      toDelete: await create('Delete target'),
      shared: await create('Already shared'),
      folder: '',
    };
    expect((await api.post(`${app.url}/api/scripts/${ids.shared}/share`)).status()).toBe(200);
    const folder = await api.post(`${app.url}/api/folders`, { data: { name: 'Private', parentId: null } });
    expect(folder.status()).toBe(201);
    ids.folder = ((await folder.json()) as { id: string }).id;
    const keysBefore = (await json<unknown[]>(api, `${app.url}/api/api-keys`)).body;
    const before = listOf((await json(api, `${app.url}/api/scripts`)).body);

    // Same host name, another port: same site, another origin.
    const target = app.url.replace('127.0.0.1', 'localhost');
    attackPage = attackHtml(target, ids);
    await page.goto(`http://localhost:${attackerPort}/`);
    await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 60_000 });

    // Still signed in (the forged sign-out was refused); sign in again anyway so every change below is seen.
    expect.soft((await api.get(`${app.url}/api/user`)).status()).toBe(200);
    expect((await api.post(`${app.url}/api/login`, { data: { username, password: 'secret-pass-1' } })).status()).toBe(200);
    const after = listOf((await json(api, `${app.url}/api/scripts`)).body);
    expect.soft(after.map((s) => s.title).sort()).toEqual(before.map((s) => s.title).sort());
    expect.soft(after.some((s) => /planted/.test(s.title))).toBe(false);
    const script = async (id: string) => (await json<Script>(api, `${app.url}/api/scripts/${id}`)).body;
    expect.soft((await script(ids.formShare)).shareId).toBeNull();
    expect.soft((await script(ids.fetchShare)).shareId).toBeNull();
    expect.soft((await script(ids.shared)).shareId).not.toBeNull();
    expect.soft((await json(api, `${app.url}/api/scripts/${ids.toDelete}`)).status).toBe(200);
    expect.soft((await json<{ shareId: string | null }>(api, `${app.url}/api/folders/${ids.folder}`)).body.shareId).toBeNull();
    expect.soft((await json<unknown[]>(api, `${app.url}/api/api-keys`)).body).toEqual(keysBefore);

    // The product's own pages still write: same origin passes.
    await page.goto(`${app.url}/`);
    const own = await page.evaluate(async () => (await fetch('/api/scripts', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'Mine', content: 'x' }) })).status);
    expect.soft(own).toBe(201);
  });
});
