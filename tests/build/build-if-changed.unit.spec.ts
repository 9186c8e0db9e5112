import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inputsHash, isCurrent, TARGETS } from '../../.ci/build-if-changed.mjs';

const [web, server] = TARGETS;

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-inputs-'));
  dirs.push(root);
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package-lock.json', '{}');
  write('web/src/main.tsx', 'render()');
  write('web/src/config/paths.ts', 'export const paths = {}');
  write('services/main.ts', 'start()');
  write('projections/workspace/queries.ts', 'query()');
  return root;
}

const edit = (root: string, path: string, text: string) => writeFileSync(join(root, path), text);

describe('npm start builds only what changed', () => {
  it('a start with nothing changed finds both builds current', () => {
    const root = tree();
    for (const target of [web, server]) {
      const hash = inputsHash(root, target);
      mkdirSync(join(root, target.output), { recursive: true });
      writeFileSync(join(root, target.output, '.build-inputs'), `${hash}\n`);
      expect(isCurrent(root, target, inputsHash(root, target))).toBe(true);
    }
  });

  it('a changed server source rebuilds the server only; a changed web source the web app only', () => {
    const root = tree();
    const before = { web: inputsHash(root, web), server: inputsHash(root, server) };
    edit(root, 'services/main.ts', 'start(); // changed');
    expect(inputsHash(root, server)).not.toBe(before.server);
    expect(inputsHash(root, web)).toBe(before.web);
    edit(root, 'web/src/main.tsx', 'render(); // changed');
    expect(inputsHash(root, web)).not.toBe(before.web);
  });

  it('the shared route list and the lock file count for both; tests, outputs and caches for neither', () => {
    const root = tree();
    const before = { web: inputsHash(root, web), server: inputsHash(root, server) };
    mkdirSync(join(root, 'web/dist'), { recursive: true });
    edit(root, 'web/dist/index.html', 'built');
    edit(root, 'services/main.unit.spec.ts', 'it()');
    expect({ web: inputsHash(root, web), server: inputsHash(root, server) }).toEqual(before);
    edit(root, 'web/src/config/paths.ts', 'export const paths = { home: "/" }');
    expect(inputsHash(root, server)).not.toBe(before.server);
    expect(inputsHash(root, web)).not.toBe(before.web);
  });

  it('the brotli quality setting is an input of the web build', () => {
    const root = tree();
    expect(inputsHash(root, web, { PRECOMPRESS_BROTLI_QUALITY: '11' })).not.toBe(inputsHash(root, web, {}));
  });
});
