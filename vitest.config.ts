import { defineConfig } from 'vitest/config';

/**
 * Test levels, told apart by suffix:
 *   *.unit.spec.ts     pure domain and projection logic
 *   *.int.spec.ts      adapters and HTTP on the embedded default (always run)
 *   *.e2e.spec.ts      real EventStoreDB/MongoDB through testcontainers (skipped with a reason without Docker)
 *   *.browser.spec.ts  Chromium against the real server
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/setup/docker-probe.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['services/**/*.unit.spec.ts', 'projections/**/*.unit.spec.ts', 'web/**/*.unit.spec.ts', 'cli/**/*.unit.spec.ts', 'tests/**/*.unit.spec.ts'] } },
      { extends: true, test: { name: 'int', include: ['services/**/*.int.spec.ts', 'projections/**/*.int.spec.ts', 'tests/**/*.int.spec.ts'] } },
      { extends: true, test: { name: 'e2e', include: ['**/*.e2e.spec.ts'], exclude: ['node_modules/**'], fileParallelism: false } },
      {
        extends: true,
        test: { name: 'browser', include: ['tests/browser/**/*.browser.spec.ts'], fileParallelism: false, testTimeout: 90_000 },
      },
    ],
  },
});
