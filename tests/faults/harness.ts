import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { SqliteDatabase } from '../../services/sqlite/database';
import { openEventLog } from '../../services/storage';
import { loadConfig } from '../../services/config';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import type { Doc } from '../../projections/read-store/read-store';
import { rebuildReadModels } from '../../projections/rebuild';
import { allProjections } from '../../projections/registry';
import { CHANGE_FEED_COLLECTIONS, type ChangeChunkDoc } from '../../projections/change-feed/documents';
import { SNAPSHOTS_COLLECTION } from '../../services/application/decision-states';

/**
 * Fault-test plumbing: servers in child processes that can be killed with SIGKILL, and read-only peeks at the
 * embedded read models' checkpoints while another process writes them.
 */

const TSX = 'node_modules/.bin/tsx';
const CHILD = 'tests/faults/server-child.ts';

export interface ChildServer {
  /** pid of the tsx process, which leads the process group (tsx runs the script in a node grandchild) */
  groupPid: number;
  /** pid of the node process running the server */
  serverPid: number;
  url: string;
  /** resolves with the exit signal or code once the tsx process has exited */
  exited: Promise<NodeJS.Signals | number | null>;
  stderr(): string;
  /** SIGKILL to the whole process group, then wait for the exit */
  kill9(): Promise<void>;
  /** graceful stop (SIGTERM to the server process), waiting at most `timeoutMs` before killing the group */
  stop(timeoutMs?: number): Promise<void>;
}

const running = new Set<number>();
// A failing test must not leave servers behind: kill whatever is still running when the worker exits.
process.once('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Kills every child server still running (afterEach/afterAll). */
export async function killAllChildren(): Promise<void> {
  for (const pid of [...running]) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      running.delete(pid);
    }
  }
  await waitUntil(() => running.size === 0, { timeoutMs: 5_000, what: 'child servers to exit' }).catch(() => undefined);
}

