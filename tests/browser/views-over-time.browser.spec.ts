/**
 * Views over time in Chromium: raw fetches of a shared script show up by day in the script page's chart and its table,
 * the admin dashboard lists the script among the top scripts over time, and pages without a chart load no chart code.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignUp, toastWith, useBrowserApp, visible } from './harness';

const app = useBrowserApp();
const RAW_FETCHES = 5;

/** Records the chart chunk's requests from now on. */
function chartRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => /\/assets\/ViewsChart-[^/]*\.js$/.test(r.url()) && seen.push(r.url()));
  return seen;
}

describe('views over time', () => {
  it("shows a shared script's raw fetches of today in the script page's chart and table, and in the admin's top scripts", async () => {
    const page = app.page;
    const chartLoads = chartRequests(page);
    await apiSignUp(page, app.url);
    const title = `Fetched ${Date.now().toString(36)}`;
    const created = await page.request.post(`${app.url}/api/scripts`, { data: { title, content: 'return "fetched"' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { shareId } = (await (await page.request.post(`${app.url}/api/scripts/${id}/share`, { data: {} })).json()) as { shareId: string };

    // A game server fetching the raw URL (no cookies).
    for (let i = 0; i < RAW_FETCHES; i++) expect((await fetch(`${app.url}/api/share/${shareId}/raw`)).status).toBe(200);
    // The counter records once a second; wait until the read model has today's fetches.
    const deadline = Date.now() + 10_000;
    let totals = { pageViews: 0, rawFetches: 0 };
    while (totals.rawFetches < RAW_FETCHES && Date.now() < deadline) {
      totals = ((await (await page.request.get(`${app.url}/api/scripts/${id}/views`)).json()) as { totals: typeof totals }).totals;
      if (totals.rawFetches < RAW_FETCHES) await new Promise((r) => setTimeout(r, 200));
    }
    expect(totals).toEqual({ pageViews: 0, rawFetches: RAW_FETCHES });
    const today = new Date().toISOString().slice(0, 10);

    // The workspace has no chart: none of its code is loaded.
    await page.goto(`${app.url}/`);
    await visible(page.getByRole('heading', { name: 'My Workspace' }));
    expect(chartLoads).toEqual([]);

    await page.goto(`${app.url}/script/${id}`);
    const panel = page.getByRole('region', { name: 'Views' });
    // 30 days at first; 7 days spreads a week over the whole axis instead of its last pixels
    await visible(panel.getByText(`Last 30 days: 0 page views, ${RAW_FETCHES} raw fetches`));
    await panel.getByRole('button', { name: '7 days' }).click();
    await visible(panel.getByRole('img', { name: `Views of ${title} per day, last 7 days` }));
    expect(await panel.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await panel.getByRole('button', { name: '90 days' }).click();
    await visible(panel.getByText(`Last 90 days: 0 page views, ${RAW_FETCHES} raw fetches`));
    const chart = await visible(panel.getByRole('img', { name: `Views of ${title} per day, last 90 days` }));
    expect(await chart.locator('desc').textContent()).toContain(`${RAW_FETCHES} raw fetches`);
    await visible(panel.getByText('Raw fetches (solid)'));
    await visible(panel.getByText('Page views (dashed)'));
    expect(chartLoads).toHaveLength(1);

    await panel.getByText('Show table').click();
    const table = await visible(panel.getByRole('table', { name: `Views of ${title} per day, last 90 days` }));
    await visible(table.getByRole('columnheader', { name: 'Raw fetches' }));
    const todayRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: today, exact: true }) });
    expect((await todayRow.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['0', String(RAW_FETCHES)]);
    expect(await table.getByRole('row').count()).toBe(1 + 90 + 1); // header, 90 days, total
    await visible(panel.getByText('Hide table'));

    const admin = await app.newPage();
    await admin.goto(`${app.url}/admin`);
    await admin.getByLabel('Access Key').fill(app.adminKey);
    await admin.getByRole('button', { name: 'Access Dashboard' }).click();
    await toastWith(admin, 'Authentication successful');
    const top = admin.getByRole('region', { name: 'Top Scripts Over Time' });
    await visible(top.getByRole('heading', { name: new RegExp(title) }));
    await visible(top.getByText(`0 page views, ${RAW_FETCHES} raw fetches in the last 30 days`));
    await visible(top.getByRole('img', { name: `Views of ${title} per day, last 30 days` }));
    await top.getByText('Show table').first().click();
    await visible(top.getByRole('table', { name: `Views of ${title} per day, last 30 days` }));
  });
});
