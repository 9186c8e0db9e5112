import { describe, expect, it } from 'vitest';
import { ACCEPT_ATTRIBUTE, checkFile, partitionFiles, pathInsidePick, skippedMessage, skipsFailed } from './uploads';

const MB = 1024 * 1024;
const picked = (path: string, size = 10) => ({ file: { name: path.split('/').pop()!, size }, path });

describe('upload file checks', () => {
  it('accepts .lua, .luau, .txt and Rojo\'s JSON files in any case, and nothing else', () => {
    expect(ACCEPT_ATTRIBUTE).toBe('.lua,.luau,.txt,.json');
    for (const name of ['a.lua', 'B.LUAU', 'init.server.luau', 'notes.TXT', 'default.project.json', 'init.meta.json', 'Part.MODEL.JSON']) expect(checkFile({ name, size: 1 }), name).toBeNull();
    for (const name of ['a.luaux', 'logo.png', 'a.luau.exe', 'luau', 'package.json', 'project.json']) expect(checkFile({ name, size: 1 }), name).toBe('type');
    expect(checkFile({ name: 'big.luau', size: 5 * MB + 1 })).toBe('size');
    expect(checkFile({ name: 'limit.luau', size: 5 * MB })).toBeNull();
  });

  it('names each skipped file with its reason, by its path inside the picked folder', () => {
    const files = [picked('Game/src/a.luau'), picked('Game/assets/logo.png'), picked('Game/big.lua', 6 * MB), picked('Game/b.lua')];
    const { usable, skipped } = partitionFiles(files, (f) => pathInsidePick(f.path, 'Game'));
    expect(usable.map((f) => f.path)).toEqual(['Game/src/a.luau', 'Game/b.lua']);
    expect(skippedMessage(skipped)).toBe('Skipped 2 files: assets/logo.png (not a .lua, .luau, .txt, .project.json, .meta.json or .model.json file), big.lua (over 5 MB)');
  });

  it('names at most ten and counts the rest', () => {
    const skipped = Array.from({ length: 12 }, (_, i) => ({ name: `f${i}.png`, reason: 'not a .lua, .luau or .txt file' }));
    const message = skippedMessage(skipped);
    expect(message).toMatch(/^Skipped 12 files: f0\.png/);
    expect(message).toContain('f9.png');
    expect(message).not.toContain('f10.png');
    expect(message).toMatch(/, and 2 more$/);
    expect(skippedMessage([{ name: 'x.md', reason: 'r' }])).toBe('Skipped 1 file: x.md (r)');
  });
});

describe('skipsFailed', () => {
  it('a README beside the scripts is an expected skip; a script over the limit, or nothing left, is a failure', () => {
    const { skipped: readme } = partitionFiles([picked('game/README.md'), picked('game/init.luau')], (p) => p.path);
    expect(skipsFailed(readme)).toBe(false);
    expect(skipsFailed(readme, true)).toBe(true);
    const { skipped: large } = partitionFiles([picked('game/README.md'), picked('game/big.lua', 6 * MB)], (p) => p.path);
    expect(skipsFailed(large)).toBe(true);
  });
});
