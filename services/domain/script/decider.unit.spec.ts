import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandMetadata } from '../shared/decider';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { ScriptCommand } from './commands';
import { contentHash } from './content-hash';
import { CONTENT_REQUIRED, NOT_IN_TRASH, SAVE_CONFLICT, SaveConflictError, SCRIPT_NOT_FOUND, scriptDecider, STALE_CONTENT, TITLE_REQUIRED, VERSION_NOT_FOUND } from './decider';
import type { PurgeReason, ScriptCreated, ScriptEvent } from './events';

const scriptId = 's-1';
const owner = 'u-owner';
const stranger = 'u-stranger';
const meta: CommandMetadata = { actorId: owner, at: '2025-03-05T14:07:09.000Z' };
const AUTO_COMMENT = 'Updated on March 5, 2025 at 2:07 PM UTC';

const V1 = 'print("hello")\n';
const V2 = 'print("hello, world")\n';
const V3 = 'local x = 1\nprint(x)\n';

const created: ScriptCreated = {
  type: 'ScriptCreated',
  data: { scriptId, ownerId: owner, title: 'Hello', content: V1, folderId: null, version: 1, comment: 'Initial version' },
};
const saved = (version: number, content: string, title = 'Hello', comment = AUTO_COMMENT): ScriptEvent => ({
  type: 'ScriptSaved',
  data: { scriptId, title, content, version, comment },
});
const deleted: ScriptEvent = { type: 'ScriptDeleted', data: { scriptId } };
const shared = (shareId: string, sharedAtVersion = 1, fullHistory = false): ScriptEvent => ({
  type: 'ScriptShared',
  data: { scriptId, shareId, fullHistory, sharedAtVersion },
});
const historyChanged = (shareId: string, fullHistory: boolean): ScriptEvent => ({
  type: 'ScriptShareHistoryChanged',
  data: { scriptId, shareId, fullHistory },
});
const revoked = (shareId: string): ScriptEvent => ({ type: 'ScriptShareRevoked', data: { scriptId, shareId } });

const create = (data: Partial<Extract<ScriptCommand, { type: 'CreateScript' }>['data']> = {}): ScriptCommand => ({
  type: 'CreateScript',
  data: { scriptId, userId: owner, title: 'Hello', content: V1, folderId: null, ...data },
  metadata: meta,
});
const save = (data: { title?: string; content?: string; comment?: string; userId?: string; currentContent?: string }, metadata = meta): ScriptCommand => ({
  type: 'SaveScript',
  data: { scriptId, userId: owner, ...data },
  metadata,
});
/** the contents of versions 1..3 in the histories below, as the version timeline would give them */
const CONTENT_OF: Record<number, string> = { 1: V1, 2: V2, 3: V3 };
const restore = (version: number, content: string | null = CONTENT_OF[version] ?? null, userId = owner): ScriptCommand => ({
  type: 'RestoreVersion',
  data: { scriptId, userId, version, content },
  metadata: meta,
});
const move = (folderId: string | null, userId = owner): ScriptCommand => ({
  type: 'MoveScript',
  data: { scriptId, userId, folderId },
  metadata: meta,
});
const share = (shareId: string, userId = owner, fullHistory?: boolean): ScriptCommand => ({
  type: 'ShareScript',
  data: { scriptId, userId, shareId, ...(fullHistory === undefined ? {} : { fullHistory }) },
  metadata: meta,
});
const revoke = (userId = owner): ScriptCommand => ({ type: 'RevokeScriptShare', data: { scriptId, userId }, metadata: meta });
const remove = (userId = owner, withFolderId?: string): ScriptCommand => ({
  type: 'TrashScript',
  data: { scriptId, userId, ...(withFolderId ? { withFolderId } : {}) },
  metadata: meta,
});
const untrash = (userId = owner): ScriptCommand => ({ type: 'RestoreScriptFromTrash', data: { scriptId, userId }, metadata: meta });
const purge = (reason: PurgeReason = 'emptied', userId = owner): ScriptCommand => ({ type: 'PurgeScript', data: { scriptId, userId, reason }, metadata: meta });
const trashed = (withFolderId: string | null = null): ScriptEvent => ({ type: 'ScriptTrashed', data: { scriptId, withFolderId } });
const untrashed: ScriptEvent = { type: 'ScriptRestoredFromTrash', data: { scriptId } };
const purged = (reason: PurgeReason = 'emptied'): ScriptEvent => ({ type: 'ScriptPurged', data: { scriptId, reason } });

