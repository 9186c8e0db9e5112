import { loadStylua } from '../monaco/stylua-loader';
import { checkLuauWith, type StyluaApi } from './check';
import type { CheckReply, CheckRequest } from './luau-syntax.worker';
import LuauWorker from './luau-syntax.worker?worker';
import type { LuauSyntaxError } from './syntax-report';

export type { LuauSyntaxError } from './syntax-report';

/** A check that a newer one replaced before it started: its result would be stale. */
export class SupersededCheck extends Error {
  constructor() {
    super('A newer syntax check replaced this one');
  }
}

type Pending = { request: CheckRequest; resolve: (errors: LuauSyntaxError[]) => void; reject: (err: Error) => void };

let worker: Worker | null = null;
let workerBroken = typeof Worker === 'undefined';
let nextId = 1;
let running: Pending | null = null;
let waiting: Pending | null = null;

function startWorker(): Worker {
  const w = new LuauWorker();
  w.onmessage = (event: MessageEvent<CheckReply>) => {
    const done = running;
    running = null;
    if (done && done.request.id === event.data.id) {
      if ('errors' in event.data) done.resolve(event.data.errors);
      else done.reject(new Error(event.data.failed));
    }
    sendNext();
  };
  w.onerror = () => {
    // the worker could not start (or died): check on the main thread from now on
    workerBroken = true;
    worker?.terminate();
    worker = null;
    for (const p of [running, waiting]) if (p) void mainThread(p.request.code).then(p.resolve, p.reject);
    running = waiting = null;
  };
  return w;
}

function sendNext(): void {
  if (running || !waiting) return;
  running = waiting;
  waiting = null;
  worker ??= startWorker();
  worker.postMessage(running.request);
}

async function mainThread(code: string): Promise<LuauSyntaxError[]> {
  return checkLuauWith((await loadStylua()) as unknown as StyluaApi, code);
}

/**
 * The editor's syntax check: Luau parse errors of `code`, empty when the script parses. Runs the StyLua WebAssembly
 * (full-moon) in a web worker, fetched from our own origin the first time an editor screen checks a script. One check
 * runs at a time and only the latest waits behind it: an older waiting check rejects with SupersededCheck.
 */
export function checkLuauSyntax(code: string): Promise<LuauSyntaxError[]> {
  if (!code.trim()) return Promise.resolve([]);
  if (workerBroken) return mainThread(code);
  return new Promise((resolve, reject) => {
    waiting?.reject(new SupersededCheck());
    waiting = { request: { id: nextId++, code }, resolve, reject };
    sendNext();
  });
}
