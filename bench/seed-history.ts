import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openEventLog } from '../services/storage';
import { loadConfig } from '../services/config';
import type { ExpectedRevision, NewEvent } from '../services/eventstore/event-store';
import { scriptDecider, type ScriptState } from '../services/domain/script/decider';
import type { ScriptCommand } from '../services/domain/script/commands';
import { scriptStream, type ScriptEvent } from '../services/domain/script/events';
import { luaSource } from './api';

/**
 * Writes history fast: saves decided by the real script decider on the real streams (scripts created earlier through
 * HTTP), appended straight to the embedded event log while no server runs. The same events the save route records,
 * without an HTTP round trip, an fsync and a projection wait per save. The server projects them at its next start.
 * Usage: node seed-history.mjs <events.sqlite> <plan.json>; plan: { scripts: [{ id, ownerId, label }], versions, versionBytes }.
 * Prints one JSON line: { events, contentBytes }.
 */
interface Plan {
  scripts: { id: string; ownerId: string; label: string }[];
  /** versions each script ends with (its version 1 exists already) */
  versions: number;
  versionBytes: number;
}

const CHUNK = 20;
const [eventsFile, planFile] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile!, 'utf8')) as Plan;
// The log as the server sees it: the scripts' first versions were sealed by the server, and so are these saves.
const store = await openEventLog(loadConfig({ DATA_DIR: dirname(eventsFile!) }));
let clock = Date.now();
let events = 0;
let contentBytes = 0;

async function seedScript(script: Plan['scripts'][number]): Promise<void> {
  const stream = scriptStream(script.id);
  const recorded = await store.readStream(stream);
  let state: ScriptState = recorded.reduce((s, r) => scriptDecider.evolve(s, { type: r.type, data: r.data } as ScriptEvent), scriptDecider.initialState());
  let revision: ExpectedRevision = recorded.length ? recorded[recorded.length - 1]!.revision : 'no_stream';
  let pending: NewEvent[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    revision = (await store.appendToStream(stream, pending, { expectedRevision: revision })).nextRevision;
    events += pending.length;
    pending = [];
  };
  for (let version = recorded.length + 1; version <= plan.versions; version++) {
    const at = new Date((clock += 5)).toISOString();
    const actorId = `user:${script.ownerId}`;
    const content = luaSource(script.label, version, plan.versionBytes);
    const command = { type: 'SaveScript', data: { scriptId: script.id, userId: script.ownerId, content, comment: `save ${version}` }, metadata: { actorId, at } } as ScriptCommand;
    for (const event of scriptDecider.decide(command, state)) {
      state = scriptDecider.evolve(state, event);
      pending.push({ type: event.type, data: event.data, metadata: { actorId, at, schemaVersion: 1, ownerId: script.ownerId } });
    }
    contentBytes += content.length;
    if (pending.length >= CHUNK) await flush();
  }
  await flush();
}

// A few scripts at a time: their appends share commits (group commit), and only their states are in memory.
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < plan.scripts.length) await seedScript(plan.scripts[next++]!);
  }),
);
await store.close();
console.log(JSON.stringify({ events, contentBytes }));
