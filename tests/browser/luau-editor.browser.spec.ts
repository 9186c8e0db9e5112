/**
 * The editor as a daily VS Code / luau-lsp user tries it (issue 34), in Chromium against the real server: completion
 * that inserts nothing unasked, Luau highlighting (and Lua 5.1 for `.lua` files), Shift+Alt+F formatting with StyLua
 * (tabs by default, a stylua.toml of the folder or a parent when there is one), focus kept in the editor.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignUp, editorText, setEditorText, toastWith, UI_TIMEOUT, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(`${app.url}${path}`, { data });
  expect(res.status(), path).toBe(201);
  return (await res.json()) as T;
}

/** Whether the keyboard focus is inside the Monaco editor. */
const focusInEditor = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));

/** The rendered tokens of the editor's lines: text and CSS class (Monaco's `mtkN`, one per token colour). */
const renderedTokens = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.monaco-editor .view-line span span')].map((s) => ({ text: s.textContent ?? '', cls: s.className })));

describe('completion stays out of the way', () => {
  for (const delay of [90, 30]) {
    it(`typing a generic signature and Enter leaves exactly what was typed (${delay} ms a key)`, async () => {
      const page = app.page;
      await apiSignUp(page, app.url);
      await page.goto(`${app.url}/script/new`);
      await setEditorText(page, '');
      await page.keyboard.type('function Inventory.new<T>(): Stack<T>', { delay });
      await page.waitForTimeout(400); // a list opened by the last key would be showing by now
      expect(await page.locator('.monaco-editor .suggest-widget.visible').count()).toBe(0);
      await page.keyboard.press('Enter');
      await page.keyboard.type('return nil', { delay });
      await page.keyboard.press('Escape');
      await expect.poll(() => editorText(page), { timeout: 5000 }).toBe('function Inventory.new<T>(): Stack<T>\n    return nil');
    });
  }

  it('opens the list on `.` and `:`, and never on punctuation or operators', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, '');
    const suggest = page.locator('.monaco-editor .suggest-widget.visible');
    for (const text of ['local t = (', 'x = a >', 'y = {', 'z = 1 +', 'w = "']) {
      await page.keyboard.type(text, { delay: 40 });
      await page.waitForTimeout(300);
      expect(await suggest.count(), text).toBe(0);
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type('task.', { delay: 40 });
    await visible(suggest.getByText('wait', { exact: true }));
    await page.keyboard.press('Escape');

    // `:` in a type position opens the types; the space after it closes them, so Enter is a new line
    await setEditorText(page, '');
    await page.keyboard.type('local hp: ', { delay: 40 });
    await page.waitForTimeout(300);
    expect(await suggest.count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.keyboard.type('local mp: n', { delay: 40 }); // and the types come back with the first letter
    await visible(suggest.getByText('number', { exact: true }));
    await page.keyboard.press('Escape');
    await expect.poll(() => editorText(page), { timeout: 5000 }).toBe('local hp: \nlocal mp: n');
  });
});

