/**
 * Two tabs of one user edit the same script: the later save, based on the version it opened, is not recorded over the
 * other silently. It gets a dialog that merges both sides' changes three ways, shows the overlapping ones to pick, and
 * chooses what happens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignUp, editorText, hidden, setEditorText, toastWith, UI_TIMEOUT, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

/** A script with one version, created over HTTP with the page's session. */
async function newScript(page: Page, content: string): Promise<string> {
  const res = await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Shared work', content } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Opens the script in a tab and waits until the editor shows `content`. */
async function open(page: Page, id: string, content: string) {
  await page.goto(`${app.url}/script/${id}`);
  await visible(page.locator('.monaco-editor').first());
  await expect.poll(() => editorText(page), { timeout: UI_TIMEOUT }).toContain(content);
}

const conflictDialog = (page: Page) => page.getByRole('dialog', { name: 'This script changed since you opened it' });

async function saveInto(page: Page, text: string) {
  await setEditorText(page, text);
  await page.keyboard.press('ControlOrMeta+s');
}

describe('save conflicts between two tabs', () => {
  it('tab B, saving on the version it opened after tab A saved, sees both texts and saves its own as a new version', async () => {
    const tabA = app.page;
    await apiSignUp(tabA, app.url);
    const id = await newScript(tabA, 'print("version 1")');
    const tabB = await tabA.context().newPage(); // same user, same session: a second tab
    await open(tabA, id, 'version 1');
    await open(tabB, id, 'version 1');

    // B has unsaved edits when A saves (a tab without edits would just show A's version)
    await setEditorText(tabB, 'print("from tab B")');
    await saveInto(tabA, 'print("from tab A")');
    await toastWith(tabA, 'Script updated');
    await tabB.keyboard.press('ControlOrMeta+s');
    const dialog = await visible(conflictDialog(tabB));
    await visible(dialog.getByText(/version 2 was saved in another tab or on another device/));
    // Side by side: theirs (left, version 2) and mine (right).
    const diff = dialog.getByRole('group', { name: 'Differences between version 2 and your text' });
    await expect.poll(async () => (await diff.innerText()).replace(/\u00a0/g, ' '), { timeout: UI_TIMEOUT }).toContain('from tab A');
    expect((await diff.innerText()).replace(/\u00a0/g, ' ')).toContain('from tab B');

    // Both changed the one line: nothing is picked for me. The overlap's first choice has the focus, and the merge
    // waits for a pick (no default replaces theirs); Space picks mine, then the merge saves it.
    await visible(dialog.getByText(/One of your changes overlaps a change of version 2/));
    await expect.poll(() => tabB.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? ''), { timeout: UI_TIMEOUT }).toBe('mine');
    await visible(dialog.getByRole('button', { name: 'Pick 1 more to merge' }));
    await tabB.keyboard.press('Space');
    await setEditorText(tabA, 'print("tab A again")'); // A edits again before B's save lands
    await dialog.getByRole('button', { name: 'Save the merge' }).click();
    await toastWith(tabB, 'Saved as version 3');
    await hidden(conflictDialog(tabB));

    const versions = (await (await tabB.request.get(`${app.url}/api/scripts/${id}/versions`)).json()) as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    const v2 = (await (await tabB.request.get(`${app.url}/api/scripts/${id}/versions/2`)).json()) as { content: string };
    const v3 = (await (await tabB.request.get(`${app.url}/api/scripts/${id}/versions/3`)).json()) as { content: string };
    expect(v2.content).toBe('print("from tab A")');
    expect(v3.content).toBe('print("from tab B")');
    await visible(tabB.getByRole('button', { name: 'History (3)' }));

    // Tab A is now behind: its next save asks too, and "Take theirs" after the confirm loads version 3.
    await tabA.keyboard.press('ControlOrMeta+s');
    const again = await visible(conflictDialog(tabA));
    await again.getByRole('button', { name: 'Take theirs' }).click();
    await again.getByRole('button', { name: 'Discard mine' }).click();
    await hidden(conflictDialog(tabA));
    await expect.poll(() => editorText(tabA), { timeout: UI_TIMEOUT }).toContain('from tab B');
    await hidden(tabA.getByText('Unsaved changes'));
  });

  it('copy mine puts my text on the clipboard; take theirs can keep mine as a draft, which asks again when saved', async () => {
    const tabA = app.page;
    await apiSignUp(tabA, app.url);
    const id = await newScript(tabA, 'print(1)');
    const tabB = await tabA.context().newPage();
    await open(tabA, id, 'print(1)');
    await open(tabB, id, 'print(1)');
    await setEditorText(tabB, 'print("mine to keep")');
    await saveInto(tabA, 'print("A")');
    await toastWith(tabA, 'Script updated');
    await tabB.keyboard.press('ControlOrMeta+s');
    const dialog = await visible(conflictDialog(tabB));
    await dialog.getByRole('button', { name: 'Copy mine' }).click();
    await toastWith(tabB, 'Your text is on the clipboard');
    expect(await tabB.evaluate(() => navigator.clipboard.readText())).toBe('print("mine to keep")');
    await visible(conflictDialog(tabB));

    // Take theirs, keeping mine as this browser's draft: the editor shows theirs, the draft is offered on return.
    await dialog.getByRole('button', { name: 'Take theirs' }).click();
    await dialog.getByRole('button', { name: 'Keep mine as a draft' }).click();
    await hidden(conflictDialog(tabB));
    await expect.poll(() => editorText(tabB), { timeout: UI_TIMEOUT }).toContain('print("A")');
    await tabB.reload();
    const offer = await visible(tabB.getByRole('region', { name: 'Unsaved draft' }));
    await offer.getByRole('button', { name: 'Restore Draft' }).click();
    await expect.poll(() => editorText(tabB), { timeout: UI_TIMEOUT }).toContain('mine to keep');
    // The draft was written on version 1: saving it over version 2 asks again rather than overwrite.
    await saveInto(tabB, 'print("mine to keep")');
    await visible(conflictDialog(tabB));
  });

  it('changes to different lines merge by themselves: Enter saves the merge, with both', async () => {
    const tabA = app.page;
    await apiSignUp(tabA, app.url);
    const base = 'local a = 1\nlocal b = 2\nlocal c = 3\nprint(a, b, c)';
    const id = await newScript(tabA, base);
    const tabB = await tabA.context().newPage();
    await open(tabA, id, 'local c = 3');
    await open(tabB, id, 'local c = 3');
    // B has edits of its own when A saves
    await setEditorText(tabB, base.replace('local c = 3', 'local c = 30'));
    await saveInto(tabA, base.replace('local a = 1', 'local a = 10'));
    await toastWith(tabA, 'Script updated');
    await tabB.keyboard.press('ControlOrMeta+s');
    const dialog = await visible(conflictDialog(tabB));
    await visible(dialog.getByText(/touch different lines: they merge by themselves/));
    await expect.poll(() => tabB.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: UI_TIMEOUT }).toContain('Save the merge');
    await tabB.keyboard.press('Enter');
    await toastWith(tabB, 'Saved as version 3');
    await hidden(conflictDialog(tabB));
    const v3 = (await (await tabB.request.get(`${app.url}/api/scripts/${id}/versions/3`)).json()) as { content: string };
    expect(v3.content).toBe('local a = 10\nlocal b = 2\nlocal c = 30\nprint(a, b, c)');
    await expect.poll(() => editorText(tabB), { timeout: UI_TIMEOUT }).toContain('local a = 10');
  });
});
