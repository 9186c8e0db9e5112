import { describe, expect, it } from 'vitest';
import { toPositionKey } from '../projection';
import { evolveScript, sharedView, type ScriptProjectedEvent } from './script-read-model';
import type { ScriptDoc } from './documents';

let position = 0n;
const at = (n: number) => `2026-11-22T10:00:0${n}.000Z`;
function event(type: string, data: Record<string, unknown>, second = 0): ScriptProjectedEvent {
  position += 1n;
  return {
    type,
    data: { scriptId: 's1', ...data },
    streamName: 'script-s1',
    position,
    positionKey: toPositionKey(position),
    metadata: { actorId: 'user:u1', at: at(second), schemaVersion: 1 },
  } as unknown as ScriptProjectedEvent;
}
const fold = (events: ScriptProjectedEvent[], start: ScriptDoc | null = null) => events.reduce(evolveScript, start);

describe('script read model (pure fold)', () => {
  const created = event('ScriptCreated', { ownerId: 'u1', title: 'T', content: 'print(1)', folderId: null, version: 1, comment: 'Initial version' }, 1);
  const saved = event('ScriptSaved', { title: 'T2', content: 'print(2)', version: 2, comment: 'c' }, 2);
  const viewed = event('ScriptViewsCounted', { count: 3 });
  const shared = event('ScriptShared', { shareId: 'sh1' });
  const moved = event('ScriptMoved', { fromFolderId: null, folderId: 'f1' }, 3);

  // Views are counted by the script-views read model: the fold passes their events over, so a view never rewrites a script.
  it('folds create, save, share and move into the document the API serves, passing view counts over', () => {
    expect(fold([created, saved, viewed, shared, moved])).toEqual({
      _id: 's1',
      ownerId: 'u1',
      title: 'T2',
      // an event without an extension (recorded before it existed): none, the file name comes from the title
      extension: null,
      content: 'print(2)',
      preview: 'print(2)',
      size: 8,
      folderId: 'f1',
      shareId: 'sh1',
      // an event without the share-history fields (recorded before they existed): versions since sharing, at version 2
      shareFullHistory: false,
      sharedAtVersion: 2,
      version: 2,
      createdAt: at(1),
      updatedAt: at(3),
      lastPosition: moved.positionKey,
    });
  });

  it('keeps the extension of ScriptCreated through saves, and hands it to the share view', () => {
    const withExtension = event('ScriptCreated', { ownerId: 'u1', title: 'init.server', content: 'print(1)', folderId: null, version: 1, comment: 'c', extension: '.luau' }, 1);
    const renamed = event('ScriptSaved', { title: 'main.server', content: 'print(2)', version: 2, comment: 'c' }, 2);
    const doc = fold([withExtension, renamed, event('ScriptShared', { shareId: 'sh2' })])!;
    expect(doc).toMatchObject({ title: 'main.server', extension: '.luau' });
    expect(sharedView(doc as ScriptDoc & { shareId: string }, null)).toMatchObject({ title: 'main.server', extension: '.luau' });
  });

  it('changes nothing when events are applied again (a replay after a crash)', () => {
    const once = fold([created, saved, viewed]);
    expect(fold([created, saved, viewed], once)).toBe(once);
  });

  it('revoking clears the share id and deleting removes the document', () => {
    const revoked = event('ScriptShareRevoked', { shareId: 'sh1' });
    const deleted = event('ScriptDeleted', {});
    expect(fold([created, shared, revoked])?.shareId).toBeNull();
    expect(fold([created, shared, deleted])).toBeNull();
  });

  it('carries what a link exposes into the share view: the version it was shared at, and full history when chosen', () => {
    const sharedAt2 = event('ScriptShared', { shareId: 'sh2', fullHistory: false, sharedAtVersion: 2 });
    const doc = fold([created, saved, sharedAt2]) as ScriptDoc & { shareId: string };
    expect(sharedView(doc, null)).toMatchObject({ _id: 'sh2', fullHistory: false, sharedAtVersion: 2, version: 2 });

    const opened = event('ScriptShareHistoryChanged', { shareId: 'sh2', fullHistory: true });
    const full = fold([opened], doc) as ScriptDoc & { shareId: string };
    expect(sharedView(full, null)).toMatchObject({ fullHistory: true, sharedAtVersion: 2 });
    // A later save keeps the share point where the link was made.
    const saved3 = event('ScriptSaved', { title: 'T2', content: 'print(3)', version: 3, comment: 'c' }, 4);
    expect(sharedView(fold([saved3], full) as ScriptDoc & { shareId: string }, null)).toMatchObject({ version: 3, sharedAtVersion: 2 });

    const revoked = event('ScriptShareRevoked', { shareId: 'sh2' });
    expect(fold([revoked], full)).toMatchObject({ shareId: null, shareFullHistory: false, sharedAtVersion: null });
  });

  it('ignores events of a script it never saw created', () => {
    expect(fold([saved, viewed])).toBeNull();
  });

  it('derives the share view from the document, keeping the ETag while the content is unchanged', () => {
    const doc = fold([created, shared]) as ScriptDoc & { shareId: string };
    const view = sharedView(doc, null);
    expect(view).toMatchObject({ _id: 'sh1', scriptId: 's1', content: 'print(1)', version: 1 });
    expect(sharedView({ ...doc, title: 'Renamed' }, view).etag).toBe(view.etag);
    expect(sharedView({ ...doc, content: 'print(3)' }, view).etag).not.toBe(view.etag);
  });
});
