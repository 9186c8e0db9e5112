import { describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, RecordedEvent } from '../eventstore/event-store';
import { DataKeyDestroyedError, newDataKey, scriptKeyId, type DataKeyStore } from './data-keys';
import { seal } from './sealed-event-store';
import { SealedEventStore } from './sealed-event-store';

/** An in-memory log and key store: enough to see what the decorator writes and reads. */
function memory() {
  const rows: RecordedEvent[] = [];
  const log: EventStore = {
    async appendToStream(stream, events) {
      for (const e of events) rows.push({ streamName: stream, revision: BigInt(rows.length), position: BigInt(rows.length + 1), ...structuredClone(e) });
      return { nextRevision: BigInt(rows.length - 1), position: BigInt(rows.length) };
    },
    async readStream(stream) {
      return structuredClone(rows.filter((r) => r.streamName === stream));
    },
    async readStreamHeaders(stream) {
      return structuredClone(rows.filter((r) => r.streamName === stream)).map(({ data: _data, ...header }) => header);
    },
    async *subscribeToAll() {
      for (const row of structuredClone(rows)) yield row;
    },
    headPosition: async () => BigInt(rows.length),
    close: async () => undefined,
  };
  const keys = new Map<string, { key: Buffer | null; account?: string }>();
  const dataKeys: DataKeyStore = {
    async keyFor(id, account) {
      if (keys.get(id)?.key === null) throw new DataKeyDestroyedError(id);
      if (account !== undefined && keys.get(account)?.key === null) throw new DataKeyDestroyedError(account);
      if (!keys.has(id)) keys.set(id, { key: newDataKey(), ...(account === undefined ? {} : { account }) });
      return keys.get(id)!.key!;
    },
    find: async (id) => keys.get(id)?.key ?? null,
    destroy: async (id) => {
      keys.set(id, { key: null });
      for (const entry of keys.values()) if (entry.account === id) entry.key = null;
    },
    close: async () => undefined,
  };
  return { rows, log, dataKeys, keys };
}

const meta = { actorId: 'user:u1', at: '2026-11-24T12:00:00.000Z', schemaVersion: 1, ownerId: 'u1' };
const created: NewEvent = {
  type: 'ScriptCreated',
  data: { scriptId: 's1', ownerId: 'u1', title: 'Secret plan', content: 'print("launch codes")', folderId: null, version: 1, comment: 'first' },
  metadata: meta,
};

