/**
 * The Luau and Lua 5.1 grammars, run through Monaco's own Monarch compiler and lexer (pure modules, no DOM).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error Monaco ships no typings for its Monarch modules (plain JS, no DOM needed)
import { compile } from 'monaco-editor/editor/standalone/common/monarch/monarchCompile';
// @ts-expect-error as above
import { MonarchTokenizer } from 'monaco-editor/editor/standalone/common/monarch/monarchLexer';
import { lua51Language, luauLanguage } from './luau-grammar';

type Tokenizer = { getInitialState(): unknown; tokenize(line: string, hasEOL: boolean, state: unknown): { tokens: { offset: number; type: string }[]; endState: unknown } };

function tokenizer(id: 'luau' | 'lua'): Tokenizer {
  const lexer: unknown = compile(id, id === 'luau' ? luauLanguage : lua51Language);
  const config = { getValue: () => 20_000, onDidChangeConfiguration: () => ({ dispose() {} }) };
  const languages = { requestBasicLanguageFeatures() {}, isRegisteredLanguageId: () => false };
  const Ctor = MonarchTokenizer as unknown as new (...args: unknown[]) => Tokenizer;
  return new Ctor(languages, {}, id, lexer, config);
}

/** [text, token class] of every non-blank token, postfix (`.luau`) removed. */
function tokens(code: string, id: 'luau' | 'lua' = 'luau'): [string, string][] {
  const t = tokenizer(id);
  let state = t.getInitialState();
  const out: [string, string][] = [];
  for (const line of code.split('\n')) {
    const r = t.tokenize(line, true, state);
    state = r.endState;
    r.tokens.forEach((tok, i) => {
      const text = line.slice(tok.offset, r.tokens[i + 1]?.offset ?? line.length);
      if (text.trim()) out.push([text, tok.type.replace(/\.(luau|lua)$/, '')]);
    });
  }
  return out;
}
const classOf = (code: string, text: string, nth = 0, id: 'luau' | 'lua' = 'luau') => tokens(code, id).filter(([t]) => t === text)[nth]?.[1];

describe('Luau grammar: contextual keywords', () => {
  it('reads `type` and `export` as keywords in a declaration, `type` as a name in a call', () => {
    const code = 'export type Box<T> = { value: T }\ntype Point = { x: number }\nlocal kind = type(x)';
    expect(classOf(code, 'export')).toBe('keyword');
    expect(classOf(code, 'type', 0)).toBe('keyword');
    expect(classOf(code, 'type', 1)).toBe('keyword');
    expect(classOf(code, 'type', 2)).toBe('identifier');
    expect(classOf(code, 'Box')).toBe('type');
    expect(classOf(code, 'Point')).toBe('type');
    expect(classOf(code, 'value')).toBe('key');
    expect(classOf(code, 'number')).toBe('type');
  });

  it('reads `continue` as a keyword only as a statement, and `typeof` as a keyword', () => {
    expect(classOf('for i = 1, 3 do if i == 2 then continue end end', 'continue')).toBe('keyword');
    expect(classOf('if skip then\n\tcontinue -- next one\nend', 'continue')).toBe('keyword');
    expect(classOf('local continue = 1', 'continue')).toBe('identifier');
    expect(classOf('continue(1)', 'continue')).toBe('identifier');
    expect(classOf('local t = typeof(part)', 'typeof')).toBe('keyword');
  });
});

describe('Luau grammar: types', () => {
  it('annotations on locals, parameters, returns and casts; method calls stay calls', () => {
    const code = 'local hp: number, name: string? = 100, nil\nlocal function heal(h: Humanoid, by: number): boolean\nlocal door = workspace:FindFirstChild("Door") :: BasePart';
    for (const t of ['number', 'string', 'Humanoid', 'boolean', 'BasePart']) expect(classOf(code, t), t).toBe('type');
    expect(classOf(code, 'FindFirstChild')).toBe('identifier');
    expect(classOf(code, 'hp')).toBe('identifier');
    expect(classOf(code, 'h')).toBe('identifier');
  });

  it('generics, function types, unions over several lines, and what follows a type is code again', () => {
    const code = [
      'function Inventory.new<T>(): Stack<T>',
      '\tlocal f: (number, string) -> { [string]: T } = nil',
      'end',
      'type Result =',
      '\t| "ok"',
      '\t| "failed"',
      'local x = 1',
    ].join('\n');
    const all = tokens(code);
    expect(all.filter(([t]) => t === 'T').map(([, c]) => c)).toEqual(['type', 'type', 'type']);
    expect(classOf(code, 'Stack')).toBe('type');
    expect(classOf(code, 'Inventory')).toBe('identifier');
    expect(classOf(code, '->')).toBe('operator');
    expect(classOf(code, 'string')).toBe('type');
    expect(classOf(code, '"ok"')).toBe('string');
    expect(classOf(code, 'end')).toBe('keyword');
    expect(classOf(code, 'local', 1)).toBe('keyword');
    expect(classOf(code, 'x')).toBe('identifier');
  });
});

