/**
 * Luau in the editor, in Chromium against the real server: ordinary Luau shows no syntax markers, a broken line
 * shows one marker on that line (the full-moon parser inside the StyLua WebAssembly), and completion offers Luau
 * types and the platform's services.
 */
import { describe, expect, it } from 'vitest';
import { setEditorText, signUp, useBrowserApp, visible } from './harness';

const app = useBrowserApp();

const LUAU = [
  '--!strict',
  'local Players = game:GetService("Players")',
  'type Point = { x: number, y: number }',
  'export type Box<T> = { value: T }',
  'local function map<T, U>(list: { T }, fn: (T) -> U): { U }',
  '\tlocal out = {}',
  '\tfor i, v in list do',
  '\t\tif v == nil then continue end',
  '\t\tout[i] = fn(v)',
  '\tend',
  '\treturn out',
  'end',
  'local count: number = #Players:GetPlayers()',
  'count += 1',
  'local label = if count > 1 then "players" else "player"',
  'print(`{count} {label} online`)',
  '@native',
  'local function dot(a: Vector3, b: Vector3): number',
  '\treturn a.X * b.X + a.Y * b.Y + a.Z * b.Z',
  'end',
  'local part = workspace:FindFirstChild("Door") :: BasePart',
].join('\n');

const BROKEN_LINE = 'local = count + 1';
const BROKEN = ['local Players = game:GetService("Players")', 'local count: number = 0', 'count += 1', BROKEN_LINE, 'print(`{count}`)'].join('\n');

describe('Luau in the editor', () => {
  it('shows no markers on ordinary Luau, and a marker on the broken line', async () => {
    const page = app.page;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await signUp(page, app.url);
    await page.goto(`${app.url}/script/new`);

    await setEditorText(page, BROKEN);
    await visible(page.getByText(/Syntax error on line 4, column 7/));
    const squiggles = page.locator('.monaco-editor .squiggly-error');
    const marker = await visible(squiggles.first());
    const line = page.locator('.monaco-editor .view-line', { hasText: BROKEN_LINE });
    const [markerBox, lineBox] = [await marker.boundingBox(), await line.boundingBox()];
    expect(markerBox && lineBox).toBeTruthy();
    // the marker sits on the broken line: its middle lies within that line's band
    const middle = markerBox!.y + markerBox!.height / 2;
    expect(middle).toBeGreaterThanOrEqual(lineBox!.y);
    expect(middle).toBeLessThanOrEqual(lineBox!.y + lineBox!.height);
    // parsed in a web worker, off the page's main thread
    expect(requested.some((u) => /luau-syntax\.worker/.test(u))).toBe(true);

    await setEditorText(page, LUAU);
    await visible(page.getByText('No syntax errors'));
    await page.waitForTimeout(600); // past the check's debounce: nothing comes back
    expect(await squiggles.count()).toBe(0);
    await visible(page.getByText('No syntax errors'));

    // typed by hand, line by line
    await setEditorText(page, '');
    await page.keyboard.type('local hp: number = 100\nhp -= 10\n', { delay: 20 });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(800);
    expect(await squiggles.count()).toBe(0);
    await visible(page.getByText('No syntax errors'));
  });

  it('completes Luau types and the platform services', async () => {
    const page = app.page;
    await signUp(page, app.url);
    await page.goto(`${app.url}/script/new`);
    await setEditorText(page, '');
    // `:` opens the types by itself; after the space they come back with the first letter typed
    await page.keyboard.type('local hp:', { delay: 80 });
    const suggest = await visible(page.locator('.monaco-editor .suggest-widget'));
    await visible(suggest.getByText('number', { exact: true }));
    await visible(suggest.getByText('boolean', { exact: true }));
    await page.keyboard.type(' n', { delay: 80 });
    await visible(suggest.getByText('number', { exact: true }));
    await page.keyboard.press('Escape');
    await page.keyboard.type('umber = 1\nlocal ok = ', { delay: 80 });
    await page.waitForTimeout(500);
    expect(await suggest.isVisible()).toBe(false); // a space outside a type position opens nothing

    await setEditorText(page, '');
    await page.keyboard.type('local RS = game:GetService("R', { delay: 80 });
    await visible(suggest.getByText('ReplicatedStorage', { exact: true }));
    await page.keyboard.press('Escape');
  });
});
