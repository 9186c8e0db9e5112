import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedReadStore, type EmbeddedReadStore } from '../read-store/embedded-read-store';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { scriptViewsProjection } from './script-views.projection';
import { scriptViewQueries, withViewTotals } from './queries';
import { adminQueries } from '../admin-stats/queries';
import { SCRIPT_VIEWS_COLLECTIONS as C } from './documents';
import { WORKSPACE_COLLECTIONS } from '../workspace/documents';

/** The views-by-day projection on the embedded store: bucketing, replay, the 90-day cut and purges. */

let position = 0n;
function event(type: string, data: Record<string, unknown>, at: string): ProjectedEvent {
  position += 1n;
  return {
    type,
    data,
    streamName: type === 'ScriptViewsCounted' ? `scriptviews-${data.scriptId}` : `script-${data.scriptId}`,
    position,
    positionKey: toPositionKey(position),
    metadata: { actorId: 'system:views', at, schemaVersion: 1 },
  } as unknown as ProjectedEvent;
}
const views = (scriptId: string, kind: 'page' | 'raw' | undefined, count: number, at: string) =>
  event('ScriptViewsCounted', kind ? { scriptId, count, kind } : { scriptId, count }, at);

const stores: EmbeddedReadStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});
async function freshStore() {
  const store = await openEmbeddedReadStore(':memory:');
  await store.ensureIndexes(scriptViewsProjection.indexes);
  stores.push(store);
  return store;
}
const totals = async (store: EmbeddedReadStore) =>
  (await store.collection(C.totals).find({}, { sort: { _id: 1 } })).map(({ _id, views }) => ({ _id, views }));
const rows = async (store: EmbeddedReadStore) =>
  (await store.collection(C.days).find({}, { sort: { _id: 1 } })).map(({ _id, pageViews, rawFetches }) => ({ _id, pageViews, rawFetches }));

