import { randomBytes } from 'node:crypto';
import { Client, createFolder, createScript, signedInUser } from '../http/client';
import type { EventStore, ExpectedRevision, NewEvent } from '../../services/eventstore/event-store';
import { scriptDecider, type ScriptState } from '../../services/domain/script/decider';
import type { ScriptCommand } from '../../services/domain/script/commands';
import { scriptStream, scriptViewsStream, type ScriptEvent } from '../../services/domain/script/events';

/**
 * A realistic event log written through the real HTTP API: every kind of event the product records
 * (registrations, sign-ins and sign-outs, folders created/renamed/moved/made public/shared/deleted, scripts
 * created/saved/restored/moved/shared/revoked/deleted, share views, API keys created/used/deleted).
 */

export interface SeedOptions {
  users: number;
  scriptsPerUser: number;
  savesPerScript: number;
  /** approximate size of each script's content in bytes (projection cost grows with it) */
  contentBytes: number;
  /** users written at the same time */
  concurrency?: number;
}

export interface SeededScript {
  id: string;
  ownerId: string;
  label: string;
  deleted: boolean;
}

export interface SeedSummary {
  users: number;
  requests: number;
  scripts: SeededScript[];
}

/** Deterministic-looking Lua of about `bytes` bytes, different for every (script, version). */
export function luaContent(label: string, version: number, bytes: number): string {
  const header = `-- ${label} v${version}\nlocal M = {}\n`;
  const lines: string[] = [header];
  let size = header.length;
  for (let i = 0; size < bytes; i++) {
    const line = `function M.f${i}(x) return x * ${version} + ${i} end -- ${label}\n`;
    lines.push(line);
    size += line.length;
  }
  lines.push('return M\n');
  return lines.join('');
}

function expectStatus(res: { status: number; text: string }, expected: number, what: string): void {
  if (res.status !== expected) throw new Error(`${what}: expected ${expected}, got ${res.status} ${res.text.slice(0, 200)}`);
}

async function seedUser(baseUrl: string, index: number, options: SeedOptions): Promise<{ requests: number; scripts: SeededScript[] }> {
  let requests = 0;
  const user = await signedInUser(baseUrl, `seed${index}`);
  const count = <T>(p: Promise<T>) => {
    requests++;
    return p;
  };
  requests++;

  // Folders: a small tree, renamed, moved, one public, one shared, one deleted.
  const tools = await count(createFolder(user, 'Tools'));
  const games = await count(createFolder(user, 'Games'));
  const utils = await count(createFolder(user, 'Utils', tools.id));
  const scratch = await count(createFolder(user, 'Scratch'));
  expectStatus(await count(user.put(`/api/folders/${games.id}`, { name: 'Game scripts' })), 200, 'rename folder');
  expectStatus(await count(user.put(`/api/folders/${games.id}`, { isPublic: true })), 200, 'make folder public');
  expectStatus(await count(user.put(`/api/folders/${utils.id}`, { parentId: games.id })), 200, 'move folder');
  expectStatus(await count(user.post(`/api/folders/${tools.id}/share`)), 200, 'share folder');
  const folders = [null, tools.id, games.id, utils.id, scratch.id];

  // Scripts, each saved many times.
  const scripts: string[] = [];
  for (let s = 0; s < options.scriptsPerUser; s++) {
    const label = `u${index}s${s}`;
    const created = await count(createScript(user, { title: `Script ${label}`, content: luaContent(label, 1, options.contentBytes), folderId: folders[s % folders.length] }));
    scripts.push(created.id);
  }
  await Promise.all(
    scripts.map(async (id, s) => {
      const label = `u${index}s${s}`;
      for (let v = 2; v <= options.savesPerScript + 1; v++) {
        const body = v % 5 === 0 ? { title: `Script ${label} (rev ${v})`, content: luaContent(label, v, options.contentBytes), comment: `rename at ${v}` } : { content: luaContent(label, v, options.contentBytes), comment: `save ${v}` };
        expectStatus(await count(user.put(`/api/scripts/${id}`, body)), 200, 'save');
      }
    }),
  );

  const [first, second, third, fourth] = scripts;
  if (first) {
    expectStatus(await count(user.post(`/api/scripts/${first}/restore/1`)), 200, 'restore');
    const { shareId } = (await count(user.post(`/api/scripts/${first}/share`))).body;
    const anonymous = new Client(baseUrl);
    for (let i = 0; i < 3; i++) expectStatus(await count(anonymous.get(`/api/share/${shareId}/raw`)), 200, 'raw fetch');
    expectStatus(await count(anonymous.get(`/api/share/${shareId}`)), 200, 'share view');
  }
  if (second) {
    await count(user.post(`/api/scripts/${second}/share`));
    expectStatus(await count(user.delete(`/api/scripts/${second}/share`)), 204, 'revoke share');
    await count(user.post(`/api/scripts/${second}/share`));
  }
  if (third) {
    expectStatus(await count(user.post(`/api/scripts/${third}/move`, { folderId: utils.id })), 200, 'move script');
    expectStatus(await count(user.post(`/api/scripts/${third}/move`, { folderId: null })), 200, 'move script to root');
  }
  if (fourth) expectStatus(await count(user.delete(`/api/scripts/${fourth}`)), 204, 'delete script');
  // Deleting a folder moves its scripts to the root first.
  expectStatus(await count(user.delete(`/api/folders/${scratch.id}`)), 204, 'delete folder');

  // API keys: one used (ApiKeyUsed), one deleted.
  const key = (await count(user.post('/api/api-keys', { name: 'ci' }))).body as { id: string; key: string };
  expectStatus(await count(user.withApiKey(key.key).get('/api/v1/scripts')), 200, 'api key use');
  const gone = (await count(user.post('/api/api-keys', { name: 'old' }))).body as { id: string };
  expectStatus(await count(user.delete(`/api/api-keys/${gone.id}`)), 204, 'delete api key');

  // A second session, signed out.
  const other = new Client(baseUrl);
  expectStatus(await count(other.login(user.user!.username)), 200, 'login');
  expectStatus(await count(other.post('/api/logout')), 204, 'logout');
  return {
    requests,
    scripts: scripts.map((id, s) => ({ id, ownerId: user.user!.id, label: `u${index}s${s}`, deleted: id === fourth })),
  };
}

