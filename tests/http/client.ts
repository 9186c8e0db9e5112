import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { startServer } from '../../services/server';

/**
 * Shared helpers for the HTTP integration specs: a real server on a fresh temporary DATA_DIR (port 0, silent logs,
 * embedded storage forced), and a small fetch client that keeps its own cookies, like one browser per user.
 */

export interface TestServer {
  url: string;
  adminKey: string;
  dataDir: string;
  /** stops the server, keeping the data directory */
  stop(): Promise<void>;
  /** stops the server (if running) and removes the data directory */
  dispose(): Promise<void>;
}

/**
 * Environment every test server gets: embedded storage, no inherited secrets, no log output, and no rate limits
 * (specs register many users from 127.0.0.1 at once; tests/http/rate-limits.int.spec.ts turns them on).
 */
export const TEST_SERVER_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  EVENTSTORE_URL: '',
  MONGODB_URL: '',
  ADMIN_KEY: '',
  SESSION_SECRET: '',
  PUBLIC_ORIGIN: '',
  SCRIPT_QUOTA: '',
  RATE_LIMIT: 'off',
  TRUST_PROXY: '',
  ACCOUNT_STORAGE_QUOTA_MB: '',
  METRICS_TOKEN: '',
};

/** Starts the real server in-process. Pass `dataDir` to reopen an existing data directory (restart tests). */
export async function startTestServer(options: { env?: Record<string, string>; dataDir?: string; cliDist?: string } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'luavault-http-')));
  const running = await startServer({ port: 0, dataDir, env: { ...TEST_SERVER_ENV, ...options.env }, cliDist: options.cliDist });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await running.stop();
  };
  return {
    url: running.url,
    adminKey: running.adminKey,
    dataDir,
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A unique, valid username (3..50 characters). */
export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

export const PASSWORD = 'correct-horse';

export interface HttpResult {
  status: number;
  headers: Headers;
  /** parsed JSON when the answer is JSON, else the text */
  /** test code reads many shapes; `any` keeps assertions short */
  body: any;
  text: string;
  /** raw `Set-Cookie` header lines of this answer */
  setCookies: string[];
}

export type Part =
  | { field: string; fileName: string; content: string | Uint8Array; type?: string }
  | { field: string; value: string };

export const file = (fileName: string, content: string | Uint8Array, field = 'file'): Part => ({ field, fileName, content });
export const field = (name: string, value: string): Part => ({ field: name, value });

export function formData(parts: Part[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.field, part.value);
    else {
      // Copy bytes into a plain ArrayBuffer-backed view: what Blob's typing accepts.
      const content = typeof part.content === 'string' ? part.content : new Uint8Array(part.content);
      form.append(part.field, new Blob([content], { type: part.type ?? 'application/octet-stream' }), part.fileName);
    }
  }
  return form;
}

interface RequestOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** One user's browser (cookies) or one automation client (`apiKey`). */
export class Client {
  readonly cookies = new Map<string, string>();
  user: { id: string; username: string; email: string | null; createdAt: string } | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly defaults: { apiKey?: string; headers?: Record<string, string> } = {},
  ) {}

  /** A client sharing nothing with this one but the server. */
  withApiKey(apiKey: string): Client {
    return new Client(this.baseUrl, { apiKey });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { ...this.defaults.headers };
    if (this.defaults.apiKey) headers['X-API-Key'] = this.defaults.apiKey;
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    this.storeCookies(setCookies);
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
    let parsed: unknown = text;
    if (isJson && text !== '') parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text, setCookies };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }
  post(path: string, json?: unknown) {
    return this.request('POST', path, { json });
  }
  put(path: string, json?: unknown) {
    return this.request('PUT', path, { json });
  }
  patch(path: string, json?: unknown) {
    return this.request('PATCH', path, { json });
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
  /** Multipart upload (the browser's FormData, so the boundary and part headers are real). */
  upload(path: string, parts: Part[], method = 'POST') {
    return this.request(method, path, { body: formData(parts) });
  }

  async register(username = uniqueName(), password = PASSWORD, email?: string): Promise<HttpResult> {
    const res = await this.post('/api/register', email === undefined ? { username, password } : { username, password, email });
    if (res.status === 201) this.user = res.body;
    return res;
  }

  async login(username: string, password = PASSWORD): Promise<HttpResult> {
    const res = await this.post('/api/login', { username, password });
    if (res.status === 200) this.user = res.body;
    return res;
  }

  private storeCookies(lines: string[]): void {
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((attr) => {
        const [key, val] = attr.trim().split('=');
        if (key?.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key?.toLowerCase() === 'expires') return Date.parse(attr.trim().slice('expires='.length)) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A signed-in user on `server` (registered with a unique name). */
export async function signedInUser(url: string, prefix = 'user'): Promise<Client> {
  const client = new Client(url);
  const res = await client.register(uniqueName(prefix));
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return client;
}

/** A script created through the API, asserting success. */
export async function createScript(client: Client, input: { title?: string; content?: string; folderId?: string | null } = {}) {
  const res = await client.post('/api/scripts', { title: input.title ?? 'Script', content: input.content ?? 'print("hi")', ...(input.folderId !== undefined ? { folderId: input.folderId } : {}) });
  if (res.status !== 201) throw new Error(`create script failed: ${res.status} ${res.text}`);
  return res.body as { id: string; title: string; content: string; folderId: string | null; shareId: string | null; views: number; version: number; createdAt: string; updatedAt: string };
}

export async function createFolder(client: Client, name: string, parentId: string | null = null) {
  const res = await client.post('/api/folders', { name, parentId });
  if (res.status !== 201) throw new Error(`create folder failed: ${res.status} ${res.text}`);
  return res.body as { id: string; name: string; parentId: string | null; isPublic: boolean; shareId: string | null; createdAt: string; updatedAt: string };
}

/**
 * Polls `probe` until it returns a value that `done` accepts, or fails after `timeoutMs` with the last value seen.
 * For eventually-visible effects (batched view counts, off-path lastUsed), never for read-your-writes.
 */
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await probe();
  }
  return last;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Every version of a script, latest first, with its content: version lists are paged summaries without contents. */
export async function versionsWithContent(client: Client, scriptId: string): Promise<{ version: number; comment: string; content: string }[]> {
  const list: { version: number; comment: string }[] = [];
  let path: string | null = `/api/scripts/${scriptId}/versions?limit=200`;
  while (path) {
    const res: HttpResult = await client.get(path);
    if (res.status !== 200) throw new Error(`versions failed: ${res.status} ${res.text}`);
    list.push(...res.body);
    path = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return Promise.all(
    list.map(async (v) => ({ ...v, content: (await client.get(`/api/scripts/${scriptId}/versions/${v.version}`)).body.content as string })),
  );
}
