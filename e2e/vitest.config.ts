import { defineConfig } from 'vitest/config';

import { E2E_WORKERS } from './workers';

// Two shops and one Chromium are started once (global-setup.ts); each of the two workers runs
// its files one after another against its own shop, each test in a fresh browser context.
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: E2E_WORKERS,
    reporters: ['default'],
  },
});
