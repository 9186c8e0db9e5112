import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './scripts/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Build: `npm run build` (= `vite build --config web/vite.config.ts`) from the repo root.
 * Output goes to web/dist with a manifest (read by web/scripts/bundle-report.ts).
 * Monaco and StyLua (also the editor's Luau parser) are only reached through lazy imports from editor screens.
 */
export default defineConfig({
  root,
  base: '/',
  // Brotli and gzip copies beside each asset, served by services/gateway/static-assets.ts.
  plugins: [react(), precompressAssets(`${outDir}/assets`)],
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 4000,
    // Rolldown's plugin-timing hints are about the bundler's own profile, not something a user starting LuaVault can act on.
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/admin-api': 'http://localhost:3000',
    },
  },
});
