// @ts-check
import { ApiError, CliError, EXIT } from './errors.mjs';
import { CLI_HEADER, SERVED_HEADER, cliVersion, noteServedVersion } from './version.mjs';

/**
 * `fileName`: the title plus the extension the script keeps (absent from servers before it existed)
 * @typedef {{ id: string, title: string, fileName?: string, folderId: string | null, version: number, size: number }} ScriptSummary
 * @typedef {{ id: string, name: string, parentId: string | null }} Folder
 * @typedef {{ id: string, title: string, content: string, version: number }} ScriptContent
 * @typedef {{ line: number, text: string, highlights: [number, number][] }} SearchLine
 * @typedef {{ scriptId: string, title: string, path: { id: string, name: string }[], version: number, current: boolean, titleMatch: boolean, lines: SearchLine[] }} SearchHit
 */

const MAX_RETRIES = 3;
const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A small client of `/api/v1` (X-API-Key). Lists follow their `Link: <...>; rel="next"` pages. */
export class Api {
  /** @param {{ server: string, apiKey: string }} credentials */
  constructor(credentials) {
    this.server = credentials.server;
    this.apiKey = credentials.apiKey;
  }

  /**
   * @param {string} method
   * @param {string} path under /api/v1, or an absolute path from a Link header
   * @param {unknown} [body]
   * @returns {Promise<{ status: number, headers: Headers, data: any }>}
   */
  async request(method, path, body) {
    const url = new URL(path.startsWith('/api/') ? path : `/api/v1${path}`, `${this.server}/`);
    /** @type {Record<string, string>} */
    const headers = { 'X-API-Key': this.apiKey, Accept: 'application/json', [CLI_HEADER]: cliVersion() };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      const res = await this.exchange(url, method, headers, body === undefined ? undefined : JSON.stringify(body));
      if (res.status === 429 && attempt < MAX_RETRIES) {
        // the key's request budget is spent for this window: wait as told, then go on
        const seconds = Math.min(Number(res.headers.get('retry-after')) || 1, 60);
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      const text = await res.text();
      let data = null;
      if ((res.headers.get('content-type') ?? '').includes('application/json') && text) data = JSON.parse(text);
      else data = text;
      if (!res.ok) {
        const message = data && typeof data === 'object' && typeof data.error === 'string' ? data.error : `HTTP ${res.status}`;
        throw new ApiError(res.status, res.status === 401 ? `The server refused the API key (${message})` : message);
      }
      return { status: res.status, headers: res.headers, data };
    }
  }

