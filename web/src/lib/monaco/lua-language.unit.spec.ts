import { describe, expect, it } from 'vitest';
import { LUA_DECREASE_INDENT, LUA_INCREASE_INDENT } from './lua-language';

describe('Lua indentation rules', () => {
  it.each([
    'function f()',
    'local function f(a, b)',
    'button.Activated:Connect(function()',
    'if x then',
    'elseif y then',
    'else',
    'for i = 1, 3 do',
    'while true do',
    'repeat',
    'local t = {',
  ])('indents after %s', (line) => expect(LUA_INCREASE_INDENT.test(line)).toBe(true));

  it.each(['local function f() end', 'if x then return end', 'print("x")', '-- if x then', 'local t = {}', 'repeat x() until done'])(
    'does not indent after %s',
    (line) => expect(LUA_INCREASE_INDENT.test(line)).toBe(false),
  );

  it.each(['end', '    end)', 'until x', 'else', '  elseif y then', '}', '    },'])('outdents %s', (line) => expect(LUA_DECREASE_INDENT.test(line)).toBe(true));

  it.each(['endpoint()', 'print(x)', 'local ending = 1'])('leaves %s alone', (line) => expect(LUA_DECREASE_INDENT.test(line)).toBe(false));
});
