import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server';
import { openApiV1Document } from './v1';

/**
 * Keeps the OpenAPI document true: every documented operation is called on the running server (embedded default),
 * its status must be one the document lists, and its JSON body must match the documented schema.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
};
type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

const doc = openApiV1Document as unknown as {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** A small JSON-schema check for the subset the document uses. Returns the problems found. */
function check(value: unknown, schema: Schema, at = '$'): string[] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    const target = doc.components.schemas[name];
    if (!target) return [`${at}: unknown $ref ${schema.$ref}`];
    return check(value, target, at);
  }
  if (schema.const !== undefined && value !== schema.const) return [`${at}: expected ${JSON.stringify(schema.const)}`];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 0) {
    const actual =
      value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    const ok = types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
    if (!ok) return [`${at}: expected ${types.join('|')}, got ${actual}`];
  }
  const problems: string[] = [];
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => problems.push(...check(item, schema.items!, `${at}[${i}]`)));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: missing`);
    for (const [key, prop] of Object.entries(schema.properties ?? {})) {
      if (key in record) problems.push(...check(record[key], prop, `${at}.${key}`));
    }
  }
  return problems;
}

let server: { url: string; adminKey: string; stop(): Promise<void> };
let dataDir: string;
let apiKey: string;
let folderId: string;
const seen = new Set<string>();

async function call(method: string, path: string, init: { json?: unknown; form?: FormData; key?: string | null } = {}) {
  const headers: Record<string, string> = {};
  const key = init.key === undefined ? apiKey : init.key;
  if (key) headers['X-API-Key'] = key;
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  return fetch(`${server.url}/api/v1${path}`, { method, headers, body });
}

/** Calls a documented operation and checks status and body against the document. */
async function expectDocumented(template: string, method: string, path: string, init: Parameters<typeof call>[2] = {}) {
  const operation = doc.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is documented`).toBeDefined();
  seen.add(`${method.toUpperCase()} ${template}`);
  const res = await call(method, path, init);
  const documented = Object.keys(operation!.responses);
  expect(documented, `${method} ${path} answered ${res.status}, documented: ${documented.join(', ')}`).toContain(String(res.status));
  const response = operation!.responses[String(res.status)]!;
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  if (response.content?.['application/json']) {
    expect(contentType).toContain('application/json');
    const body = JSON.parse(text) as unknown;
    const schema = response.content['application/json'].schema;
    if (schema) expect(check(body, schema), `${method} ${path} body`).toEqual([]);
    return { status: res.status, body: body as Record<string, unknown> & unknown[], text };
  }
  if (response.content?.['text/plain']) expect(contentType).toContain('text/plain');
  return { status: res.status, body: null as never, text };
}

