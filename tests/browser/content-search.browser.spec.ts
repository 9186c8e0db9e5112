/**
 * Content search in Chromium: a line of one script, typed into the workspace search box, finds that script (and not
 * another that has only some of its words) with the line's number and the words marked, the best line first and the
 * title opening the editor at it; Tab reaches the line, Enter
 * opens the editor with the cursor on it. "Include all versions" finds a word that only an older version has, and
 * its line opens that version's read-only view at the line. Matches page with "Load more".
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignUp, UI_TIMEOUT, useBrowserApp, visible } from './harness';
import { GROUPED_LISTING, LAST_GROUP_LINE, LAST_GROUP_TEXT } from '../fixtures/luau-grouped-listing';

const app = useBrowserApp();

async function post<T>(page: Page, path: string, data: unknown, status = 201): Promise<T> {
  const res = await page.request.post(`${app.url}${path}`, { data, headers: { Origin: app.url } });
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** `count` filler lines with none of the searched words, `line` put at 1-based `at`. */
const scriptWith = (count: number, at: number, line: string) =>
  Array.from({ length: count }, (_, i) => (i + 1 === at ? line : `print("filler ${i + 1}")`)).join('\n');

/** The number of the line the editor's cursor is on, and of the line marked as opened (Monaco's line-number gutter). */
async function cursorAndMarkedLine(page: Page): Promise<{ cursor: string; marked: string }> {
  const gutter = page.locator('.monaco-editor').first().locator('.line-numbers');
  await visible(gutter.and(page.locator('.revealed-line-number')));
  return {
    cursor: (await gutter.and(page.locator('.active-line-number')).innerText()).trim(),
    marked: (await gutter.and(page.locator('.revealed-line-number')).innerText()).trim(),
  };
}

describe('content search', () => {
  it('shows the line that says the query first, as written, and the title opens the editor at it', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const script = await post<{ id: string }>(page, '/api/scripts', { title: 'Listing.luau', content: GROUPED_LISTING });
    await page.goto(`${app.url}/`);
    await page.getByLabel('Search folders and scripts').fill('if lastGroup ~= group then');
    const results = page.getByRole('region', { name: 'Matches inside scripts' });
    const lines = results.getByRole('list', { name: 'Matching lines in Listing.luau' });
    const first = await visible(lines.getByRole('link').first());
    expect(await first.locator('.match-line-no').innerText()).toBe(String(LAST_GROUP_LINE));
    expect(await first.locator('.match-line-text').innerText()).toBe(LAST_GROUP_TEXT); // indentation kept
    await results.getByRole('link', { name: 'Listing.luau' }).click();
    await page.waitForURL((url) => url.pathname === `/script/${script.id}` && url.searchParams.get('line') === String(LAST_GROUP_LINE));
    expect(await cursorAndMarkedLine(page)).toEqual({ cursor: String(LAST_GROUP_LINE), marked: String(LAST_GROUP_LINE) });
  });

  it('finds a script by a line of its content and opens the editor at that line; all versions finds older text', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const folder = await post<{ id: string }>(page, '/api/folders', { name: 'Characters', parentId: null });
    const line = 'local rootPart = character:WaitForChild("HumanoidRootPart")';
    const setup = await post<{ id: string }>(page, '/api/scripts', { title: 'Spawn Setup', content: scriptWith(80, 57, `\t${line}`), folderId: folder.id });
    // has "character" and "local" but not the other words: every word must match, so it is not listed
    await post(page, '/api/scripts', { title: 'Partial', content: 'local character = nil\nprint(character)', folderId: null });

    await page.goto(`${app.url}/`);
    await page.getByLabel('Search folders and scripts').fill(line);
    const results = page.getByRole('region', { name: 'Matches inside scripts' });
    const lines = results.getByRole('list', { name: 'Matching lines in Spawn Setup' });
    const match = await visible(lines.getByRole('link', { name: /^Line 57:/ }));
    expect(await match.locator('.match-line-no').innerText()).toBe('57');
    expect(await match.locator('.match-line-text').innerText()).toBe(`\t${line}`); // the whole line, as written
    expect((await match.locator('mark').allInnerTexts()).map((w) => w.toLowerCase())).toEqual(
      expect.arrayContaining(['local', 'rootpart', 'character', 'waitforchild', 'humanoidrootpart']),
    );
    await visible(results.getByLabel('Location: Characters'));
    await visible(results.getByText('v1', { exact: true }));
    expect(await results.getByText('old version').count()).toBe(0);
    expect(await results.getByRole('link', { name: 'Partial' }).count()).toBe(0);

    // keyboard: from the versions option, Tab reaches the line's link; Enter opens it
    await results.getByLabel('Include all versions').focus();
    for (let i = 0; i < 10 && !(await match.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await match.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/script/${setup.id}` && url.searchParams.get('line') === '57');
    // line 57 of 80 is below the editor's first screen: it is drawn because it was scrolled to, with the cursor on it
    expect(await cursorAndMarkedLine(page)).toEqual({ cursor: '57', marked: '57' });
    await visible(page.locator('.monaco-editor .view-overlays .revealed-line'));
    expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);

    // Back returns to the same results (the query is in the address)
    await page.goBack();
    await visible(match);
    expect(await page.getByLabel('Search folders and scripts').inputValue()).toBe(line);
    // the My Scripts link leaves the search
    await page.getByRole('navigation').getByRole('link', { name: 'My Scripts' }).click();
    await visible(page.getByRole('region', { name: 'Unorganized Scripts' }));
    expect(await page.getByLabel('Search folders and scripts').inputValue()).toBe('');

    // a word that only version 1 of a second script has: found once all versions are included
    const gadget = await post<{ id: string }>(page, '/api/scripts', { title: 'Gadget', content: 'local a = 1\nlocal b = 2\nlocal zephyrGadget = require(script.Parent.Gadget)\nreturn a + b' });
    const saved = await page.request.put(`${app.url}/api/scripts/${gadget.id}`, {
      data: { content: 'local a = 1\nreturn a', baseVersion: 1 },
      headers: { Origin: app.url },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`${app.url}/`);
    await page.getByLabel('Search folders and scripts').fill('zephyrGadget');
    await visible(results.getByText(/No script has every word of “zephyrGadget”/));
    await results.getByLabel('Include all versions').check();
    const old = await visible(results.getByRole('list', { name: 'Matching lines in Gadget, version 1' }));
    await visible(results.getByText('old version'));
    const oldLine = old.getByRole('link', { name: /^Line 3:/ });
    expect(await oldLine.locator('mark').allInnerTexts()).toEqual(['zephyrGadget']);
    await oldLine.click();
    await page.waitForURL((url) => url.pathname === `/script/${gadget.id}` && url.searchParams.get('version') === '1');
    await visible(page.getByText('Viewing version 1. This is a read-only view.'));
    await expect.poll(() => cursorAndMarkedLine(page), { timeout: UI_TIMEOUT }).toEqual({ cursor: '3', marked: '3' });

    // pages like every list: one match per page here, "Load more matches" brings the next
    await page.evaluate(() => window.localStorage.setItem('luavault:page-size', '1'));
    await page.goto(`${app.url}/`);
    await page.getByLabel('Search folders and scripts').fill('local');
    const cards = results.locator('.content-result');
    await visible(cards.first());
    expect(await cards.count()).toBe(1);
    await results.getByRole('button', { name: 'Load more matches' }).click();
    await expect.poll(() => cards.count(), { timeout: UI_TIMEOUT }).toBe(2);
  });
});
