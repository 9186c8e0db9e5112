import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { scriptDecider } from './decider';
import type { ScriptCreated } from './events';
import { extensionOfUpload, fileFields, INVALID_EXTENSION, scriptFileName } from './file-name';

const meta = { actorId: 'u-1', at: '2026-01-01T00:00:00.000Z' };
const create = (extension?: string | null) => ({
  type: 'CreateScript' as const,
  data: { scriptId: 's-1', userId: 'u-1', title: 'init.server', content: 'print(1)', folderId: null, extension },
  metadata: meta,
});
const created = (extra: Partial<ScriptCreated['data']> = {}): ScriptCreated => ({
  type: 'ScriptCreated',
  data: { scriptId: 's-1', ownerId: 'u-1', title: 'init.server', content: 'print(1)', folderId: null, version: 1, comment: 'Initial version', ...extra },
});

describe('a script\'s file name', () => {
  it('is the title plus the stored extension, kept as written', () => {
    expect(scriptFileName('init.server', '.luau')).toBe('init.server.luau');
    expect(scriptFileName('Util', '.LUA')).toBe('Util.LUA');
    expect(scriptFileName('default.project', '.json')).toBe('default.project.json');
    // the stored extension is added even when the title looks like a file name: renames stay predictable
    expect(scriptFileName('Util.lua', '.lua')).toBe('Util.lua.lua');
  });

  it('without a stored extension (scripts from before): the title when it ends in one, else <title>.lua', () => {
    expect(scriptFileName('Util', null)).toBe('Util.lua');
    expect(scriptFileName('init.client.luau', undefined)).toBe('init.client.luau');
    expect(scriptFileName('default.project.json', null)).toBe('default.project.json');
    expect(scriptFileName('config.json', null)).toBe('config.json.lua');
  });

  it('uploads keep .lua, .luau and Rojo\'s JSON extensions, not .txt', () => {
    expect(extensionOfUpload('init.server.luau')).toBe('.luau');
    expect(extensionOfUpload('A.LUAU')).toBe('.LUAU');
    expect(extensionOfUpload('init.meta.json')).toBe('.json');
    expect(extensionOfUpload('Part.model.json')).toBe('.json');
    expect(extensionOfUpload('notes.txt')).toBeNull();
    expect(extensionOfUpload('package.json')).toBeNull();
  });

  it('language follows the file name: JSON is plain text', () => {
    expect(fileFields('Util', '.luau')).toEqual({ extension: '.luau', fileName: 'Util.luau', language: 'luau' });
    expect(fileFields('default.project', '.json').language).toBe('json');
    expect(fileFields('Legacy', undefined)).toEqual({ extension: null, fileName: 'Legacy.lua', language: 'lua' });
  });
});

describe('CreateScript with an extension', () => {
  it('records it on ScriptCreated; without one the event has no such field, as before', () => {
    given(scriptDecider).when(create('.luau')).then([created({ extension: '.luau' })]);
    given(scriptDecider).when(create()).then([created()]);
    given(scriptDecider).when(create(null)).then([created()]);
  });

  it('refuses one a script cannot carry', () => {
    for (const bad of ['.exe', 'lua', '.lua.exe', '.txt']) given(scriptDecider).when(create(bad)).thenThrows(ValidationError, INVALID_EXTENSION);
  });

  it('an event from before the field existed folds as before', () => {
    const state = scriptDecider.evolve(scriptDecider.initialState(), created());
    expect(state).toMatchObject({ status: 'active', title: 'init.server', version: 1 });
  });
});
