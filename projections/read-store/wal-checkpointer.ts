import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies committed write-ahead-log pages into the database file. */
const INTERVAL_MS = 250;

/**
 * The thread's code (CommonJS, run with `eval`): its own connection to the file, a PASSIVE checkpoint (never waits
 * for, nor blocks, the writer) on every tick, errors ignored (a full disk, a busy checkpoint: the next tick retries,
 * and the writer's own autocheckpoint remains as a safety net).
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints an SQLite file's write-ahead log on another thread. The writer's autocheckpoint runs inside whichever
 * commit crosses its threshold: during a rebuild that was about 0.3 s of every 100,000 events (copying and syncing the
 * log), paid by the projector's thread, and a stall of a live commit now and then. Here it runs beside them.
 */
export class WalCheckpointer {
  private stopped: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {}

  /** Starts checkpointing `file` (an existing SQLite database in WAL mode); null if no thread could be started. */
  static start(file: string): WalCheckpointer | null {
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver, intervalMs: INTERVAL_MS } });
      worker.on('error', () => undefined); // the thread ends; the writer's autocheckpoint still runs
      worker.unref(); // never keeps the process alive
      return new WalCheckpointer(worker);
    } catch {
      return null;
    }
  }

  /** Stops after the checkpoint in progress, if any, and closes the thread's connection. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      if (this.worker.threadId === -1) return; // ended already
      const exited = once(this.worker, 'exit').catch(() => undefined);
      this.worker.ref(); // the process waits for the thread to end
      this.worker.postMessage('stop');
      await exited;
    })();
    return this.stopped;
  }
}
