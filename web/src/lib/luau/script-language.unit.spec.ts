import { describe, expect, it } from 'vitest';
import { scriptLanguage } from './script-language';

describe('scriptLanguage', () => {
  it('is Lua 5.1 for a .lua file and Luau otherwise', () => {
    expect(scriptLanguage({ title: 'init.server.lua' })).toBe('lua');
    expect(scriptLanguage({ title: 'Module.LUA' })).toBe('lua');
    expect(scriptLanguage({ title: 'Inventory.luau' })).toBe('luau');
    expect(scriptLanguage({ title: 'Door opener' })).toBe('luau');
    expect(scriptLanguage({ title: 'lua' })).toBe('luau');
  });

  it('takes a stored file name over the title', () => {
    expect(scriptLanguage({ title: 'Door', fileName: 'Door.lua' })).toBe('lua');
    expect(scriptLanguage({ title: 'Door.lua', fileName: 'Door.luau' })).toBe('luau');
    expect(scriptLanguage({ title: 'Door.lua', fileName: null })).toBe('lua');
  });
});
