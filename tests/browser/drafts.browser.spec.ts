/**
 * Editor drafts on a shared browser: a draft belongs to the user who typed it. It leaves the browser at sign-out,
 * and even when a session simply ends, the next account on that browser is not offered it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setEditorText, signUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

async function typeDraft(page: Page, text: string) {
  await page.goto(`${app.url}/script/new`);
  await page.getByLabel('Script title').fill('Private draft');
  await setEditorText(page, text);
  await page.waitForTimeout(800); // the draft is written after a 400 ms pause
}

const draftKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('luavault:draft:')));

/** Opens a new script and reports whether a draft is offered (waits long enough for the offer to appear). */
async function offeredOnNewScript(page: Page): Promise<boolean> {
  await page.goto(`${app.url}/script/new`);
  await visible(page.locator('.monaco-editor').first());
  await page.waitForTimeout(1000);
  return (await page.getByRole('region', { name: 'Unsaved draft' }).count()) > 0;
}

describe('drafts per user', () => {
  it('clears the user’s drafts at sign-out: the next account is not offered them', async () => {
    const page = app.page;
    await signUp(page, app.url);
    await typeDraft(page, 'print("alice only")');
    expect((await draftKeys(page)).length).toBe(1);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toastWith(page, 'Logged out');
    expect(await draftKeys(page)).toEqual([]);

    await signUp(page, app.url);
    expect(await offeredOnNewScript(page)).toBe(false);
  });

  it('never offers one account’s draft to another, even when the session ended without sign-out', async () => {
    const page = app.page;
    const alice = await signUp(page, app.url);
    await typeDraft(page, 'print("alice only")');
    await page.context().clearCookies(); // the session expired; nobody signed out

    await signUp(page, app.url);
    expect(await offeredOnNewScript(page)).toBe(false);
    expect(await page.locator('.monaco-editor').first().innerText()).not.toContain('alice only');

    // Alice, back on her browser, still finds her own draft.
    await page.context().clearCookies();
    const res = await page.request.post(`${app.url}/api/login`, { data: { username: alice, password: 'secret-pass-1' } });
    expect(res.status()).toBe(200);
    expect(await offeredOnNewScript(page)).toBe(true);
  });
});