describe('Luau highlighting', () => {
  it('colours type, export and continue as keywords where they are keywords, and says Luau', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, ['export type Point = { x: number }', 'local kind = type(x)', 'for i = 1, 3 do', '\tif i == 2 then continue end', 'end'].join('\n'));
    await visible(page.locator('.editor-status', { hasText: 'Luau' }));
    await expect.poll(async () => (await renderedTokens(page)).some((t) => t.text === 'export'), { timeout: UI_TIMEOUT }).toBe(true);
    const tokens = await renderedTokens(page);
    const cls = (text: string, nth = 0) => tokens.filter((t) => t.text === text)[nth]?.cls;
    const keyword = cls('local');
    expect(keyword).toBeTruthy();
    expect(cls('export')).toBe(keyword);
    expect(cls('type', 0)).toBe(keyword);
    expect(cls('continue')).toBe(keyword);
    expect(cls('type', 1)).not.toBe(keyword); // type(x) is a call
    expect(cls('number')).not.toBe(keyword); // a type, coloured as one
    expect(cls('number')).not.toBe(cls('kind'));
  });

  it('keeps a Lua 5.1 mode for .lua scripts', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const { id } = await post<{ id: string }>(page, '/api/scripts', { title: 'init.server.lua', content: 'local type = 1\ncontinue = 2\nlocal x = 1' });
    await page.goto(`${app.url}/script/${id}`);
    await visible(page.locator('.editor-status', { hasText: 'Lua 5.1' }));
    // (neighbouring tokens of one colour render as one span: a name and the `=` after it)
    // tokenized once `local` is a span of its own
    await expect.poll(async () => (await renderedTokens(page)).some((t) => t.text === 'local'), { timeout: UI_TIMEOUT }).toBe(true);
    const tokens = await renderedTokens(page);
    const keyword = tokens.find((t) => t.text === 'local')?.cls;
    expect(keyword).toBeTruthy();
    expect(tokens.find((t) => t.text.includes('continue'))?.cls).not.toBe(keyword);
    expect(tokens.filter((t) => t.text.includes('type')).every((t) => t.cls !== keyword)).toBe(true);
  });
});

const MESSY = 'local function f(x)\n    if x then\n        return "a"\n    end\nend\n';

describe('formatting with StyLua', () => {
  it('Shift+Alt+F formats with tabs (StyLua’s default) and the keyboard stays in the editor; so does the Format button', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const { id } = await post<{ id: string }>(page, '/api/scripts', { title: 'Messy', content: MESSY });
    await page.goto(`${app.url}/script/${id}`);
    await expect.poll(() => editorText(page), { timeout: UI_TIMEOUT }).toContain('return "a"');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Shift+Alt+F');
    await toastWith(page, 'Formatted');
    await visible(page.getByText('Unsaved changes')); // the formatted text has landed in the editor
    expect(await focusInEditor(page)).toBe(true);
    await page.keyboard.press('ControlOrMeta+s');
    await toastWith(page, 'Saved as version 2');
    const v2 = (await (await page.request.get(`${app.url}/api/scripts/${id}`)).json()) as { content: string };
    expect(v2.content).toBe('local function f(x)\n\tif x then\n\t\treturn "a"\n\tend\nend\n');

    // the Format button gives the keyboard back to the editor
    await setEditorText(page, 'print( 1 )');
    await page.getByRole('button', { name: 'Format' }).click();
    await expect.poll(async () => (await editorText(page)).trim(), { timeout: UI_TIMEOUT }).toBe('print(1)');
    expect(await focusInEditor(page)).toBe(true);
  });

  it('honours a stylua.toml in the script’s folder or a parent', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const game = await post<{ id: string }>(page, '/api/folders', { name: 'Game' });
    const src = await post<{ id: string }>(page, '/api/folders', { name: 'src', parentId: game.id });
    await post(page, '/api/scripts', { title: 'stylua.toml', content: 'indent_type = "Spaces"\nindent_width = 2\n', folderId: game.id });
    const { id } = await post<{ id: string }>(page, '/api/scripts', { title: 'Shop.luau', content: MESSY, folderId: src.id });
    await page.goto(`${app.url}/script/${id}?folderId=${src.id}`);
    await expect.poll(() => editorText(page), { timeout: UI_TIMEOUT }).toContain('return "a"');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Shift+Alt+F');
    await toastWith(page, 'Game/stylua.toml');
    await visible(page.getByText('Unsaved changes'));
    await page.keyboard.press('ControlOrMeta+s');
    await toastWith(page, 'Saved as version 2');
    const saved = (await (await page.request.get(`${app.url}/api/scripts/${id}`)).json()) as { content: string };
    expect(saved.content).toBe('local function f(x)\n  if x then\n    return "a"\n  end\nend\n');
  });
});
