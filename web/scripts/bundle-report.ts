/**
 * Bundle report: reads web/dist/.vite/manifest.json (run `npm run build` first) and prints the gzipped size of
 *   1. the entry chunk and its static imports (what every page loads first), and
 *   2. everything the home route `/` loads: that set plus the lazy WorkspacePage chunk and its static imports,
 * and whether any Monaco chunk is among them, and
 *   3. the views chart (components/charts/ViewsChart.tsx): what it adds to a chart page (its chunk, its CSS and
 *      static imports not already loaded with the entry), which must stay under --chart-budget-kb (30), and that it
 *      is a lazy chunk of its own that neither the entry nor the home route loads.
 * Exits 1 when `/` exceeds the budget or pulls in Monaco, or when the chart breaks its rules.
 *
 *   npx tsx web/scripts/bundle-report.ts [--budget-kb 150] [--chart-budget-kb 30] [--json]
 */
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

type Chunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

const args = process.argv.slice(2);
const budgetKb = Number(args[args.indexOf('--budget-kb') + 1]) || 150;
const chartBudgetKb = Number(args[args.indexOf('--chart-budget-kb') + 1]) || 30;
const asJson = args.includes('--json');
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const raw = (file: string) => readFileSync(join(dist, file)).length;

/** A chunk key and every chunk it imports statically, transitively. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k]!.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest');
const homeKey = Object.keys(manifest).find((k) => k.endsWith('features/library/WorkspacePage.tsx'));

const isMonaco = (k: string) => /monaco/i.test(k) || /monaco/i.test(manifest[k]!.file) || /CodeEditor/.test(manifest[k]!.file);

function measure(label: string, keys: Set<string>) {
  const rows = [...keys].map((k) => ({ key: k, file: manifest[k]!.file, bytes: raw(manifest[k]!.file), gzip: gz(manifest[k]!.file), monaco: isMonaco(k) }));
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))].map((f) => ({ file: f, gzip: gz(f) }));
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  return { label, rows, css, jsGzip: total, cssGzip: css.reduce((s, c) => s + c.gzip, 0), monaco: rows.some((r) => r.monaco) };
}

const initial = measure('entry + static imports', closure([entryKey]));
const home = measure("route '/' (entry + WorkspacePage)", closure(homeKey ? [entryKey, homeKey] : [entryKey]));
const monacoChunks = Object.keys(manifest).filter(isMonaco).map((k) => ({ file: manifest[k]!.file, gzip: gz(manifest[k]!.file) }));
const budget = budgetKb * 1024;

/** The chart: a dynamic entry of its own; what a chart page adds is its closure minus what the entry already loaded. */
const CHART_MARKER = 'lv-views-chart';
const chartKey = Object.keys(manifest).find((k) => k.endsWith('components/charts/ViewsChart.tsx'));
const entryClosure = closure([entryKey]);
const chartAdded = chartKey ? new Set([...closure([chartKey])].filter((k) => !entryClosure.has(k))) : new Set<string>();
const chartCss = [...new Set([...chartAdded].flatMap((k) => manifest[k]!.css ?? []))];
const chart = {
  found: !!chartKey,
  // reached only through import(): a dynamic entry that no chunk imports statically
  lazy: !!chartKey && !!manifest[chartKey]!.isDynamicEntry && !Object.values(manifest).some((c) => c.imports?.includes(chartKey)),
  /** the marker is in the chart's own chunk, so looking for it elsewhere means something */
  marked: !!chartKey && readFileSync(join(dist, manifest[chartKey]!.file), 'utf8').includes(CHART_MARKER),
  addedGzip: [...chartAdded].reduce((s, k) => s + gz(manifest[k]!.file), 0) + chartCss.reduce((s, f) => s + gz(f), 0),
  /** the chart's code (its class names) in a chunk every page loads, or in the home route's */
  inEntry: [...closure(homeKey ? [entryKey, homeKey] : [entryKey])].some((k) => readFileSync(join(dist, manifest[k]!.file), 'utf8').includes(CHART_MARKER)),
};
const chartOk = chart.found && chart.lazy && chart.marked && !chart.inEntry && chart.addedGzip <= chartBudgetKb * 1024;
const ok = home.jsGzip <= budget && !home.monaco && !initial.monaco && chartOk;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
if (asJson) {
  console.log(JSON.stringify({ budgetKb, initial, home, monacoChunks, chartBudgetKb, chart, ok }, null, 2));
} else {
  for (const m of [initial, home]) {
    console.log(`\n${m.label}`);
    for (const r of m.rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(r.gzip).padStart(10)} gz  ${kb(r.bytes).padStart(10)} raw  ${r.file}${r.monaco ? '  [MONACO]' : ''}`);
    console.log(`  JS total: ${kb(m.jsGzip)} gzipped · CSS: ${kb(m.cssGzip)} gzipped · Monaco included: ${m.monaco ? 'YES' : 'no'}`);
  }
  console.log(`\nEditor-only chunks (Monaco, its Lua grammar and font, StyLua; loaded on editor, share and diff screens):`);
  for (const c of monacoChunks) console.log(`  ${kb(c.gzip).padStart(10)} gz  ${c.file}`);
  console.log(`\nBudget for '/': ${budgetKb} KB gzipped JS, no Monaco → ${home.jsGzip <= budget && !home.monaco && !initial.monaco ? 'OK' : 'OVER BUDGET'}`);
  console.log(
    `Views chart: ${chart.found ? `${kb(chart.addedGzip)} gzipped added to a chart page (budget ${chartBudgetKb} KB), ${chart.lazy ? 'lazy chunk' : 'NOT LAZY'}, ${chart.inEntry ? 'IN THE ENTRY OR HOME ROUTE' : 'not in the entry or home route'}` : 'NOT FOUND in the manifest'} → ${chartOk ? 'OK' : 'FAILED'}`,
  );
}
process.exit(ok ? 0 : 1);
