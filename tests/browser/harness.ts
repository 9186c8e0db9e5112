/**
 * Browser-test harness: the real server (embedded default, fresh temp data dir, port 0) and Debian's Chromium
 * driven by playwright-core. Tests assume `npm run build` ran first (the server serves web/dist).
 *
 * Usage, in a *.browser.spec.ts:
 *
 *   const app = useBrowserApp();               // registers beforeAll/afterAll/beforeEach/afterEach hooks
 *   it('does something', async () => {
 *     const page = app.page;                    // a fresh context + page per test (clipboard allowed)
 *     await page.goto(app.url + '/auth');
 *     await page.getByRole('button', { name: 'Sign In' }).click();
 *     const guest = await app.newPage();        // another context: no cookies, e.g. a share-link visitor
 *   });
 *
 * After each test a screenshot of every page still open goes to test-results/screenshots/<file>--<test>[-n].png
 * (git-ignored). Helpers: `signUp(page, url)` registers a fresh user through the UI; `apiSignUp` does it over HTTP.
 */
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startServer } from '../../services/server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');
/** default wait for UI assertions */
export const UI_TIMEOUT = 15_000;

export type BrowserApp = {
  /** base URL of the running server, e.g. http://localhost:43121 */
  readonly url: string;
  readonly adminKey: string;
  readonly browser: Browser;
  /** this test's page (fresh context each test) */
  readonly page: Page;
  /** another isolated context + page (no cookies); screenshotted and closed after the test */
  newPage(): Promise<Page>;
  /** stop the server: pages then find nothing at its address (offline tests) */
  stopServer(): Promise<void>;
  /** start a new server on the same port and data directory (after stopServer) */
  restartServer(): Promise<void>;
};

export function useBrowserApp(): BrowserApp {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let serverStopped = false;
  const serverEnv = { LOG_LEVEL: 'warn', RATE_LIMIT: 'off' };
  let browser: Browser | undefined;
  let dataDir = '';
  let contexts: BrowserContext[] = [];
  let page: Page | undefined;
  const consoleErrors: string[] = [];

  const newContext = async () => {
    const ctx = await browser!.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server!.url });
    ctx.setDefaultTimeout(UI_TIMEOUT);
    contexts.push(ctx);
    const p = await ctx.newPage();
    // GET /api/user answers 401 when signed out: expected, not worth reporting
    p.on('console', (m) => m.type() === 'error' && !m.text().includes('401 (Unauthorized)') && consoleErrors.push(m.text()));
    p.on('pageerror', (e) => consoleErrors.push(`pageerror: ${e.message}`));
    return p;
  };

  beforeAll(async () => {
    if (!existsSync(join(process.cwd(), 'web', 'dist', 'index.html'))) throw new Error('web/dist is missing: run `npm run build` before the browser tests');
    dataDir = mkdtempSync(join(tmpdir(), 'luavault-browser-'));
    server = await startServer({ port: 0, dataDir, env: serverEnv });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    if (!serverStopped) await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    contexts = [];
    consoleErrors.length = 0;
    page = await newContext();
  });

  afterEach(async () => {
    const state = expect.getState();
    const file = basename(state.testPath ?? 'test').replace(/\.browser\.spec\.ts$/, '');
    const name = `${file}--${(state.currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 90)}`;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    let n = 0;
    for (const ctx of contexts) {
      for (const p of ctx.pages()) {
        await p.screenshot({ path: join(SCREENSHOT_DIR, `${name}${n ? `-${n}` : ''}.png`), fullPage: true }).catch(() => undefined);
        n++;
      }
      await ctx.close().catch(() => undefined);
    }
    if (consoleErrors.length) console.warn(`[browser console errors in ${name}]\n  ${consoleErrors.join('\n  ')}`);
  });

  return {
    get url() {
      return server!.url;
    },
    get adminKey() {
      return server!.adminKey;
    },
    get browser() {
      return browser!;
    },
    get page() {
      return page!;
    },
    newPage: newContext,
    async stopServer() {
      if (serverStopped) return;
      serverStopped = true;
      await server!.stop();
    },
    async restartServer() {
      if (!serverStopped) return;
      const port = Number(new URL(server!.url).port);
      server = await startServer({ port, dataDir, env: serverEnv });
      serverStopped = false;
    },
  };
}

let userSeq = 0;
/** A unique username for this run. */
export const uniqueUser = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(userSeq++).toString(36)}`;

/** Register a fresh user through the /auth page; resolves on My Workspace. */
export async function signUp(page: Page, url: string, username = uniqueUser(), password = 'secret-pass-1'): Promise<string> {
  await page.goto(`${url}/auth`);
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'My Workspace' }).waitFor();
  return username;
}

/** Register over HTTP with the page's cookies (faster set-up when the sign-up screen is not under test). */
export async function apiSignUp(page: Page, url: string, username = uniqueUser(), password = 'secret-pass-1'): Promise<string> {
  const res = await page.request.post(`${url}/api/register`, { data: { username, password } });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return username;
}

/** Wait until the locator is visible (playwright-core has no `expect`; this is its waiting assertion). */
export async function visible(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout });
  return locator;
}

/** Wait until the locator is gone. */
export async function hidden(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

/** The toast currently shown (role=status region); waits for one whose text contains `title`. */
export async function toastWith(page: Page, title: string | RegExp): Promise<Locator> {
  return visible(page.getByRole('region', { name: /Notifications/ }).locator('li').filter({ hasText: title }));
}

/**
 * Replace the text of the (first) Monaco editor, exactly: select all, then paste through the clipboard
 * (typing would trigger auto-closing brackets and auto-indent).
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.locator('.monaco-editor').first();
  await visible(editor);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  if (text === '') {
    await page.keyboard.press('Delete');
    return;
  }
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

/** Text shown by the first Monaco editor on the page (visible lines). */
export async function editorText(page: Page): Promise<string> {
  const lines = page.locator('.monaco-editor').first().locator('.view-lines');
  await visible(lines);
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}
