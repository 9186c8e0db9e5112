/**
 * The authoring flow in Chromium against the real server: sign-up, a script saved three times, history,
 * read-only view of an old version, diff, restore, audit trail, sharing with a guest, raw URL, revoke.
 * Also the protected-route redirect and the 404 page.
 */
import { describe, expect, it } from 'vitest';
import { editorText, hidden, setEditorText, signUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

const V1 = 'local greeting = "hello"\nprint(greeting)';
const V2 = `${V1}\nprint("second save")`;
const V3 = `${V2}\nprint("third save")`;

describe('authoring', () => {
  it('redirects a signed-out visitor to /auth and shows the 404 page', async () => {
    const page = app.page;
    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/auth$/);
    await visible(page.getByRole('tab', { name: 'Login' }));
    await page.goto(`${app.url}/script/new`);
    await page.waitForURL(/\/auth$/);

    await page.goto(`${app.url}/no/such/page`);
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await visible(page.getByText("We couldn't find the page you were looking for."));
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(/\/auth$/);
  });

  it('validates credentials on the Register tab', async () => {
    const page = app.page;
    await page.goto(`${app.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill('ab');
    await form.getByLabel('Password').fill('123');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await visible(form.getByText('Username must be at least 3 characters'));
    await visible(form.getByText('Password must be at least 6 characters'));
  });

  it('signs out from the user menu and back in on the Login tab', async () => {
    const page = app.page;
    const username = await signUp(page, app.url);
    const menu = page.getByRole('button', { name: 'User menu' });
    expect((await menu.innerText()).startsWith(username.slice(0, 2).toUpperCase())).toBe(true);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await toastWith(page, 'Logged out');
    await page.waitForURL(/\/auth$/);

    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await toastWith(page, 'Login failed');
    await form.getByLabel('Password').fill('secret-pass-1');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await toastWith(page, 'Welcome back!');
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
  });

  it('saves versions, views, compares and restores them, shares, and revokes the link', async () => {
    const page = app.page;
    await signUp(page, app.url);

    // New script
    await page.getByRole('link', { name: 'New Script' }).click();
    await page.waitForURL(/\/script\/new$/);
    await visible(page.getByText('New Script', { exact: true }));
    await visible(page.getByText('Not saved yet'));
    await page.getByLabel('Script title').fill('Greeter');
    await setEditorText(page, V1);
    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Script created');
    await page.waitForURL(/\/script\/(?!new)[^/?]+/);
    await visible(page.getByText('Version 1', { exact: true }));
    const scriptUrl = page.url();

    // Second save with Ctrl+S, third with the button
    await setEditorText(page, V2);
    await page.keyboard.press('ControlOrMeta+s');
    await toastWith(page, 'Script updated');
    await visible(page.getByRole('button', { name: 'History (2)' }));
    await setEditorText(page, V3);
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('button', { name: 'History (3)' }));
    await visible(page.getByText('Version 3', { exact: true }));

    // History: three versions, the latest is Current
    await page.getByRole('button', { name: 'History (3)' }).click();
    const history = await visible(page.getByRole('dialog', { name: 'Version History' }));
    const items = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    expect(await items.count()).toBe(3);
    await visible(items.first().getByText('Current'));

    // View version 1 read-only
    await history.getByRole('button', { name: 'View version 1' }).click();
    await visible(page.getByText('Viewing version 1. This is a read-only view.'));
    expect(await editorText(page)).not.toContain('second save');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Return to Current Version' }).click();
    await hidden(page.getByText('Viewing version 1. This is a read-only view.'));
    expect(await editorText(page)).toContain('third save');

    // Compare version 1 with the current one
    await page.getByRole('button', { name: 'History (3)' }).click();
    await page.getByRole('button', { name: 'Compare version 1 with current' }).click();
    const diff = await visible(page.getByRole('dialog', { name: 'Compare version 1 with current' }));
    await visible(diff.locator('.monaco-diff-editor'));
    await visible(diff.locator('.line-insert, .char-insert').first());
    await page.keyboard.press('Escape');
    await hidden(diff);

    // Audit trail
    const historyAgain = page.getByRole('dialog', { name: 'Version History' });
    await historyAgain.getByRole('tab', { name: 'Activity' }).click();
    const audit = await visible(historyAgain.getByRole('list', { name: 'Audit trail' }));
    expect(await audit.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await historyAgain.getByRole('tab', { name: 'Versions' }).click();

    // Restore version 1: a fourth version with v1's content
    await historyAgain.getByRole('button', { name: 'Restore version 1' }).click();
    await toastWith(page, 'Version restored');
    await hidden(historyAgain);
    await visible(page.getByRole('button', { name: 'History (4)' }));
    expect(await editorText(page)).not.toContain('second save');

    // Share, then open the link as a guest
    await page.getByRole('button', { name: 'Generate Share Link' }).click();
    await toastWith(page, 'Share link generated');
    const share = await visible(page.getByRole('dialog', { name: 'Share Script' }));
    const link = await share.getByLabel('Share link', { exact: true }).inputValue();
    const loadstring = await share.getByLabel('Loadstring', { exact: true }).inputValue();
    const rawUrl = await share.getByLabel('Raw URL', { exact: true }).inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/share/[^/]+$`));
    expect(loadstring).toBe(`loadstring(game:HttpGet("${rawUrl}"))()`);

    const guest = await app.newPage();
    await guest.goto(link);
    await visible(guest.getByRole('heading', { name: 'Greeter' }));
    await visible(guest.getByText(/Last updated/));
    expect(await editorText(guest)).toContain('local greeting = "hello"');

    const raw = await fetch(rawUrl);
    expect(raw.status).toBe(200);
    expect(await raw.text()).toBe(V1);

    // The raw URL pinned to version 2 keeps answering version 2's text
    await share.getByLabel('Pin the raw URL to a version').selectOption({ label: 'Version 2' });
    const pinned = await share.getByLabel('Raw URL of version 2', { exact: true }).inputValue();
    expect(pinned).toBe(`${rawUrl}?version=2`);
    expect(await (await fetch(pinned)).text()).toBe(V2);

    // Revoke: the guest now sees Script Not Found
    await share.getByRole('button', { name: 'Revoke link' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke share link?' }).getByRole('button', { name: 'Revoke' }).click();
    await visible(page.getByRole('button', { name: 'Generate Share Link' }));
    await guest.reload();
    await visible(guest.getByRole('heading', { name: 'Script Not Found' }));
    await visible(guest.getByText("The shared script you're looking for doesn't exist or has been removed."));
    expect((await fetch(rawUrl)).status).toBe(404);

    // The script is still the owner's, with its versions
    await page.goto(scriptUrl);
    await visible(page.getByRole('button', { name: 'History (4)' }));
  });

  it('marks syntax errors, completes Lua and platform globals, formats with StyLua, and keeps drafts across reloads', async () => {
    const page = app.page;
    await signUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await page.getByLabel('Script title').fill('Extras');

    // Syntax error marker (the Luau parser), then valid Luau compound assignment
    await setEditorText(page, 'local x = (1');
    await visible(page.getByText(/Syntax error on line 1/));
    await visible(page.locator('.monaco-editor .squiggly-error').first());
    await setEditorText(page, 'local n = 1\nn += 2');
    await visible(page.getByText('No syntax errors'));

    // Completion: members of the task library
    await setEditorText(page, '');
    await page.keyboard.type('task.', { delay: 100 }); // a person's pace: the trigger character re-opens the list
    const suggest = await visible(page.locator('.monaco-editor .suggest-widget'));
    await visible(suggest.getByText('spawn', { exact: true }));
    await page.keyboard.press('Escape');

    // Format (StyLua, WebAssembly)
    await setEditorText(page, 'local   t={1,2}\nif t then print( "x" ) end');
    await page.getByRole('button', { name: 'Format' }).click();
    await toastWith(page, 'Formatted');
    expect(await editorText(page)).toContain('local t = { 1, 2 }');

    // Draft: survives a reload, is offered back, never saved by itself
    await setEditorText(page, 'print("draft text")');
    await page.waitForTimeout(800);
    await page.reload();
    const offer = await visible(page.getByRole('region', { name: 'Unsaved draft' }));
    await offer.getByRole('button', { name: 'Restore Draft' }).click();
    expect(await page.getByLabel('Script title').inputValue()).toBe('Extras');
    // Monaco may still be mounting after a reload on a busy machine: the restored text shows once it has.
    await expect.poll(() => editorText(page), { timeout: 10_000 }).toContain('print("draft text")');
    const list = await page.request.get(`${app.url}/api/scripts`);
    expect(await list.json()).toEqual([]);

    await page.getByRole('button', { name: 'Save' }).click();
    await toastWith(page, 'Script created');
    await page.waitForURL(/\/script\/(?!new)[^/?]+/);
    await visible(page.getByText('Version 1', { exact: true }));
    await page.reload();
    await visible(page.getByText('Version 1', { exact: true }));
    await hidden(page.getByRole('region', { name: 'Unsaved draft' }), 2000);
  });

  it('keeps every keystroke of fast typing, and Enter after a complete keyword starts a new line', async () => {
    const page = app.page;
    await signUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, '');
    // 200 keys a second: Chromium's EditContext input path used to drop some of these.
    await page.keyboard.type('for i = 1, 3 do\nprint(i)\nend', { delay: 5 });
    await expect.poll(async () => (await editorText(page)).split('\n').map((line) => line.trim()).join('\n'), { timeout: 5000 }).toBe('for i = 1, 3 do\nprint(i)\nend');
  });

  it('loads Monaco only on editor screens', async () => {
    const page = app.page;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await signUp(page, app.url);
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    await page.goto(`${app.url}/folder`);
    await visible(page.getByRole('heading', { name: 'All Scripts', level: 1 }));
    const monaco = (p: string) => /monaco|CodeEditor|editor\.worker|codicon|luau-syntax|stylua/.test(p);
    expect(requested.filter(monaco)).toEqual([]);

    await page.getByRole('link', { name: 'New Script' }).click();
    await visible(page.locator('.monaco-editor'));
    expect(requested.some((p) => /monaco-lua/.test(p))).toBe(true);
    // everything (Monaco, its worker and font included) comes from our own server: no CDN
    expect(requested.filter((u) => !u.startsWith(app.url) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
  });
});
