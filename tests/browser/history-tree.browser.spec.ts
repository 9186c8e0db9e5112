/**
 * Reading history and arranging folders in Chromium against the real server: two older versions compared (neither
 * the current one), a version at its own address, a folder moved by drag and drop onto the tree (and renamed there
 * from the keyboard), and trash entries that say which folder they came from.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

const post = async <T,>(page: Page, path: string, data: unknown): Promise<T> => {
  const res = await page.request.post(`${app.url}${path}`, { data });
  expect(res.status(), path).toBeLessThan(300);
  return (await res.json()) as T;
};

describe('history you can read', () => {
  it('compares two versions that are not the current one, and opens a version at its own address', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const { id } = await post<{ id: string }>(page, '/api/scripts', { title: 'Spawner', content: 'local a = 1\nprint("v1")\n' });
    for (const content of ['local a = 1\nprint("v2")\n', 'local a = 1\nprint("v3")\nprint("more")\n', 'print("v4")\n']) {
      expect((await page.request.put(`${app.url}/api/scripts/${id}`, { data: { content } })).status()).toBe(200);
    }

    await page.goto(`${app.url}/script/${id}`);
    await page.getByRole('button', { name: 'History (4)' }).click();
    const history = await visible(page.getByRole('dialog', { name: 'Version History' }));
    const list = history.getByRole('list', { name: 'Versions' });
    // each version says what it changed since the one before; the automatic comment does not repeat the date
    await visible(list.getByRole('listitem').filter({ hasText: 'Version 3 ·' }).getByLabel('2 lines added, 1 removed'));
    expect(await list.getByText(/^Updated on /).count()).toBe(0);

    const picker = history.getByRole('group', { name: 'Compare two versions' });
    await picker.getByLabel('Compare').selectOption('1');
    await picker.getByLabel('with').selectOption('2');
    await picker.getByRole('link', { name: 'Compare' }).click();
    await page.waitForURL(`${app.url}/script/${id}/compare/1/2`);
    await visible(page.getByRole('heading', { name: 'Compare version 1 with version 2' }));
    const diff = page.locator('.monaco-diff-editor');
    await visible(diff.getByText('print("v1")'));
    await visible(diff.getByText('print("v2")'));
    expect(await diff.getByText('print("v4")').count()).toBe(0);

    // another pair, picked on the page itself
    await page.getByLabel('with').selectOption('3');
    await page.waitForURL(`${app.url}/script/${id}/compare/1/3`);
    await visible(diff.getByText('print("more")'));

    // a version's own address: read-only, linkable
    await page.getByRole('link', { name: 'Version 3' }).click();
    await page.waitForURL(`${app.url}/script/${id}/versions/3`);
    await visible(page.getByRole('heading', { name: 'Spawner: version 3' }));
    await visible(page.getByText('A read-only view of version 3; the current version is 4.'));
    await visible(page.getByRole('link', { name: 'Changes from version 2' }));
    const fresh = await app.newPage();
    await fresh.goto(`${app.url}/script/${id}/versions/3`);
    await visible(fresh.getByRole('heading', { name: 'Sign In' }).or(fresh.getByRole('button', { name: 'Sign In' })).first());
  });
});

describe('folders as a tree', () => {
  it('moves a folder by dropping it on another in the tree, and renames it with F2', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const games = await post<{ id: string }>(page, '/api/folders', { name: 'Games' });
    const lobby = await post<{ id: string }>(page, '/api/folders', { name: 'Lobby' });
    await page.goto(`${app.url}/`);
    const tree = page.getByRole('tree', { name: 'Folders' });
    await visible(tree.getByRole('treeitem', { name: 'Lobby' }));

    await tree.getByRole('treeitem', { name: 'Lobby' }).locator('.tree-row').dragTo(tree.getByRole('treeitem', { name: 'Games' }).locator('.tree-row').first());
    await toastWith(page, 'Folder moved');
    expect(((await (await page.request.get(`${app.url}/api/folders/${lobby.id}`)).json()) as { parentId: string }).parentId).toBe(games.id);

    // the keyboard: Games is closed with Lobby inside; Right opens it, Down reaches Lobby, F2 renames it
    const gamesItem = tree.getByRole('treeitem', { name: 'Games' });
    await visible(gamesItem.and(page.locator('[aria-expanded="false"]')));
    await gamesItem.focus();
    await page.keyboard.press('ArrowRight');
    await visible(gamesItem.and(page.locator('[aria-expanded="true"]')));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('F2');
    const rename = page.getByLabel('New name for Lobby');
    await rename.fill('Main Lobby');
    await rename.press('Enter');
    await toastWith(page, 'Folder renamed');
    await visible(tree.getByRole('treeitem', { name: 'Main Lobby' }));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Main Lobby');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.url}/folder/${lobby.id}`);
    await visible(page.getByRole('heading', { name: 'Main Lobby', level: 1 }));
  });

  it('trash entries show the folder path they came from', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const src = await post<{ id: string }>(page, '/api/folders', { name: 'src' });
    for (const side of ['server', 'client']) {
      const folder = await post<{ id: string }>(page, '/api/folders', { name: side, parentId: src.id });
      const script = await post<{ id: string }>(page, '/api/scripts', { title: 'init.luau', content: `print("${side}")`, folderId: folder.id });
      expect((await page.request.delete(`${app.url}/api/scripts/${script.id}`)).status()).toBe(204);
    }
    await page.goto(`${app.url}/trash`);
    const trash = page.getByRole('list', { name: 'Trash' });
    await visible(trash.getByLabel('From src / server'));
    await visible(trash.getByLabel('From src / client'));
    expect(await trash.getByRole('heading', { name: 'init.luau' }).count()).toBe(2);
  });
});