describe('script views projection', () => {
  it('buckets by the UTC day of the event, page views and raw fetches apart; events without a kind are not bucketed', async () => {
    const store = await freshStore();
    await scriptViewsProjection.applyBatch!(
      [
        views('s1', 'raw', 3, '2026-11-23T23:59:59.000Z'),
        views('s1', 'raw', 4, '2026-11-24T00:00:01.000Z'),
        views('s1', 'page', 2, '2026-11-24T10:00:00.000Z'),
        views('s1', undefined, 50, '2026-11-24T10:00:01.000Z'),
        views('s2', 'raw', 1, '2026-11-24T10:00:02.000Z'),
      ],
      store,
    );
    expect(await rows(store)).toEqual([
      { _id: 's1:2026-11-23', pageViews: 0, rawFetches: 3 },
      { _id: 's1:2026-11-24', pageViews: 2, rawFetches: 4 },
      { _id: 's2:2026-11-24', pageViews: 0, rawFetches: 1 },
    ]);
    // event by event gives the same documents as one batch
    const single = await freshStore();
    for (const e of [views('s1', 'raw', 3, '2026-11-23T23:59:59.000Z'), views('s1', 'raw', 4, '2026-11-24T00:00:01.000Z')]) await scriptViewsProjection.apply(e, single);
    expect((await rows(single)).map((r) => r.rawFetches)).toEqual([3, 4]);
  });

  it('changes nothing when events are applied again, whole or from the middle of a batch (a replay)', async () => {
    const store = await freshStore();
    const batch = [views('s1', 'raw', 3, '2026-11-24T01:00:00.000Z'), views('s1', 'page', 1, '2026-11-24T02:00:00.000Z'), views('s1', 'raw', 5, '2026-11-24T03:00:00.000Z')];
    await scriptViewsProjection.applyBatch!(batch.slice(0, 2), store);
    await scriptViewsProjection.applyBatch!(batch, store); // the replay overlaps what was applied
    await scriptViewsProjection.applyBatch!(batch, store);
    for (const e of batch) await scriptViewsProjection.apply(e, store);
    expect(await rows(store)).toEqual([{ _id: 's1:2026-11-24', pageViews: 1, rawFetches: 8 }]);
  });

  it('deletes days older than 90 as newer views arrive, and never writes them', async () => {
    const store = await freshStore();
    await scriptViewsProjection.applyBatch!([views('s1', 'raw', 1, '2026-08-26T12:00:00.000Z'), views('s1', 'raw', 2, '2026-08-27T12:00:00.000Z')], store);
    expect((await rows(store)).map((r) => r._id)).toEqual(['s1:2026-08-26', 's1:2026-08-27']);
    // 2026-11-24 makes 2026-08-27 the oldest day kept (90 days including both ends)
    await scriptViewsProjection.applyBatch!([views('s2', 'page', 1, '2026-11-24T12:00:00.000Z')], store);
    expect((await rows(store)).map((r) => r._id)).toEqual(['s1:2026-08-27', 's2:2026-11-24']);
    // a batch holding an old event and a new one never writes the old day
    await scriptViewsProjection.applyBatch!([views('s3', 'raw', 1, '2026-01-01T00:00:00.000Z'), views('s3', 'raw', 1, '2026-11-24T13:00:00.000Z')], store);
    expect((await rows(store)).map((r) => r._id)).toEqual(['s1:2026-08-27', 's2:2026-11-24', 's3:2026-11-24']);
  });

  it("drops a purged script's days (an account deletion purges every script)", async () => {
    const store = await freshStore();
    await scriptViewsProjection.applyBatch!([views('s1', 'raw', 1, '2026-11-23T12:00:00.000Z'), views('s2', 'raw', 1, '2026-11-23T12:00:00.000Z')], store);
    await scriptViewsProjection.applyBatch!(
      [
        views('s1', 'page', 1, '2026-11-24T12:00:00.000Z'),
        event('ScriptTrashed', { scriptId: 's1', withFolderId: null }, '2026-11-24T12:00:01.000Z'),
        event('ScriptPurged', { scriptId: 's1', reason: 'account-deleted' }, '2026-11-24T12:00:02.000Z'),
      ],
      store,
    );
    expect((await rows(store)).map((r) => r._id)).toEqual(['s2:2026-11-23']);
  });

  it('answers a zero-filled series and the top scripts of a window, live scripts only', async () => {
    const store = await freshStore();
    const script = (id: string) => ({ _id: id, ownerId: 'u1', title: `T ${id}`, content: '', views: 0, lastPosition: '' });
    for (const id of ['s1', 's2', 's3']) await store.collection(WORKSPACE_COLLECTIONS.scripts).replaceOne({ _id: id }, script(id), { upsert: true });
    await scriptViewsProjection.applyBatch!(
      [
        views('s1', 'raw', 10, '2026-11-20T12:00:00.000Z'),
        views('s2', 'raw', 4, '2026-11-23T12:00:00.000Z'),
        views('s2', 'page', 4, '2026-11-24T12:00:00.000Z'),
        views('s3', 'page', 1, '2026-11-24T12:00:00.000Z'),
        views('gone', 'raw', 99, '2026-11-24T12:00:00.000Z'), // views that raced a purge: no script to show
      ],
      store,
    );
    const queries = scriptViewQueries(store);
    const series = await queries.seriesOf('s2', '2026-11-24', 90);
    expect(series.days).toHaveLength(90);
    expect(series.days[0]!.date).toBe('2026-08-27');
    expect(series.days.slice(-2)).toEqual([
      { date: '2026-11-23', pageViews: 0, rawFetches: 4 },
      { date: '2026-11-24', pageViews: 4, rawFetches: 0 },
    ]);
    expect(series.totals).toEqual({ pageViews: 4, rawFetches: 4 });

    const top = await queries.topScripts('2026-11-24', 30, 2);
    expect(top.map((t) => [t.scriptId, t.title, t.totals])).toEqual([
      ['s1', 'T s1', { pageViews: 0, rawFetches: 10 }],
      ['s2', 'T s2', { pageViews: 4, rawFetches: 4 }],
    ]);
    expect(top[0]!.days).toHaveLength(30);
    // a 3-day window leaves s1's views out
    expect((await queries.topScripts('2026-11-24', 3, 5)).map((t) => t.scriptId)).toEqual(['s2', 's3']);
  });

  it('keeps each script\'s all-time total of every kind, older events without a kind and days past 90 included', async () => {
    const store = await freshStore();
    const batch = [
      views('s1', 'raw', 3, '2025-01-01T12:00:00.000Z'),
      views('s1', undefined, 50, '2026-11-24T10:00:01.000Z'),
      views('s1', 'page', 2, '2026-11-24T10:00:02.000Z'),
      views('s2', 'raw', 1, '2026-11-24T10:00:03.000Z'),
    ];
    await scriptViewsProjection.applyBatch!(batch.slice(0, 2), store);
    await scriptViewsProjection.applyBatch!(batch, store); // a replay overlapping what was applied
    for (const e of batch) await scriptViewsProjection.apply(e, store);
    expect(await totals(store)).toEqual([{ _id: 's1', views: 55 }, { _id: 's2', views: 1 }]);

    // A purge drops the total; views that raced it start again from nothing.
    await scriptViewsProjection.applyBatch!(
      [event('ScriptPurged', { scriptId: 's1', reason: 'trash-emptied' }, '2026-11-24T12:00:00.000Z'), views('s1', 'raw', 4, '2026-11-24T12:00:01.000Z')],
      store,
    );
    expect(await totals(store)).toEqual([{ _id: 's1', views: 4 }, { _id: 's2', views: 1 }]);
  });

  it('adds the count a document projected before the totals still carries, and ranks the top viewed live scripts', async () => {
    const store = await freshStore();
    const scripts = store.collection(WORKSPACE_COLLECTIONS.scripts);
    const script = (id: string, extra: Record<string, unknown> = {}) =>
      ({ _id: id, ownerId: 'u1', title: `T ${id}`, content: 'x', preview: 'x', size: 1, folderId: null, shareId: null, version: 1, createdAt: '', updatedAt: '', lastPosition: '', ...extra });
    await scripts.replaceOne({ _id: 'old' }, script('old', { views: 7 }), { upsert: true }); // projected before the totals
    for (const id of ['s1', 's2', 's3', 's4', 's5', 's6']) await scripts.replaceOne({ _id: id }, script(id), { upsert: true });
    const at = '2026-11-24T12:00:00.000Z';
    await scriptViewsProjection.applyBatch!(
      [views('old', 'raw', 2, at), views('s1', 'raw', 1, at), views('s2', 'raw', 30, at), views('s3', 'page', 20, at), views('s4', 'raw', 5, at), views('s5', 'raw', 4, at), views('s6', 'raw', 3, at), views('trashed', 'raw', 99, at)],
      store,
    );
    expect((await withViewTotals(store, [script('old', { views: 7 }), script('s1'), script('none')])).map((d) => d.views)).toEqual([9, 1, 0]);
    // 'trashed' has the most views but no live document; 'old' ranks by its total (2) until a rebuild counts all 9 there
    const { topViewed } = await adminQueries(store).stats();
    expect(topViewed.map((s) => [s.id, s.views])).toEqual([['s2', 30], ['s3', 20], ['s4', 5], ['s5', 4], ['s6', 3]]);
  });
});
