/**
 * Issue 4 in Chromium against the real server: API keys (create, shown once, used from Node, last use, delete),
 * a copied API example run in a shell, the admin dashboard (wrong key, right key, counts, per-user scripts,
 * download, key in the path, logout), the documentation sidebar and accordion, the Help Center search and the
 * configured script limit, and the legal pages.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../services/server';
import { apiSignUp, hidden, toastWith, uniqueUser, useBrowserApp, visible } from './harness';

const app = useBrowserApp();
const run = promisify(execFile);

/** Registers a user over HTTP from Node and returns a fetch that sends its session cookie. */
async function httpUser(url: string, username = uniqueUser('node')) {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'secret-pass-1' }),
  });
  expect(res.status).toBe(201);
  const user = (await res.json()) as { id: string };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${url}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(r.ok, `${method} ${path}: ${r.status}`).toBe(true);
    return (r.status === 204 ? undefined : await r.json()) as T;
  };
  return { id: user.id, username, call };
}

async function createKeyThroughUi(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Create API Key' }));
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Key' }).click();
  await toastWith(page, 'API key created');
  await hidden(dialog);
  const secret = await visible(page.getByTestId('new-api-key'));
  return (await secret.innerText()).trim();
}

const statText = async (page: Page, label: string) => (await page.locator(`[data-stat="${label}"]`).innerText()).trim();

