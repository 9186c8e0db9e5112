/**
 * Everyday use in Chromium: a Rojo-style repository of `.luau` files uploads and the dialog names the file it skips;
 * files dropped on an upload dialog (a synthetic DataTransfer drop) show the drop state and upload; the admin sees
 * owners by username and opens a script read-only without leaving the admin view.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignUp, hidden, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();
const tmp = mkdtempSync(join(tmpdir(), 'luavault-luau-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const root = join(tmp, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('.luau uploads and drag-and-drop', () => {
  it('uploads a repository of .luau files and names the skipped .png', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const dir = tree('RojoGame', {
      'src/client/init.client.luau': 'local Players = game:GetService("Players")\nprint(Players.LocalPlayer)',
      'src/shared/Util.luau': 'local Util = {}\nfunction Util.add(a: number, b: number): number\n\treturn a + b\nend\nreturn Util',
      'src/server/main.server.lua': 'print("server")',
      'assets/logo.png': 'not really a png',
    });
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'New Repository' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'New Repository' }));
    await visible(dialog.getByText(/\.model\.json files keep their structure/));
    await dialog.getByLabel('Repository folder').setInputFiles(dir);

    const skippedText = 'Skipped 1 file: assets/logo.png (not a .lua, .luau, .txt, .project.json, .meta.json or .model.json file)';
    await visible(dialog.getByRole('status').filter({ hasText: skippedText }));
    expect(await (await toastWith(page, 'Some files could not be added')).innerText()).toContain('assets/logo.png');
    expect(await dialog.getByLabel('Repository name').inputValue()).toBe('RojoGame');
    await visible(dialog.getByText('3 scripts in', { exact: false }));

    await dialog.getByRole('button', { name: 'Create Repository' }).click();
    expect(await (await toastWith(page, 'Repository created')).innerText()).toMatch(/and 3 scripts\./);
    await page.waitForURL(/\/folders?\/[^/]+$/);
    await visible(page.getByRole('heading', { name: 'RojoGame', level: 1 }));
    await page.getByRole('link', { name: 'src' }).click();
    await page.getByRole('link', { name: 'shared' }).click();
    // The title drops ".luau" like ".lua"; the card shows the file name, extension kept.
    await visible(page.getByRole('link', { name: 'Util.luau', exact: true }));
  });

  it('takes files dropped on the Upload Multiple Files dialog, with a visible drop state', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const folder = (await (await page.request.post(`${app.url}/api/folders`, { data: { name: 'Dropped' } })).json()) as { id: string };
    await page.goto(`${app.url}/folder/${folder.id}`);
    await visible(page.getByRole('heading', { name: 'Dropped', level: 1 }));
    await page.getByRole('button', { name: 'Upload Multiple Files' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Upload Multiple Files' }));
    const zone = dialog.locator('.drop-zone');
    await visible(zone.getByText('Drag and drop files here, or choose below.'));

    const transfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['local n: number = 1\nreturn n'], 'typed.luau', { type: 'text/plain' }));
      dt.items.add(new File(['print("plain")'], 'plain.lua', { type: 'text/plain' }));
      dt.items.add(new File(['\x89PNG'], 'logo.png', { type: 'image/png' }));
      return dt;
    });
    await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await visible(zone.getByText('Drop files to add them'));
    expect(await zone.getAttribute('class')).toContain('drop-zone--active');

    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await visible(dialog.getByRole('status').filter({ hasText: 'Skipped 1 file: logo.png (not a .lua, .luau, .txt, .project.json, .meta.json or .model.json file)' }));
    expect(await zone.getAttribute('class')).not.toContain('drop-zone--active');
    const list = dialog.getByRole('list', { name: 'Selected files' });
    await visible(list.getByText('typed.luau'));
    await visible(list.getByText('plain.lua'));

    await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
    await toastWith(page, 'Scripts uploaded');
    await hidden(dialog);
    await visible(page.getByRole('link', { name: 'typed.luau', exact: true }));
    await visible(page.getByRole('link', { name: 'plain.lua', exact: true }));

    // The single-file dialog takes a drop too, and its picker no longer names an earlier pick.
    await page.getByRole('button', { name: 'Upload Script' }).click();
    const single = await visible(page.getByRole('dialog', { name: 'Upload Script' }));
    const one = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['return "single"'], 'Single.luau', { type: 'text/plain' }));
      return dt;
    });
    await single.locator('.drop-zone').dispatchEvent('drop', { dataTransfer: one });
    await visible(single.getByRole('list', { name: 'Selected files' }).getByText('Single.luau'));
    await single.getByRole('button', { name: 'Upload', exact: true }).click();
    await toastWith(page, 'Script uploaded');
    await visible(page.getByRole('link', { name: 'Single.luau', exact: true }));
  });
});

describe('admin view', () => {
  it('shows owners by username and opens a script read-only inside the admin view', async () => {
    const owner = await app.newPage();
    const username = await apiSignUp(owner, app.url);
    const content = 'local secret = "admin can read"\nprint(secret)\n';
    const created = await owner.request.post(`${app.url}/api/scripts`, { data: { title: 'Reviewed Script', content } });
    expect(created.status()).toBe(201);
    const { id: ownerId } = (await (await owner.request.get(`${app.url}/api/user`)).json()) as { id: string };

    const page = app.page;
    await page.goto(`${app.url}/admin`);
    await page.getByLabel('Access Key').fill(app.adminKey);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await toastWith(page, 'Authentication successful');

    await page.getByRole('tab', { name: 'Users' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await visible(users.getByRole('cell', { name: username, exact: true }));
    expect(await users.innerText()).not.toContain(ownerId);
    // View Scripts: the filtered list names the user, not the id in its address.
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      users.getByRole('button', { name: `View scripts of ${username}` }).click(),
    ]);
    await visible(popup.getByRole('status').filter({ hasText: `Showing the scripts of ${username}.` }));
    await popup.close();

    await page.getByRole('tab', { name: 'Scripts' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Reviewed Script' });
    await visible(row.getByRole('cell', { name: username, exact: true }));
    expect(await page.getByRole('table', { name: 'Scripts' }).innerText()).not.toContain(ownerId);
    await visible(page.getByRole('columnheader', { name: 'Owner' }));

    await row.getByRole('button', { name: 'Open Reviewed Script' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Reviewed Script' }));
    await visible(dialog.getByText(`owner ${username}`, { exact: false }));
    const code = await visible(dialog.getByLabel('Content of Reviewed Script (read-only)'));
    expect((await code.innerText()).trimEnd()).toBe(content.trimEnd());
    expect(await code.evaluate((el) => (el as HTMLElement).isContentEditable || el.tagName === 'TEXTAREA')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(page.context().pages()).toHaveLength(1); // no new tab

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await hidden(dialog);
    await visible(page.getByRole('tab', { name: 'Scripts' }));
  });
});