/** every command that acts on an existing script, issued by `userId` */
const commandsOnExisting = (userId: string): [string, ScriptCommand][] => [
  ['SaveScript', save({ content: V2, userId })],
  ['RestoreVersion', restore(1, V1, userId)],
  ['MoveScript', move('f-1', userId)],
  ['ShareScript', share('sh-1', userId)],
  ['RevokeScriptShare', revoke(userId)],
  ['TrashScript', remove(userId)],
];

afterEach(() => {
  vi.useRealTimers();
});

describe('script decider', () => {
  describe('titles that could pass for others', () => {
    it('refuses a direction override or a control character in a new title, and keeps a title that predates the rule', () => {
      given(scriptDecider).when(create({ title: 'gol\u202eexe.lua' })).thenThrows(ValidationError, 'Title must not contain invisible or text-direction characters');
      given(scriptDecider, [created]).when(save({ title: 'He\u0000llo' })).thenThrows(ValidationError, 'Title must not contain control characters');
      const older: ScriptCreated = { ...created, data: { ...created.data, title: 'Hel\u200blo' } };
      given(scriptDecider, [older]).when(save({ title: 'Hel\u200blo', content: V2 })).then([saved(2, V2, 'Hel\u200blo')]);
    });
  });

  describe('CreateScript', () => {
    it('records version 1 with the comment "Initial version"', () => {
      given(scriptDecider).when(create()).then([created]);
    });

    it('records the folder and the owner it was created for', () => {
      given(scriptDecider)
        .when(create({ folderId: 'f-1' }))
        .then([{ ...created, data: { ...created.data, folderId: 'f-1' } }]);
    });

    it('keeps a comment given at creation, trimmed; a blank one falls back to "Initial version"', () => {
      given(scriptDecider)
        .when(create({ comment: '  imported from disk ' }))
        .then([{ ...created, data: { ...created.data, comment: 'imported from disk' } }]);
      given(scriptDecider).when(create({ comment: '   ' })).then([created]);
    });

    it('trims the title but keeps the content byte for byte', () => {
      const content = '\n  -- indented\n  print(1)\n\n';
      given(scriptDecider)
        .when(create({ title: '  Hello  ', content }))
        .then([{ ...created, data: { ...created.data, content } }]);
    });

    it.each(['', '   ', '\n\t'])('rejects a blank title (%j)', (title) => {
      given(scriptDecider).when(create({ title })).thenThrows(ValidationError, TITLE_REQUIRED);
    });

    it.each(['', '   ', '\n\t'])('rejects blank content (%j)', (content) => {
      given(scriptDecider).when(create({ content })).thenThrows(ValidationError, CONTENT_REQUIRED);
    });

    it('uses the spec messages, answered as 400', () => {
      expect(TITLE_REQUIRED).toBe('Please enter a title for your script');
      expect(CONTENT_REQUIRED).toBe('Script content cannot be empty');
      const error = (() => {
        try {
          scriptDecider.decide(create({ title: ' ' }), scriptDecider.initialState());
        } catch (e) {
          return e;
        }
      })();
      expect(error).toMatchObject({ status: 400, message: TITLE_REQUIRED });
    });

    it('refuses to create over an existing or deleted script', () => {
      given(scriptDecider, [created]).when(create()).thenThrows(ValidationError, 'Script already exists');
      given(scriptDecider, [created, deleted]).when(create()).thenThrows(ValidationError, 'Script already exists');
    });
  });

  describe('SaveScript', () => {
    it('appends version 2 with the full content and title', () => {
      given(scriptDecider, [created]).when(save({ content: V2 })).then([saved(2, V2)]);
    });

    it('appends version N+1 after N versions, whatever mix of saves and restores made them', () => {
      const restored: ScriptEvent = {
        type: 'ScriptRestored',
        data: { scriptId, restoredFrom: 1, title: 'Hello', content: V1, version: 4, comment: 'Restored from version 1' },
      };
      given(scriptDecider, [created, saved(2, V2), saved(3, V3), restored])
        .when(save({ content: V2 }))
        .then([saved(5, V2)]);
    });

    it('carries the full current content when only the title changes, and the title when only the content changes', () => {
      given(scriptDecider, [created, saved(2, V2)])
        .when(save({ title: ' Renamed ', currentContent: V2 }))
        .then([saved(3, V2, 'Renamed')]);
      given(scriptDecider, [created, saved(2, V2, 'Renamed')])
        .when(save({ content: V3 }))
        .then([saved(3, V3, 'Renamed')]);
    });

    it('creates a new version even when nothing changed', () => {
      given(scriptDecider, [created]).when(save({ currentContent: V1 })).then([saved(2, V1)]);
    });

    it('refuses a title-only save whose current content was read stale or not at all (409), rather than record old content', () => {
      given(scriptDecider, [created, saved(2, V2)]).when(save({ title: 'Renamed', currentContent: V1 })).thenThrows(ConflictError, STALE_CONTENT);
      given(scriptDecider, [created, saved(2, V2)]).when(save({ title: 'Renamed' })).thenThrows(ConflictError, STALE_CONTENT);
    });

    it('a save with content needs no current content', () => {
      given(scriptDecider, [created, saved(2, V2)]).when(save({ content: V3, currentContent: 'ignored' })).then([saved(3, V3)]);
    });

    describe('with the version the edit started from (baseVersion)', () => {
      const saveOn = (baseVersion: number, data: { title?: string; content?: string; currentContent?: string } = { content: V3 }): ScriptCommand => ({
        type: 'SaveScript',
        data: { scriptId, userId: owner, baseVersion, ...data },
        metadata: meta,
      });

      it('saves when the base is the current version', () => {
        given(scriptDecider, [created, saved(2, V2)]).when(saveOn(2)).then([saved(3, V3)]);
      });

      it('refuses a save based on an older version (409) and names the current version, so nothing is overwritten silently', () => {
        const when = given(scriptDecider, [created, saved(2, V2)]).when(saveOn(1));
        when.thenThrows(SaveConflictError, SAVE_CONFLICT);
        when.thenThrows(ConflictError);
        let refusal: unknown;
        try {
          scriptDecider.decide(saveOn(1), given(scriptDecider, [created, saved(2, V2)]).state());
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toMatchObject({ status: 409, currentVersion: 2, details: { currentVersion: 2 } });
      });

      it('refuses a base that never existed (a version from the future) the same way', () => {
        given(scriptDecider, [created]).when(saveOn(2)).thenThrows(SaveConflictError, SAVE_CONFLICT);
      });

      it('checks title-only saves too, before their content check', () => {
        given(scriptDecider, [created, saved(2, V2)]).when(saveOn(1, { title: 'Renamed', currentContent: V2 })).thenThrows(SaveConflictError, SAVE_CONFLICT);
        given(scriptDecider, [created, saved(2, V2)]).when(saveOn(2, { title: 'Renamed', currentContent: V2 })).then([saved(3, V2, 'Renamed')]);
      });

      it('a deleted or foreign script is still not found, whatever the base', () => {
        given(scriptDecider, [created, deleted]).when(saveOn(1)).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
        given(scriptDecider, [created]).when({ ...saveOn(2), data: { ...saveOn(2).data, userId: stranger } } as ScriptCommand).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
      });
    });

    it('without a comment, states the date and time of metadata.at', () => {
      given(scriptDecider, [created]).when(save({ content: V2 })).then([saved(2, V2, 'Hello', AUTO_COMMENT)]);
      given(scriptDecider, [created])
        .when(save({ content: V2 }, { actorId: owner, at: '2024-12-31T23:59:00.000Z' }))
        .then([saved(2, V2, 'Hello', 'Updated on December 31, 2024 at 11:59 PM UTC')]);
    });

    it('a blank comment also gets the automatic one; a given comment is kept, trimmed', () => {
      given(scriptDecider, [created]).when(save({ content: V2, comment: '  ' })).then([saved(2, V2)]);
      given(scriptDecider, [created])
        .when(save({ content: V2, comment: ' fix greeting ' }))
        .then([saved(2, V2, 'Hello', 'fix greeting')]);
    });

    it('never reads the clock: the automatic comment comes from metadata.at only', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2031-08-09T03:04:05.000Z'));
      const [event] = given(scriptDecider, [created]).when(save({ content: V2 })).events();
      expect(event?.data).toMatchObject({ comment: AUTO_COMMENT });
    });

    it.each(['', '  '])('rejects a blank title (%j)', (title) => {
      given(scriptDecider, [created]).when(save({ title, content: V2 })).thenThrows(ValidationError, TITLE_REQUIRED);
    });

    it.each(['', ' \n '])('rejects blank content (%j)', (content) => {
      given(scriptDecider, [created]).when(save({ content })).thenThrows(ValidationError, CONTENT_REQUIRED);
    });

    it('the state keeps the current version number and the hash of its content, no contents', () => {
      const state = given(scriptDecider, [created, saved(2, V2), saved(3, V3, 'Renamed')]).state();
      expect(state).toEqual({
        status: 'active',
        ownerId: owner,
        title: 'Renamed',
        folderId: null,
        shareId: null,
        shareFullHistory: false,
        version: 3,
        contentHash: contentHash(V3),
      });
    });

    it('the state stays the same size however many versions and however much content the script has', () => {
      const big = 'x'.repeat(64 * 1024);
      const history: ScriptEvent[] = [created];
      for (let version = 2; version <= 1000; version++) history.push(saved(version, `${big}${version}`));
      const state = given(scriptDecider, history).state();
      expect(state).toMatchObject({ version: 1000, contentHash: contentHash(`${big}1000`) });
      expect(JSON.stringify(state).length).toBeLessThan(JSON.stringify(given(scriptDecider, [created]).state()).length + 10);
      given(scriptDecider, history).when(save({ content: V2 })).then([saved(1001, V2)]);
    });
  });

  describe('RestoreVersion', () => {
    const history = [created, saved(2, V2), saved(3, V3, 'Renamed')];

    it('appends a new version with the old content, the current title and a "Restored from" comment', () => {
      given(scriptDecider, history)
        .when(restore(1))
        .then([
          {
            type: 'ScriptRestored',
            data: { scriptId, restoredFrom: 1, title: 'Renamed', content: V1, version: 4, comment: 'Restored from version 1' },
          },
        ]);
    });

    it('never removes newer versions: the restored one is appended as the new current version', () => {
      const [restored] = given(scriptDecider, history).when(restore(2)).events();
      const state = given(scriptDecider, [...history, restored!]).state();
      expect(state).toMatchObject({ status: 'active', title: 'Renamed', version: 4, contentHash: contentHash(V2) });
    });

    it('can restore a version that was itself a restore, and the current version too', () => {
      const restoredFrom1: ScriptEvent = {
        type: 'ScriptRestored',
        data: { scriptId, restoredFrom: 1, title: 'Renamed', content: V1, version: 4, comment: 'Restored from version 1' },
      };
      given(scriptDecider, [...history, restoredFrom1])
        .when(restore(4, V1))
        .then([
          {
            type: 'ScriptRestored',
            data: { scriptId, restoredFrom: 4, title: 'Renamed', content: V1, version: 5, comment: 'Restored from version 4' },
          },
        ]);
    });

    it.each([0, 4, 99, -1, 1.5])('answers NotFound for a version that does not exist (%s), whatever content it is given', (version) => {
      given(scriptDecider, history).when(restore(version, V1)).thenThrows(NotFoundError, VERSION_NOT_FOUND);
    });

    it('answers NotFound when the caller found no content for an existing version', () => {
      given(scriptDecider, history).when(restore(2, null)).thenThrows(NotFoundError, VERSION_NOT_FOUND);
    });

    it("checks ownership before the version: a stranger's restore answers 'Script not found'", () => {
      given(scriptDecider, history).when(restore(99, null, stranger)).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
    });
  });

  describe('MoveScript', () => {
    it('moves into a folder, recording where it came from', () => {
      given(scriptDecider, [created])
        .when(move('f-1'))
        .then([{ type: 'ScriptMoved', data: { scriptId, fromFolderId: null, folderId: 'f-1' } }]);
    });

    it('moves back to the root', () => {
      given(scriptDecider, [created, { type: 'ScriptMoved', data: { scriptId, fromFolderId: null, folderId: 'f-1' } }])
        .when(move(null))
        .then([{ type: 'ScriptMoved', data: { scriptId, fromFolderId: 'f-1', folderId: null } }]);
    });

    it('records nothing when moved to the folder it is already in', () => {
      given(scriptDecider, [created]).when(move(null)).thenNothingHappens();
      given(scriptDecider, [created, { type: 'ScriptMoved', data: { scriptId, fromFolderId: null, folderId: 'f-1' } }])
        .when(move('f-1'))
        .thenNothingHappens();
    });
  });

  describe('sharing', () => {
    it('shares with the proposed id', () => {
      given(scriptDecider, [created]).when(share('sh-1')).then([shared('sh-1')]);
    });

    it('is idempotent: an already shared script records nothing and keeps its id', () => {
      given(scriptDecider, [created, shared('sh-1')]).when(share('sh-2')).thenNothingHappens();
      expect(given(scriptDecider, [created, shared('sh-1')]).state()).toMatchObject({ shareId: 'sh-1' });
    });

    it('revokes the current link', () => {
      given(scriptDecider, [created, shared('sh-1')]).when(revoke()).then([revoked('sh-1')]);
    });

    it('revoking an unshared script records nothing', () => {
      given(scriptDecider, [created]).when(revoke()).thenNothingHappens();
      given(scriptDecider, [created, shared('sh-1'), revoked('sh-1')]).when(revoke()).thenNothingHappens();
    });

    it('revoke then share again gives the newly proposed id', () => {
      given(scriptDecider, [created, shared('sh-1'), revoked('sh-1')]).when(share('sh-2')).then([shared('sh-2')]);
    });
    it('records the version current at sharing, so the link serves that version and later ones only', () => {
      given(scriptDecider, [created, saved(2, V2), saved(3, V3)]).when(share('sh-1')).then([shared('sh-1', 3)]);
    });
    it('shares the full history only when asked', () => {
      given(scriptDecider, [created, saved(2, V2)]).when(share('sh-1', owner, true)).then([shared('sh-1', 2, true)]);
      given(scriptDecider, [created, saved(2, V2)]).when(share('sh-1', owner, false)).then([shared('sh-1', 2, false)]);
    });
    it('changes the history option of a live link without a new link; the same choice or none records nothing', () => {
      given(scriptDecider, [created, shared('sh-1')]).when(share('sh-2', owner, true)).then([historyChanged('sh-1', true)]);
      given(scriptDecider, [created, shared('sh-1', 1, true)]).when(share('sh-2', owner, false)).then([historyChanged('sh-1', false)]);
      given(scriptDecider, [created, shared('sh-1', 1, true)]).when(share('sh-2', owner, true)).thenNothingHappens();
      given(scriptDecider, [created, shared('sh-1', 1, true)]).when(share('sh-2')).thenNothingHappens();
      expect(given(scriptDecider, [created, shared('sh-1'), historyChanged('sh-1', true)]).state()).toMatchObject({ shareId: 'sh-1', shareFullHistory: true });
    });
    it('a new link after a revoke starts from versions since sharing again', () => {
      given(scriptDecider, [created, shared('sh-1', 1, true), revoked('sh-1'), saved(2, V2)]).when(share('sh-2')).then([shared('sh-2', 2)]);
    });
    it('reads an old ScriptShared without the new fields as versions since sharing', () => {
      const old: ScriptEvent = { type: 'ScriptShared', data: { scriptId, shareId: 'sh-1' } };
      expect(given(scriptDecider, [created, old]).state()).toMatchObject({ shareId: 'sh-1', shareFullHistory: false });
    });
  });

  describe('TrashScript (deleting moves to the trash)', () => {
    it('records the move to the trash; the state is trashed, its versions kept', () => {
      given(scriptDecider, [created]).when(remove()).then([trashed()]);
      expect(given(scriptDecider, [created, saved(2, V2), trashed()]).state()).toMatchObject({ status: 'trashed', version: 2 });
    });

    it('revokes a live link by its own event first, so a restore never brings the link back', () => {
      given(scriptDecider, [created, shared('sh-1')]).when(remove()).then([revoked('sh-1'), trashed()]);
      expect(given(scriptDecider, [created, shared('sh-1'), revoked('sh-1'), trashed(), untrashed]).state()).toMatchObject({
        status: 'active',
        shareId: null,
      });
    });

    it('names the folder it was trashed with', () => {
      given(scriptDecider, [created]).when(remove(owner, 'f-1')).then([trashed('f-1')]);
    });

    it.each(commandsOnExisting(owner))('a trashed script rejects %s with "Script not found"', (_name, command) => {
      given(scriptDecider, [created, shared('sh-1'), revoked('sh-1'), trashed()]).when(command).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
    });
  });

  describe('RestoreScriptFromTrash', () => {
    it('brings a trashed script back active, with its version count', () => {
      given(scriptDecider, [created, saved(2, V2), trashed()]).when(untrash()).then([untrashed]);
      expect(given(scriptDecider, [created, saved(2, V2), trashed(), untrashed]).state()).toMatchObject({ status: 'active', version: 2 });
      given(scriptDecider, [created, saved(2, V2), trashed(), untrashed]).when(save({ content: V3 })).then([saved(3, V3)]);
    });

    it('refuses a script that is not in the trash, purged, or someone else\'s', () => {
      given(scriptDecider, [created]).when(untrash()).thenThrows(NotFoundError, NOT_IN_TRASH);
      given(scriptDecider, [created, trashed(), purged()]).when(untrash()).thenThrows(NotFoundError, NOT_IN_TRASH);
      given(scriptDecider, [created, trashed()]).when(untrash(stranger)).thenThrows(NotFoundError, NOT_IN_TRASH);
      given(scriptDecider).when(untrash()).thenThrows(NotFoundError, NOT_IN_TRASH);
    });
  });

  describe('PurgeScript', () => {
    it.each<PurgeReason>(['emptied', 'expired'])('purges a trashed script (%s); it is gone for good', (reason) => {
      given(scriptDecider, [created, trashed()]).when(purge(reason)).then([purged(reason)]);
      expect(given(scriptDecider, [created, trashed(), purged(reason)]).state()).toMatchObject({ status: 'deleted' });
    });

    it.each<PurgeReason>(['emptied', 'expired'])('refuses to purge a live script for %s: it must be in the trash', (reason) => {
      given(scriptDecider, [created]).when(purge(reason)).thenThrows(NotFoundError, NOT_IN_TRASH);
    });

    it.each<PurgeReason>(['account-deleted', 'discarded'])('purges a live script directly for %s', (reason) => {
      given(scriptDecider, [created]).when(purge(reason)).then([purged(reason)]);
    });

    it('refuses another user\'s script and an already purged one', () => {
      given(scriptDecider, [created, trashed()]).when(purge('emptied', stranger)).thenThrows(NotFoundError, NOT_IN_TRASH);
      given(scriptDecider, [created, trashed(), purged()]).when(purge()).thenThrows(NotFoundError, NOT_IN_TRASH);
    });

    it.each(commandsOnExisting(owner))('a purged script rejects %s with "Script not found"', (_name, command) => {
      given(scriptDecider, [created, trashed(), purged()]).when(command).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
    });
  });

  describe('ScriptDeleted from before the trash', () => {
    it('reads as purged: not in the trash, nothing restorable', () => {
      expect(given(scriptDecider, [created, shared('sh-1'), saved(2, V2), deleted]).state()).toMatchObject({
        status: 'deleted',
        shareId: null,
        version: 2,
      });
      given(scriptDecider, [created, deleted]).when(untrash()).thenThrows(NotFoundError, NOT_IN_TRASH);
    });

    it.each(commandsOnExisting(owner))('a deleted script rejects %s with "Script not found"', (_name, command) => {
      given(scriptDecider, [created, shared('sh-1'), deleted]).when(command).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
    });
  });

  describe('ownership', () => {
    it.each(commandsOnExisting(stranger))("another user's script answers %s with 404 'Script not found'", (_name, command) => {
      given(scriptDecider, [created, shared('sh-1')]).when(command).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
    });

    it.each(commandsOnExisting(owner))('a script that does not exist answers %s exactly the same way', (_name, command) => {
      given(scriptDecider).when(command).thenThrows(NotFoundError, SCRIPT_NOT_FOUND);
    });
  });

  describe('evolve', () => {
    it('builds the current state from the log', () => {
      const state = given(scriptDecider, [
        created,
        saved(2, V2, 'Renamed'),
        { type: 'ScriptMoved', data: { scriptId, fromFolderId: null, folderId: 'f-9' } },
        shared('sh-1'),
      ]).state();
      expect(state).toEqual({
        status: 'active',
        ownerId: owner,
        title: 'Renamed',
        folderId: 'f-9',
        shareId: 'sh-1',
        shareFullHistory: false,
        version: 2,
        contentHash: contentHash(V2),
      });
    });

    it('starts absent, and events for a script never created leave it absent', () => {
      expect(given(scriptDecider).state()).toEqual({ status: 'absent' });
      expect(given(scriptDecider, [saved(2, V2), shared('sh-1'), deleted]).state()).toEqual({ status: 'absent' });
    });
  });
});
