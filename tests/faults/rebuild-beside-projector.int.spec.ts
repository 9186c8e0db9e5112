import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../services/sqlite/database';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/registry';
import { openEmbeddedReadStore } from '../../projections/read-store/embedded-read-store';
import { signedInUser, type Client } from '../http/client';
import { appendDecidedScriptCommands, luaContent, seedWorkload } from './seed';
import { CheckpointPeek, dumpReadModels, eventsFile, freshRebuild, killAllChildren, readModelsFile, startChildServer, waitUntil, openEventLogAt } from './harness';

/**
 * The runbook's rebuild on the embedded default: `npm run projections:rebuild` while `npm start` serves writes.
 * The rebuild fills its own copy under its own lease, the running projector swaps it in, and afterwards every
 * acknowledged write is served and the read models equal a fresh rebuild of the log.
 */

const PROJECTIONS = allProjections.map((p) => p.name);
const LEASE_TTL_MS = 1500;
const dirs: string[] = [];
afterEach(killAllChildren);
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the rebuild command as an operator would, against `dataDir`; resolves with its exit code and output. */
function runRebuildCli(dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn('node_modules/.bin/tsx', ['projections/rebuild-cli.ts', `--projector-lease-ttl-ms=${LEASE_TTL_MS}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

interface Acknowledged {
  id: string;
  version: number;
  content: string;
}

/** Creates and saves scripts until stopped, remembering every write the server acknowledged. */
function keepWriting(user: Client) {
  const acknowledged = new Map<string, Acknowledged>();
  let stop = false;
  let failures = 0;
  const done = (async () => {
    for (let n = 0; !stop; n++) {
      const content = luaContent(`live${n}`, 1, 300);
      const created = await user.post('/api/scripts', { title: `Live ${n}`, content });
      if (created.status !== 201) {
        failures++;
        continue;
      }
      const id = (created.body as { id: string }).id;
      acknowledged.set(id, { id, version: 1, content });
      const saved = luaContent(`live${n}`, 2, 300);
      const res = await user.put(`/api/scripts/${id}`, { content: saved, comment: 'during the rebuild' });
      if (res.status === 200) acknowledged.set(id, { id, version: 2, content: saved });
      else failures++;
    }
  })();
  return {
    user,
    acknowledged,
    get count() {
      return acknowledged.size;
    },
    async stop() {
      stop = true;
      await done;
      return failures;
    },
  };
}

describe('rebuild beside a running projector (embedded default)', () => {
  it('swaps a full rebuild in while writes go on: nothing lost, equal to a fresh rebuild', { timeout: 120_000 }, async () => {
    const started = performance.now();
    const lap = (what: string) => console.log(`rebuild-beside-projector: ${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const dataDir = mkdtempSync(join(tmpdir(), 'luavault-rebuild-'));
    dirs.push(dataDir);

    const seeding = await startChildServer({ role: 'all', dataDir, leaseTtlMs: LEASE_TTL_MS });
    const seeded = await seedWorkload(seeding.url, { users: 2, scriptsPerUser: 4, savesPerScript: 2, contentBytes: 1000 });
    await seeding.stop();
    // Live read models gone wrong (what a rebuild is for): a stray script and a tampered title, which only the swap
    // can repair (no event touches them again).
    const damaged = await openEmbeddedReadStore(readModelsFile(dataDir));
    const live = seeded.scripts.find((script) => !script.deleted)!;
    await damaged.commitBatch('workspace', (await damaged.getCheckpoint('workspace'))!, async (batch) => {
      await batch.collection('scripts').replaceOne({ _id: 'stray' }, { _id: 'stray', ownerId: live.ownerId, title: 'stray', lastPosition: '0' }, { upsert: true });
      await batch.collection('scripts').updateOne({ _id: live.id }, { $set: { title: 'tampered' } });
    });
    await damaged.close();

    const server = await startChildServer({ role: 'all', dataDir, leaseTtlMs: LEASE_TTL_MS });
    const events = await openEventLogAt(dataDir);
    const peek = new CheckpointPeek(readModelsFile(dataDir));
    try {
      // Volume, so the rebuild takes a while: appended to the log the server projects.
      await appendDecidedScriptCommands(events, seeded.scripts, { savesPerScript: 60, newScriptsPerOwner: 2, contentBytes: 1500 });
      lap(`seeded ${await events.headPosition()} events`);

      const writer = keepWriting(await signedInUser(server.url, 'writer'));
      await waitUntil(() => writer.count >= 3, { timeoutMs: 15_000, what: 'the first live writes' });
      const before = writer.count;
      const strayBefore = await openEmbeddedReadStore(readModelsFile(dataDir));
      expect(await strayBefore.collection('scripts').findOne({ _id: 'stray' }), 'the damage is live').not.toBeNull();
      await strayBefore.close();
      const rebuild = await runRebuildCli(dataDir);
      const during = writer.count - before;
      lap(`rebuild finished (exit ${rebuild.code}) with ${during} scripts written meanwhile`);
      expect(rebuild.code, rebuild.output).toBe(0);
      expect(rebuild.output).toMatch(/swapped it in/);
      expect(during, 'writes went on during the rebuild').toBeGreaterThan(0);
      // The live projector adopted the copy (the swap is recorded done) and the copy is gone.
      const leases = new SqliteDatabase(join(dataDir, 'projector-lease.sqlite'), { readOnly: true });
      expect(leases.prepare('SELECT state FROM swaps WHERE name = ?').get('projector')).toEqual({ state: 'done' });
      leases.close();
      expect(existsSync(join(dataDir, 'read-models.rebuild.sqlite'))).toBe(false);

      await new Promise((resolve) => setTimeout(resolve, 500)); // writes after the swap too
      const failures = await writer.stop();
      expect(failures, 'writes refused around the swap').toBe(0);

      // Every acknowledged write is served, as acknowledged.
      const head = await events.headPosition();
      await waitUntil(() => peek.lowest(PROJECTIONS) === head, { timeoutMs: 20_000, what: `the projector to reach ${head}` });
      for (const ack of writer.acknowledged.values()) {
        const res = await writer.user.get(`/api/scripts/${ack.id}`);
        expect(res.status, `script ${ack.id}`).toBe(200);
        expect(res.body).toMatchObject({ id: ack.id, version: ack.version, content: ack.content });
      }
      lap(`${writer.count} acknowledged scripts`);
    } finally {
      peek.close();
      await events.close();
    }
    await server.stop();
    expect(await server.exited).toBe(0);

    const projected = await dumpReadModels(readModelsFile(dataDir));
    const fresh = join(dataDir, 'fresh');
    mkdirSync(fresh);
    await freshRebuild(eventsFile(dataDir), readModelsFile(fresh));
    expect(projected).toEqual(await dumpReadModels(readModelsFile(fresh)));
    lap('read models equal a fresh rebuild');
  });
});
