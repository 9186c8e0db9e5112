import { describe, expect, it } from 'vitest';
import { clampLine, openAtFrom } from './open-at';
import { paths } from '../../config/paths';

const at = (search: string) => openAtFrom(new URLSearchParams(search));

describe('openAtFrom', () => {
  it('reads the line and the version of a search result link', () => {
    expect(at(new URL(`http://x${paths.scriptAt('abc', { line: 12, version: 3, folderId: 'f1' })}`).search)).toEqual({ line: 12, version: 3 });
    expect(at('?line=7')).toEqual({ line: 7, version: null });
  });

  it('ignores values that are not positive whole numbers', () => {
    expect(at('?line=0&version=-1')).toEqual({ line: null, version: null });
    expect(at('?line=1.5&version=abc')).toEqual({ line: null, version: null });
    expect(at('?line=&version=99999999999')).toEqual({ line: null, version: null });
    expect(at('')).toEqual({ line: null, version: null });
  });
});

describe('scriptAt', () => {
  it('builds the editor address, leaving out what is not given', () => {
    expect(paths.scriptAt('a b', {})).toBe('/script/a%20b');
    expect(paths.scriptAt('id1', { line: 4 })).toBe('/script/id1?line=4');
    expect(paths.scriptAt('id1', { line: 4, version: 2, folderId: null })).toBe('/script/id1?version=2&line=4');
  });
});

describe('clampLine', () => {
  it('keeps a line inside the text', () => {
    expect(clampLine(40, 12)).toBe(12);
    expect(clampLine(5, 12)).toBe(5);
    expect(clampLine(3, 0)).toBe(1);
  });
});
