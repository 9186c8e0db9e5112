/**
 * File names in Chromium against the real server: a new script's Lua/Luau pick (Luau by default) sets the extension
 * the script keeps, listings show the file name with it, and a Rojo JSON file opens as plain text (no Lua checks)
 * and shares without a loadstring.
 */
import { describe, expect, it } from 'vitest';
import { apiSignUp, setEditorText, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

describe('file names', () => {
  it('a new script is Luau unless Lua is picked, and the listing shows its file name', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    const pick = await visible(page.getByLabel('Language'));
    expect(await pick.inputValue()).toBe('.luau');
    await page.getByPlaceholder('Script name').fill('Shop');
    await visible(page.getByTestId('script-file-name').filter({ hasText: /^Shop\.luau$/ }));
    await setEditorText(page, 'local price: number = 5\nreturn price');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Script created');
    await page.waitForURL(/\/script\/[^/?]+/);
    // an existing script keeps its extension: no pick any more, the file name follows the title
    await visible(page.getByTestId('script-file-name').filter({ hasText: /^Shop\.luau$/ }));
    expect(await page.getByLabel('Language').count()).toBe(0);

    await page.goto(`${app.url}/script/new`);
    await page.getByLabel('Language').selectOption('.lua');
    // a typed extension that matches the pick is not doubled
    await page.getByPlaceholder('Script name').fill('init.server.lua');
    await setEditorText(page, 'print("server")');
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Script created');
    await page.waitForURL(/\/script\/[^/?]+/);
    await visible(page.getByTestId('script-file-name').filter({ hasText: /^init\.server\.lua$/ }));

    await page.goto(`${app.url}/`);
    await visible(page.getByRole('link', { name: 'Shop.luau', exact: true }));
    await visible(page.getByRole('link', { name: 'init.server.lua', exact: true }));
    const scripts = (await (await page.request.get(`${app.url}/api/scripts`)).json()) as { title: string; extension: string }[];
    expect(scripts.map((s) => [s.title, s.extension]).sort()).toEqual([
      ['Shop', '.luau'],
      ['init.server', '.lua'],
    ]);
  });

  it('a Rojo project file opens as plain text without Lua diagnostics and shares without a loadstring', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const uploaded = await page.request.post(`${app.url}/api/upload/script`, {
      multipart: { file: { name: 'default.project.json', mimeType: 'application/json', buffer: Buffer.from('{\n\t"name": "Game",\n\t"tree": { "$path": "src" }\n}\n') } },
    });
    expect(uploaded.status()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };

    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: 'default.project.json', exact: true }).click();
    await visible(page.getByTestId('script-file-name').filter({ hasText: /^default\.project\.json$/ }));
    await visible(page.getByText('JSON · plain text, no Lua checks'));
    expect(await page.getByRole('button', { name: /Format/ }).isDisabled()).toBe(true);
    // text that is no Lua at all gets no marker
    await setEditorText(page, '{ "name": "Game", "tree": { "$path": "src" } }');
    await page.waitForTimeout(800); // past the syntax check's debounce, had it run
    expect(await page.locator('.monaco-editor .squiggly-error').count()).toBe(0);
    await visible(page.getByText('JSON · plain text, no Lua checks'));

    // the editor's share panel and the public page offer the raw URL, not a loadstring
    expect(await page.getByRole('button', { name: 'Copy Loadstring' }).count()).toBe(0);
    const shared = (await (await page.request.post(`${app.url}/api/scripts/${id}/share`, { data: {} })).json()) as { shareId: string };
    const guest = await app.newPage();
    await guest.goto(`${app.url}/share/${shared.shareId}`);
    await visible(guest.getByRole('heading', { name: 'default.project.json' }));
    await visible(guest.getByRole('button', { name: 'Copy Raw URL' }));
    expect(await guest.getByRole('button', { name: 'Copy Loadstring' }).count()).toBe(0);
  });
});