describe('API keys', () => {
  it('creates a key shown once, uses it from Node, shows its last use, and deletes it', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/api-keys`);
    await visible(page.getByRole('heading', { name: 'API Keys', level: 1 }));
    await visible(page.getByRole('tab', { name: 'Your API Keys' }));
    await visible(page.getByRole('tab', { name: 'API Examples' }));

    // Empty state, then the dialog: disabled while blank, 'Invalid key name' on a blank submit
    await page.getByRole('button', { name: 'Create Your First API Key' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Create API Key' }));
    const createButton = dialog.getByRole('button', { name: 'Create Key' });
    expect(await createButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('   ');
    expect(await createButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').press('Enter');
    await toastWith(page, 'Invalid key name');
    await visible(page.getByText('Please provide a name for your API key.'));

    await dialog.getByLabel('Name').fill('CI pipeline');
    expect(await createButton.isDisabled()).toBe(false);
    await createButton.click();
    await toastWith(page, 'API key created');
    const secret = (await (await visible(page.getByTestId('new-api-key'))).innerText()).trim();
    expect(secret).toMatch(/^lv_/);
    expect(secret.length).toBeLessThanOrEqual(64);

    // Listed by preview only, never used yet
    const list = page.getByRole('list', { name: 'API keys' });
    const item = list.getByRole('listitem').filter({ hasText: 'CI pipeline' });
    await visible(item);
    await visible(item.getByText('Never used'));
    const preview = (await item.getByLabel('Key preview').innerText()).trim();
    expect(preview).toBe(`${secret.slice(0, 7)}...${secret.slice(-4)}`);

    // The key works from Node
    const used = await fetch(`${app.url}/api/v1/scripts`, { headers: { 'X-API-Key': secret } });
    expect(used.status).toBe(200);
    expect(Array.isArray(await used.json())).toBe(true);

    // Confirm: the full key is gone for good
    await page.getByRole('button', { name: "I've saved my key" }).click();
    await hidden(page.getByTestId('new-api-key'));
    expect(await page.content()).not.toContain(secret);

    // 'Last used' appears after a reload (the use is recorded in the background)
    const deadline = Date.now() + 10_000;
    for (;;) {
      await page.reload();
      await visible(item);
      if (await item.getByText(/^Last used/).count()) break;
      if (Date.now() > deadline) throw new Error("'Last used' did not appear");
      await page.waitForTimeout(300);
    }
    expect(await item.getByText('Never used').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    // Delete, with the spec's confirmation; the key is refused at once
    await item.getByRole('button', { name: 'Delete API key CI pipeline' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete API key' }));
    await visible(confirm.getByText('Are you sure you want to delete this API key? This action cannot be undone.'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'API key deleted');
    await visible(page.getByRole('button', { name: 'Create Your First API Key' }));
    const refused = await fetch(`${app.url}/api/v1/scripts`, { headers: { 'X-API-Key': secret } });
    expect(refused.status).toBe(401);
  });

  it('gives API examples that run as copied in a shell', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const created = await page.request.post(`${app.url}/api/scripts`, {
      data: { title: 'Shell Example', content: 'print("from the shell")' },
    });
    expect(created.status()).toBe(201);
    const script = (await created.json()) as { id: string };

    await page.goto(`${app.url}/api-keys`);
    const secret = await createKeyThroughUi(page, 'Shell');
    await page.getByRole('tab', { name: 'API Examples' }).click();

    // Every /api/v1 call has an example, written against this origin
    for (const path of ['/health', '/scripts', '/folders', '/content', '/raw', '/upload', '/share', '/loadstring']) {
      expect(await page.locator('pre').filter({ hasText: `${app.url}/api/v1` }).filter({ hasText: path }).count(), path).toBeGreaterThan(0);
    }

    const copy = async (title: string) => {
      await page.getByRole('button', { name: `Copy example: ${title}` }).click();
      await toastWith(page, 'Copied to clipboard');
      return page.evaluate(() => navigator.clipboard.readText());
    };
    const setup = await copy('Set your key and a script id');
    expect(setup).toContain(secret);
    expect(setup).toContain(script.id);
    const content = await copy('Get a script as JSON');
    const list = await copy('List your scripts');

    const dir = mkdtempSync(join(tmpdir(), 'luavault-shell-'));
    try {
      const { stdout } = await run('bash', ['-c', `${setup}\n${content}`], { cwd: dir, timeout: 15_000 });
      expect(JSON.parse(stdout)).toMatchObject({ id: script.id, title: 'Shell Example', content: 'print("from the shell")', version: 1 });
      const listed = await run('bash', ['-c', `${setup}\n${list}`], { cwd: dir, timeout: 15_000 });
      expect((JSON.parse(listed.stdout) as { title: string }[]).map((s) => s.title)).toContain('Shell Example');
      const upload = await copy('Create a script from a file');
      const uploaded = await run('bash', ['-c', `${setup}\n${upload}`], { cwd: dir, timeout: 15_000 });
      expect(JSON.parse(uploaded.stdout)).toMatchObject({ title: 'Hello File', content: 'print("Hello from a file")\n' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('admin dashboard', () => {
  it('refuses a wrong key, then shows counts, per-user scripts and downloads with the right one', async () => {
    const page = app.page;
    const admin = (path: string) => fetch(`${app.url}${path}`, { headers: { 'X-API-Key': app.adminKey } }).then((r) => r.json());
    const before = (await admin('/admin-api/stats')) as { counts: { users: number; scripts: number; versions: number } };

    // Known data: two users, three scripts, four versions
    const alice = await httpUser(app.url, uniqueUser('alice'));
    const bob = await httpUser(app.url, uniqueUser('bob'));
    const a1 = await alice.call<{ id: string }>('POST', '/api/scripts', { title: 'Alpha', content: 'print("a1")' });
    await alice.call('PUT', `/api/scripts/${a1.id}`, { content: 'print("a1 v2")' });
    await alice.call('POST', '/api/scripts', { title: 'Beta', content: 'print("a2")' });
    const bobContent = 'local x = 1\nprint("bob", x)\n';
    const b1 = await bob.call<{ id: string }>('POST', '/api/scripts', { title: 'My Cool Script! v2', content: bobContent });

    await page.goto(`${app.url}/admin`);
    await visible(page.getByRole('heading', { name: 'Admin Dashboard' }));
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await visible(page.getByText('Required'));

    await page.getByLabel('Access Key').fill('000000');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await toastWith(page, 'Invalid access key. Please try again.');
    await visible(page.getByRole('button', { name: 'Access Dashboard' }));
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain('000000');

    await page.getByLabel('Access Key').fill(app.adminKey);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await toastWith(page, 'Authentication successful');
    await visible(page.getByRole('tab', { name: 'Dashboard' }));
    await visible(page.getByRole('heading', { name: 'Most Viewed Scripts' }));
    await page.locator('[data-stat="Total Users"]').filter({ hasText: String(before.counts.users + 2) }).waitFor();
    expect(await statText(page, 'Total Users')).toBe(String(before.counts.users + 2));
    expect(await statText(page, 'Total Scripts')).toBe(String(before.counts.scripts + 3));
    expect(await statText(page, 'Total Versions')).toBe(String(before.counts.versions + 4));
    expect(await page.locator('.lv-admin__top-list li').count()).toBeLessThanOrEqual(5);

    // The session survives a reload
    await page.reload();
    await visible(page.getByRole('tab', { name: 'Dashboard' }));

    // Users: View Scripts opens /admin/scripts?userId=… in a new tab, with that user's scripts only
    await page.getByRole('tab', { name: 'Users' }).click();
    const bobRow = page.getByRole('row').filter({ hasText: bob.username });
    await visible(bobRow);
    const [popup] = await Promise.all([page.context().waitForEvent('page'), bobRow.getByRole('button', { name: `View scripts of ${bob.username}` }).click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/admin/scripts');
    expect(new URL(popup.url()).searchParams.get('userId')).toBe(bob.id);
    await visible(popup.getByRole('heading', { name: 'User Scripts' }));
    await visible(popup.getByRole('cell', { name: 'My Cool Script! v2', exact: true }));
    expect(await popup.getByRole('cell', { name: 'Alpha', exact: true }).count()).toBe(0);
    await popup.close();
    expect(page.context().pages()).toHaveLength(1);

    // Scripts: download as .lua with the spec's file name
    await page.getByRole('tab', { name: 'Scripts' }).click();
    const row = page.getByRole('row').filter({ hasText: b1.id });
    await visible(row);
    await visible(page.getByRole('button', { name: 'Refresh scripts' }));
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download My Cool Script! v2' }).click()]);
    expect(download.suggestedFilename()).toBe('my_cool_script__v2.lua');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(bobContent);

    // Logout clears the session and goes to /
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/admin'));
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto(`${app.url}/admin`);
    await visible(page.getByRole('button', { name: 'Access Dashboard' }));

    // A key at the end of the path: verified, then removed from the address bar
    await page.goto(`${app.url}/admin/${encodeURIComponent(app.adminKey)}`);
    await toastWith(page, 'Authentication successful');
    await visible(page.getByRole('tab', { name: 'Dashboard' }));
    expect(page.url()).toBe(`${app.url}/admin`);
    expect(await page.evaluate(() => window.location.href)).not.toContain(app.adminKey);

    // A wrong key in the path is refused and removed as well
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/admin'));
    await page.goto(`${app.url}/admin/123456`);
    await toastWith(page, 'Invalid access key. Please try again.');
    expect(page.url()).toBe(`${app.url}/admin`);
    await visible(page.getByRole('button', { name: 'Access Dashboard' }));
  });
});

describe('documentation and help', () => {
  it('shows the docs sidebar, the Lua Reference accordion (one open at a time) and the API reference', async () => {
    const page = app.page;
    await page.goto(`${app.url}/docs`);
    await visible(page.getByRole('heading', { name: 'Documentation', level: 1 }));
    await visible(page.getByRole('link', { name: 'Back to Home' }));
    const nav = page.getByRole('navigation', { name: 'Documentation sections' });
    for (const name of ['Getting Started', 'Editor Guide', 'Version Control', 'Sharing Scripts', 'Lua Reference', 'API Reference']) {
      await visible(nav.getByRole('link', { name }));
    }
    await visible(page.getByRole('heading', { name: 'Getting Started', level: 2 }));

    await nav.getByRole('link', { name: 'Editor Guide' }).click();
    await visible(page.getByRole('heading', { name: 'Editor Guide', level: 2 }));
    expect(new URL(page.url()).hash).toBe('#editor-guide');
    await visible(page.getByText('Drafts are kept while you type and offered back after a reload; a version is created when you save.'));

    await nav.getByRole('link', { name: 'Version Control' }).click();
    await visible(page.getByRole('heading', { name: 'Version Control', level: 2 }));
    await visible(page.getByText(/additions are highlighted in\s+green, deletions in red/));

    await nav.getByRole('link', { name: 'Lua Reference' }).click();
    const basics = page.getByRole('button', { name: 'Basic Syntax' });
    const tables = page.getByRole('button', { name: 'Tables' });
    expect(await basics.getAttribute('aria-expanded')).toBe('false');
    await basics.click();
    expect(await basics.getAttribute('aria-expanded')).toBe('true');
    await visible(page.getByRole('region', { name: 'Basic Syntax' }));
    await tables.click();
    expect(await tables.getAttribute('aria-expanded')).toBe('true');
    expect(await basics.getAttribute('aria-expanded')).toBe('false');
    await hidden(page.getByRole('region', { name: 'Basic Syntax' }));
    await visible(page.getByRole('region', { name: 'Tables' }));
    await tables.click();
    expect(await tables.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('button', { name: 'Platform-Specific Features' }).click();

    await nav.getByRole('link', { name: 'API Reference' }).click();
    await visible(page.getByRole('region', { name: 'GET /api/v1/scripts', exact: true }));
    await visible(page.getByRole('region', { name: 'PATCH /api/v1/scripts/{id}/upload', exact: true }));
    await visible(page.getByRole('heading', { name: 'Schemas' }));

    // A deep link opens its section
    await page.goto(`${app.url}/docs#sharing`);
    await visible(page.getByRole('heading', { name: 'Sharing Scripts', level: 2 }));
    await visible(page.getByText(/Revoke link/).first());
  });

  it('searches the FAQ with and without results and states the unlimited script limit', async () => {
    const page = app.page;
    await page.goto(`${app.url}/help`);
    await visible(page.getByRole('heading', { name: 'Help Center' }));
    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    const questions = page.locator('.lv-faq__trigger');
    const total = await questions.count();
    expect(total).toBeGreaterThan(5);

    await search.fill('loadstring');
    await visible(page.getByRole('button', { name: 'How do I share a script?' }));
    expect(await questions.count()).toBeLessThan(total);
    await page.getByRole('button', { name: 'How do I share a script?' }).click();
    await visible(page.getByRole('region', { name: 'How do I share a script?' }));

    await search.fill('no such topic xyzzy');
    await visible(page.getByText('No results found'));
    expect(await questions.count()).toBe(0);

    await search.fill('');
    await hidden(page.getByText('No results found'));
    expect(await questions.count()).toBe(total);

    await search.fill('limit');
    await page.getByRole('button', { name: 'Is there a limit on how many scripts I can keep?' }).click();
    await visible(page.getByText(/unlimited number of scripts/));
  });

  it('states the configured script limit when SCRIPT_QUOTA is set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'luavault-quota-'));
    const server = await startServer({ port: 0, dataDir, env: { LOG_LEVEL: 'warn', SCRIPT_QUOTA: '3' } });
    try {
      const page = app.page;
      await page.goto(`${server.url}/help`);
      await page.getByRole('button', { name: 'Is there a limit on how many scripts I can keep?' }).click();
      await visible(page.getByText('Each account on this LuaVault instance can keep up to 3 scripts.'));
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('shows the Terms of Service (12 sections) and the Privacy Policy', async () => {
    const page = app.page;
    await page.goto(`${app.url}/terms`);
    await visible(page.getByRole('heading', { name: 'Terms of Service' }));
    expect(await page.locator('.lv-legal__sections > li').count()).toBe(12);
    await page.goto(`${app.url}/privacy`);
    await visible(page.getByRole('heading', { name: 'Privacy Policy' }));
    await visible(page.getByText('Last updated: November 24, 2026'));
    await visible(page.getByText(/not intended for children under 13/));
  });
});