/** Starts `startServer` in a child process (its own process group) and resolves once it printed its URL. */
export async function startChildServer(options: { role: 'all' | 'projector'; dataDir: string; leaseTtlMs?: number; readyTimeoutMs?: number }): Promise<ChildServer> {
  const args = [CHILD, `--role=${options.role}`, `--data-dir=${options.dataDir}`];
  if (options.leaseTtlMs !== undefined) args.push(`--lease-ttl-ms=${options.leaseTtlMs}`);
  const child = spawn(TSX, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const groupPid = child.pid!;
  running.add(groupPid);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(groupPid);
      resolve(signal ?? code);
    }),
  );
  const ready = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-groupPid, 'SIGKILL');
      } catch {
        // gone
      }
      reject(new Error(`child server not ready within ${options.readyTimeoutMs ?? 20_000} ms: ${stderr}`));
    }, options.readyTimeoutMs ?? 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const message = JSON.parse(line) as { ready?: boolean; url: string; pid: number };
      if (!message.ready) return;
      clearTimeout(timer);
      resolve(message);
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`child server exited (${how}) before it was ready: ${stderr}`));
    });
  });
  const kill9 = async () => {
    try {
      process.kill(-groupPid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  };
  return {
    groupPid,
    serverPid: ready.pid,
    url: ready.url,
    exited,
    stderr: () => stderr,
    kill9,
    async stop(timeoutMs = 15_000) {
      try {
        process.kill(ready.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => void kill9(), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `probe` until it returns a truthy value, failing after `timeoutMs` with `what`. */
export async function waitUntil<T>(probe: () => T | Promise<T>, options: { timeoutMs: number; intervalMs?: number; what: string }): Promise<NonNullable<T>> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${options.timeoutMs} ms waiting for ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}

export const readModelsFile = (dataDir: string) => join(dataDir, 'read-models.sqlite');
export const eventsFile = (dataDir: string) => join(dataDir, 'events.sqlite');

/** The embedded event log of `dataDir` as the server sees it (sealed fields opened with the account keys beside it). */
export const openEventLogAt = (dataDir: string) => openEventLog(loadConfig({ DATA_DIR: dataDir }));

/**
 * The checkpoints of the embedded read models in `dataDir`, read through a separate read-only connection
 * while another process may be writing them. Empty while the file does not exist yet.
 */
export class CheckpointPeek {
  private db: SqliteDatabase | null = null;

  constructor(private readonly file: string) {}

  read(): Map<string, bigint> {
    if (!this.db) {
      if (!existsSync(this.file)) return new Map();
      try {
        this.db = new SqliteDatabase(this.file, { readOnly: true, fileMustExist: true });
      } catch {
        return new Map(); // being created right now
      }
    }
    try {
      const rows = this.db.prepare('SELECT projection, position FROM checkpoints').all() as { projection: string; position: string }[];
      return new Map(rows.map((row) => [row.projection, BigInt(row.position)]));
    } catch {
      return new Map(); // the schema is not there yet
    }
  }

  /** Lowest checkpoint over `projections` (-1 while any has none). */
  lowest(projections: string[]): bigint {
    const checkpoints = this.read();
    return projections.reduce((min, name) => {
      const value = checkpoints.get(name) ?? -1n;
      return value < min ? value : min;
    }, BigInt(Number.MAX_SAFE_INTEGER));
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}

export interface ReadModelDump {
  /** collection -> documents sorted by _id */
  collections: Record<string, Doc[]>;
  checkpoints: Record<string, string>;
}

/**
 * Every read model in an embedded read-store file, through the ReadStore port (every collection every projection
 * owns), plus its checkpoints. Fails if the file holds a collection no projection declares (it would escape comparison),
 * except the command side's snapshots.
 */
export async function dumpReadModels(file: string): Promise<ReadModelDump> {
  const raw = new SqliteDatabase(file, { readOnly: true, fileMustExist: true });
  const stored = (raw.prepare('SELECT name FROM collections').all() as { name: string }[]).map((r) => r.name);
  raw.close();
  const declared = allProjections.flatMap((p) => p.collections);
  // Snapshots are the command side's cache (checked against the log when read), not a read model.
  const undeclared = stored.filter((name) => !declared.includes(name) && name !== SNAPSHOTS_COLLECTION);
  if (undeclared.length > 0) throw new Error(`read models hold collections no projection declares: ${undeclared.join(', ')}`);

  const store = await openEmbeddedReadStore(file);
  try {
    const collections: Record<string, Doc[]> = {};
    for (const name of [...declared].sort()) {
      const docs = await store.collection(name).find({});
      collections[name] = (name === CHANGE_FEED_COLLECTIONS.chunks ? feedEntries(docs as ChangeChunkDoc[]) : docs).sort((a, b) =>
        a._id < b._id ? -1 : a._id > b._id ? 1 : 0,
      );
    }
    const checkpoints: Record<string, string> = {};
    for (const projection of allProjections) checkpoints[projection.name] = String(await store.getCheckpoint(projection.name));
    return { collections, checkpoints };
  } finally {
    await store.close();
  }
}

/**
 * The change feed keeps one document per user per batch, so its documents follow how events fell into batches; what
 * must not depend on that is its entries (each with its user, number, time and change).
 */
function feedEntries(chunks: ChangeChunkDoc[]): Doc[] {
  return chunks.flatMap((chunk) => chunk.entries.map((entry) => ({ _id: entry.positionKey, userId: chunk.userId, ...entry })));
}

/** Replays the whole log of `eventsPath` into a new embedded read store at `readModelsPath`. */
export async function freshRebuild(eventsPath: string, readModelsPath: string): Promise<bigint> {
  const eventStore = await openEventLogAt(dirname(eventsPath));
  const readStore = await openEmbeddedReadStore(readModelsPath);
  try {
    return (await rebuildReadModels(eventStore, readStore, allProjections)).head;
  } finally {
    await readStore.close();
    await eventStore.close();
  }
}

/** The projector lease row of the embedded default, read through a separate read-only connection. */
export function readLease(dataDir: string): { holder: string; expiresAt: number } | null {
  const file = join(dataDir, 'projector-lease.sqlite');
  if (!existsSync(file)) return null;
  const db = new SqliteDatabase(file, { readOnly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT holder, expires_at FROM leases WHERE name = 'projector'").get() as { holder: string; expires_at: number } | undefined;
    return row ? { holder: row.holder, expiresAt: row.expires_at } : null;
  } finally {
    db.close();
  }
}
