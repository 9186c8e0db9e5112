import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { allProjections } from '../../projections/registry';
import { Client, createScript, startTestServer, uniqueName, versionsWithContent, type TestServer } from '../http/client';
import { CheckpointPeek, eventsFile, killAllChildren, readModelsFile, startChildServer, waitUntil, openEventLogAt } from './harness';

/**
 * The whole server (gateway and projector in one process) killed with SIGKILL while saves are in flight:
 * after a restart on the same DATA_DIR every save that was acknowledged is there, with its version number
 * and content, and each script's versions run 1..n without a gap.
 */

const SCRIPTS = 12;
const ACKS_BEFORE_KILL = 120;

let server: TestServer | undefined;
afterEach(killAllChildren);
afterAll(async () => {
  await server?.dispose();
});

interface Ack {
  scriptId: string;
  version: number;
  content: string;
}

describe('gateway killed with kill -9', () => {
  it('loses no acknowledged save', { timeout: 90_000 }, async () => {
    const started = performance.now();
    const lap = (what: string) => console.log(`gateway-kill: ${what} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const dataDir = mkdtempSync(join(tmpdir(), 'luavault-gateway-kill-'));
    const child = await startChildServer({ role: 'all', dataDir, leaseTtlMs: 1000 });
    const alice = new Client(child.url);
    expect((await alice.register(uniqueName('alice'))).status).toBe(201);
    // Created one after the other: concurrent creates by one user contend on the user's stream (script slots).
    const scripts: Awaited<ReturnType<typeof createScript>>[] = [];
    for (let i = 0; i < SCRIPTS; i++) scripts.push(await createScript(alice, { title: `Hot ${i}`, content: `-- v1 of ${i}` }));
    const acks: Ack[] = scripts.map((s) => ({ scriptId: s.id, version: 1, content: s.content }));
    lap(`server up, ${SCRIPTS} scripts created`);

    // One writer per script, all at once, saving until the connection dies.
    let inFlight = 0;
    let killed = false;
    let failedAfterKill = 0;
    const problems: string[] = [];
    const writers = scripts.map(async (script, w) => {
      for (let n = 2; ; n++) {
        const content = `-- writer ${w}, save ${n}\nprint(${n})\n`;
        inFlight++;
        let res;
        try {
          res = await alice.put(`/api/scripts/${script.id}`, { content, comment: `save ${n}` });
        } catch (error) {
          if (killed) failedAfterKill++;
          else problems.push(`save failed before the kill: ${(error as Error).message}`);
          return;
        } finally {
          inFlight--;
        }
        // One writer per script: a 200 answers this very save, with its version number.
        if (res.status !== 200 || res.body.content !== content) {
          problems.push(`unexpected answer to a save: ${res.status} ${res.text.slice(0, 200)}`);
          return;
        }
        acks.push({ scriptId: script.id, version: res.body.version, content });
      }
    });

    await waitUntil(
      () => {
        if (problems.length > 0) throw new Error(problems.join('; '));
        return acks.length - SCRIPTS >= ACKS_BEFORE_KILL;
      },
      { timeoutMs: 45_000, intervalMs: 5, what: `${ACKS_BEFORE_KILL} acknowledged saves` },
    );
    killed = true;
    const inFlightAtKill = inFlight;
    await child.kill9();
    await Promise.all(writers);
    lap(`killed with ${inFlightAtKill} saves in flight after ${acks.length - SCRIPTS} acknowledged`);
    expect(problems).toEqual([]);
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(failedAfterKill).toBe(SCRIPTS); // every writer's last save went unanswered

    // Restarted in-process on the same DATA_DIR, right away.
    server = await startTestServer({ dataDir });
    lap('restarted');
    const events = await openEventLogAt(dataDir);
    const head = await events.headPosition();
    await events.close();
    const peek = new CheckpointPeek(readModelsFile(dataDir));
    await waitUntil(() => peek.lowest(allProjections.map((p) => p.name)) >= head, { timeoutMs: 30_000, what: 'the read models to catch up' });
    peek.close();

    const again = new Client(server.url);
    for (const [name, value] of alice.cookies) again.cookies.set(name, value); // same session secret, same session
    for (const script of scripts) {
      const versions = await versionsWithContent(again, script.id);
      const byVersion = new Map(versions.map((v) => [v.version, v.content]));
      for (const ack of acks.filter((a) => a.scriptId === script.id)) {
        expect(byVersion.get(ack.version), `script ${script.id} version ${ack.version}`).toBe(ack.content);
      }
      const numbers = versions.map((v) => v.version).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1)); // 1..n, no gap
      // at most the one save that was in flight for this script went through unacknowledged
      const acked = acks.filter((a) => a.scriptId === script.id).length;
      expect(numbers.length - acked).toBeGreaterThanOrEqual(0);
      expect(numbers.length - acked).toBeLessThanOrEqual(1);
      const current = (await again.get(`/api/scripts/${script.id}`)).body;
      expect(current.version).toBe(numbers.length);
      expect(current.content).toBe(byVersion.get(numbers.length));
    }

    // Saving goes on with the next version number.
    const next = await again.put(`/api/scripts/${scripts[0]!.id}`, { content: 'after the crash' });
    expect(next.status).toBe(200);
    expect(next.body.version).toBe((await versionsWithContent(again, scripts[0]!.id)).length);
    lap(`verified ${acks.length} acknowledged versions`);
  });
});
