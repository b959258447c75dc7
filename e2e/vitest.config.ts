import { defineConfig } from 'vitest/config';

// Each test file starts its own shop (binary + fresh SQLite database) and browser.
// Two cores: run two files at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // One retry, reported by the runner: in the last full runs of 2026-11-24 one browser step
    // in ~125 stalled until the 30 s timeout (gallery zoom, mini-cart + clicks), each time a
    // different test that passes alone. Known problem, under investigation (docs/testing.md);
    // remove this once its cause is found.
    retry: 1,
    reporters: ['default'],
  },
});
