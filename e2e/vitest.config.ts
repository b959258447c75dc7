import { defineConfig } from 'vitest/config';

// Each test file starts its own shop (binary + fresh SQLite database) and browser.
// Two cores: run two files at a time.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    reporters: ['default'],
  },
});
