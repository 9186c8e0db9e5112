/** Storage and sharing limits as an owner sees them: the storage line on My Workspace and the share dialog's history option. */
import { describe, expect, it } from 'vitest';
import { apiSignUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

describe('storage and sharing limits in the web app', () => {
  it('shows the storage used against the quota on My Workspace, with an accessible meter', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const created = await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Big', content: `--${'x'.repeat(300 * 1024)}` } });
    expect(created.status()).toBe(201);
    await page.goto(app.url);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    await visible(page.getByText('0.2 MB of 100 MB used'));
    const meter = await visible(page.getByRole('meter', { name: '0.2 MB of 100 MB used' }));
    expect(Number(await meter.getAttribute('max'))).toBe(100 * 1024 * 1024);
  });

  it('a new link hides versions saved before sharing; "Share the full history" says what it exposes and opens them', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const script = await (await page.request.post(`${app.url}/api/scripts`, { data: { title: 'Secretive', content: 'local key = "hunter2"' } })).json();
    expect((await page.request.put(`${app.url}/api/scripts/${script.id}`, { data: { content: 'local key = os.getenv("KEY")' } })).status()).toBe(200);

    await page.goto(`${app.url}/script/${script.id}`);
    await page.getByRole('button', { name: 'Generate Share Link' }).click();
    await toastWith(page, 'Share link generated');
    const share = await visible(page.getByRole('dialog', { name: 'Share Script' }));
    const rawUrl = await share.getByLabel('Raw URL', { exact: true }).inputValue();
    const box = share.getByRole('checkbox', { name: 'Share the full history' });
    expect(await box.isChecked()).toBe(false);
    await visible(share.getByText('Only the current version and later saves (version 1 stays private).'));
    expect((await fetch(`${rawUrl}?version=1`)).status).toBe(404);
    expect(await (await fetch(`${rawUrl}?version=2`)).text()).toBe('local key = os.getenv("KEY")');

    await box.check();
    await toastWith(page, 'Full history shared');
    await visible(share.getByText('Anyone with the link can read every version of this script, including versions saved before you shared it.'));
    expect(await (await fetch(`${rawUrl}?version=1`)).text()).toBe('local key = "hunter2"');

    await box.uncheck();
    await toastWith(page, 'Earlier versions private again');
    await visible(share.getByText('Only the current version and later saves (version 1 stays private).'));
    expect((await fetch(`${rawUrl}?version=1`)).status).toBe(404);
    // The link itself never changed.
    expect(await share.getByLabel('Raw URL', { exact: true }).inputValue()).toBe(rawUrl);
  });
});
