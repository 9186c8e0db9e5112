import { describe, expect, it } from 'vitest';
import { checkLuaSyntax, maskLuauCompoundAssignments } from './lua-diagnostics';

describe('Lua syntax check', () => {
  it('accepts valid Lua and reports errors with 1-based positions', () => {
    expect(checkLuaSyntax('local x = 1\nprint(x)')).toBeNull();
    const err = checkLuaSyntax('local x = 1\nlocal = 2');
    expect(err?.line).toBe(2);
    expect(err?.column).toBeGreaterThan(0);
    expect(err?.message).not.toMatch(/^\[/);
  });
  it('accepts Luau compound assignments but leaves strings and comments alone', () => {
    expect(checkLuaSyntax('local n = 1\nn += 2\nn ..= "x"\nn //= 2')).toBeNull();
    const src = '-- a -= b\nlocal s = "x += 1"\n--[[ y *= 2 ]]\nz ^= 2';
    const masked = maskLuauCompoundAssignments(src);
    expect(masked.length).toBe(src.length);
    expect(masked).toContain('-- a -= b');
    expect(masked).toContain('"x += 1"');
    expect(masked).toContain('z  = 2');
    expect(checkLuaSyntax('if a == b then end')).toBeNull();
  });
});
