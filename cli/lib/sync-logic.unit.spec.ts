import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './diff.mjs';
import { fileNameForTitle, decodeUtf8, sha256, usableFolderName } from './mapping.mjs';
import { makePlan } from './plan.mjs';

const file = (path: string, text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return { path, bytes, hash: sha256(bytes) };
};
const script = (id: string, path: string, version: number) => ({ id, path, title: path.split('/').pop()!, version, size: 1, folderId: 'f' });
const tree = (...scripts: ReturnType<typeof script>[]) => ({
  folders: new Map([['', 'root']]),
  scripts: new Map(scripts.map((s) => [s.path, s])),
  byId: new Map(scripts.map((s) => [s.id, s])),
  skipped: [],
});

describe('mapping of titles to file names', () => {
  it('keeps Rojo names and extensions, adds .lua to bare titles, refuses names that are not file names', () => {
    expect(fileNameForTitle('init.server.lua')).toBe('init.server.lua');
    expect(fileNameForTitle('Util.luau')).toBe('Util.luau');
    expect(fileNameForTitle('My Script')).toBe('My Script.lua');
    for (const bad of ['a/b', '..', '.hidden', 'x\u0000y', '']) expect(fileNameForTitle(bad)).toBeNull();
  });

  it("refuses Windows' device names in any case and with any extension, and alternate data streams", () => {
    for (const bad of ['CON', 'con.lua', 'Prn.luau', 'AUX.server.lua', 'nul', 'NUL .lua', 'com1.lua', 'COM9', 'lpt1.client.lua', 'Lpt9', 'a:b', 'init.lua:Zone.Identifier']) {
      expect(fileNameForTitle(bad), bad).toBeNull();
      expect(usableFolderName(bad), bad).toBe(false);
    }
    for (const good of ['console.lua', 'icon.lua', 'COM10.lua', 'com0.lua', 'LPT.lua', 'nullable.lua', 'My CON.lua']) expect(fileNameForTitle(good), good).not.toBeNull();
  });

  it('decodes UTF-8 keeping the byte-order mark, and refuses other encodings', () => {
    expect(decodeUtf8(Buffer.from('\uFEFFprint(1)', 'utf8'))).toBe('\uFEFFprint(1)');
    expect(decodeUtf8(Buffer.from([0x70, 0xe9, 0x0a]))).toBeNull();
  });
});

describe('the sync plan', () => {
  const v1 = file('a.lua', 'print(1)\n');
  const seen = { 'a.lua': { id: 's1', version: 1, hash: v1.hash } };

  it('tells local edits, server edits and edits on both sides apart by the version and hash last seen', () => {
    expect(makePlan(new Map([['a.lua', v1]]), tree(script('s1', 'a.lua', 1)), seen).map((e) => e.kind)).toEqual(['unchanged']);
    const edited = file('a.lua', 'print(2)\n');
    expect(makePlan(new Map([['a.lua', edited]]), tree(script('s1', 'a.lua', 1)), seen).map((e) => e.kind)).toEqual(['local-modified']);
    expect(makePlan(new Map([['a.lua', v1]]), tree(script('s1', 'a.lua', 2)), seen).map((e) => e.kind)).toEqual(['remote-modified']);
    const both = makePlan(new Map([['a.lua', edited]]), tree(script('s1', 'a.lua', 2)), seen);
    expect(both).toMatchObject([{ kind: 'conflict', reason: 'changed here and on the server (v2, last seen v1): `pull` merges them' }]);
  });

  it('keeps a file whose merge left conflict markers a conflict until it is resolved, whatever its content', () => {
    const marked = { 'a.lua': { ...seen['a.lua'], conflict: { version: 2, hash: 'h2' } } };
    for (const local of [v1, file('a.lua', '<<<<<<< local\nx\n=======\ny\n>>>>>>> server v2\n'), file('a.lua', 'print(3)\n')]) {
      expect(makePlan(new Map([['a.lua', local]]), tree(script('s1', 'a.lua', 2)), marked)).toMatchObject([
        { kind: 'conflict', reason: 'conflict markers from the merge with v2: edit them out, then `luavault resolve a.lua`' },
      ]);
    }
  });

  it('reports deletions per side, and a deletion against a change as a conflict', () => {
    expect(makePlan(new Map(), tree(script('s1', 'a.lua', 1)), seen).map((e) => e.kind)).toEqual(['local-deleted']);
    expect(makePlan(new Map(), tree(script('s1', 'a.lua', 2)), seen).map((e) => e.kind)).toEqual(['conflict']);
    expect(makePlan(new Map([['a.lua', v1]]), tree(), seen).map((e) => e.kind)).toEqual(['remote-deleted']);
    expect(makePlan(new Map([['a.lua', file('a.lua', 'x')]]), tree(), seen).map((e) => e.kind)).toEqual(['conflict']);
  });

  it('follows a tracked script by id when it is renamed on the server, and marks never-synced paths on both sides', () => {
    const renamed = makePlan(new Map([['a.lua', v1]]), tree(script('s1', 'b.lua', 1)), seen);
    expect(renamed.map((e) => [e.path, e.kind])).toEqual([['a.lua', 'unchanged']]);
    const fresh = makePlan(new Map([['n.lua', file('n.lua', 'x')]]), tree(script('s9', 'n.lua', 4), script('s8', 'r.lua', 1)), {});
    expect(fresh.map((e) => [e.path, e.kind])).toEqual([
      ['n.lua', 'untracked-both'],
      ['r.lua', 'remote-new'],
    ]);
  });
});

describe('unified diff', () => {
  it('answers nothing for equal texts and hunks with three lines of context otherwise', () => {
    expect(unifiedDiff('a\n', 'a\n', { from: 'x', to: 'y' })).toBe('');
    const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n';
    const after = 'a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\n';
    expect(unifiedDiff(before, after, { from: 'x', to: 'y' })).toBe(
      ['--- x', '+++ y', '@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', ' d', ' e', '@@ -8,5 +8,5 @@', ' h', ' i', ' j', '-k', '+K', ' l', ''].join('\n'),
    );
  });

  it('marks a missing final newline and diffs against nothing for new files', () => {
    expect(unifiedDiff('', 'x', { from: '/dev/null', to: 'y' })).toBe('--- /dev/null\n+++ y\n@@ -0,0 +1,1 @@\n+x\n\\ No newline at end of file\n');
  });
});
