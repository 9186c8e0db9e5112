import { describe, expect, it } from 'vitest';
import { LUA_DECREASE_INDENT, LUA_INCREASE_INDENT, luaIndentation } from './lua-language';

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

describe('Lua indentation rules on long lines', () => {
  // The earlier, plainer forms: the rules must answer exactly as they did, only without their quadratic backtracking.
  const INCREASE_BEFORE = /^((?!--).)*((\b(else|function|then|do|repeat)\b((?!\b(end|until)\b).)*)|(\{\s*))$/;
  const ENTER_BEFORE = /^((?!--).)*(\b(then|do|repeat|else)|\bfunction\b[^()]*\([^()]*\))\s*$/;
  const enterRule = luaIndentation.onEnterRules![0]!.beforeText;

  it('answer as the plain forms do on random lines of Lua pieces', () => {
    const pieces = ['do', 'then', 'else', 'elseif', 'function', 'repeat', 'end', 'until', 'undo', ' ', '-', '--', '{', '}', '(', ')', 'x', '\t', 'function()', '\u2028'];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 20_000; round++) {
      const line = Array.from({ length: 1 + (next() % 9) }, () => pieces[next() % pieces.length]).join(next() % 3 ? ' ' : '');
      expect(LUA_INCREASE_INDENT.test(line), JSON.stringify(line)).toBe(INCREASE_BEFORE.test(line));
      expect(enterRule.test(line), JSON.stringify(line)).toBe(ENTER_BEFORE.test(line));
    }
  });

  it('take linear time on a line of many openers (the plain forms took seconds)', () => {
    const started = performance.now();
    expect(LUA_INCREASE_INDENT.test(`${'do '.repeat(30_000)}end`)).toBe(false);
    expect(LUA_INCREASE_INDENT.test(`${'do '.repeat(30_000)}-- x`)).toBe(true);
    expect(enterRule.test(`${'function '.repeat(10_000)}x`)).toBe(false);
    expect(enterRule.test(`${'function '.repeat(10_000)}-- (x) end`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
