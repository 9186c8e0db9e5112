/**
 * Account settings in the browser: the user menu leads there; a password change signs out the other browser; the
 * other sessions can be signed out; deleting the account needs the username typed out and the password.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();
const PASSWORD = 'secret-pass-1';

/** Another browser signed in to the same account (its own cookies). */
async function otherBrowser(username: string, password = PASSWORD): Promise<Page> {
  const other = await app.newPage();
  const res = await other.request.post(`${app.url}/api/login`, { data: { username, password } });
  expect(res.status()).toBe(200);
  return other;
}

const signedIn = async (page: Page) => (await page.request.get(`${app.url}/api/user`)).status() === 200;
const sessionRows = (page: Page) => page.getByTestId('session-row');

describe('account settings', () => {
  it('changes the password, signs out other sessions and deletes the account', async () => {
    const page = app.page;
    const username = await signUp(page, app.url);
    const laptop = await otherBrowser(username);

    // Profile and Settings are two pages: who you are, and what you can change.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await visible(page.getByRole('heading', { name: 'Profile', level: 1 }));
    expect(new URL(page.url()).pathname).toBe('/profile');
    await visible(page.locator('main').getByText(username, { exact: true }));
    await visible(page.locator('main .avatar').getByText(username.slice(0, 2).toUpperCase()));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await visible(page.getByRole('heading', { name: 'Account settings' }));
    expect(new URL(page.url()).pathname).toBe('/settings');
    await visible(sessionRows(page).nth(1));
    expect(await sessionRows(page).count()).toBe(2);
    await visible(sessionRows(page).filter({ hasText: 'This session' }));

    // Change password: a wrong current password is refused in place; the right one signs the laptop out.
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await form.getByLabel('Repeat new password').fill('brand-new-pass');
    await form.getByRole('button', { name: 'Change password' }).click();
    await visible(form.getByText('Current password is incorrect'));
    expect(await signedIn(laptop)).toBe(true);
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await toastWith(page, 'Password changed');
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(page)).toBe(true);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1);

    // Two more browsers with the new password; "Sign out all other sessions" ends both.
    const phone = await otherBrowser(username, 'brand-new-pass');
    const tablet = await otherBrowser(username, 'brand-new-pass');
    await page.reload();
    await visible(sessionRows(page).nth(2));
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await toastWith(page, 'Signed out of every other session');
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1);

    // Delete: the button stays disabled until the username is typed out and a password given.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await visible(dialog);
    const confirm = dialog.getByRole('button', { name: 'Delete account' });
    await dialog.getByLabel(/Type your username/).fill(username.slice(0, -1));
    await dialog.getByLabel('Password').fill('brand-new-pass');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Type your username/).fill(username);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await toastWith(page, 'Account deleted');
    await page.waitForURL(`${app.url}/auth`);
    expect(await signedIn(page)).toBe(false);
    const login = await page.request.post(`${app.url}/api/login`, { data: { username, password: 'brand-new-pass' } });
    expect(login.status()).toBe(401);
  });

  it('the privacy page says what remains after a deletion', async () => {
    const page = app.page;
    await page.goto(`${app.url}/privacy`);
    await visible(page.getByText(/What remains after deletion/));
    await visible(page.getByText(/your username, which stays reserved/));
  });

  it('the Settings entry of the user menu opens the password section', async () => {
    const page = app.page;
    await signUp(page, app.url);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await visible(page.getByRole('heading', { name: 'Change password' }));
    expect(new URL(page.url()).pathname).toBe('/settings');
  });
});
