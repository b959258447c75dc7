// Shops and a browser started once per run, before any test file: one shop per worker (files
// run one at a time in a worker, so a worker's files take turns on its shop) and one Chromium
// that every file connects to. Files that need a shop with other settings start their own
// with `startShop`.

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

import { CHROMIUM_ARGS, startShop, type Shop, type ShopAddress } from './harness';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shop per worker, indexed by `VITEST_POOL_ID - 1`. */
    shops: ShopAddress[];
    /** Where the shared Chromium listens for Playwright connections. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [browser, ...shops] = await Promise.all([
    chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }),
    ...Array.from({ length: E2E_WORKERS }, () => startShop()),
  ]);
  project.provide('browserEndpoint', browser.wsEndpoint());
  project.provide(
    'shops',
    shops.map(({ url, databaseUrl, outboxDir }: Shop) => ({ url, databaseUrl, outboxDir })),
  );
  return async () => {
    await Promise.all([browser.close(), ...shops.map((shop) => shop.stop())]);
  };
}
