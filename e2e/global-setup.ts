// Shops and a browser started once per run, before any test file: one shop per worker (files
// run one at a time in a worker, so a worker's files take turns on its shop) and one Chromium
// that every file connects to. Files that need a shop with other settings start their own
// with `startShop`.
//
// The shared shops stand behind a reverse proxy as far as they know (`proxy_support`: the
// client is the one `X-Forwarded-For` names), and each test file is a visitor of its own
// address (`useShop` sends it). Per-address limits (registrations, logins, checkouts) then
// count each file apart, as they did when each file had a shop of its own, instead of
// adding up every file's shoppers at 127.0.0.1.

/** The default checkout limit, behind a proxy. */
const BEHIND_A_PROXY = {
  enabled: true,
  limit: 25,
  seconds: 60,
  proxy_support: true,
  proxy_header: 'x-forwarded-for',
  trusted_proxies: [],
};

function behindAProxy(databaseUrl: string): void {
  execFileSync(mercatoBin(), ['settings', 'set', 'checkout_rate_limit', '-'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' },
    input: JSON.stringify(BEHIND_A_PROXY),
    stdio: ['pipe', 'ignore', 'inherit'],
  });
}

import { execFileSync } from 'node:child_process';

import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

import { CHROMIUM_ARGS, mercatoBin, startShop, type Shop, type ShopAddress } from './harness';
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
    ...Array.from({ length: E2E_WORKERS }, () => startShop(behindAProxy)),
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
