import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single worker on the 2-core machines CI
    // runs on, where most test time is spent waiting on child processes (CLI runs, servers,
    // Chromium). Two workers: 441 s instead of 703 s on a fresh clone, same results.
    maxWorkers: 2,
  },
});
