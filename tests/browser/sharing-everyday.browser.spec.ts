import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignUp, editorText, hidden, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

async function apiCreate(page: Page, path: string, data: Record<string, unknown>): Promise<{ id: string }> {
  const res = await page.request.post(`${app.url}${path}`, { data });
  if (!res.ok()) throw new Error(`${path} failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

const shareIdOf = async (page: Page, scriptId: string): Promise<string | null> =>
  (await (await page.request.get(`${app.url}/api/scripts/${scriptId}`)).json()).shareId;

describe('sharing in everyday use', () => {
  it('Copy Raw URL and Copy Loadstring on an unshared script open the share dialog instead of sharing it', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const script = await apiCreate(page, '/api/scripts', { title: 'Private one', content: 'return "secret"' });
    await page.goto(`${app.url}/script/${script.id}`);
    await visible(page.getByRole('heading', { name: 'Share Script' }));

    for (const button of ['Copy Raw URL', 'Copy Loadstring']) {
      await page.getByRole('button', { name: button }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Share Script' }));
      await visible(dialog.getByText(/is private: nobody else can read it/));
      expect(await shareIdOf(page, script.id)).toBeNull(); // nothing became public
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);
    }
    expect(await shareIdOf(page, script.id)).toBeNull();

    // Sharing happens when the owner says so; then the buttons copy.
    await page.getByRole('button', { name: 'Copy Raw URL' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Share Script' }));
    await dialog.getByRole('button', { name: 'Create share link' }).click();
    const rawField = await visible(dialog.getByLabel('Raw URL', { exact: true }));
    const shareId = await shareIdOf(page, script.id);
    expect(shareId).toBeTruthy();
    expect(await rawField.inputValue()).toBe(`${app.url}/api/share/${shareId}/raw`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await hidden(dialog);
    await page.getByRole('button', { name: 'Copy Raw URL' }).click();
    await toastWith(page, 'Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/api/share/${shareId}/raw`);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('a visitor opens every script of a shared folder read-only, raw URL included, until the link is revoked', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const top = await apiCreate(page, '/api/folders', { name: 'Toolkit' });
    const inner = await apiCreate(page, '/api/folders', { name: 'Deep', parentId: top.id });
    await apiCreate(page, '/api/scripts', { title: 'Alpha', content: 'return "alpha"', folderId: top.id });
    const nested = await apiCreate(page, '/api/scripts', { title: 'Nested', content: 'return "nested"', folderId: inner.id });

    await page.goto(`${app.url}/folder/${top.id}`);
    // The dialog says what a folder link exposes before there is one, and nothing is shared until asked.
    await page.getByRole('button', { name: 'Generate Share Link' }).click();
    const share = await visible(page.getByRole('dialog', { name: 'Share Repository' }));
    await visible(share.getByText(/open every script in this folder and its subfolders read-only/));
    expect((await (await page.request.get(`${app.url}/api/folders/${top.id}`)).json()).shareId).toBeNull();
    await share.getByRole('button', { name: 'Create share link' }).click();
    const link = await share.getByLabel('Share link', { exact: true }).inputValue();

    const guest = await app.newPage();
    await guest.goto(link);
    await visible(guest.getByRole('heading', { name: 'Toolkit' }));
    await guest.getByRole('link', { name: 'View Nested' }).click();
    await visible(guest.getByRole('heading', { name: 'Nested' }));
    await visible(guest.getByRole('navigation', { name: 'Folder path' }).getByText('Toolkit / Deep'));
    expect(await editorText(guest)).toContain('return "nested"');
    const pageUrl = guest.url();
    expect(pageUrl).toMatch(new RegExp(`/share/folder/[^/]+/scripts/${nested.id}$`));

    await guest.getByRole('button', { name: 'Copy Raw URL' }).click();
    await toastWith(guest, 'Copied!');
    const rawUrl = await guest.evaluate(() => navigator.clipboard.readText());
    const raw = await fetch(rawUrl);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe('return "nested"');

    await share.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke share link?' }).getByRole('button', { name: 'Revoke' }).click();
    await hidden(share);
    expect((await fetch(rawUrl)).status).toBe(404);
    await guest.reload();
    await visible(guest.getByRole('heading', { name: 'Script Not Found' }));
  });

  it('the shared-script page shows the code before Monaco arrives, and keeps it if Monaco never does', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const script = await apiCreate(page, '/api/scripts', { title: 'Quick', content: 'local answer = 42\nreturn answer' });
    const { shareId } = await (await page.request.post(`${app.url}/api/scripts/${script.id}/share`, { data: {} })).json();

    const guest = await app.newPage();
    // Monaco never arrives: the code is still there, as text.
    await guest.route(/\/assets\/monaco-lua-[^/]+\.js$/, (route) => route.abort());
    await guest.goto(`${app.url}/share/${shareId}`);
    const plain = await visible(guest.getByTestId('plain-code'));
    expect(await plain.innerText()).toBe('local answer = 42\nreturn answer');
    expect(await plain.locator('.tok-keyword').allInnerTexts()).toEqual(['local', 'return']); // lightly highlighted
    await guest.waitForTimeout(500);
    expect(await guest.getByTestId('plain-code').isVisible()).toBe(true);
    await guest.screenshot({ path: 'test-results/screenshots/shared-plain-code.png' });

    // With Monaco, the plain text is replaced by the editor.
    const visitor = await app.newPage();
    await visitor.goto(`${app.url}/share/${shareId}`);
    expect(await editorText(visitor)).toContain('local answer = 42');
    await hidden(visitor.getByTestId('plain-code'));
  });

  it('the Monaco chunk reaches the browser compressed, with immutable caching', async () => {
    const page = app.page;
    const assets: { url: string; encoding?: string; cache?: string; vary?: string }[] = [];
    page.on('response', (res) => {
      if (!/\/assets\/monaco-lua-[^/]+\.js$/.test(res.url())) return;
      const h = res.headers();
      assets.push({ url: res.url(), encoding: h['content-encoding'], cache: h['cache-control'], vary: h['vary'] });
    });
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await visible(page.locator('.monaco-editor').first());
    expect(assets).toHaveLength(1);
    expect(['br', 'gzip']).toContain(assets[0]!.encoding);
    expect(assets[0]!.cache).toBe('public, max-age=31536000, immutable');
    expect(assets[0]!.vary).toMatch(/Accept-Encoding/i);
  });
});