describe('Luau grammar: strings, operators, attributes, numbers', () => {
  it('highlights the {…} parts of an interpolated string as code', () => {
    const code = 'print(`{count} players, {#list} in {names[1]}`)';
    expect(tokens(code)).toEqual([
      ['print', 'identifier'],
      ['(', 'delimiter.parenthesis'],
      ['`', 'string'],
      ['{', 'delimiter.interpolation'],
      ['count', 'identifier'],
      ['}', 'delimiter.interpolation'],
      [' players, ', 'string'],
      ['{', 'delimiter.interpolation'],
      ['#', 'operator'],
      ['list', 'identifier'],
      ['}', 'delimiter.interpolation'],
      [' in ', 'string'],
      ['{', 'delimiter.interpolation'],
      ['names', 'identifier'],
      ['[', 'delimiter.array'],
      ['1', 'number'],
      [']', 'delimiter.array'],
      ['}', 'delimiter.interpolation'],
      ['`', 'string'],
      [')', 'delimiter.parenthesis'],
    ]);
    // a table inside an interpolation closes its own brace, not the interpolation
    expect(tokens('`{ {1}[1] } done`').at(-1)).toEqual([' done`', 'string']);
  });

  it('reads compound assignment as one operator', () => {
    for (const op of ['+=', '-=', '*=', '/=', '//=', '%=', '^=', '..=']) expect(classOf(`x ${op} y`, op), op).toBe('operator.assignment');
  });

  it('marks attributes, and reads integer literals and digit separators as numbers', () => {
    expect(classOf('@native\nlocal function f() end', '@native')).toBe('annotation');
    // (Monaco joins neighbouring tokens of one class)
    expect(tokens('@[native, checked] function f() end').slice(0, 4)).toEqual([['@[native', 'annotation'], [',', 'delimiter'], ['checked]', 'annotation'], ['function', 'keyword']]);
    for (const n of ['1i', '0xFFi', '1_000', '0b1010', '3.5e2']) expect(classOf(`local n = ${n}`, n), n).toMatch(/^number/);
  });
});

describe('Lua 5.1 grammar', () => {
  it('knows none of Luau: `type` and `continue` are names, `+=` two operators', () => {
    expect(classOf('type Point = 1', 'type', 0, 'lua')).toBe('identifier');
    expect(classOf('continue', 'continue', 0, 'lua')).toBe('identifier');
    expect(classOf('x += 1', '+=', 0, 'lua')).toBe('operator');
    expect(classOf('local function f(a, b) return a end', 'return', 0, 'lua')).toBe('keyword');
  });
});

describe('Luau grammar on whole scripts', () => {
  it('tokenizes every corpus script without an error, back in the root state at a statement after it', () => {
    const dir = join(import.meta.dirname, '..', 'luau', 'corpus', 'valid');
    for (const file of readdirSync(dir)) {
      const code = readFileSync(join(dir, file), 'utf8');
      const t = tokenizer('luau');
      let state = t.getInitialState() as { stack?: { depth: number } };
      for (const line of [...code.split('\n'), 'local after = 1']) state = t.tokenize(line, true, state).endState as typeof state;
      expect(state.stack?.depth, file).toBe(1);
    }
  });
});

describe('Luau grammar on hostile lines', () => {
  // A shared script is coloured in a visitor's browser: no pattern may rescan a run of characters once per position.
  const lines: ((n: number) => string)[] = [
    (n) => '1'.repeat(n),
    (n) => `type${' '.repeat(n)}(`,
    (n) => `continue${' '.repeat(n)}x`,
    (n) => `local x: {${' a'.repeat(n / 2)}`,
    (n) => `local x: (${'a '.repeat(n / 2)}`,
    (n) => `local t = \`${'{'.repeat(n / 2)}`,
    (n) => `x = ${'type '.repeat(n / 5)}`,
    (n) => `f(${'a:'.repeat(n / 2)}`,
  ];
  /** the fastest of five runs: the machine is shared, a slow run says nothing about the patterns */
  const time = (line: string) => {
    const t = tokenizer('luau');
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      t.tokenize(line, true, t.getInitialState());
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  it.each(lines.map((make, i) => [i, make] as const))('line %i: four times longer costs about four times more, not sixteen', (_i, make) => {
    time(make(4000)); // warm up
    const short = time(make(4000));
    const long = time(make(16_000));
    expect(long).toBeLessThan(2000);
    expect(long / Math.max(short, 1)).toBeLessThan(9);
  });
});

