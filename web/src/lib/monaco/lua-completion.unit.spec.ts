import { describe, expect, it } from 'vitest';
import { completionsAt, insideString, LUA_KEYWORDS, TRIGGER_CHARACTERS } from './lua-completion';

const labels = (before: string) => completionsAt(before)?.map((e) => e.label) ?? null;

describe('Luau completion', () => {
  it('offers Luau keywords in the general list', () => {
    expect(labels('')).toBeNull();
    for (const k of ['local', 'function', 'continue', 'type', 'export', 'typeof']) expect(LUA_KEYWORDS).toContain(k);
  });

  it('offers types where a type is expected, and methods where a method is called', () => {
    for (const before of ['local x: ', 'local x:', 'local a: number, b: ', 'local function f(a: ', 'function M.f(a: number, b: ', 'local function f(a): ', 'type Callback = (number) -> ', 'local p = v :: ', 'export type Point<T> = ', 'type Id = string | ', 'type P = { x: number, y: ']) {
      const got = labels(before);
      expect(got, before).toContain('number');
      expect(got, before).toContain('string');
      expect(got, before).toContain('boolean');
      expect(got, before).toContain('{ }');
      expect(got, before).toContain('Vector3');
    }
    for (const before of ['player:', 'print(player:', 'game:GetService("Players"):', 'workspace:FindFirstChild("x"):']) {
      const got = labels(before);
      expect(got, before).toContain('WaitForChild');
      expect(got, before).not.toContain('number');
    }
  });

  it('offers services, instance classes, enums and library members', () => {
    expect(labels('local P = game:GetService("')).toEqual(expect.arrayContaining(['Players', 'ReplicatedStorage', 'RunService', 'TweenService', 'HttpService', 'DataStoreService']));
    expect(labels('local part = Instance.new("')).toEqual(expect.arrayContaining(['Part', 'RemoteEvent', 'ScreenGui']));
    expect(labels('x = Enum.')).toContain('KeyCode');
    expect(labels('x = Enum.EasingStyle.')).toEqual(expect.arrayContaining(['Quad', 'Linear']));
    expect(labels('task.')).toEqual(expect.arrayContaining(['wait', 'spawn', 'delay', 'defer']));
    expect(labels('Instance.')).toContain('new');
    for (const lib of ['string', 'table', 'math', 'coroutine', 'Vector3', 'CFrame', 'Color3', 'UDim2']) expect(labels(`${lib}.`)!.length, lib).toBeGreaterThan(0);
    expect(labels('game.')).toContain('Players');
    expect(labels('nothing.')).toEqual([]);
  });
});

describe('completionsAt on a long line', () => {
  it('reads only the end of the line, so a keystroke on a 100,000-character line stays instant', () => {
    const started = performance.now();
    for (const line of ['local '.repeat(20_000), 'function '.repeat(12_000), `${'a'.repeat(100_000)} x`, '{a:'.repeat(30_000)]) completionsAt(line);
    expect(performance.now() - started).toBeLessThan(1000);
    // what decides the list is at the end of the line, however long it is
    expect(labels(`${'x = 1; '.repeat(20_000)}local p: `)).toContain('number');
    expect(labels(`${'x = 1; '.repeat(20_000)}game:GetService("`)).toContain('Players');
  });
});

describe('what opens the list', () => {
  it('only `.` and `:` open it by themselves (not `>`, quotes, brackets or a space)', () => {
    expect([...TRIGGER_CHARACTERS]).toEqual(['.', ':']);
  });

  it('knows when the cursor is inside a string', () => {
    expect(insideString('print("hel')).toBe(true);
    expect(insideString("x = 'a\\'b")).toBe(true);
    expect(insideString('print("a") .. b')).toBe(false);
    expect(insideString('print(`n = {cou')).toBe(false);
    expect(insideString('print(`n = {count} pl')).toBe(true);
    expect(insideString('x = 1 -- "quoted')).toBe(false);
  });
});
