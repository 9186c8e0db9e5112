/**
 * The API Keys page's "Command-line tool" section in Chromium against the real built server: the download link serves
 * the one-file CLI, and the two commands (download, log in) name this server and copy as shown.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiSignUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

describe('API Keys page: command-line tool', () => {
  it('offers the CLI as a download from this server, with the commands to install it and log in', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    await page.goto(`${app.url}/api-keys`);
    const section = await visible(page.getByTestId('cli-tool'));
    await visible(section.getByRole('heading', { name: 'Command-line tool', level: 2 }));

    const link = section.getByRole('link', { name: 'Download luavault.mjs' });
    expect(await link.getAttribute('href')).toBe('/cli/luavault.mjs');
    expect(await link.getAttribute('download')).toBe('luavault.mjs');
    const served = await fetch(`${app.url}/cli/luavault.mjs`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const expected = Buffer.from(await served.arrayBuffer());
    expect(expected.toString('utf8', 0, 32)).toBe('#!/usr/bin/env node\n// luavault ');

    // the link downloads that very file
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('luavault.mjs');
    expect(await readFile((await download.path())!)).toEqual(expected);

    const install = `curl -fsSLo luavault.mjs ${app.url}/cli/luavault.mjs`;
    const login = `node luavault.mjs login --server ${app.url}`;
    await visible(section.getByText(install, { exact: true }));
    await visible(section.getByText(login, { exact: true }));
    await visible(section.getByText(/node -e "fetch\(process\.argv\[1\]\)/));
    await visible(section.getByText(/Not npx luavault: npm would fetch an unrelated package/));

    await section.getByRole('button', { name: 'Copy: 2. Log in (paste an API key when asked; it is not shown)' }).click();
    await toastWith(page, 'Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(login);
  });
});
