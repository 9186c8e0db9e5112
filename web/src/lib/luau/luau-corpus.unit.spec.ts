/**
 * The editor's Luau syntax check on a corpus of realistic scripts (corpus/valid: none may show an error) and of
 * broken ones (corpus/broken: the first line says where the error is; the first error shown must be on that line).
 * Runs the same StyLua WebAssembly the browser uses, through its Node build.
 */
import * as stylua from '@johnnymorganz/stylua';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLuauWith, spellAttributeLists, spellIntegerLiterals, type StyluaApi } from './check';

const api = stylua as unknown as StyluaApi;
const corpus = join(import.meta.dirname, 'corpus');
const read = (dir: string) =>
  readdirSync(join(corpus, dir))
    .filter((f) => f.endsWith('.luau'))
    .map((f) => ({ name: f, code: readFileSync(join(corpus, dir, f), 'utf8') }));
const valid = read('valid');
const broken = read('broken');

describe('Luau syntax check: valid corpus', () => {
  it('holds at least 25 snippets covering the Luau syntax users write', () => {
    expect(valid.length).toBeGreaterThanOrEqual(25);
    const all = valid.map((s) => s.code).join('\n');
    for (const feature of [/local \w+: \w+/, /^export type /m, /<T, U>/, /\bcontinue\b/, /\+=/, /`[^`]*\{/, /= if .* then .* else/, /^@native/m, /::/]) {
      expect(all).toMatch(feature);
    }
  });

  it.each(valid.map((s) => [s.name, s.code] as const))('%s parses without errors', (_name, code) => {
    expect(checkLuauWith(api, code)).toEqual([]);
  });

  it('accepts each construct the issue named on its own', () => {
    for (const code of ['local x: number = 1', 'for i = 1, 2 do continue end', 'local x = 1\nx += 1', 'local count = 2\nprint(`players: {count}`)', 'type Point = { x: number }', 'local function id<T>(v: T): T return v end', 'local a, b, c = true, 1, 2\nlocal v = if a then b else c', '@native\nlocal function f() end']) {
      expect(checkLuauWith(api, code), code).toEqual([]);
    }
  });

  it('accepts bracketed attribute lists, keeping the positions after them', () => {
    expect(spellAttributeLists('@[native, checked] function f() end')).toBe('@native @checked   function f() end');
    expect(checkLuauWith(api, '@[native]\nlocal function f() end')).toEqual([]);
    expect(checkLuauWith(api, '@[native, checked] function f() end')).toEqual([]);
    expect(checkLuauWith(api, '@[native] local = 1')[0]).toMatchObject({ line: 1, column: 17 });
  });

  it('accepts plain Lua 5.2-5.4 syntax too (goto, attribs, bitwise operators)', () => {
    expect(checkLuauWith(api, 'goto done\n::done::')).toEqual([]);
    expect(checkLuauWith(api, 'local x <const> = 1')).toEqual([]);
    expect(checkLuauWith(api, 'local a = 5 & 3 | 1')).toEqual([]);
  });
});

describe('Luau syntax check: broken corpus', () => {
  it('holds at least 6 broken snippets', () => {
    expect(broken.length).toBeGreaterThanOrEqual(6);
  });

  it.each(broken.map((s) => [s.name, s.code] as const))('%s is flagged at the line it names', (_name, code) => {
    const expected = Number(/^-- error on line (\d+)/.exec(code)?.[1]);
    expect(expected).toBeGreaterThan(1);
    const errors = checkLuauWith(api, code);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.line).toBe(expected);
    expect(errors[0]!.column).toBeGreaterThan(0);
    expect(errors[0]!.message).not.toMatch(/\(\d+:\d+ to/);
  });

  it('gives the column of the offending token', () => {
    const [first] = checkLuauWith(api, 'local x = 1\nlocal = 2');
    expect(first).toMatchObject({ line: 2, column: 7, endColumn: 8 });
    expect(first!.message).toBe('unexpected token `=`, expected either a variable name or `function`');
  });

  it("names the parser's first error, not a recovery error sorted ahead of it", () => {
    const code = ['local a = 1', 'local b = 2', 'local c = 3', 'local function h(x, y) return x + y end', 'local function g(x) print(x) end', 'g(h(c, 1 ++ 2))', 'print(a, b)'].join('\n');
    const errors = checkLuauWith(api, code);
    expect(errors[0]).toMatchObject({ line: 6, column: 10, message: 'unexpected token `+`, expected expression after binary operator' });
  });
});

describe('Luau syntax check: integer literals', () => {
  it('flags no error on `1i`, `0xFFi` and `0b101i`, and keeps positions after them', () => {
    expect(checkLuauWith(api, 'local x = 1i\nprint(x)')).toEqual([]);
    expect(checkLuauWith(api, 'local m = 0xFFi + 0b101i + 1_000i')).toEqual([]);
    expect(checkLuauWith(api, 'local x = 1i\nlocal = 2')[0]).toMatchObject({ line: 2, column: 7 });
  });

  it('leaves names and decimals alone', () => {
    expect(spellIntegerLiterals('local x1i = v1i + t.x2i + 1.5i')).toBe('local x1i = v1i + t.x2i + 1.5i');
    expect(spellIntegerLiterals('f(12i, 0x1Fi)')).toBe('f(12 , 0x1F )');
  });
});
