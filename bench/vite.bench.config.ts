import { defineConfig } from 'vite';

/** The rebuild benchmark compiled like the server bundle, so it measures the code `npm start` runs (not tsx). */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/bench',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: { input: { 'rebuild-child': 'bench/rebuild-child.ts' }, output: { format: 'esm', entryFileNames: '[name].mjs' } },
  },
  logLevel: 'warn',
});
