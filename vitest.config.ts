import { defineConfig } from 'vitest/config';

// One runner for every suite; `--project` picks them (see package.json scripts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
          // A journey waits for what a user would wait for: a page on a loaded machine can take seconds to
          // reload and hydrate, beyond expect.poll's 1 s default.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