  /**
   * One request, its redirects followed here rather than by fetch: fetch would carry X-API-Key to another origin
   * (it drops only Authorization and cookies). A redirect within the configured server's origin is followed; one to
   * any other origin (another host, port or scheme, http to https included) is refused before anything is sent there.
   * @param {URL} url @param {string} method @param {Record<string, string>} headers @param {string | undefined} body
   * @returns {Promise<Response>}
   */
  async exchange(url, method, headers, body) {
    const origin = new URL(`${this.server}/`).origin;
    let target = url;
    let verb = method;
    let payload = body;
    let sent = headers;
    for (let hops = 0; ; hops++) {
      let res;
      try {
        res = await fetch(target, { method: verb, headers: sent, body: payload, redirect: 'manual' });
      } catch (error) {
        // undici wraps the socket error: ECONNREFUSED, ENOTFOUND... is in its cause (or the first of an AggregateError)
        const cause = /** @type {{ cause?: { code?: string, message?: string, errors?: { code?: string }[] } }} */ (error).cause;
        const code = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? /** @type {Error} */ (error).message;
        throw new CliError(`Cannot reach ${this.server}: ${code}`, EXIT.error);
      }
      const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
      if (location === null) {
        noteServedVersion(res.headers.get(SERVED_HEADER), this.server);
        return res;
      }
      await res.arrayBuffer();
      const next = new URL(location, target);
      if (next.origin !== origin) {
        throw new CliError(
          `Refused a redirect from ${origin} to ${next.origin}: the API key is sent only to the configured server. ` +
            'If the server moved, log in again with its new address (luavault login --server <url>).',
          EXIT.error,
        );
      }
      if (hops === MAX_REDIRECTS) throw new CliError(`Too many redirects from ${origin}`, EXIT.error);
      // as fetch does: 303, and 301/302 after a POST, become a GET without a body
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && verb === 'POST')) {
        verb = 'GET';
        payload = undefined;
        sent = Object.fromEntries(Object.entries(sent).filter(([name]) => name !== 'Content-Type'));
      }
      target = next;
    }
  }

  /** Every item of a paginated list. @param {string} path */
  async listAll(path) {
    /** @type {any[]} */
    const items = [];
    /** @type {string | null} */
    let next = path;
    while (next) {
      const { headers, data } = await this.request('GET', next);
      items.push(...data);
      const link = /<([^<>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '');
      next = link?.[1] ?? null;
    }
    return items;
  }

  health() {
    return this.request('GET', '/health');
  }
  /** @param {string | null} parentId @returns {Promise<Folder[]>} */
  foldersIn(parentId) {
    return this.listAll(`/folders?parentId=${parentId === null ? 'null' : encodeURIComponent(parentId)}`);
  }
  /** @param {string} folderId @returns {Promise<ScriptSummary[]>} */
  scriptsIn(folderId) {
    return this.listAll(`/folders/${encodeURIComponent(folderId)}/scripts`);
  }
  /** @param {string} name @param {string | null} parentId @returns {Promise<Folder>} */
  async createFolder(name, parentId) {
    return (await this.request('POST', '/folders', { name, parentId })).data;
  }
  /** @param {string} id @returns {Promise<ScriptContent | null>} null when the script is gone */
  async content(id) {
    try {
      return (await this.request('GET', `/scripts/${encodeURIComponent(id)}/content`)).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }
  /**
   * One version by number (the base of a three-way merge).
   * @param {string} id @param {number} version @returns {Promise<{ id: string, version: number, content: string } | null>} null when gone
   */
  async version(id, version) {
    try {
      return (await this.request('GET', `/scripts/${encodeURIComponent(id)}/versions/${version}`)).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }
  /** @param {{ title: string, content: string, folderId: string, comment?: string }} input @returns {Promise<ScriptContent>} */
  async createScript(input) {
    return (await this.request('POST', '/scripts', input)).data;
  }
  /**
   * A new version, sent with the version it was based on: a server with the save-conflict check answers 409 when
   * someone saved in between (one without it ignores the field; the caller checked the version just before).
   * @param {string} id @param {{ content: string, baseVersion: number, comment?: string }} input @returns {Promise<ScriptContent>}
   */
  async saveScript(id, input) {
    return (await this.request('PATCH', `/scripts/${encodeURIComponent(id)}`, input)).data;
  }
  /** @param {string} id */
  async deleteScript(id) {
    await this.request('DELETE', `/scripts/${encodeURIComponent(id)}`);
  }
  /** @param {string} id @returns {Promise<{ shareId: string, rawUrl?: string, loadstring?: string }>} */
  async share(id) {
    return (await this.request('POST', `/scripts/${encodeURIComponent(id)}/share`)).data;
  }
  /**
   * One page of full-text search over the key owner's scripts (every word must appear).
   * @param {string} q @param {{ allVersions?: boolean, limit?: number }} [options]
   * @returns {Promise<SearchHit[]>}
   */
  async search(q, options = {}) {
    const params = new URLSearchParams({ q, limit: String(options.limit ?? 20) });
    if (options.allVersions) params.set('versions', 'all');
    return (await this.request('GET', `/search?${params}`)).data;
  }
  /** @param {string} id @returns {Promise<string>} */
  async loadstring(id) {
    return (await this.request('GET', `/scripts/${encodeURIComponent(id)}/loadstring`)).data;
  }
}
