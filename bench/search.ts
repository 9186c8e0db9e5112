import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteEventStore } from '../services/eventstore/sqlite-event-store';
import type { EventStore, NewEvent } from '../services/eventstore/event-store';
import { openSqliteDataKeyStore } from '../services/security/sqlite-data-keys';
import { SealedEventStore } from '../services/security/sealed-event-store';
import { openEmbeddedReadStore } from '../projections/read-store/embedded-read-store';
import { Projector } from '../projections/projector';
import { allProjections } from '../projections/registry';
import { randomId } from '../services/security/secrets';
import { searchOwnContent } from '../services/application/content-search';
import { readOwnedScript } from '../services/application/scripts';
import type { AppContext } from '../services/application/context';
import { percentile } from './load';

/**
 * Full-text search over one user's `scripts` scripts (about 1.5 KB of Lua each, words drawn so that some queries match
 * every script, some a tenth, some one), seeded through the sealed embedded log and projected as the server does.
 * Each query runs the whole use case (ranking, one page of 20, matching lines, folder paths), alternating with the
 * baseline: reading one script by id through its use case, on the same store in the same run.
 */
export interface SearchFigures {
  scripts: number;
  otherScripts: number;
  projectSeconds: number;
  searchMedianMs: number;
  searchP99Ms: number;
  lookupMedianMs: number;
  lookupP99Ms: number;
  perQuery: { query: string; versions: 'current' | 'all'; hits: number; medianMs: number }[];
}

const SERVICES = ['Players', 'ReplicatedStorage', 'TweenService', 'DataStoreService', 'RunService', 'HttpService', 'UserInputService', 'Workspace', 'Lighting', 'SoundService'];
const VERBS = ['update', 'spawn', 'reward', 'save', 'load', 'tween', 'damage', 'heal', 'teleport', 'notify', 'render', 'queue'];
const NOUNS = ['player', 'inventory', 'coins', 'enemy', 'door', 'badge', 'round', 'lobby', 'weapon', 'pet', 'quest', 'shop'];

/** Queries: every script (`local`, `function end`), a share of them, a service pair, one script, none. */
const QUERIES: { query: string; versions: 'current' | 'all' }[] = [
  { query: 'local', versions: 'current' },
  { query: 'local function end', versions: 'current' },
  { query: 'game:GetService("Players")', versions: 'current' },
  { query: 'TweenService tween', versions: 'current' },
  { query: 'DataStoreService save coins', versions: 'current' },
  { query: 'marker_4242', versions: 'current' },
  { query: 'nothing_matches_this', versions: 'current' },
  { query: 'reward badge', versions: 'all' },
  { query: 'marker_4242', versions: 'all' },
];

