import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { TIMELINE_COLLECTIONS, versionDocId } from '../../projections/version-timeline/documents';
import { contentEtag } from '../../projections/workspace/etag';
import { VersionBodies } from './version-bodies';

describe('version bodies', () => {
  it('answers every request for one version with the same bytes, read and hashed once; large ones are served, not kept', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    const versions = store.collection(TIMELINE_COLLECTIONS.versions);
    const put = (version: number, content: string) =>
      versions.replaceOne({ _id: versionDocId('s1', version) }, { _id: versionDocId('s1', version), scriptId: 's1', version, content }, { upsert: true });
    await put(1, 'print("one")');
    await put(2, 'x'.repeat(600));
    const bodies = new VersionBodies(store, 1000);

    const first = await bodies.get('s1', 1);
    expect(first!.body.toString()).toBe('print("one")');
    expect(first!.etag).toBe(contentEtag('print("one")'));
    expect(first!.json().toString()).toBe(JSON.stringify('print("one")'));
    expect(await bodies.get('s1', 1)).toBe(first); // the same entry: one copy however many answers hold it

    // over half the budget: served each time, never kept
    const large = await bodies.get('s1', 2);
    expect(large!.body.length).toBe(600);
    expect(await bodies.get('s1', 2)).not.toBe(large);
    // requests arriving together share one read, even of a version that is not kept
    const [a, b] = await Promise.all([bodies.get('s1', 2), bodies.get('s1', 2)]);
    expect(a).toBe(b);
    expect(await bodies.get('s1', 3)).toBeNull();
    await store.close();
  });

  it('counts what each kept version holds: its text, and its JSON literal once made, within the budget', async () => {
    const store = await openEmbeddedReadStore(':memory:');
    const versions = store.collection(TIMELINE_COLLECTIONS.versions);
    // quotes and newlines: the JSON literal is longer than the text; multi-byte characters: bytes, not characters
    const text = (n: number) => `print("é ${n}")\n`.repeat(100);
    for (let version = 1; version <= 20; version++) {
      await versions.replaceOne({ _id: versionDocId('s1', version) }, { _id: versionDocId('s1', version), scriptId: 's1', version, content: text(version) }, { upsert: true });
    }
    const bodies = new VersionBodies(store, 10_000);
    const raw = await bodies.get('s1', 1);
    expect(bodies.heldBytes).toBe(raw!.body.length + 64); // served raw only: its bytes, once
    const json = raw!.json();
    expect(JSON.parse(json.toString('utf8'))).toBe(text(1));
    expect(bodies.heldBytes).toBe(raw!.body.length + json.length + 64);
    expect(await bodies.get('s1', 1)).toBe(raw); // still kept after growing

    // every version read as JSON: what is kept stays within the budget, the oldest dropped first
    for (let version = 1; version <= 20; version++) (await bodies.get('s1', version))!.json();
    expect(bodies.heldBytes).toBeLessThanOrEqual(10_000);
    expect(bodies.heldBytes).toBeGreaterThan(10_000 / 2);
    expect(await bodies.get('s1', 20)).toBe(await bodies.get('s1', 20));
    expect(await bodies.get('s1', 1)).not.toBe(raw);
    await store.close();
  });
});
