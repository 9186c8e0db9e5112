import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SqliteDatabase } from './database';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from './wal-checkpointer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const until = async (condition: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe('WAL checkpointer', () => {
  it('copies committed pages into the database file in the background while the writer never checkpoints', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    dirs.push(dir);
    const file = join(dir, 'data.sqlite');
    const db = new SqliteDatabase(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0'); // only the background connection checkpoints
    db.exec('CREATE TABLE t (body TEXT)');
    const checkpointer = startWalCheckpointer(file, { synchronous: 'FULL', intervalMs: 20 });
    try {
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
      db.transaction(() => {
        for (let i = 0; i < 500; i++) insert.run(`${i}`.padEnd(4096, '-'));
      })();
      // 2 MB committed to the WAL; the database file itself grows only through a checkpoint.
      expect(await until(() => statSync(file).size > before + 1024 * 1024)).toBe(true);
      expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 500 });
    } finally {
      await checkpointer.stop();
      db.close();
    }
    const reopened = new SqliteDatabase(file, { readOnly: true });
    expect(reopened.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 500 });
    reopened.close();
  });

  it('lets a process whose only remaining work is awaiting stop() finish its shutdown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    dirs.push(dir);
    const file = join(dir, 'data.sqlite');
    const db = new SqliteDatabase(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (body TEXT)');
    db.close();
    // a separate process, so that nothing of the test runner keeps its event loop alive
    const script = join(dir, 'shutdown.mts');
    const module = fileURLToPath(new URL('./wal-checkpointer.ts', import.meta.url));
    writeFileSync(
      script,
      `import { startWalCheckpointer } from ${JSON.stringify(module)};\n` +
        `const checkpointer = startWalCheckpointer(${JSON.stringify(file)}, { synchronous: 'FULL', intervalMs: 20 });\n` +
        `await new Promise((resolve) => setTimeout(resolve, 100));\n` +
        `await checkpointer.stop();\n` +
        `console.log('stopped');\n`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.stdout.trim(), run.stderr).toBe('stopped');
    expect(run.status).toBe(0);
  });
});