/** Seeds `options.users` users, `concurrency` at a time. */
export async function seedWorkload(baseUrl: string, options: SeedOptions): Promise<SeedSummary> {
  const concurrency = options.concurrency ?? 8;
  let next = 0;
  const done: { requests: number; scripts: SeededScript[] }[] = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, options.users) }, async () => {
      while (next < options.users) done.push(await seedUser(baseUrl, next++, options));
    }),
  );
  return { users: options.users, requests: done.reduce((n, d) => n + d.requests, 0), scripts: done.flatMap((d) => d.scripts) };
}

/**
 * Volume without HTTP round trips (each HTTP save waits for an fsync and the projection): more script commands
 * decided by the real script decider on the real streams, appended straight to the event store, plus batched
 * view counts as the gateway's view counter records them. Same events a busy gateway would write.
 */
export async function appendDecidedScriptCommands(
  eventStore: EventStore,
  scripts: SeededScript[],
  options: { savesPerScript: number; newScriptsPerOwner: number; contentBytes: number; /** more owners (user ids) than those of `scripts` */ owners?: string[] },
): Promise<number> {
  // `firstContent`: version 1's content, which a restore carries (restores read it from the version timeline)
  const streams = new Map<string, { state: ScriptState; revision: ExpectedRevision; pending: NewEvent[]; firstContent: string | null }>();
  let clock = Date.now(); // one second per command from now: later than everything already in the log
  const run = async (command: Omit<ScriptCommand, 'metadata'>, ownerId: string) => {
    const stream = scriptStream(command.data.scriptId);
    let entry = streams.get(stream);
    if (!entry) {
      const recorded = await eventStore.readStream(stream);
      const state = recorded.reduce((s, r) => scriptDecider.evolve(s, { type: r.type, data: r.data } as ScriptEvent), scriptDecider.initialState());
      const created = recorded.find((r) => r.type === 'ScriptCreated')?.data as { content?: string } | undefined;
      entry = { state, revision: recorded.length ? recorded[recorded.length - 1]!.revision : 'no_stream', pending: [], firstContent: created?.content ?? null };
      streams.set(stream, entry);
    }
    const at = new Date((clock += 1000)).toISOString();
    const data = command.type === 'RestoreVersion' ? { ...command.data, content: entry.firstContent } : command.data;
    const events = scriptDecider.decide({ ...command, data, metadata: { actorId: `user:${ownerId}`, at } } as ScriptCommand, entry.state);
    for (const event of events) {
      if (event.type === 'ScriptCreated') entry.firstContent = event.data.content;
      entry.state = scriptDecider.evolve(entry.state, event);
      entry.pending.push({ type: event.type, data: event.data, metadata: { actorId: `user:${ownerId}`, at, schemaVersion: 1, ownerId } });
    }
  };

  const live = scripts.filter((s) => !s.deleted);
  const owners = [...new Set([...live.map((s) => s.ownerId), ...(options.owners ?? [])])];
  const targets = [...live];
  for (const ownerId of owners) {
    for (let n = 0; n < options.newScriptsPerOwner; n++) {
      const id = `bulk${randomBytes(6).toString('hex')}`;
      const label = `${ownerId}-bulk${n}`;
      await run({ type: 'CreateScript', data: { scriptId: id, userId: ownerId, title: `Bulk ${label}`, content: luaContent(label, 1, options.contentBytes), folderId: null } }, ownerId);
      targets.push({ id, ownerId, label, deleted: false });
    }
  }
  for (let v = 0; v < options.savesPerScript; v++) {
    for (const script of targets) {
      const data = { scriptId: script.id, userId: script.ownerId };
      if (v % 25 === 24) await run({ type: 'RestoreVersion', data: { ...data, version: 1, content: null } }, script.ownerId);
      else await run({ type: 'SaveScript', data: { ...data, content: luaContent(script.label, 1000 + v, options.contentBytes), comment: `bulk save ${v}` } }, script.ownerId);
    }
  }

  let appended = 0;
  // All appends issued in one turn share one transaction (group commit); revisions chain within each stream.
  await Promise.all(
    [...streams].map(async ([stream, entry]) => {
      for (let i = 0; i < entry.pending.length; i += 50) {
        const chunk = entry.pending.slice(i, i + 50);
        const result = await eventStore.appendToStream(stream, chunk, { expectedRevision: entry.revision });
        entry.revision = result.nextRevision;
        appended += chunk.length;
      }
    }),
  );
  // Views, as the gateway's view counter records them (one event per script and kind per flush; every third one
  // without a kind, as recorded before page views and raw fetches were told apart).
  const at = new Date((clock += 1000)).toISOString();
  await Promise.all(
    targets.map(async (script, i) => {
      const kind = i % 3 === 2 ? {} : { kind: i % 3 === 0 ? 'raw' : 'page' };
      await eventStore.appendToStream(scriptViewsStream(script.id), [{ type: 'ScriptViewsCounted', data: { scriptId: script.id, count: 1 + (i % 7), ...kind }, metadata: { actorId: 'system:views', at, schemaVersion: 1 } }], { expectedRevision: 'any' });
      appended++;
    }),
  );
  return appended;
}
