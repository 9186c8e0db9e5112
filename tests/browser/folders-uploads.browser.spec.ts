/**
 * Folders and uploads in Chromium against the real server: create, rename, move a script in, delete (its scripts and
 * subfolders to the root by default, or everything to the trash); a repository upload with nested paths (real progress, lands on its folder); single and
 * multiple file uploads with the spec's validation; a shared repository seen by a guest.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignUp, hidden, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();
const tmp = mkdtempSync(join(tmpdir(), 'luavault-uploads-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Writes files (path → content) under a fresh directory and returns it. */
function tree(name: string, files: Record<string, string>): string {
  const root = join(tmp, `${name}-${Math.random().toString(36).slice(2, 8)}`, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe('folders and uploads', () => {
  it('creates, renames, fills and deletes a folder with everything in it: its scripts go to the trash with it', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const res = await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Sword', content: 'local damage = 10\nreturn damage' } });
    expect(res.status()).toBe(201);
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    await visible(page.getByRole('link', { name: 'Sword' }));

    // Create (empty name first)
    await page.getByRole('button', { name: 'New Folder' }).click();
    const create = await visible(page.getByRole('dialog', { name: 'New Folder' }));
    await create.getByRole('button', { name: 'Create Folder' }).click();
    await visible(create.getByText('Folder name cannot be empty'));
    await create.getByLabel('Folder name').fill('Combat');
    await create.getByLabel('Folder name').press('Enter');
    await toastWith(page, 'Folder created');
    await visible(page.getByRole('link', { name: 'Combat' }));

    // Rename
    await page.getByRole('button', { name: 'Actions for folder Combat' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = await visible(page.getByRole('dialog', { name: 'Rename Folder' }));
    await rename.getByLabel('Folder name').fill('Weapons');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await toastWith(page, 'Folder updated');
    await visible(page.getByRole('link', { name: 'Weapons' }));

    // Move the script in
    await page.getByRole('button', { name: 'Actions for Sword' }).click();
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    const move = await visible(page.getByRole('dialog', { name: 'Move Script' }));
    await move.getByLabel('Destination folder').selectOption({ label: 'Weapons' });
    await move.getByRole('button', { name: 'Move' }).click();
    await toastWith(page, 'Script moved');
    await visible(page.getByText('No unorganized scripts'));
    await visible(page.getByText('Your other scripts are in the folders above.'));

    // Inside the folder: breadcrumbs and the script
    await page.getByRole('link', { name: 'Weapons' }).click();
    await visible(page.getByRole('heading', { name: 'Weapons', level: 1 }));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await visible(crumbs.getByRole('link', { name: 'Home' }));
    await visible(page.getByRole('link', { name: 'Sword' }));

    // Search with no match
    await page.getByLabel('Search folders and scripts').fill('zzz');
    await visible(page.getByText('No scripts found'));
    await page.getByLabel('Search folders and scripts').fill('');

    // Delete the folder, second choice: the folder goes to the trash with the script inside
    await page.getByRole('button', { name: 'Delete Folder' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: /Delete folder/ }));
    await visible(confirm.getByText(/Its scripts and subfolders move to the root directory/));
    await confirm.getByRole('button', { name: 'Delete the folder and everything in it' }).click();
    await toastWith(page, 'Moved to trash');
    await page.waitForURL(`${app.url}/`);
    await hidden(page.getByRole('link', { name: 'Weapons' }));
    await hidden(page.getByRole('link', { name: 'Sword' }));
  });

  it('deleting a folder by default moves its scripts and subfolders to the root, as the dialog warns', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const folder = (await (await page.request.post(`${app.url}/api/folders`, { data: { name: 'src', parentId: null } })).json()) as { id: string };
    const sub = (await (await page.request.post(`${app.url}/api/folders`, { data: { name: 'shared', parentId: folder.id } })).json()) as { id: string };
    await page.request.post(`${app.url}/api/scripts`, { data: { title: 'init.server.lua', content: 'print("server")', folderId: folder.id } });
    await page.request.post(`${app.url}/api/scripts`, { data: { title: 'util.lua', content: 'return {}', folderId: sub.id } });
    await page.goto(`${app.url}/folder/${folder.id}`);
    await visible(page.getByRole('heading', { name: 'src', level: 1 }));

    await page.getByRole('button', { name: 'Delete Folder' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: /Delete folder/ }));
    await visible(confirm.getByText(/Its scripts and subfolders move to the root directory; the empty folder goes to the trash/));
    await visible(confirm.getByRole('button', { name: 'Delete the folder and everything in it' }));
    await confirm.getByRole('button', { name: 'Delete folder, keep its scripts' }).click();
    await toastWith(page, 'Folder deleted');
    await page.waitForURL(`${app.url}/`);
    await hidden(page.getByRole('link', { name: 'src', exact: true }));
    await visible(page.getByRole('link', { name: 'init.server.lua' }));
    await visible(page.getByRole('link', { name: 'shared', exact: true }));
    // the subfolder keeps its script
    await page.getByRole('link', { name: 'shared', exact: true }).click();
    await visible(page.getByRole('link', { name: 'util.lua' }));
  });

  it('moves a script to the trash after confirmation', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Old', content: 'print("old")' } });
    await page.goto(`${app.url}/folder`);
    await visible(page.getByRole('heading', { name: 'All Scripts', level: 1 }));
    await page.getByRole('button', { name: 'Actions for Old' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete script' }));
    await visible(confirm.getByText(/Move this script to the trash\? You can restore it, with its whole history, from the Trash page for 30 days\./));
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await visible(page.getByText('No scripts found'));
  });

  it('uploads a repository with nested paths and lands on its folder; a guest sees it shared', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const dir = tree('MyGame', {
      'init.lua': 'print("init")',
      'Client/ui.lua': 'local ui = {}\nreturn ui',
      'Server/data/store.lua': 'return { coins = 0 }',
      'README.md': '# not a script',
    });
    await page.goto(`${app.url}/`);
    await page.getByRole('button', { name: 'New Repository' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'New Repository' }));

    // Validation first: nothing selected
    await dialog.getByRole('button', { name: 'Create Repository' }).click();
    await toastWith(page, 'No files selected');

    await dialog.getByLabel('Repository folder').setInputFiles(dir);
    await toastWith(page, 'Some files could not be added'); // README.md is skipped
    expect(await dialog.getByLabel('Repository name').inputValue()).toBe('MyGame');
    await visible(dialog.getByText('3 scripts in 4 folders'));
    await dialog.getByRole('button', { name: 'Create Repository' }).click();
    await visible(dialog.getByRole('progressbar', { name: 'Upload progress' }));
    const done = await toastWith(page, 'Repository created');
    expect(await done.innerText()).toMatch(/Created repository with \d+ folders and 3 scripts\./);
    await page.waitForURL(/\/folder\/[^/]+$/);
    await hidden(dialog);
    await visible(page.getByRole('heading', { name: 'MyGame', level: 1 }));
    await visible(page.getByRole('link', { name: 'Client' }));
    await visible(page.getByRole('link', { name: 'Server' }));
    await visible(page.getByRole('link', { name: 'init' }));

    // Nested: Server → data → store
    await page.getByRole('link', { name: 'Server' }).click();
    await page.getByRole('link', { name: 'data' }).click();
    await visible(page.getByRole('link', { name: 'store' }));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await visible(crumbs.getByRole('link', { name: 'MyGame' }));
    await crumbs.getByRole('link', { name: 'MyGame' }).click();

    // Share the repository and open it as a guest
    await page.getByRole('button', { name: 'Generate Share Link' }).click();
    const share = await visible(page.getByRole('dialog', { name: 'Share Repository' }));
    await share.getByRole('button', { name: 'Create share link' }).click();
    await toastWith(page, 'Repository share link generated');
    const link = await share.getByLabel('Share link', { exact: true }).inputValue();
    expect(link).toMatch(/\/share\/folder\/[^/]+$/);
    const guest = await app.newPage();
    await guest.goto(link);
    await visible(guest.getByRole('heading', { name: 'MyGame' }));
    await visible(guest.getByText(/Shared repository • Last updated/));
    await visible(guest.getByRole('button', { name: /Server/ }));
    await visible(guest.getByRole('link', { name: 'View init' }));
    await guest.goto(`${app.url}/share/folder/nope`);
    await visible(guest.getByRole('heading', { name: 'Folder Not Found' }));
  });

  it('uploads one script and several files into a folder, rejecting the wrong ones', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const folder = await (await page.request.post(`${app.url}/api/folders`, { data: { name: 'Uploads' } })).json();
    const dir = tree('files', { 'one.lua': 'print(1)', 'two.txt': 'print(2)', 'three.LUA': 'print(3)', 'bad.js': 'console.log(1)' });
    await page.goto(`${app.url}/folder/${folder.id}`);
    await visible(page.getByRole('heading', { name: 'Uploads', level: 1 }));

    // Single upload: wrong type first
    await page.getByRole('button', { name: 'Upload Script' }).click();
    const single = await visible(page.getByRole('dialog', { name: 'Upload Script' }));
    await single.getByLabel('Script file').setInputFiles(join(dir, 'bad.js'));
    await toastWith(page, 'Invalid file type');
    expect(await single.getByRole('button', { name: 'Upload' }).isDisabled()).toBe(true);
    await single.getByLabel('Script file').setInputFiles(join(dir, 'one.lua'));
    await single.getByRole('button', { name: 'Upload' }).click();
    await toastWith(page, 'Script uploaded');
    await hidden(single);
    await visible(page.getByRole('link', { name: 'one' }));

    // Multiple: bad.js is skipped
    await page.getByRole('button', { name: 'Upload Multiple Files' }).click();
    const many = await visible(page.getByRole('dialog', { name: 'Upload Multiple Files' }));
    await many.getByLabel('Script files').setInputFiles(['two.txt', 'three.LUA', 'bad.js'].map((f) => join(dir, f)));
    await toastWith(page, 'Some files could not be added');
    await many.getByRole('button', { name: 'Upload 2 files' }).click();
    await toastWith(page, 'Scripts uploaded');
    await hidden(many);
    await visible(page.getByRole('link', { name: 'two' }));
    await visible(page.getByRole('link', { name: 'three' }));
  });
});
