/**
 * Live updates in Chromium: two tabs of the same user. Tab A creates, renames, saves and moves; tab B, never reloaded,
 * shows each change on its own (workspace, editor, history count, folder page); its open editor shows a newer version
 * by itself while it has no unsaved edits, and with edits says the script changed elsewhere without touching its text.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editorText, setEditorText, signUp, toastWith, UI_TIMEOUT, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

/** Waits until the page's editor shows `text` (Monaco paints its lines a moment after the page settles). */
async function editorShows(page: Page, text: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT;
  while (!(await editorText(page)).includes(text)) {
    if (Date.now() > deadline) throw new Error(`the editor never showed ${text}; it shows ${await editorText(page)}`);
    await page.waitForTimeout(100);
  }
}

describe('live updates', () => {
  it('a second tab follows creations, renames and saves without a reload', async () => {
    const a = app.page;
    await signUp(a, app.url);
    const b = await a.context().newPage(); // same browser, same session
    await b.goto(`${app.url}/`);
    await visible(b.getByRole('heading', { name: 'My Workspace' }));
    await b.evaluate(() => ((window as unknown as { sameTab: boolean }).sameTab = true));

    // A creates a script in the editor: B's workspace lists it.
    await a.goto(`${app.url}/script/new`);
    await a.getByLabel('Script title').fill('Live Greeter');
    await setEditorText(a, 'print("v1")');
    await a.getByRole('button', { name: 'Save' }).click();
    await toastWith(a, 'Script created');
    await a.waitForURL(/\/script\/(?!new)[^/?]+/);
    await visible(b.getByRole('link', { name: 'Live Greeter' }));

    // A creates and renames a folder: B shows the folder, then its new name.
    const folder = await a.request.post(`${app.url}/api/folders`, { data: { name: 'Tools' } });
    expect(folder.status()).toBe(201);
    await visible(b.getByRole('link', { name: 'Tools' }));
    const renamed = await a.request.put(`${app.url}/api/folders/${(await folder.json()).id}`, { data: { name: 'Gadgets' } });
    expect(renamed.status()).toBe(200);
    await visible(b.getByRole('link', { name: 'Gadgets' }));
    expect(await b.getByRole('link', { name: 'Tools' }).count()).toBe(0);

    // B opens the script; A saves version 2.
    await b.getByRole('link', { name: 'Live Greeter' }).click();
    await visible(b.getByText('Version 1', { exact: true }));
    await editorShows(b, 'print("v1")');
    await setEditorText(a, 'print("v2")');
    await a.getByRole('button', { name: 'Save' }).click();
    await toastWith(a, 'Script updated');

    // B has no unsaved edits: it shows version 2 by itself, with no question asked, and its history counts it.
    await editorShows(b, 'print("v2")');
    await visible(b.getByText('Version 2', { exact: true }));
    await visible(b.getByRole('button', { name: 'History (2)' }));
    expect(await b.getByText('This script was changed elsewhere').count()).toBe(0);
    expect(await b.getByText('Unsaved changes').count()).toBe(0);
    await a.waitForTimeout(300);
    expect(await a.getByText('This script was changed elsewhere').count()).toBe(0); // A's own save is not "elsewhere"
    // B's next save is based on version 2: no conflict
    await setEditorText(b, 'print("v2b")');
    await b.keyboard.press('ControlOrMeta+s');
    await toastWith(b, 'Saved as version 3');
    await editorShows(a, 'print("v2b")'); // and A, clean again, follows

    // Keep editing: B's unsaved text stays; the notice goes until a newer version.
    await setEditorText(b, 'print("mine")');
    await editorShows(b, 'print("mine")');
    await setEditorText(a, 'print("v4")');
    await a.getByRole('button', { name: 'Save' }).click();
    await visible(b.getByText(/This script was changed elsewhere \(version 4\)\. Reloading replaces your unsaved changes\./));
    await b.getByRole('button', { name: 'Keep editing' }).click();
    expect(await b.getByText('This script was changed elsewhere').count()).toBe(0);
    expect(await editorText(b)).toContain('print("mine")');

    // B shows the folder; A moves the script into it: B's folder page lists it.
    const scriptId = new URL(a.url()).pathname.split('/').pop()!;
    await b.evaluate(() => window.history.back());
    await (await visible(b.getByRole('alertdialog', { name: 'Leave without saving?' }))).getByRole('button', { name: 'Leave' }).click();
    await visible(b.getByRole('heading', { name: 'My Workspace' }));
    await b.getByRole('link', { name: 'Gadgets' }).click();
    await visible(b.getByRole('heading', { name: 'Gadgets', level: 1 }));
    const moved = await a.request.post(`${app.url}/api/scripts/${scriptId}/move`, { data: { folderId: (await folder.json()).id } });
    expect(moved.status()).toBe(200);
    await visible(b.getByRole('link', { name: 'Live Greeter' }));

    expect(await b.evaluate(() => (window as unknown as { sameTab?: boolean }).sameTab)).toBe(true); // never reloaded
  });
});
