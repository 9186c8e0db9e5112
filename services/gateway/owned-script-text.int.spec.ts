import { describe, expect, it } from 'vitest';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import type { Doc, ReadStore } from '../../projections/read-store/read-store';
import { TIMELINE_COLLECTIONS, versionDocId } from '../../projections/version-timeline/documents';
import { WORKSPACE_COLLECTIONS } from '../../projections/workspace/documents';
import { NotFoundError } from '../domain/shared/errors';
import type { GatewayContext } from './http-context';
import { ownedScriptText } from './owned-script-text';
import { VersionBodies } from './version-bodies';

/** The store, recording every workspace script document it hands out with its content. */
function recordingContents(store: ReadStore): { store: ReadStore; contentsRead: string[] } {
  const contentsRead: string[] = [];
  const record = <T>(docs: T) => {
    for (const doc of ([] as Doc[]).concat((docs ?? []) as Doc[])) if (typeof doc.content === 'string') contentsRead.push(doc._id);
    return docs;
  };
  const wrapped = new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return (name: string) => {
        const collection = target.collection(name);
        if (name !== WORKSPACE_COLLECTIONS.scripts) return collection;
        return {
          ...collection,
          findOne: async (...args: Parameters<typeof collection.findOne>) => record(await collection.findOne(...args)),
          find: async (...args: Parameters<typeof collection.find>) => record(await collection.find(...args)),
        };
      };
    },
  });
  return { store: wrapped, contentsRead };
}

describe("an owner's script text", () => {
  it('comes from the shared version bodies, never from the workspace document, and only for its owner', async () => {
    const embedded = await openEmbeddedReadStore(':memory:');
    const content = 'print("current")\n'.repeat(1000);
    const script = { _id: 's1', ownerId: 'u1', title: 'T', preview: '', size: content.length, folderId: null, shareId: null, version: 3, createdAt: 'a', updatedAt: 'b', lastPosition: '1', content };
    await embedded.collection(WORKSPACE_COLLECTIONS.scripts).replaceOne({ _id: 's1' }, script, { upsert: true });
    for (const [version, text] of [[2, 'print("old")'], [3, content]] as const) {
      const _id = versionDocId('s1', version);
      await embedded.collection(TIMELINE_COLLECTIONS.versions).replaceOne({ _id }, { _id, scriptId: 's1', version, content: text }, { upsert: true });
    }
    const { store, contentsRead } = recordingContents(embedded);
    const ctx = { readStore: store, versionBodies: new VersionBodies(store) } as unknown as GatewayContext;

    const first = await ownedScriptText(ctx, { userId: 'u1' } as never, 's1');
    expect(first.text.body.toString()).toBe(content); // the current version's, not an older one's
    expect(first.fields).toMatchObject({ _id: 's1', title: 'T', version: 3 });
    expect(first.fields).not.toHaveProperty('content');
    const again = await ownedScriptText(ctx, { userId: 'u1' } as never, 's1');
    expect(again.text).toBe(first.text); // one copy of the bytes however many answers send them
    expect(contentsRead).toEqual([]);

    await expect(ownedScriptText(ctx, { userId: 'u2' } as never, 's1')).rejects.toBeInstanceOf(NotFoundError);

    // A version timeline a batch behind (MongoDB commits it apart): the whole document answers.
    await embedded.collection(WORKSPACE_COLLECTIONS.scripts).updateOne({ _id: 's1' }, { $set: { version: 4, content: 'print(4)' } });
    expect((await ownedScriptText(ctx, { userId: 'u1' } as never, 's1')).text.body.toString()).toBe('print(4)');
    expect(contentsRead).toEqual(['s1']);
    await embedded.close();
  });
});
