import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_MAX_CHARS, tokenizeLua } from './lua-highlight';

const kinds = (code: string) => tokenizeLua(code).filter((t) => t.kind !== 'text').map((t) => [t.kind, t.text]);

describe('tokenizeLua (the plain view shown before Monaco)', () => {
  it('gives back exactly the source, whatever it holds', () => {
    const samples = ['local x = "a\\"b" -- note\nreturn x', '--[==[ long\n]] still ]==] x', "s = [[\nraw ' \" ]] .. 'q", 'unterminated "string', '--[[ open comment', ''];
    for (const code of samples) expect(tokenizeLua(code).map((t) => t.text).join('')).toBe(code);
  });

  it('marks keywords, strings, numbers and comments, not identifiers that contain keywords', () => {
    expect(kinds('local endless = 0x1F -- done')).toEqual([
      ['keyword', 'local'],
      ['number', '0x1F'],
      ['comment', '-- done'],
    ]);
    expect(kinds('if s == "end" then return [[if]] end')).toEqual([
      ['keyword', 'if'],
      ['string', '"end"'],
      ['keyword', 'then'],
      ['keyword', 'return'],
      ['string', '[[if]]'],
      ['keyword', 'end'],
    ]);
    expect(kinds('--[[ a\nlocal b ]] local c')).toEqual([
      ['comment', '--[[ a\nlocal b ]]'],
      ['keyword', 'local'],
    ]);
  });

  it('leaves very long scripts uncoloured', () => {
    const long = 'local x = 1\n'.repeat(HIGHLIGHT_MAX_CHARS / 10);
    expect(tokenizeLua(long)).toEqual([{ kind: 'text', text: long }]);
  });
});
