/**
 * The trash in Chromium against the real server: delete a script ("Move to trash"), find it on the Trash page from
 * the user menu, restore it, open it with its whole history; empty the trash after its confirmation.
 */
import { describe, expect, it } from 'vitest';
import { apiSignUp, hidden, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

describe('trash', () => {
  it('a deleted script waits in the Trash and comes back with its history', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const created = await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Rocket', content: 'print("v1")' } });
    const { id } = (await created.json()) as { id: string };
    for (const content of ['print("v2")', 'print("v3")']) expect((await page.request.put(`${app.url}/api/scripts/${id}`, { data: { content } })).status()).toBe(200);

    await page.goto(`${app.url}/folder`);
    await page.getByRole('button', { name: 'Actions for Rocket' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Delete script' }));
    await visible(confirm.getByText(/from the Trash page for 30 days/));
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await toastWith(page, 'Moved to trash');
    await visible(page.getByText('No scripts found'));

    // The Trash page, from the user menu
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Trash' }).click();
    await page.waitForURL(`${app.url}/trash`);
    await visible(page.getByRole('heading', { name: 'Trash', level: 1 }));
    const trash = page.getByRole('list', { name: 'Trash' });
    await visible(trash.getByRole('heading', { name: 'Rocket' }));
    await visible(trash.getByText(/Script, 3 versions/));

    // Readable there before restoring
    await trash.getByRole('button', { name: 'View Rocket' }).click();
    const view = await visible(page.getByRole('dialog', { name: 'Rocket' }));
    await visible(view.getByLabel('Content of Rocket (read-only)').getByText('print("v3")'));
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();
    await hidden(view);

    await trash.getByRole('button', { name: 'Restore Rocket' }).click();
    await toastWith(page, 'Restored');
    await hidden(trash.getByRole('heading', { name: 'Rocket' }));
    await page.getByRole('list', { name: 'Restored' }).getByRole('link', { name: 'Open Rocket' }).click();
    await page.waitForURL(`${app.url}/script/${id}`);
    await page.getByRole('button', { name: 'History (3)' }).click();
    const history = await visible(page.getByRole('dialog', { name: 'Version History' }));
    expect(await history.getByRole('list', { name: 'Versions' }).getByRole('listitem').count()).toBe(3);
    await history.getByRole('tab', { name: 'Activity' }).click();
    const audit = await visible(history.getByRole('list', { name: 'Audit trail' }));
    await visible(audit.getByText('Moved to the trash', { exact: true }));
    await visible(audit.getByText('Restored from the trash', { exact: true }));
  });

  it('empties the trash after a confirmation', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const created = await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Scrap', content: 'print(0)' } });
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.delete(`${app.url}/api/scripts/${id}`)).status()).toBe(204);

    await page.goto(`${app.url}/trash`);
    await visible(page.getByRole('list', { name: 'Trash' }).getByRole('heading', { name: 'Scrap' }));
    await page.getByRole('button', { name: 'Empty trash' }).click();
    const confirm = await visible(page.getByRole('alertdialog', { name: 'Empty the trash?' }));
    await visible(confirm.getByText(/cannot be undone/));
    await confirm.getByRole('button', { name: 'Empty trash' }).click();
    await toastWith(page, 'Trash emptied');
    await visible(page.getByRole('heading', { name: 'The trash is empty' }));
    await hidden(page.getByRole('heading', { name: 'Scrap' }));
    expect((await page.request.post(`${app.url}/api/trash/scripts/${id}/restore`)).status()).toBe(404);
  });
});
