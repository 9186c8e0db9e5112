import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../shared/decider';
import { NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { FolderCommand, UpdateFolder } from './commands';
import { FOLDER_NAME_REQUIRED, FOLDER_NOT_FOUND, FOLDER_NOT_IN_TRASH, folderDecider } from './decider';
import type { PurgeReason } from '../script/events';
import type { FolderCreated, FolderEvent } from './events';

const folderId = 'f-1';
const owner = 'u-owner';
const stranger = 'u-stranger';
const meta: CommandMetadata = { actorId: owner, at: '2025-03-05T14:07:09.000Z' };

const created: FolderCreated = {
  type: 'FolderCreated',
  data: { folderId, ownerId: owner, name: 'Tools', parentId: null, isPublic: false },
};
const deleted: FolderEvent = { type: 'FolderDeleted', data: { folderId } };
const shared = (shareId: string): FolderEvent => ({ type: 'FolderShared', data: { folderId, shareId } });
const revoked = (shareId: string): FolderEvent => ({ type: 'FolderShareRevoked', data: { folderId, shareId } });
const moved = (fromParentId: string | null, parentId: string | null): FolderEvent => ({
  type: 'FolderMoved',
  data: { folderId, fromParentId, parentId },
});

const create = (data: Partial<Extract<FolderCommand, { type: 'CreateFolder' }>['data']> = {}): FolderCommand => ({
  type: 'CreateFolder',
  data: { folderId, userId: owner, name: 'Tools', parentId: null, isPublic: false, ...data },
  metadata: meta,
});
const update = (data: Omit<Partial<UpdateFolder['data']>, 'folderId'>): FolderCommand => ({
  type: 'UpdateFolder',
  data: { folderId, userId: owner, ...data },
  metadata: meta,
});
const share = (shareId: string, userId = owner): FolderCommand => ({ type: 'ShareFolder', data: { folderId, userId, shareId }, metadata: meta });
const revoke = (userId = owner): FolderCommand => ({ type: 'RevokeFolderShare', data: { folderId, userId }, metadata: meta });
const remove = (userId = owner): FolderCommand => ({ type: 'TrashFolder', data: { folderId, userId }, metadata: meta });
const untrash = (userId = owner): FolderCommand => ({ type: 'RestoreFolderFromTrash', data: { folderId, userId }, metadata: meta });
const purge = (reason: PurgeReason = 'emptied', userId = owner): FolderCommand => ({ type: 'PurgeFolder', data: { folderId, userId, reason }, metadata: meta });
const trashed = (withFolderId: string | null = null): FolderEvent => ({ type: 'FolderTrashed', data: { folderId, withFolderId } });
const untrashed: FolderEvent = { type: 'FolderRestoredFromTrash', data: { folderId } };
const purged = (reason: PurgeReason = 'emptied'): FolderEvent => ({ type: 'FolderPurged', data: { folderId, reason } });

const commandsOnExisting = (userId: string): [string, FolderCommand][] => [
  ['UpdateFolder (rename)', update({ userId, name: 'Other' })],
  ['UpdateFolder (no change)', update({ userId })],
  ['ShareFolder', share('sh-1', userId)],
  ['RevokeFolderShare', revoke(userId)],
  ['TrashFolder', remove(userId)],
];

describe('folder decider', () => {
  describe('CreateFolder', () => {
    it('records the folder with its owner, parent and visibility', () => {
      given(folderDecider).when(create()).then([created]);
      given(folderDecider)
        .when(create({ parentId: 'f-0', isPublic: true }))
        .then([{ ...created, data: { ...created.data, parentId: 'f-0', isPublic: true } }]);
    });

    it('trims the name', () => {
      given(folderDecider).when(create({ name: '  Tools \n' })).then([created]);
    });

    it.each(['', '   ', '\t\n'])("rejects a blank name (%j) with 'Folder name cannot be empty'", (name) => {
      expect(FOLDER_NAME_REQUIRED).toBe('Folder name cannot be empty');
      given(folderDecider).when(create({ name })).thenThrows(ValidationError, FOLDER_NAME_REQUIRED);
    });

    it('refuses to create over an existing or deleted folder', () => {
      given(folderDecider, [created]).when(create()).thenThrows(ValidationError, 'Folder already exists');
      given(folderDecider, [created, deleted]).when(create()).thenThrows(ValidationError, 'Folder already exists');
    });
  });

  describe('UpdateFolder: only what changed becomes an event', () => {
    it('refuses invisible, direction or control characters in a new name, and keeps a name that predates the rule', () => {
      given(folderDecider).when(create({ name: 'To\u2066ols' })).thenThrows(ValidationError, 'Folder name must not contain invisible or text-direction characters');
      given(folderDecider, [created]).when(update({ name: 'To\u009bols' })).thenThrows(ValidationError, 'Folder name must not contain control characters');
      const older: FolderCreated = { ...created, data: { ...created.data, name: 'To\u3164ols' } };
      given(folderDecider, [older]).when(update({ name: 'To\u3164ols' })).thenNothingHappens();
    });

    it('a new name records a rename only', () => {
      given(folderDecider, [created])
        .when(update({ name: ' Scripts ', parentId: null, isPublic: false }))
        .then([{ type: 'FolderRenamed', data: { folderId, name: 'Scripts' } }]);
    });

    it('the same name (after trimming) records nothing', () => {
      given(folderDecider, [created]).when(update({ name: '  Tools  ' })).thenNothingHappens();
    });

    it.each(['', '  '])('a blank name (%j) is rejected, and nothing else is recorded', (name) => {
      given(folderDecider, [created])
        .when(update({ name, isPublic: true, parentId: 'f-0' }))
        .thenThrows(ValidationError, FOLDER_NAME_REQUIRED);
    });

    it('a new parent records a move with where it came from', () => {
      given(folderDecider, [created]).when(update({ parentId: 'f-0' })).then([moved(null, 'f-0')]);
      given(folderDecider, [created, moved(null, 'f-0')]).when(update({ parentId: null })).then([moved('f-0', null)]);
    });

    it('the same parent records nothing', () => {
      given(folderDecider, [created]).when(update({ parentId: null })).thenNothingHappens();
      given(folderDecider, [created, moved(null, 'f-0')]).when(update({ parentId: 'f-0' })).thenNothingHappens();
    });

    it('a folder cannot be its own parent', () => {
      given(folderDecider, [created])
        .when(update({ parentId: folderId }))
        .thenThrows(ValidationError, 'A folder cannot be inside itself');
      given(folderDecider, [created])
        .when(update({ name: 'Renamed', parentId: folderId }))
        .thenThrows(ValidationError, 'A folder cannot be inside itself');
    });

    it('a visibility change records only that', () => {
      given(folderDecider, [created])
        .when(update({ isPublic: true, name: 'Tools' }))
        .then([{ type: 'FolderVisibilityChanged', data: { folderId, isPublic: true } }]);
      given(folderDecider, [created]).when(update({ isPublic: false })).thenNothingHappens();
    });

    it('changing everything at once records rename, move and visibility, in that order', () => {
      given(folderDecider, [created])
        .when(update({ name: 'Lib', parentId: 'f-0', isPublic: true }))
        .then([
          { type: 'FolderRenamed', data: { folderId, name: 'Lib' } },
          moved(null, 'f-0'),
          { type: 'FolderVisibilityChanged', data: { folderId, isPublic: true } },
        ]);
    });

    it('an empty update records nothing', () => {
      given(folderDecider, [created]).when(update({})).thenNothingHappens();
    });
  });

  describe('sharing', () => {
    it('shares with the proposed id', () => {
      given(folderDecider, [created]).when(share('sh-1')).then([shared('sh-1')]);
    });

    it('is idempotent: an already shared folder records nothing', () => {
      given(folderDecider, [created, shared('sh-1')]).when(share('sh-2')).thenNothingHappens();
    });

    it('revokes the current link; revoking an unshared folder records nothing', () => {
      given(folderDecider, [created, shared('sh-1')]).when(revoke()).then([revoked('sh-1')]);
      given(folderDecider, [created]).when(revoke()).thenNothingHappens();
    });

    it('revoke then share again gives the newly proposed id', () => {
      given(folderDecider, [created, shared('sh-1'), revoked('sh-1')]).when(share('sh-2')).then([shared('sh-2')]);
    });
  });

  describe('TrashFolder (deleting moves to the trash)', () => {
    it('revokes a live link by its own event, then records the move to the trash', () => {
      given(folderDecider, [created, shared('sh-1')]).when(remove()).then([revoked('sh-1'), trashed()]);
      given(folderDecider, [created]).when(remove()).then([trashed()]);
      expect(given(folderDecider, [created, shared('sh-1'), revoked('sh-1'), trashed()]).state()).toMatchObject({ status: 'trashed', shareId: null });
    });

    it('names the ancestor a subfolder was trashed with', () => {
      given(folderDecider, [created])
        .when({ type: 'TrashFolder', data: { folderId, userId: owner, withFolderId: 'f-0' }, metadata: meta })
        .then([trashed('f-0')]);
    });

    it.each(commandsOnExisting(owner))("a trashed folder rejects %s with 'Folder not found'", (_name, command) => {
      given(folderDecider, [created, trashed()]).when(command).thenThrows(NotFoundError, FOLDER_NOT_FOUND);
    });
  });

  describe('restore and purge', () => {
    it('restores a trashed folder, unshared', () => {
      given(folderDecider, [created, trashed()]).when(untrash()).then([untrashed]);
      expect(given(folderDecider, [created, shared('sh-1'), revoked('sh-1'), trashed(), untrashed]).state()).toMatchObject({ status: 'active', shareId: null });
    });

    it('refuses to restore what is not in the trash, or someone else\'s', () => {
      given(folderDecider, [created]).when(untrash()).thenThrows(NotFoundError, FOLDER_NOT_IN_TRASH);
      given(folderDecider, [created, trashed()]).when(untrash(stranger)).thenThrows(NotFoundError, FOLDER_NOT_IN_TRASH);
      given(folderDecider, [created, trashed(), purged()]).when(untrash()).thenThrows(NotFoundError, FOLDER_NOT_IN_TRASH);
    });

    it('purges from the trash only, except for account deletion and discarded uploads', () => {
      given(folderDecider, [created, trashed()]).when(purge('expired')).then([purged('expired')]);
      given(folderDecider, [created]).when(purge('emptied')).thenThrows(NotFoundError, FOLDER_NOT_IN_TRASH);
      given(folderDecider, [created]).when(purge('account-deleted')).then([purged('account-deleted')]);
      given(folderDecider, [created]).when(purge('discarded')).then([purged('discarded')]);
      given(folderDecider, [created, trashed(), purged()]).when(purge()).thenThrows(NotFoundError, FOLDER_NOT_IN_TRASH);
    });

    it.each(commandsOnExisting(owner))("a purged folder, or one deleted before the trash existed, rejects %s with 'Folder not found'", (_name, command) => {
      given(folderDecider, [created, trashed(), purged()]).when(command).thenThrows(NotFoundError, FOLDER_NOT_FOUND);
      given(folderDecider, [created, shared('sh-1'), deleted]).when(command).thenThrows(NotFoundError, FOLDER_NOT_FOUND);
      expect(given(folderDecider, [created, shared('sh-1'), deleted]).state()).toMatchObject({ status: 'deleted', shareId: null });
    });
  });

  describe('ownership', () => {
    it.each(commandsOnExisting(stranger))("another user's folder answers %s with 404 'Folder not found'", (_name, command) => {
      given(folderDecider, [created, shared('sh-1')]).when(command).thenThrows(NotFoundError, FOLDER_NOT_FOUND);
    });

    it("another user's folder is not even validated: a blank rename still answers not found", () => {
      given(folderDecider, [created]).when(update({ userId: stranger, name: ' ' })).thenThrows(NotFoundError, FOLDER_NOT_FOUND);
    });

    it.each(commandsOnExisting(owner))('a folder that does not exist answers %s the same way', (_name, command) => {
      given(folderDecider).when(command).thenThrows(NotFoundError, FOLDER_NOT_FOUND);
    });
  });

  describe('evolve', () => {
    it('builds the current state from the log', () => {
      const state = given(folderDecider, [
        created,
        { type: 'FolderRenamed', data: { folderId, name: 'Lib' } },
        moved(null, 'f-0'),
        { type: 'FolderVisibilityChanged', data: { folderId, isPublic: true } },
        shared('sh-1'),
      ]).state();
      expect(state).toEqual({ status: 'active', ownerId: owner, name: 'Lib', parentId: 'f-0', isPublic: true, shareId: 'sh-1' });
    });

    it('starts absent, and events for a folder never created leave it absent', () => {
      expect(given(folderDecider).state()).toEqual({ status: 'absent' });
      expect(given(folderDecider, [moved(null, 'f-0'), shared('sh-1'), deleted]).state()).toEqual({ status: 'absent' });
    });
  });
});
