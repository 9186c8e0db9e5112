import { Worker } from 'node:worker_threads';
import { requireNodeSqlite } from '../../services/sqlite/node-sqlite';

/**
 * The worker: its own connection to the read-models file, answering queries (only reads: `query_only`) as arrays of
 * column values. Plain CommonJS evaluated as a string, so it runs the same from source (tests) and from the bundle.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { existsSync } = require('node:fs');
const { DatabaseSync } = (${String(requireNodeSqlite)})(require);
if (!existsSync(workerData.file)) throw new Error('no read models to query');
const db = new DatabaseSync(workerData.file, { timeout: 5000 });
db.exec('PRAGMA query_only = 1');
const statements = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 64) statements.clear();
      statement = db.prepare(sql);
      statement.setReturnArrays(true);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...params) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Waiting {
  resolve(rows: unknown[][]): void;
  reject(error: Error): void;
}

/**
 * Runs read queries on a worker thread with a connection of its own to a WAL-mode SQLite file, so a long query
 * leaves the event loop free. Full-text ranking is such a query: FTS5 reads every position of the words in every
 * candidate row, and a word repeated millions of times in an account's texts took 1.7 s of synchronous SQLite, during
 * which every other request waited. The worker sees what is committed (WAL snapshot); queries run one at a time.
 * Started on the first query; a worker that fails is replaced on the next.
 */
export class SqliteQueryWorker {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private stopped = false;

  constructor(private readonly file: string) {}

  /** The rows of `sql` as arrays of column values, in select order. */
  query(sql: string, params: unknown[]): Promise<unknown[][]> {
    if (this.stopped) return Promise.reject(new Error('the query worker is stopped'));
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<unknown[][]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref(); // a search awaited with nothing else pending must not let the process end
      worker.postMessage({ id, sql, params });
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('the query worker was stopped'));
    await worker?.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file } });
    worker.unref();
    worker.on('message', ({ id, rows, error }: { id: number; rows?: unknown[][]; error?: string }) => {
      const waiting = this.waiting.get(id);
      this.waiting.delete(id);
      if (this.waiting.size === 0) worker.unref();
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(rows!);
    });
    const gone = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failAll(error);
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new Error('the query worker stopped')));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
