import { defineConfig } from 'vite';

/**
 * The benchmark's own processes compiled like the server bundle, so they run as `npm start` runs the product (plain
 * node, not tsx): the rebuild measurement, the save-to-visible and save-latency clients, the baselines (bare node:http, naive CRUD) and the history seeder.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/bench',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    rollupOptions: {
      input: {
        'rebuild-child': 'bench/rebuild-child.ts',
        'bare-server': 'bench/bare-server.ts',
        'naive-crud-server': 'bench/naive-crud-server.ts',
        'seed-history': 'bench/seed-history.ts',
        'save-to-visible-child': 'bench/save-to-visible-child.ts',
        'save-latency-child': 'bench/save-latency-child.ts',
      },
      output: { format: 'esm', entryFileNames: '[name].mjs' },
    },
  },
  logLevel: 'warn',
});
