import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each workspace's tests sit next to their code.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // CI also writes a JSON report, which .ci/count.mjs adds up.
    reporters: process.env.VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          // Reading documents end to end (OCR included) on a 2-core machine; generous so a busy machine never fails a run.
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'reader',
          include: ['packages/reader/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A screen test takes about a second, alone; 5 s (the default) is too little beside the API suite's OCR.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