describe('SealedEventStore (crypto-shredding)', () => {
  it('writes title, content and comment sealed, and reads them back as they were', async () => {
    const { rows, log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    await store.appendToStream('script-s1', [created], { expectedRevision: 'no_stream' });
    expect(JSON.stringify(rows[0]!.data)).not.toMatch(/launch codes|Secret plan|first/);
    // with the script's own key, which belongs to its account
    expect(rows[0]!.data).toMatchObject({ scriptId: 's1', ownerId: 'u1', version: 1, sealed: { owner: scriptKeyId('s1') } });
    expect((await store.readStream('script-s1'))[0]!.data).toEqual(created.data);
    const subscribed: RecordedEvent[] = [];
    for await (const e of store.subscribeToAll({ fromPosition: 'start', signal: new AbortController().signal })) subscribed.push(e);
    expect(subscribed[0]!.data).toEqual(created.data);
  });

  it('after the key is destroyed the event reads as content gone, and nothing new is written for the account', async () => {
    const { log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    await store.appendToStream('script-s1', [created], { expectedRevision: 'no_stream' });
    await store.destroyKey('u1');
    expect((await store.readStream('script-s1'))[0]!.data).toEqual({ scriptId: 's1', ownerId: 'u1', folderId: null, version: 1, title: '', content: '', comment: '' });
    // a fresh process (no cached key) reads the same
    expect((await new SealedEventStore(log, dataKeys).readStream('script-s1'))[0]!.data).toMatchObject({ content: '' });
    await expect(store.appendToStream('script-s2', [created], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(DataKeyDestroyedError);
  });

  it("destroying a script's key shreds that script only; its account and other scripts still read", async () => {
    const { log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    const other: NewEvent = { ...created, data: { ...(created.data as object), scriptId: 's2', content: 'print("kept")' } };
    const folder: NewEvent = { type: 'FolderCreated', data: { folderId: 'f1', ownerId: 'u1', name: 'Plans', parentId: null, isPublic: false }, metadata: meta };
    await store.appendToStream('script-s1', [created], { expectedRevision: 'no_stream' });
    await store.appendToStream('script-s2', [other], { expectedRevision: 'no_stream' });
    await store.appendToStream('folder-f1', [folder], { expectedRevision: 'no_stream' });
    await store.destroyKey(scriptKeyId('s1'));
    for (const reader of [store, new SealedEventStore(log, dataKeys)]) {
      expect((await reader.readStream('script-s1'))[0]!.data).toMatchObject({ scriptId: 's1', title: '', content: '', comment: '' });
      expect((await reader.readStream('script-s2'))[0]!.data).toMatchObject({ content: 'print("kept")' });
      expect((await reader.readStream('folder-f1'))[0]!.data).toMatchObject({ name: 'Plans' });
    }
    const saved: NewEvent = { type: 'ScriptSaved', data: { scriptId: 's1', title: 't', content: 'x', version: 2, comment: '' }, metadata: meta };
    await expect(store.appendToStream('script-s1', [saved], { expectedRevision: 'any' })).rejects.toThrow('This script was purged');
  });

  it("deleting the account shreds its scripts' keys too, also for a process that had them cached", async () => {
    const { log, dataKeys } = memory();
    const writer = new SealedEventStore(log, dataKeys);
    const reader = new SealedEventStore(log, dataKeys);
    await writer.appendToStream('script-s1', [created], { expectedRevision: 'no_stream' });
    expect((await reader.readStream('script-s1'))[0]!.data).toMatchObject({ content: 'print("launch codes")' });
    await writer.destroyKey('u1');
    expect((await writer.readStream('script-s1'))[0]!.data).toMatchObject({ content: '' });
    // the reader learns of the deletion from the log, like a projector
    await log.appendToStream('user-u1', [{ type: 'AccountDeleted', data: { userId: 'u1' }, metadata: meta }], { expectedRevision: 'any' });
    for await (const _ of reader.subscribeToAll({ fromPosition: 'start', signal: new AbortController().signal })) void _;
    expect((await reader.readStream('script-s1'))[0]!.data).toMatchObject({ content: '' });
  });

  it('a purge seen in the log destroys a script key its purge left behind', async () => {
    const { log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    await store.appendToStream('script-s1', [created], { expectedRevision: 'no_stream' });
    await store.appendToStream('script-s1', [{ type: 'ScriptPurged', data: { scriptId: 's1', reason: 'emptied' }, metadata: meta }], { expectedRevision: 'any' });
    expect(await dataKeys.find(scriptKeyId('s1'))).not.toBeNull();
    for await (const _ of new SealedEventStore(log, dataKeys).subscribeToAll({ fromPosition: 'start', signal: new AbortController().signal })) void _;
    expect(await dataKeys.find(scriptKeyId('s1'))).toBeNull();
    expect(await dataKeys.find('u1')).toBeNull(); // never made: the script had a key of its own
  });

  it("a script event sealed before scripts had keys (with the account's key) still opens, until the account is deleted", async () => {
    const { log, dataKeys } = memory();
    const accountKey = await dataKeys.keyFor('u1');
    const { title, content, comment, ...rest } = created.data as Record<string, unknown>;
    const box = seal(accountKey, 'script-s1', 'ScriptCreated', { title, content, comment });
    await log.appendToStream('script-s1', [{ ...created, data: { ...rest, sealed: { owner: 'u1', box } } }], { expectedRevision: 'no_stream' });
    const store = new SealedEventStore(log, dataKeys);
    expect((await store.readStream('script-s1'))[0]!.data).toEqual(created.data);
    await store.destroyKey(scriptKeyId('s1'));
    expect((await store.readStream('script-s1'))[0]!.data).toEqual(created.data);
    await store.destroyKey('u1');
    expect((await store.readStream('script-s1'))[0]!.data).toMatchObject({ content: '' });
  });

  it('keeps events without personal fields and older plain events as they are (a mixed log)', async () => {
    const { log, dataKeys } = memory();
    await log.appendToStream('script-old', [{ ...created, data: { ...(created.data as object), scriptId: 'old' } }], { expectedRevision: 'no_stream' });
    const store = new SealedEventStore(log, dataKeys);
    const moved: NewEvent = { type: 'ScriptMoved', data: { scriptId: 's1', fromFolderId: null, folderId: 'f' }, metadata: meta };
    await store.appendToStream('script-s1', [moved], { expectedRevision: 'any' });
    expect((await log.readStream('script-s1'))[0]!.data).toEqual(moved.data);
    expect((await store.readStream('script-old'))[0]!.data).toMatchObject({ content: 'print("launch codes")' });
  });

  it("seals an account's email and password hash with the account's own key", async () => {
    const { rows, log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    const registered: NewEvent = { type: 'UserRegistered', data: { userId: 'u2', username: 'bob', passwordHash: 'scrypt$x', email: 'bob@example.com' }, metadata: { ...meta, ownerId: undefined } };
    await store.appendToStream('user-u2', [registered], { expectedRevision: 'no_stream' });
    expect(JSON.stringify(rows[0]!.data)).not.toMatch(/bob@example|scrypt/);
    expect(rows[0]!.data).toMatchObject({ username: 'bob', sealed: { owner: 'u2' } });
    expect((await store.readStream('user-u2'))[0]!.data).toEqual(registered.data);
  });

  it('reads back content in any script (split multi-byte characters included) and never lets a field set a prototype', async () => {
    const { rows, log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    const content = 'print("héllo wörld 你好 🚀")\n'.repeat(500);
    await store.appendToStream('script-s1', [{ ...created, data: { ...(created.data as object), content } }], { expectedRevision: 'no_stream' });
    // A log row carrying an own `__proto__` field (JSON.parse makes one) next to its box.
    rows[0]!.data = JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(rows[0]!.data).slice(1)}`);
    const data = (await store.readStream('script-s1'))[0]!.data as Record<string, unknown>;
    expect(data.content).toBe(content);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(data.polluted).toBeUndefined();
  });

  it('a box moved to another stream does not open there', async () => {
    const { rows, log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    await store.appendToStream('script-s1', [created], { expectedRevision: 'no_stream' });
    await log.appendToStream('script-s9', [{ type: 'ScriptCreated', data: structuredClone(rows[0]!.data), metadata: meta }], { expectedRevision: 'no_stream' });
    expect((await store.readStream('script-s9'))[0]!.data).toMatchObject({ content: '' });
  });

  it('refuses a content event whose owner is unknown rather than write it readable', async () => {
    const { log, dataKeys } = memory();
    const store = new SealedEventStore(log, dataKeys);
    const saved: NewEvent = { type: 'ScriptSaved', data: { scriptId: 's1', title: 't', content: 'x', version: 2, comment: '' }, metadata: { actorId: 'x', at: meta.at, schemaVersion: 1 } };
    await expect(store.appendToStream('script-s1', [saved], { expectedRevision: 'any' })).rejects.toThrow(/no owner/);
  });

  it('keeps a bounded number of keys: one forgotten is looked up again, and the content still opens', async () => {
    const { log, dataKeys } = memory();
    const writer = new SealedEventStore(log, dataKeys);
    for (const owner of ['u1', 'u2', 'u3']) {
      const data = { ...(created.data as object), scriptId: owner, ownerId: owner };
      await writer.appendToStream(`script-${owner}`, [{ ...created, data, metadata: { ...meta, ownerId: owner } }], { expectedRevision: 'no_stream' });
    }
    let lookups = 0;
    const counted = { ...dataKeys, find: async (owner: string) => (lookups++, dataKeys.find(owner)) };
    const reader = new SealedEventStore(log, counted, 2);
    for (const owner of ['u1', 'u2', 'u3']) await reader.readStream(`script-${owner}`);
    expect(lookups).toBe(3);
    await reader.readStream('script-u3'); // still known
    expect(lookups).toBe(3);
    expect((await reader.readStream('script-u1'))[0]!.data).toMatchObject({ content: 'print("launch codes")' }); // forgotten: looked up
    expect(lookups).toBe(4);
  });
});
