/**
 * Issue 10, the app shell and the library: the offline banner and recovery (server stopped and started again on
 * the same port and data), no framework error page, a plain message for a save without a server, page titles, no
 * "Sign In" flash, workspace search over the whole tree, and phone-width pages that never scroll sideways.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignUp, hidden, toastWith, UI_TIMEOUT, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

async function createFolder(page: Page, name: string, parentId: string | null = null): Promise<string> {
  const res = await page.request.post(`${app.url}/api/folders`, { data: { name, parentId }, headers: { Origin: app.url } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createScript(page: Page, title: string, folderId: string | null = null): Promise<string> {
  const res = await page.request.post(`${app.url}/api/scripts`, { data: { title, content: 'print("hi")', folderId }, headers: { Origin: app.url } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('app shell', () => {
  it('shows a banner while the server is down, keeps the header and recovers when it is back', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const scriptId = await createScript(page, 'Offline notes');
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    expect(await page.title()).toBe('My Workspace · LuaVault');

    await app.stopServer();
    try {
      // Navigating with no server: the shell stays, a friendly page and the banner, never the developer page
      await page.getByRole('link', { name: 'View All' }).click();
      await visible(page.getByText('The server cannot be reached.'));
      await visible(page.getByRole('navigation', { name: 'Main' }));
      await visible(page.getByRole('button', { name: 'Retry', exact: true }));
      expect(await page.getByText(/Unexpected Application Error|Hey developer|Failed to fetch/).count()).toBe(0);
    } finally {
      await app.restartServer();
    }
    await hidden(page.getByText('The server cannot be reached.'), UI_TIMEOUT + 15_000);
    await toastWith(page, 'Back online');
    // the screen that could not load tries again by itself
    await visible(page.getByRole('heading', { name: 'All Scripts', level: 1 }));

    // Navigation works again
    await page.getByRole('link', { name: 'My Scripts' }).click();
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    await page.getByRole('link', { name: 'View All' }).click();
    await visible(page.getByRole('heading', { name: 'All Scripts', level: 1 }));
    await visible(page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('All Scripts'));
    await visible(page.getByRole('link', { name: 'Offline notes' }));
    expect(await page.title()).toBe('All Scripts · LuaVault');

    // The editor's title is the script's; a save with no server says so plainly
    await page.getByRole('link', { name: 'Offline notes' }).click();
    await page.waitForURL((u) => u.pathname === `/script/${scriptId}`);
    await page.locator('.monaco-editor').first().waitFor();
    await expect.poll(() => page.title(), { timeout: UI_TIMEOUT }).toBe('Offline notes · LuaVault');
    await app.stopServer();
    try {
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('End');
      await page.keyboard.type('\nprint("more")');
      await page.getByRole('button', { name: /^Save/ }).first().click();
      await toastWith(page, /Could not reach the server/);
      await visible(page.getByText('The server cannot be reached.'));
      expect(await page.getByText('Failed to fetch').count()).toBe(0);
    } finally {
      await app.restartServer();
    }
    await hidden(page.getByText('The server cannot be reached.'), UI_TIMEOUT + 15_000);
  });

  it('recovers screens whose stylesheet and shared code failed to load too, styled', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    const banner = page.getByText('The server cannot be reached.');
    const maxWidth = (selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).maxWidth);

    // Settings: its chunk and its own stylesheet fail (every chunk it shares with My Workspace is loaded)
    await app.stopServer();
    try {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await visible(banner);
      await visible(page.getByRole('button', { name: 'Retry', exact: true }));
    } finally {
      await app.restartServer();
    }
    await hidden(banner, UI_TIMEOUT + 15_000);
    await visible(page.getByRole('heading', { name: 'Account settings', level: 1 }));
    expect(await maxWidth('.lv-account')).toBe('760px'); // account.css

    // Terms: its chunk, a chunk shared with Privacy and that chunk's stylesheet fail, with no request to the API
    await app.stopServer();
    try {
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms' }).click();
      await visible(banner);
      await visible(page.getByRole('button', { name: 'Retry', exact: true }));
    } finally {
      await app.restartServer();
    }
    await hidden(banner, UI_TIMEOUT + 15_000);
    await toastWith(page, 'Back online');
    await visible(page.getByRole('heading', { name: 'Terms of Service', level: 1 }));
    expect(await maxWidth('.lv-legal')).toBe('768px'); // legal.css: 48rem
    expect(await page.title()).toBe('Terms of Service · LuaVault');
  });

  it('does not flash "Sign In" for a signed-in user while the user loads', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.url}/docs`);
    await visible(page.getByRole('navigation', { name: 'Main' }));
    // the header's: the page's Getting Started has a "Sign In" link of its own, there once its chunk loads
    const headerSignIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    expect(await headerSignIn.count()).toBe(0);
    release();
    await visible(page.getByRole('button', { name: 'User menu' }));
    expect(await headerSignIn.count()).toBe(0);
  });

  it('answers an unknown address with HTTP 404 and the app\'s own 404 page', async () => {
    const page = app.page;
    const res = await page.goto(`${app.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    expect(await page.title()).toBe('Page not found · LuaVault');
    expect((await page.goto(`${app.url}/docs`))?.status()).toBe(200);
  });
});

describe('library', () => {
  it('finds a script two folders deep from the workspace search, with its path', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const tools = await createFolder(page, 'Tools');
    const net = await createFolder(page, 'Net', tools);
    await createScript(page, 'Deep Fetcher', net);
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    // folder cards count what they hold
    await visible(page.getByText('0 scripts · 1 subfolder'));

    await page.getByLabel('Search folders and scripts').fill('fetcher');
    const results = page.getByRole('region', { name: 'Matching scripts' });
    await visible(results.getByRole('link', { name: 'Deep Fetcher' }));
    await visible(results.getByLabel('Location: Tools / Net'));
    await page.getByLabel('Search folders and scripts').fill('net');
    await visible(page.getByRole('region', { name: 'Matching folders' }).getByRole('link', { name: 'Net' }));

    // All Scripts names each card's folder and sorts on request
    await createScript(page, 'Zeta root');
    await page.goto(`${app.url}/folder`);
    await visible(page.getByLabel('Location: Tools / Net'));
    await visible(page.getByLabel('Location: Unorganized'));
    const cardTitles = () => page.locator('.script-card .item-title').allInnerTexts();
    // cards name the file a pull writes: a script created without an extension is a .lua file
    expect(await cardTitles()).toEqual(['Zeta root.lua', 'Deep Fetcher.lua']);
    await page.getByLabel('Sort by').selectOption('title');
    await expect.poll(cardTitles, { timeout: UI_TIMEOUT }).toEqual(['Deep Fetcher.lua', 'Zeta root.lua']);
  });

  it('welcomes a brand-new user without claiming their scripts are in folders', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'No scripts yet' }));
    expect(await page.getByText('All your scripts are organized in folders').count()).toBe(0);
  });
});

describe('phone width (390x844)', () => {
  it('API keys, docs and admin pages never scroll sideways', async () => {
    const ctx = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await ctx.newPage();
      await apiSignUp(page, app.url);
      await page.request.post(`${app.url}/api/api-keys`, { data: { name: 'phone key' }, headers: { Origin: app.url } });
      // How far the page, or any table or code block (or the box that scrolls it), reaches past the screen's edge
      const overflow = () =>
        page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          let worst = document.documentElement.scrollWidth - width;
          for (const el of document.querySelectorAll('table, pre')) {
            let box: Element | null = el;
            while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
            worst = Math.max(worst, Math.round((box ?? el).getBoundingClientRect().right) - width);
          }
          return worst;
        });

      await page.goto(`${app.url}/api-keys`);
      await visible(page.getByRole('heading', { name: 'API Keys', level: 1 }));
      await page.waitForLoadState('networkidle');
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        expect(await overflow(), `api-keys: ${await tab.innerText()}`).toBeLessThanOrEqual(0);
      }

      await page.goto(`${app.url}/docs`);
      await visible(page.getByRole('heading', { level: 1 }));
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        expect(await overflow(), `docs: ${await tab.innerText()}`).toBeLessThanOrEqual(0);
      }

      await page.goto(`${app.url}/admin`);
      await page.getByLabel('Access Key').fill(app.adminKey);
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      await visible(page.getByRole('tab', { name: 'Dashboard' }));
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await page.waitForLoadState('networkidle');
        expect(await overflow(), `admin: ${await tab.innerText()}`).toBeLessThanOrEqual(0);
      }
    } finally {
      await ctx.close();
    }
  });
});
