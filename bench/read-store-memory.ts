import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEmbeddedReadStore } from '../projections/read-store/embedded-read-store';
import type { IndexSpec } from '../projections/read-store/read-store';

/**
 * Resident memory of the embedded read store, empty and after storing `count` documents of 4 KB: each phase runs in a
 * fresh process, so what it shows is what a restart costs. `npx tsx bench/read-store-memory.ts [count]`
 */
const INDEXES: IndexSpec[] = [
  { collection: 'scripts', keys: { ownerId: 1 } },
  { collection: 'versions', keys: { scriptId: 1, version: -1 } },
];

async function phase(mode: 'open' | 'seed' | 'read', file: string, count: number): Promise<void> {
  const started = performance.now();
  const store = await openEmbeddedReadStore(file);
  const openMs = performance.now() - started;
  await store.ensureIndexes(INDEXES);
  if (mode === 'seed') {
    const content = 'local x = 1\n'.repeat(340);
    for (let from = 0; from < count; from += 5000) {
      await store.commitBatch('bench', BigInt(from), async (batch) => {
        for (let i = from; i < Math.min(from + 5000, count); i++) {
          const version = { _id: `v${i}`, scriptId: `s${i % 20_000}`, version: Math.floor(i / 20_000), content };
          await batch.collection('versions').replaceOne({ _id: version._id }, version, { upsert: true });
          if (i % 10 === 0) await batch.collection('scripts').replaceOne({ _id: `s${i / 10}` }, { _id: `s${i / 10}`, ownerId: `u${i % 1000}` }, { upsert: true });
        }
      });
    }
  }
  if (mode === 'read') {
    for (let i = 0; i < 2000; i++) await store.collection('versions').findOne({ _id: `v${(i * 7919) % count}` });
    for (let i = 0; i < 200; i++) await store.collection('versions').find({ scriptId: `s${i * 13}` }, { sort: { version: -1 }, projection: { content: 0 } });
    for (let i = 0; i < 200; i++) await store.collection('scripts').find({ ownerId: `u${i}` });
  }
  (globalThis as { gc?: () => void }).gc?.();
  console.log(JSON.stringify({ mode, openMs: Math.round(openMs), rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }));
  await store.close();
}

async function main(): Promise<void> {
  const [mode, file, count] = process.argv.slice(2);
  if (mode === 'open' || mode === 'seed' || mode === 'read') return phase(mode, file!, Number(count));
  const total = Number(mode ?? 200_000);
  const dir = mkdtempSync(join(tmpdir(), 'luavault-read-memory-'));
  const self = fileURLToPath(import.meta.url);
  const run = (phaseName: string, target: string) =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, phaseName, target, String(total)], { encoding: 'utf8' }).trim()) as {
      openMs: number;
      rssMb: number;
    };
  try {
    const empty = run('open', join(dir, 'empty.sqlite'));
    const file = join(dir, 'read-models.sqlite');
    run('seed', file);
    const reopened = run('open', file);
    const read = run('read', file);
    console.log(`embedded read store, ${total} documents of 4 KB (${Math.round(statSync(file).size / 2 ** 20)} MB file):`);
    console.log(`  empty: ${empty.rssMb} MB RSS, opened in ${empty.openMs} ms`);
    console.log(`  after a restart: ${reopened.rssMb} MB RSS, opened in ${reopened.openMs} ms`);
    console.log(`  after reading 2,000 documents and 400 indexed lists: ${read.rssMb} MB RSS`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
