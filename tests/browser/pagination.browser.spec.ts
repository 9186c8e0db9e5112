/**
 * Paginated lists in Chromium: with a page size of 2 (the `luavault:page-size` setting), the workspace shows a
 * keyboard-usable "Load more" that brings the next scripts until there are none left; cards show the server's
 * 300-character preview; the history dialog pages its versions and fetches a version's content to view it.
 */
import { describe, expect, it } from 'vitest';
import { apiSignUp, editorText, hidden, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

describe('paginated lists', () => {
  it('loads more scripts and versions page by page, with the keyboard too', async () => {
    const page = app.page;
    await apiSignUp(page, app.url);
    const long = `-- long script\n${'x'.repeat(400)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await page.request.post(`${app.url}/api/scripts`, { data: { title: `Paged ${i}`, content: i === 0 ? long : `print(${i})` } });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    for (let v = 2; v <= 3; v++) {
      expect((await page.request.put(`${app.url}/api/scripts/${ids[4]}`, { data: { content: `print("v${v}")`, comment: `save ${v}` } })).status()).toBe(200);
    }

    await page.goto(`${app.url}/`);
    await page.evaluate(() => window.localStorage.setItem('luavault:page-size', '2'));
    await page.reload();
    const section = page.getByRole('region', { name: 'Unorganized Scripts' });
    const cards = section.getByRole('heading', { level: 3 });
    await visible(section.getByRole('link', { name: 'Paged 4' }));
    expect(await cards.count()).toBe(2);

    // keyboard: focus the button and press Enter
    const more = section.getByRole('button', { name: 'Load more scripts' });
    await more.focus();
    await page.keyboard.press('Enter');
    await visible(section.getByRole('link', { name: 'Paged 1' }));
    expect(await cards.count()).toBe(4);
    await more.click();
    await visible(section.getByRole('link', { name: 'Paged 0' }));
    expect(await cards.count()).toBe(5);
    await hidden(more);

    // the card shows the server's preview: the first 300 characters, an ellipsis for the rest
    const preview = await section.getByLabel('Preview of Paged 0').innerText();
    expect(preview).toBe(`${long.slice(0, 300)}...`);

    // history: 3 versions, 2 per page; viewing version 1 fetches its content
    await section.getByRole('link', { name: 'Paged 4' }).click();
    await visible(page.getByRole('button', { name: 'History (3)' }));
    await page.getByRole('button', { name: 'History (3)' }).click();
    const history = await visible(page.getByRole('dialog', { name: 'Version History' }));
    await visible(history.getByText('save 3'));
    await hidden(history.getByRole('button', { name: 'View version 1' }));
    await history.getByRole('button', { name: 'Load more versions' }).click();
    await history.getByRole('button', { name: 'View version 1' }).click();
    await visible(page.getByText('Viewing version 1. This is a read-only view.'));
    expect(await editorText(page)).toBe('print(4)');
  });
});
