import * as stylua from '@johnnymorganz/stylua';
import { describe, expect, it } from 'vitest';
import { formatWith, type StyluaFormatApi } from './format';
import { ENUMS, nearestConfig, parseStyluaToml, styluaValues } from './stylua-config';

const api = stylua as unknown as StyluaFormatApi;
const CODE = 'local function f(x)\nif x then\nreturn "a"\nend\nend\n';

describe('formatting with StyLua', () => {
  it("keeps StyLua's own default: tabs", () => {
    expect(formatWith(api, CODE)).toBe('local function f(x)\n\tif x then\n\t\treturn "a"\n\tend\nend\n');
  });

  it("follows a stylua.toml's settings", () => {
    const { options, problems } = parseStyluaToml('# team style\nindent_type = "Spaces"\nindent_width = 2\nquote_style = \'ForceSingle\'\n\n[sort_requires]\nenabled = true\n');
    expect(problems).toEqual([]);
    expect(options).toEqual({ indent_type: 'Spaces', indent_width: 2, quote_style: 'ForceSingle', sort_requires: true });
    expect(formatWith(api, CODE, styluaValues(options))).toBe("local function f(x)\n  if x then\n    return 'a'\n  end\nend\n");
  });
});

describe('styluaValues', () => {
  it("numbers each enum name as StyLua's WebAssembly API does", () => {
    const OBJECTS: Record<string, string> = { indent_type: 'IndentType', line_endings: 'LineEndings', quote_style: 'QuoteStyle', call_parentheses: 'CallParenType', collapse_simple_statement: 'CollapseSimpleStatement', space_after_function_names: 'SpaceAfterFunctionNames', block_newline_gaps: 'BlockNewlineGaps', syntax: 'LuaVersion' };
    expect(Object.keys(ENUMS).sort()).toEqual(Object.keys(OBJECTS).sort());
    for (const [key, names] of Object.entries(ENUMS)) {
      const values = (stylua as unknown as Record<string, Record<string, number>>)[OBJECTS[key]!]!;
      names.forEach((name, i) => expect(values[name], `${key} ${name}`).toBe(i));
    }
  });
});

describe('parseStyluaToml', () => {
  it('reports what it cannot use and keeps the rest', () => {
    const { options, problems } = parseStyluaToml('column_width = 80 # narrow\nindent_type = "Sideways"\nwhatever = 1\n[other]\nx = 1\n');
    expect(options).toEqual({ column_width: 80 });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^line 2: indent_type = Sideways/);
  });

  it('reads a # inside a string as text', () => {
    expect(parseStyluaToml('syntax = "Luau" # comment "x"').options).toEqual({ syntax: 'Luau' });
  });
});

describe('nearestConfig', () => {
  const configs = [
    { title: '.stylua.toml', folderId: 'game' },
    { title: 'stylua.toml', folderId: null },
    { title: 'stylua.toml', folderId: 'other' },
    { title: 'stylua.toml', folderId: 'src' },
    { title: '.stylua.toml', folderId: 'src' },
  ];
  it('takes the nearest folder first, stylua.toml before .stylua.toml, then the root', () => {
    expect(nearestConfig(configs, ['server', 'src', 'game', null])).toBe(configs[3]);
    expect(nearestConfig(configs, ['server', 'game', null])).toBe(configs[0]);
    expect(nearestConfig(configs, ['lone', null])).toBe(configs[1]);
    expect(nearestConfig(configs.slice(0, 1), ['lone', null])).toBeNull();
  });
});