export async function measureSearch(options: { scripts: number; otherScripts: number; repeats: number }): Promise<SearchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-search-'));
  try {
    const eventStore = new SealedEventStore(openSqliteEventStore(join(dir, 'events.sqlite')), openSqliteDataKeyStore(join(dir, 'data-keys.sqlite')));
    const userId = randomId(12);
    const ids = await seed(eventStore, userId, options.scripts, Math.floor(options.scripts / 2));
    for (let o = 0; o < options.otherScripts; o += 1000) await seed(eventStore, randomId(12), Math.min(1000, options.otherScripts - o), -1);
    const readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const projectStarted = performance.now();
    const projector = new Projector(eventStore, readStore, allProjections);
    await projector.start();
    await projector.waitFor(await eventStore.headPosition(), 600_000);
    await readStore.settleTextIndexes(); // searches measure looking up, not indexing what the seeding left queued
    await projector.stop();
    const projectSeconds = (performance.now() - projectStarted) / 1000;

    const ctx = { readStore } as Pick<AppContext, 'readStore'>;
    const actor = { userId, actorId: `user:${userId}` };
    const search = (q: (typeof QUERIES)[number]) => searchOwnContent(ctx, actor, { q: q.query, versions: q.versions, limit: 20, skip: 0 });
    const lookup = (i: number) => readOwnedScript(ctx as AppContext, actor, ids[(i * 7919) % ids.length]!);
    const hits = new Map<string, number>();
    for (const q of QUERIES) hits.set(`${q.versions}:${q.query}`, (await search(q)).items.length); // warm-up, and a check
    if ((hits.get('current:marker_4242') ?? 0) !== 1) throw new Error('search bench: the marker query should find exactly one script');

    const searchMs: number[] = [];
    const lookupMs: number[] = [];
    const perQuery = new Map<string, number[]>();
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    for (let round = 0; round < options.repeats; round++) {
      for (const q of QUERIES) {
        const ms = await time(() => search(q));
        searchMs.push(ms);
        perQuery.set(`${q.versions}:${q.query}`, [...(perQuery.get(`${q.versions}:${q.query}`) ?? []), ms]);
        lookupMs.push(await time(() => lookup(round * QUERIES.length + searchMs.length)));
      }
    }
    await readStore.close();
    await eventStore.close();
    return {
      scripts: options.scripts,
      otherScripts: options.otherScripts,
      projectSeconds,
      searchMedianMs: percentile(searchMs, 0.5),
      searchP99Ms: percentile(searchMs, 0.99),
      lookupMedianMs: percentile(lookupMs, 0.5),
      lookupP99Ms: percentile(lookupMs, 0.99),
      perQuery: QUERIES.map((q) => ({ ...q, hits: hits.get(`${q.versions}:${q.query}`)!, medianMs: percentile(perQuery.get(`${q.versions}:${q.query}`)!, 0.5) })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface DeepVersionSearchFigures {
  versions: number;
  baselineVersions: number;
  deepMedianMs: number;
  baselineMedianMs: number;
  /** the event loop's longest wait during one search of the deep history */
  deepLongestMs: number;
}

/**
 * A search of all versions (`versions=all`) for a word every version holds, over one script of `versions` versions,
 * against the same search over a script of `baselineVersions` (another user, same store, alternating): a search of a
 * long history should cost what a short one does.
 */
export async function measureDeepVersionSearch(options: { versions: number; baselineVersions: number; repeats: number }): Promise<DeepVersionSearchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'luavault-deep-search-'));
  try {
    const eventStore = openSqliteEventStore(join(dir, 'events.sqlite'));
    const deep = await seedHistory(eventStore, options.versions);
    const short = await seedHistory(eventStore, options.baselineVersions);
    const readStore = await openEmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const projector = new Projector(eventStore, readStore, allProjections);
    await projector.start();
    await projector.waitFor(await eventStore.headPosition(), 600_000);
    await readStore.settleTextIndexes();
    await projector.stop();
    const ctx = { readStore } as Pick<AppContext, 'readStore'>;
    const search = (userId: string) => searchOwnContent(ctx, { userId, actorId: `user:${userId}` }, { q: 'local', versions: 'all', limit: 20, skip: 0 });
    const timed = async (userId: string) => {
      const started = performance.now();
      await search(userId);
      return performance.now() - started;
    };
    const deepMs: number[] = [];
    const baselineMs: number[] = [];
    await search(deep);
    await search(short);
    for (let round = 0; round < options.repeats; round++) {
      deepMs.push(await timed(deep));
      baselineMs.push(await timed(short));
    }
    await readStore.close();
    await eventStore.close();
    // a search is synchronous SQLite on the embedded store: its time is the event loop's wait
    return { versions: options.versions, baselineVersions: options.baselineVersions, deepMedianMs: percentile(deepMs, 0.5), baselineMedianMs: percentile(baselineMs, 0.5), deepLongestMs: Math.max(...deepMs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One user with one script of `versions` versions (about 1.5 KB each, every one holding `local`); its user id. */
async function seedHistory(store: EventStore, versions: number): Promise<string> {
  const userId = randomId(12);
  const scriptId = randomId(12);
  const meta = () => ({ actorId: `user:${userId}`, at: new Date().toISOString(), schemaVersion: 1, ownerId: userId });
  await store.appendToStream(`user-${userId}`, [{ type: 'UserRegistered', data: { userId, username: `deep${userId}`, passwordHash: 'x', email: null }, metadata: meta() }], {
    expectedRevision: 'any',
  });
  for (let from = 1; from <= versions; from += 500) {
    const events: NewEvent[] = [];
    for (let version = from; version < from + 500 && version <= versions; version++) {
      const content = source(version, version, false);
      events.push(
        version === 1
          ? { type: 'ScriptCreated', data: { scriptId, ownerId: userId, title: 'Deep', content, folderId: null, version: 1, comment: 'Initial version' }, metadata: meta() }
          : { type: 'ScriptSaved', data: { scriptId, title: 'Deep', content, version, comment: `v${version}` }, metadata: meta() },
      );
    }
    await store.appendToStream(`script-${scriptId}`, events, { expectedRevision: 'any' });
  }
  return userId;
}

/**
 * `count` scripts of one user, created as the server records them (the version-2 save of every tenth one too); the
 * one at `markerAt` holds the word the rare query looks for.
 */
async function seed(store: EventStore, userId: string, count: number, markerAt: number): Promise<string[]> {
  const meta = () => ({ actorId: `user:${userId}`, at: new Date().toISOString(), schemaVersion: 1, ownerId: userId });
  await store.appendToStream(`user-${userId}`, [{ type: 'UserRegistered', data: { userId, username: `search${userId}`, passwordHash: 'x', email: null }, metadata: meta() }], {
    expectedRevision: 'any',
  });
  const ids: string[] = [];
  let pending: Promise<unknown>[] = [];
  for (let n = 0; n < count; n++) {
    const scriptId = randomId(12);
    ids.push(scriptId);
    const title = `${pick(VERBS, n, 1)} ${pick(NOUNS, n, 2)} ${n}`;
    const events: NewEvent[] = [
      { type: 'ScriptCreated', data: { scriptId, ownerId: userId, title, content: source(n, 1, n === markerAt), folderId: null, version: 1, comment: 'Initial version' }, metadata: meta() },
    ];
    if (n % 10 === 0) events.push({ type: 'ScriptSaved', data: { scriptId, title, content: source(n, 2, n === markerAt), version: 2, comment: 'v2' }, metadata: meta() });
    pending.push(store.appendToStream(`script-${scriptId}`, events, { expectedRevision: 'no_stream' }));
    if (pending.length >= 200) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return ids;
}

/** Deterministic, evenly spread choices (a 32-bit integer hash of n and salt), so every run searches the same text. */
function pick<T>(list: T[], n: number, salt: number): T {
  let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return list[((h ^ (h >>> 16)) >>> 0) % list.length]!;
}

function source(n: number, version: number, marked: boolean): string {
  const services = [pick(SERVICES, n, 3), pick(SERVICES, n, 4)];
  const lines = [`-- ${pick(VERBS, n, 5)} ${pick(NOUNS, n, 6)} module v${version}`];
  for (const service of new Set(services)) lines.push(`local ${service} = game:GetService("${service}")`);
  if (marked) lines.push('local marker_4242 = true -- the one script the rare query finds');
  for (let f = 0; f < 8; f++) {
    const verb = pick(VERBS, n + f, 7);
    const noun = pick(NOUNS, n * 3 + f, 8);
    lines.push(`local function ${verb}_${noun}(${noun}, amount)`, `  ${noun}.${pick(NOUNS, n + f, 9)} = (${noun}.${pick(NOUNS, n + f, 9)} or 0) + amount * ${version}`, `  return ${noun}`, 'end');
  }
  lines.push('return { ready = true }');
  return `${lines.join('\n')}\n`;
}
