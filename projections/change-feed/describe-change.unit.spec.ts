import { describe, expect, it } from 'vitest';
import { toPositionKey, type ProjectedEvent } from '../projection';
import { describeChange } from './describe-change';
import type { OwnerDoc } from './documents';

let position = 0n;
const event = (type: string, data: Record<string, unknown>): ProjectedEvent =>
  ({ type, data, streamName: 'x', position: ++position, positionKey: toPositionKey(position), metadata: { actorId: 'user:u1', at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 } }) as unknown as ProjectedEvent;

/** Folds events through describeChange, returning each change. */
function fold(events: ProjectedEvent[]) {
  let owner: OwnerDoc | null = null;
  return events.map((e) => {
    const described = describeChange(e, owner);
    owner = described.owner;
    return described.change;
  });
}

describe('describeChange', () => {
  it('names the owner on every change of a script, and tells a rename, a restore and a move apart', () => {
    const changes = fold([
      event('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'A', content: 'x', folderId: null, version: 1, comment: '' }),
      event('ScriptSaved', { scriptId: 's1', title: 'A', content: 'y', version: 2, comment: '' }),
      event('ScriptSaved', { scriptId: 's1', title: 'B', content: 'y', version: 3, comment: '' }),
      event('ScriptRestored', { scriptId: 's1', restoredFrom: 1, title: 'A', content: 'x', version: 4, comment: '' }),
      event('ScriptMoved', { scriptId: 's1', fromFolderId: null, folderId: 'f1' }),
      event('ScriptShareRevoked', { scriptId: 's1', shareId: 'sh' }),
      event('ScriptDeleted', { scriptId: 's1' }),
    ]);
    expect(changes).toEqual([
      { type: 'script.created', data: { scriptId: 's1', title: 'A', folderId: null, version: 1 } },
      { type: 'script.saved', data: { scriptId: 's1', title: 'A', folderId: null, version: 2 } },
      { type: 'script.saved', data: { scriptId: 's1', title: 'B', folderId: null, version: 3, previousTitle: 'A' } },
      { type: 'script.saved', data: { scriptId: 's1', title: 'A', folderId: null, version: 4, previousTitle: 'B', restoredFrom: 1 } },
      { type: 'script.moved', data: { scriptId: 's1', title: 'A', folderId: 'f1', version: 4, fromFolderId: null } },
      { type: 'script.unshared', data: { scriptId: 's1', title: 'A', folderId: 'f1', version: 4 } },
      { type: 'script.deleted', data: { scriptId: 's1', title: 'A', folderId: 'f1', version: 4 } },
    ]);
  });

  it('ignores an event already folded in (a replay) and one about an unknown script, and views', () => {
    const created = event('FolderCreated', { folderId: 'f1', ownerId: 'u1', name: 'Tools', parentId: null, isPublic: false });
    const owner = describeChange(created, null).owner!;
    const renamed = event('FolderRenamed', { folderId: 'f1', name: 'Gadgets' });
    const after = describeChange(renamed, owner);
    expect(after.change).toEqual({ type: 'folder.renamed', data: { folderId: 'f1', name: 'Gadgets', parentId: null, previousName: 'Tools' } });
    expect(describeChange(renamed, after.owner)).toEqual({ owner: after.owner, change: null });
    expect(describeChange(event('ScriptSaved', { scriptId: 'nope', title: 'T', content: '', version: 2, comment: '' }), null).change).toBeNull();
    expect(describeChange(event('ScriptViewsCounted', { scriptId: 's1', count: 3 }), null).change).toBeNull();
  });

  it("tells the owner's clients of an administrator's read, never after the script is gone", () => {
    const changes = fold([
      event('ScriptCreated', { scriptId: 's1', ownerId: 'u1', title: 'A', content: 'x', folderId: null, version: 1, comment: '' }),
      event('ScriptReadByAdmin', { scriptId: 's1', version: 1 }),
      event('ScriptTrashed', { scriptId: 's1', withFolderId: null }),
      event('ScriptReadByAdmin', { scriptId: 's1', version: 1 }),
    ]);
    expect(changes).toEqual([
      { type: 'script.created', data: { scriptId: 's1', title: 'A', folderId: null, version: 1 } },
      { type: 'script.read-by-admin', data: { scriptId: 's1', title: 'A', folderId: null, version: 1 } },
      { type: 'script.deleted', data: { scriptId: 's1', title: 'A', folderId: null, version: 1 } },
      null,
    ]);
  });
});
