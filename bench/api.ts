/** The few LuaVault API calls the benchmark makes, over fetch (keep-alive). Any non-2xx answer throws. */

export async function api<T = unknown>(url: string, init: RequestInit & { cookie?: string } = {}): Promise<{ body: T; cookie: string }> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', cookie: init.cookie ?? '' } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return { body: (res.status === 204 ? null : await res.json()) as T, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

export interface BenchUser {
  id: string;
  cookie: string;
}

/** Registers a user and returns its session cookie. */
export async function register(base: string, username: string): Promise<BenchUser> {
  const { body, cookie } = await api<{ id: string }>(`${base}/api/register`, {
    method: 'POST',
    body: JSON.stringify({ username, password: 'bench-password-1' }),
  });
  return { id: body.id, cookie };
}

export async function createScript(base: string, user: BenchUser, title: string, content: string): Promise<string> {
  const { body } = await api<{ id: string }>(`${base}/api/scripts`, { method: 'POST', cookie: user.cookie, body: JSON.stringify({ title, content }) });
  return body.id;
}

/** Shares the script and answers its raw URL, the one game servers fetch. */
export async function shareRawUrl(base: string, user: BenchUser, scriptId: string): Promise<string> {
  const { body } = await api<{ shareId: string }>(`${base}/api/scripts/${scriptId}/share`, { method: 'POST', cookie: user.cookie, body: '{}' });
  return `${base}/api/share/${body.shareId}/raw`;
}

export async function saveScript(base: string, user: BenchUser, scriptId: string, content: string, comment: string): Promise<void> {
  await api(`${base}/api/scripts/${scriptId}`, { method: 'PUT', cookie: user.cookie, body: JSON.stringify({ content, comment }) });
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function eachLimited<T>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}

/** Lua source of about `bytes` bytes, different for every (label, version). */
export function luaSource(label: string, version: number | string, bytes: number): string {
  const lines = [`-- ${label} v${version}\nlocal M = {}\n`];
  let size = lines[0]!.length;
  for (let i = 0; size < bytes - 10; i++) {
    const line = `function M.f${i}(x) return x * ${version} + ${i} end -- ${label}\n`;
    lines.push(line);
    size += line.length;
  }
  lines.push('return M\n');
  return lines.join('').slice(0, bytes);
}
