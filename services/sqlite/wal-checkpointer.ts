import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { requireNodeSqlite } from './node-sqlite';

/** How often the background connection copies the WAL into the database file. */
export const WAL_CHECKPOINT_INTERVAL_MS = 100;

/**
 * The worker: its own connection to the file, a PASSIVE checkpoint now and then. PASSIVE never waits for the writer
 * or readers; a failure (busy, a full disk) is left to the next round or to the writer's own automatic checkpoint.
 * Plain CommonJS evaluated as a string, so it runs the same from source (tests) and from the server bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { existsSync } = require('node:fs');
const { DatabaseSync } = (${String(requireNodeSqlite)})(require);
if (!existsSync(workerData.file)) throw new Error('no SQLite file to checkpoint');
const db = new DatabaseSync(workerData.file, { timeout: 5000 });
db.exec('PRAGMA synchronous = ' + workerData.synchronous);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.get(); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Copies a WAL-mode SQLite file's log into the database on a worker thread, so that copy and its fsync stop landing
 * inside a commit on the event loop. The writer keeps its automatic checkpoint as a bound on the WAL's size (a
 * background checkpoint cannot restart the log while writes keep arriving); it then finds the frames already copied,
 * which costs it neither the copy nor an fsync. Measured under 50 concurrent writers: the projector's slowest batches
 * were those whose commit ran a 64 MB checkpoint of the read models (about 50 ms each).
 */
export function startWalCheckpointer(file: string, options: { synchronous: 'NORMAL' | 'FULL'; intervalMs?: number }): WalCheckpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, synchronous: options.synchronous, intervalMs: options.intervalMs ?? WAL_CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  // A worker that cannot open the file (removed under us) just ends: checkpoints fall back to the writer's own.
  worker.on('error', () => undefined);
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        if (worker.threadId === -1) return; // already exited
        // Referenced again while stopping: an unreferenced worker's exit does not keep the process alive, so a caller
        // awaiting stop() with nothing else pending saw its process end mid-shutdown (exit 13) instead of the exit.
        worker.ref();
        const exited = once(worker, 'exit').then(() => undefined);
        worker.postMessage('stop');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
        clearTimeout(timer);
        await worker.terminate();
      })();
      return stopped;
    },
  };
}
