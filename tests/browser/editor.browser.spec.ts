/**
 * The editor a daily user expects (issue 10), in Chromium against the real server: Lua/Luau indentation while
 * typing, an optional version comment on Save (otherwise the server's UTC one), "Restore this version" on the
 * old-version banner with that version's own number in the side panel, friendly Activity wording, the keyboard way
 * out of the editor, a warning before leaving unsaved changes, a one-line StyLua error that goes with the page,
 * and an inline diff on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignUp, editorText, hidden, setEditorText, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

/** A script made over HTTP, one version per content; resolves to its id. */
async function makeScript(page: Page, title: string, contents: string[]): Promise<string> {
  const [first = 'print(1)', ...rest] = contents;
  const res = await page.request.post(`${app.url}/api/scripts`, { data: { title, content: first } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  for (const content of rest) expect((await page.request.put(`${app.url}/api/scripts/${id}`, { data: { content } })).status()).toBe(200);
  return id;
}

/** The editor's text with spaces kept, once it equals `expected` (typing lands asynchronously). */
async function expectEditorText(page: Page, expected: string) {
  await expect.poll(() => editorText(page), { timeout: 5000 }).toBe(expected);
}

describe('editor', () => {
  it('indents after block openers and outdents on their closers while typing', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, '');
    const type = (text: string) => page.keyboard.type(text, { delay: 30 });

    await type('function f()');
    await page.keyboard.press('Enter');
    await type('print(1)');
    await expectEditorText(page, 'function f()\n    print(1)');
    await page.keyboard.press('Enter');
    await type('end');
    await expectEditorText(page, 'function f()\n    print(1)\nend');

    await page.keyboard.press('Enter');
    await type('if x then');
    await page.keyboard.press('Enter');
    await type('a()');
    await page.keyboard.press('Enter');
    await type('else');
    await expectEditorText(page, 'function f()\n    print(1)\nend\nif x then\n    a()\nelse');
    await page.keyboard.press('Enter');
    await type('b()');
    await page.keyboard.press('Enter');
    await type('end');
    await expectEditorText(page, 'function f()\n    print(1)\nend\nif x then\n    a()\nelse\n    b()\nend');

    // an anonymous function (its call's `)` goes below the body), repeat ... until, and a table: `{` Enter puts the
    // closing brace below an indented line
    await setEditorText(page, '');
    await type('button.Activated:Connect(function()');
    await page.keyboard.press('Enter');
    await type('repeat');
    await page.keyboard.press('Enter');
    await type('step()');
    await page.keyboard.press('Enter');
    await type('until done');
    await expectEditorText(page, 'button.Activated:Connect(function()\n    repeat\n        step()\n    until done\n)');

    await setEditorText(page, '');
    await type('local t = {');
    await page.keyboard.press('Enter');
    await type('1,');
    await expectEditorText(page, 'local t = {\n    1,\n}');

    // a `}` typed on an indented line outdents it
    await setEditorText(page, 'local u = {\n    2,\n    ');
    await expectEditorText(page, 'local u = {\n    2,\n    ');
    await page.keyboard.press('ControlOrMeta+End');
    await type('}');
    await expectEditorText(page, 'local u = {\n    2,\n}');
  });

  it('saves with a typed comment or the server’s UTC one, restores from the banner, and words the activity for people', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const id = await makeScript(page, 'Commented', ['print("one")']);
    await page.goto(`${app.url}/script/${id}`);
    await visible(page.getByText('Version 1', { exact: true }));

    // a save with a comment typed next to Save (Enter in the field saves)
    await setEditorText(page, 'print("two")');
    const comment = page.getByLabel('Version comment (optional)');
    await comment.fill('Greets twice');
    await comment.press('Enter');
    await toastWith(page, 'Saved as version 2');
    expect(await comment.inputValue()).toBe('');

    // a save without one (Ctrl+S): the server writes its automatic UTC comment
    await setEditorText(page, 'print("three")');
    await page.keyboard.press('ControlOrMeta+s');
    await toastWith(page, 'Saved as version 3');

    const versions = (await (await page.request.get(`${app.url}/api/scripts/${id}/versions`)).json()) as { version: number; comment: string }[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions[1]!.comment).toBe('Greets twice');
    expect(versions[0]!.comment).toMatch(/^Updated on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/);

    await page.getByRole('button', { name: 'History (3)' }).click();
    const history = await visible(page.getByRole('dialog', { name: 'Version History' }));
    const items = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    await visible(items.nth(1).getByText('Greets twice', { exact: true }));
    // the automatic comment only states the date, which each entry shows anyway: the list names the version instead
    await visible(items.first().getByText('Version 3', { exact: true }));
    expect(await items.first().getByText(/^Updated on .* UTC$/).count()).toBe(0);

    // Activity: the server's sentences and plain labels, never event type names
    await history.getByRole('tab', { name: 'Activity' }).click();
    const audit = await visible(history.getByRole('list', { name: 'Audit trail' }));
    await visible(audit.getByText('Saved version 2: Greets twice'));
    await visible(audit.getByText('Saved version 3', { exact: true }));
    expect(await audit.innerText()).not.toMatch(/Script(Saved|Created|Shared|Restored)/);
    await visible(audit.getByText('Saved', { exact: true }).first());
    await history.getByRole('tab', { name: 'Versions' }).click();

    // an old version: the side panel gives its own number with its size; the banner restores it
    await history.getByRole('button', { name: 'View version 1' }).click();
    const banner = await visible(page.getByRole('status').filter({ hasText: 'Viewing version 1. This is a read-only view.' }));
    const details = page.getByRole('complementary', { name: 'Script details' });
    await visible(details.getByText(/^Version 1, saved /));
    await visible(details.getByText('Size of version 1'));
    await banner.getByRole('button', { name: 'Restore this version' }).click();
    await toastWith(page, 'Version restored');
    await hidden(banner);
    await visible(page.getByRole('button', { name: 'History (4)' }));
    expect(await editorText(page)).toBe('print("one")');
  });

  it('hints how to leave the editor with the keyboard, and Ctrl+M then Tab does leave it', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, 'print(1)');
    const textarea = page.locator('.monaco-editor textarea').first();
    const hintId = await textarea.getAttribute('aria-describedby');
    expect(hintId).toBeTruthy();
    const hint = page.locator(`[id="${hintId}"]`);
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.innerText()).toMatch(/Ctrl\+M.*then Tab/s);

    const focusInEditor = () => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));
    await page.keyboard.press('Tab'); // inside the editor Tab indents
    expect(await focusInEditor()).toBe(true);
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    expect(await focusInEditor()).toBe(false);
    await page.keyboard.press('Control+m'); // back to normal for whoever comes next (the mode is per page)
  });

  it('asks before leaving unsaved changes, in the app and on reload', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const id = await makeScript(page, 'Careful', ['print("kept")']);
    await page.goto(`${app.url}/script/${id}`);
    await visible(page.getByText('Version 1', { exact: true }));

    // nothing changed: leaving does not ask
    await page.getByRole('link', { name: 'Back' }).click();
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    await page.goBack();
    await visible(page.getByText('Version 1', { exact: true }));

    await setEditorText(page, 'print("not saved yet")');
    await visible(page.getByText('Unsaved changes'));
    await page.getByRole('link', { name: 'Back' }).click();
    const ask = await visible(page.getByRole('alertdialog', { name: 'Leave without saving?' }));
    await ask.getByRole('button', { name: 'Stay' }).click();
    await hidden(ask);
    expect(page.url()).toContain(`/script/${id}`);
    expect(await editorText(page)).toBe('print("not saved yet")');

    // reload: the browser's own prompt
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.evaluate(() => window.location.reload()).catch(() => undefined);
    await expect.poll(() => dialogs, { timeout: 5000 }).toEqual(['beforeunload']);
    expect(await editorText(page)).toBe('print("not saved yet")');

    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
  });

  it('shows a StyLua error as one line with its position, gone when the page is left', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, 'local x = (1\nprint(x');
    await page.getByRole('button', { name: 'Format' }).click();
    // the script's own syntax error is information, not a failure of the app
    const toast = await toastWith(page, 'Not formatted: fix the syntax first');
    expect(await toast.getAttribute('data-variant')).toBe('default');
    const text = await toast.innerText();
    expect(text).toContain('Line 2, column 1: unexpected token `print`');
    expect(text.split('\n').filter((l) => l.trim()).length).toBeLessThanOrEqual(2); // title and one line

    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    await hidden(toast, 1000); // well before the toast's own 5 s
  });

  it('compares inline on a phone (390 x 844)', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await apiSignUp(page, app.url);
    const id = await makeScript(page, 'Phone', ['print("old")', 'print("new")']);
    await page.goto(`${app.url}/script/${id}`);
    await page.getByRole('button', { name: 'History (2)' }).click();
    await page.getByRole('button', { name: 'Compare version 1 with current' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Compare version 1 with current' }));
    const diff = await visible(dialog.locator('.monaco-diff-editor'));
    await visible(diff.locator('.line-insert, .char-insert').first());
    // inline: one column of code; the original editor shrinks to its line numbers, its deleted lines shown in place
    const width = (side: string) => diff.locator(`.editor.${side}`).evaluate((el) => el.getBoundingClientRect().width);
    expect(await width('original')).toBeLessThan((await width('modified')) / 4);
    await expect.poll(() => diff.locator('.editor.modified .view-zones').innerText()).toContain('print("old")');
    expect(await dialog.innerText()).not.toContain('Left: version 1');
  });
});