function fileForm(fields: Record<string, string>, content: string, fileName = 'hello.lua') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/plain' }), fileName);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'luavault-openapi-'));
  server = await startServer({ port: 0, dataDir, env: { RATE_LIMIT: 'off' } });
  const register = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'openapi-user', password: 'secret-password' }),
  });
  expect(register.status).toBe(201);
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
  const created = await fetch(`${server.url}/api/api-keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ name: 'contract test' }),
  });
  expect(created.status).toBe(201);
  apiKey = ((await created.json()) as { key: string }).key;
  const folder = await fetch(`${server.url}/api/folders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ name: 'Contract folder' }),
  });
  folderId = ((await folder.json()) as { id: string }).id;
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('OpenAPI document for /api/v1', () => {
  it('is served unchanged at /api/v1/openapi.json as OpenAPI 3.1', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const served = (await res.json()) as unknown;
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiV1Document)));
    expect((served as { openapi: string }).openapi).toMatch(/^3\.1\./);
    expect(doc.servers[0]!.url).toBe('/api/v1');
  });

  it('matches the server on every documented operation', async () => {
    await expectDocumented('/health', 'GET', '/health');
    const noKey = await expectDocumented('/health', 'GET', '/health', { key: null });
    expect(noKey.status).toBe(401);
    const badKey = await expectDocumented('/scripts', 'GET', '/scripts', { key: 'lv_not_a_real_key' });
    expect(badKey.status).toBe(401);

    const created = await expectDocumented('/scripts', 'POST', '/scripts', {
      json: { title: 'Contract script', content: 'print("v1")', folderId },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.folderId).toBe(folderId);
    expect(created.body.version).toBe(1);

    const blank = await expectDocumented('/scripts', 'POST', '/scripts', { json: { title: '  ', content: 'x' } });
    expect(blank.status).toBe(400);

    const list = await expectDocumented('/scripts', 'GET', '/scripts');
    expect(list.status).toBe(200);
    expect((list.body as unknown as { id: string }[]).map((s) => s.id)).toContain(id);

    const folders = await expectDocumented('/folders', 'GET', '/folders');
    expect((folders.body as unknown as { id: string }[]).map((f) => f.id)).toContain(folderId);

    // pages: the next one is linked, a bad limit or cursor is a documented 400
    await expectDocumented('/scripts', 'POST', '/scripts', { json: { title: 'Second', content: 'print(2)' } });
    const firstPage = await call('GET', '/scripts?limit=1');
    expect(((await firstPage.json()) as unknown[]).length).toBe(1);
    const next = /^<\/api\/v1(\/scripts\?[^>]+)>; rel="next"$/.exec(firstPage.headers.get('link') ?? '');
    expect(next).not.toBeNull();
    const secondPage = await expectDocumented('/scripts', 'GET', next![1]!);
    expect((secondPage.body as unknown as { id: string }[]).length).toBeGreaterThanOrEqual(1);
    expect((await expectDocumented('/scripts', 'GET', '/scripts?limit=0')).status).toBe(400);
    expect((await expectDocumented('/folders', 'GET', '/folders?cursor=nope')).status).toBe(400);

    const content = await expectDocumented('/scripts/{id}/content', 'GET', `/scripts/${id}/content`);
    expect(content.body).toMatchObject({ id, title: 'Contract script', content: 'print("v1")', version: 1 });

    const raw = await expectDocumented('/scripts/{id}/raw', 'GET', `/scripts/${id}/raw`);
    expect(raw.text).toBe('print("v1")');

    const missing = await expectDocumented('/scripts/{id}/content', 'GET', '/scripts/doesNotExist/content');
    expect(missing.status).toBe(404);

    const notShared = await expectDocumented('/scripts/{id}/loadstring', 'GET', `/scripts/${id}/loadstring`);
    expect(notShared.status).toBe(409);

    const updated = await expectDocumented('/scripts/{id}', 'PATCH', `/scripts/${id}`, {
      json: { content: 'print("v2")', comment: 'second' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(2);

    const stale = await expectDocumented('/scripts/{id}', 'PATCH', `/scripts/${id}`, { json: { content: 'print("late")', baseVersion: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ currentVersion: 2, current: { version: 2, content: 'print("v2")' } });
    const staleUpload = await expectDocumented('/scripts/{id}/upload', 'PATCH', `/scripts/${id}/upload`, { form: fileForm({ baseVersion: '1' }, 'print("late")') });
    expect(staleUpload.status).toBe(409);

    // one version by number (the command-line sync's merge base)
    const first = await expectDocumented('/scripts/{id}/versions/{version}', 'GET', `/scripts/${id}/versions/1`);
    expect(first.body).toMatchObject({ id, version: 1, content: 'print("v1")' });
    expect((await expectDocumented('/scripts/{id}/versions/{version}', 'GET', `/scripts/${id}/versions/9`)).status).toBe(404);
    expect((await expectDocumented('/scripts/{id}/versions/{version}', 'GET', `/scripts/${id}/versions/01`)).status).toBe(400);
    expect((await expectDocumented('/scripts/{id}/versions/{version}', 'GET', '/scripts/doesNotExist/versions/1')).status).toBe(404);

    const uploadedVersion = await expectDocumented('/scripts/{id}/upload', 'PATCH', `/scripts/${id}/upload`, {
      form: fileForm({ comment: 'third' }, 'print("v3")'),
    });
    expect(uploadedVersion.status).toBe(200);
    expect(uploadedVersion.body).toMatchObject({ version: 3, content: 'print("v3")' });

    const wrongType = await expectDocumented('/scripts/upload', 'POST', '/scripts/upload', {
      form: fileForm({}, 'not lua', 'notes.md'),
    });
    expect(wrongType.status).toBe(400);

    const uploaded = await expectDocumented('/scripts/upload', 'POST', '/scripts/upload', {
      form: fileForm({ title: 'Uploaded', comment: 'from a file' }, 'print("file")'),
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ title: 'Uploaded', content: 'print("file")', folderId: null });

    const shared = await expectDocumented('/scripts/{id}/share', 'POST', `/scripts/${id}/share`);
    expect(shared.status).toBe(200);
    const shareId = shared.body.shareId as string;

    const loadstring = await expectDocumented('/scripts/{id}/loadstring', 'GET', `/scripts/${id}/loadstring`);
    expect(loadstring.status).toBe(200);
    expect(loadstring.text).toMatch(new RegExp(`^loadstring\\(game:HttpGet\\("https?://[^"]+/api/share/${shareId}/raw"\\)\\)\\(\\)$`));

    expect(shared.body.rawUrl).toMatch(new RegExp(`^https?://[^"]+/api/share/${shareId}/raw$`));
    expect(shared.body.loadstring).toBe(loadstring.text);

    // the folder routes of the command-line sync
    const made = await expectDocumented('/folders', 'POST', '/folders', { json: { name: 'Made by key', parentId: folderId } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Made by key', parentId: folderId });
    expect((await expectDocumented('/folders', 'POST', '/folders', { json: { name: ' ' } })).status).toBe(400);
    expect((await expectDocumented('/folders', 'POST', '/folders', { json: { name: 'x', parentId: 'nope' } })).status).toBe(404);
    const children = await expectDocumented('/folders', 'GET', `/folders?parentId=${folderId}`);
    expect((children.body as unknown as { id: string }[]).map((f) => f.id)).toEqual([made.body.id]);
    const inFolder = await expectDocumented('/folders/{id}/scripts', 'GET', `/folders/${folderId}/scripts`);
    expect((inFolder.body as unknown as { id: string }[]).map((s) => s.id)).toEqual([id]);
    expect((await expectDocumented('/folders/{id}/scripts', 'GET', '/folders/nope/scripts')).status).toBe(404);
    // full-text search
    const found = await expectDocumented('/search', 'GET', `/search?q=${encodeURIComponent('print')}&versions=all`);
    expect(found.status).toBe(200);
    expect((found.body as unknown as { scriptId: string }[]).some((match) => match.scriptId === id)).toBe(true);
    expect((await expectDocumented('/search', 'GET', '/search?q=%20')).status).toBe(400);
    expect((await expectDocumented('/scripts/{id}', 'DELETE', `/scripts/${id}`)).status).toBe(204);
    expect((await expectDocumented('/scripts/{id}', 'DELETE', `/scripts/${id}`)).status).toBe(404);
    expect((await call('GET', `/scripts/${id}/content`)).status).toBe(404);

    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect([...seen].sort()).toEqual(documented.sort());
  });
});
