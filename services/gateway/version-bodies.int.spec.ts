import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { TIMELINE_COLLECTIONS, versionDocId } from '../../projections/version-timeline/documents';
import { contentEtag } from '../../projections/workspace/etag';
import { VersionBodies } from './version-bodies';

/** A read store whose version timeline `put` fills, versions of script s1. */
async function timeline() {
  const store = await openEmbeddedReadStore(':memory:');
  const versions = store.collection(TIMELINE_COLLECTIONS.versions);
  const put = (version: number, content: string) =>
    versions.replaceOne({ _id: versionDocId('s1', version) }, { _id: versionDocId('s1', version), scriptId: 's1', version, content }, { upsert: true });
  return { store, put };
}

describe('version bodies', () => {
  it('answers every request for one version with the same bytes, read and hashed once; large ones are served, not kept', async () => {
    const { store, put } = await timeline();
    await put(1, 'print("one")');
    await put(2, 'x'.repeat(1200));
    const bodies = new VersionBodies(store, 6000);

    const first = await bodies.get('s1', 1);
    expect(first!.body.toString()).toBe('print("one")');
    expect(first!.etag).toBe(contentEtag('print("one")'));
    expect(first!.json().toString()).toBe(JSON.stringify('print("one")'));
    expect(await bodies.get('s1', 1)).toBe(first); // the same entry: one copy however many answers hold it

    // over half the budget: served each time, never kept
    const large = await bodies.get('s1', 2);
    expect(large!.body.length).toBe(1200);
    expect(await bodies.get('s1', 2)).not.toBe(large);
    // requests arriving together share one read, even of a version that is not kept
    const [a, b] = await Promise.all([bodies.get('s1', 2), bodies.get('s1', 2)]);
    expect(a).toBe(b);
    expect(await bodies.get('s1', 3)).toBeNull();
    await store.close();
  });

  it('counts what each kept version holds: its text, and its JSON literal once made, within the budget', async () => {
    const { store, put } = await timeline();
    // quotes and newlines: the JSON literal is longer than the text; multi-byte characters: bytes, not characters
    const text = (n: number) => `print("é ${n}")\n`.repeat(100);
    for (let version = 1; version <= 20; version++) await put(version, text(version));
    const bodies = new VersionBodies(store, 40_000);
    const raw = await bodies.get('s1', 1);
    expect(bodies.heldBytes).toBe(raw!.body.length + 2048); // served raw only: its bytes, once (and what an entry costs)
    const json = raw!.json();
    expect(JSON.parse(json.toString('utf8'))).toBe(text(1));
    expect(bodies.heldBytes).toBe(raw!.body.length + json.length + 2048);
    expect(await bodies.get('s1', 1)).toBe(raw); // still kept after growing

    // every version read as JSON: what is kept stays within the budget, the oldest dropped first
    for (let version = 1; version <= 20; version++) (await bodies.get('s1', version))!.json();
    expect(bodies.heldBytes).toBeLessThanOrEqual(40_000);
    expect(bodies.heldBytes).toBeGreaterThan(40_000 / 2);
    expect(await bodies.get('s1', 20)).toBe(await bodies.get('s1', 20));
    expect(await bodies.get('s1', 1)).not.toBe(raw);
    await store.close();
  });

  it('keeps a version whose JSON literal would not fit as its bytes only, without pushing others out', async () => {
    const { store, put } = await timeline();
    await put(1, 'print(1)');
    await put(2, '"'.repeat(2000)); // 2,000 bytes, its literal 4,002: together past half the budget
    const bodies = new VersionBodies(store, 10_000);
    const small = await bodies.get('s1', 1);
    small!.json();
    const quotes = await bodies.get('s1', 2);
    const held = bodies.heldBytes;
    const first = quotes!.json();
    expect(JSON.parse(first.toString())).toBe('"'.repeat(2000));
    expect(quotes!.json()).not.toBe(first); // made for each answer, not held
    expect(bodies.heldBytes).toBe(held);
    expect(await bodies.get('s1', 2)).toBe(quotes); // its bytes stay kept
    expect(await bodies.get('s1', 1)).toBe(small); // and nothing else was pushed out
    await store.close();
  });

  it('answers every caller when reads overlap, even with no budget at all', async () => {
    const { store, put } = await timeline();
    for (let version = 1; version <= 3; version++) await put(version, `print(${version})`);
    const bodies = new VersionBodies(store, 0);
    const answers = await Promise.all([1, 2, 3, 1].map((version) => bodies.get('s1', version)));
    expect(answers.map((answer) => answer!.body.toString())).toEqual(['print(1)', 'print(2)', 'print(3)', 'print(1)']);
    expect(bodies.heldBytes).toBe(0);
    await store.close();
  });
});
