import { describe, expect, it } from 'vitest';
import { fileNameOfScript, SCRIPT_FILE, skippedScript } from './mapping.mjs';

describe('the file a remote script is pulled to', () => {
  it('is the server\'s fileName (title + kept extension); without one, the title as before', () => {
    expect(fileNameOfScript({ title: 'init.server', fileName: 'init.server.luau' })).toBe('init.server.luau');
    expect(fileNameOfScript({ title: 'default.project', fileName: 'default.project.json' })).toBe('default.project.json');
    expect(fileNameOfScript({ title: 'Util' })).toBe('Util.lua');
    expect(fileNameOfScript({ title: 'Util.luau' })).toBe('Util.luau');
  });

  it('never writes a name a server could use to leave the directory, nor one a push would not read back', () => {
    for (const fileName of ['../escape.lua', 'a/b.lua', 'a\\b.lua', '.hidden.lua', 'CON.lua', 'x:y.lua', 'line\nbreak.lua', 'settings.json', 'run.exe']) {
      expect(fileNameOfScript({ title: 'x', fileName }), fileName).toBeNull();
    }
    expect(skippedScript({ title: 'settings', fileName: 'settings.json' })).toEqual({ name: 'settings.json', reason: expect.stringContaining('not a file the CLI syncs') });
    expect(skippedScript({ title: 'CON', fileName: 'CON.lua' })).toEqual({ name: 'CON', reason: 'title cannot be a file name (a device name Windows reserves)' });
  });

  it('syncs Lua, Luau and Rojo\'s own JSON files, in any case', () => {
    for (const name of ['a.lua', 'B.LUAU', 'default.project.json', 'init.meta.json', 'Door.MODEL.JSON']) expect(SCRIPT_FILE.test(name), name).toBe(true);
    for (const name of ['package.json', 'project.json', 'wally.toml', 'a.luaux']) expect(SCRIPT_FILE.test(name), name).toBe(false);
  });
});
