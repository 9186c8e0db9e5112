/**
 * Time travel in Chromium against the real server: the workspace "as of" an earlier moment shows the old title and a
 * script deleted since, read-only, with a way back to now; the history dialog shows a script's old content.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignUp, hidden, useBrowserApp, visible } from './harness';

const app = useBrowserApp();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The picker's value (local time, to the second) for an instant, computed in the page's own time zone. */
const localValue = (page: Page, iso: string) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, iso);

describe('time travel', () => {
  it('shows the workspace and a script as they were at an earlier moment', async () => {
    const page = app.page;
    await page.goto(`${app.url}/auth`);
    await apiSignUp(page, app.url);
    const create = async (title: string, content: string) => (await (await page.request.post(`${app.url}/api/scripts`, { data: { title, content } })).json()) as { id: string };
    const kept = await create('Old title', 'print("old")');
    const gone = await create('Deleted later', 'print("bye")');
    // The picker counts in whole seconds: leave more than a second on each side of the chosen moment.
    await pause(1200);
    const then = new Date().toISOString();
    await pause(1200);
    expect((await page.request.put(`${app.url}/api/scripts/${kept.id}`, { data: { title: 'New title', content: 'print("new")' } })).status()).toBe(200);
    expect((await page.request.delete(`${app.url}/api/scripts/${gone.id}`)).status()).toBe(204);

    await page.goto(`${app.url}/`);
    await visible(page.getByText('New title'));
    const picker = page.getByRole('form', { name: 'As of a date and time' });
    const field = picker.getByLabel('As of');
    await field.fill(await localValue(page, then));
    await field.press('Enter');

    await visible(page.getByRole('status').filter({ hasText: 'Viewing your workspace as of' }));
    const scriptsThen = page.getByRole('region', { name: 'Unorganized Scripts' });
    await visible(scriptsThen.getByText('Old title'));
    await visible(scriptsThen.getByText('Deleted later'));
    // Opening a script there shows its whole content then (keyboard: focus its summary, Enter).
    await scriptsThen.locator('summary', { hasText: 'Old title' }).focus();
    await page.keyboard.press('Enter');
    expect(await (await visible(page.getByLabel('Content of Old title then'))).innerText()).toBe('print("old")');
    await hidden(page.getByText('New title'));
    const activity = await visible(page.getByRole('list', { name: 'Activity up to then' }));
    expect(await activity.innerText()).toContain('Created "Old title" (version 1)');
    expect(page.url()).toContain('asOf=');
    // Read-only: none of the workspace's actions are offered while looking back.
    expect(await page.getByRole('link', { name: 'New Script' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back to now' }).click();
    await visible(page.getByText('New title'));
    await hidden(page.getByText('Deleted later'));

    await page.goto(`${app.url}/script/${kept.id}`);
    await page.getByRole('button', { name: 'History (2)' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Version History' }));
    await dialog.getByRole('tab', { name: 'As of' }).click();
    const scriptField = dialog.getByRole('textbox', { name: 'As of' });
    await scriptField.fill(await localValue(page, then));
    await scriptField.press('Enter');
    const content = await visible(dialog.getByLabel('Content as of then'));
    expect(await content.innerText()).toBe('print("old")');
    await visible(dialog.getByText('Created "Old title" (version 1)'));
  });
});
