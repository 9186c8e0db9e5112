import { createRequire } from 'node:module';

type NodeSqlite = typeof import('node:sqlite');

/**
 * Loads `node:sqlite` without the one "SQLite is an experimental feature" warning Node 22 prints on first load (Node 24
 * prints none): the binding is this product's storage, not an experiment its users opted into, and the line looked
 * like a fault on every start. Any other warning still shows. Self-contained, so the worker threads run the very same
 * function from its source text (`String(requireNodeSqlite)`).
 */
export function requireNodeSqlite(load: (id: string) => unknown): NodeSqlite {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const message = typeof warning === 'string' ? warning : warning.message;
    if (message.startsWith('SQLite is an experimental feature')) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return load('node:sqlite') as NodeSqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
}

export const nodeSqlite = requireNodeSqlite(createRequire(import.meta.url));
