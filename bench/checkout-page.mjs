#!/usr/bin/env node
// Block checkout benchmark (issue 24): what a shopper gets on /checkout/ with JavaScript on, in
// Debian's headless Chromium through playwright-core, against a binary started here on
// 127.0.0.1 with a fresh SQLite database and the demo shop. Not a test: it prints a Markdown
// table for docs/benchmarks.md and exits 1 only when a flow does not reach the state it waits
// for (2 past the deadline).
//
// Each round is a fresh browser context (cold cache) whose cart holds a mug, added through a
// page link outside the measured page. Then:
//   1. bytes at load: the encoded (gzip or brotli, as the server sent them) bodies of the
//      shop's own scripts and styles the page fetched until the checkout island is mounted and
//      the network has been quiet for QUIET_MS; third-party scripts (none today) counted apart;
//   2. layout shift over the same span (a buffered `layout-shift` PerformanceObserver
//      installed before the page's scripts): the sum and the largest single shift;
//   3. Place Order to the order-received page: the form is filled (a guest, pickup at the
//      studio, cash on delivery), then the time from the click to the order-received page's
//      `Order received` heading, measured from Node (it spans a navigation).
//
//   node bench/checkout-page.mjs                                   # target/release/mercato, web/dist
//   MERCATO_BIN=target/debug/mercato ROUNDS=10 node bench/checkout-page.mjs
//
// playwright-core comes from e2e/node_modules (`make e2e-deps`); Chromium is /usr/bin/chromium.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const { chromium } = createRequire(path.join(repo, 'e2e', 'package.json'))('playwright-core');

const env = process.env;
const int = (name, fallback, max) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`bench/checkout-page.mjs: ${name} must be an integer from 1 to ${max}`);
    process.exit(2);
  }
  return value;
};
const BIN = env.MERCATO_BIN ?? path.join(repo, 'target/release/mercato');
const ASSETS = env.MERCATO_ASSETS_DIR ?? path.join(repo, 'web/dist');
const ROUNDS = int('ROUNDS', 10, 100);
const DEADLINE_S = int('DEADLINE_S', 900, 3600);
const QUIET_MS = 1000;
const STEP_MS = 20_000;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const MUG = 'Enamel Camp Mug';
const CATEGORY = '/product-category/mugs/';

const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()();
    } catch {
      // Best effort: the next step still runs.
    }
  }
}
const deadline = setTimeout(() => {
  console.error(`bench/checkout-page.mjs: the run passed its deadline of ${DEADLINE_S} s`);
  void cleanUp().finally(() => process.exit(2));
}, DEADLINE_S * 1000);
deadline.unref();

async function startShop() {
  if (!existsSync(BIN)) throw new Error(`no binary at ${BIN}: cargo build --release -p mercato`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mercato-bench-checkout-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--assets-dir', ASSETS, '--demo-if-empty'], {
    env: { ...env, DATABASE_URL: `sqlite://${dir}/bench.db`, MERCATO_OUTBOX_DIR: path.join(dir, 'outbox'), MERCATO_LOG: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('mercato did not listen within 60 s')), 60_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^mercato listening on (http:\/\/\S+)$/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`mercato exited with code ${code} before listening`)));
  });
}

/** A mug in the context's cart, through the classic add link (outside the measured page). */
async function fillCart(context, url) {
  const html = await (await context.request.get(`${url}${CATEGORY}`, { timeout: STEP_MS })).text();
  const link = new RegExp(`<a href="(\\?add-to-cart=\\d+)"[^>]*aria-label="Add to cart: “${MUG}”"`).exec(html);
  if (!link) throw new Error(`no add-to-cart link for ${MUG} on ${CATEGORY}`);
  const added = await context.request.get(`${url}${CATEGORY}${link[1]}`, { timeout: STEP_MS });
  if (!added.ok()) throw new Error(`adding ${MUG}: HTTP ${added.status()}`);
}

// Installed before the page's scripts: sums layout shifts without recent input.
const LAYOUT_SHIFT_OBSERVER = `
  window.__shifts = { total: 0, largest: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.total += entry.value;
      window.__shifts.largest = Math.max(window.__shifts.largest, entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Resolves when `check()` holds, polling; throws after STEP_MS. */
async function until(what, check) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > STEP_MS) throw new Error(`waited ${STEP_MS} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Fills the block checkout as a guest collecting at the studio and paying on delivery. */
async function fillCheckout(page, round) {
  await page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' }).fill(`bench${round}@example.com`);
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  await shipping.getByRole('combobox', { name: 'Country/Region' }).selectOption('US');
  await shipping.getByRole('textbox', { name: 'First name' }).fill('Bench');
  await shipping.getByRole('textbox', { name: 'Last name' }).fill('Mark');
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await shipping.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await shipping.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).fill('94103');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).press('Tab');
  await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: /Mercato Studio/ }).check();
  await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  // The address sync has answered: the summary is not busy.
  await page.locator('.checkout-summary__totals[aria-busy="false"]').waitFor({ timeout: STEP_MS });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const url = await startShop();
  const origin = new URL(url).origin;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  const shifts = [];
  const largest = [];
  const ownBytes = [];
  const thirdPartyBytes = [];
  const placeMs = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await fillCart(context, url);
    const page = await context.newPage();
    await page.addInitScript(LAYOUT_SHIFT_OBSERVER);
    let inFlight = 0;
    let lastChange = Date.now();
    const assets = [];
    page.on('request', () => {
      inFlight += 1;
      lastChange = Date.now();
    });
    const done = (request) => {
      inFlight -= 1;
      lastChange = Date.now();
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') assets.push(request);
    };
    page.on('requestfinished', done);
    page.on('requestfailed', () => {
      inFlight -= 1;
      lastChange = Date.now();
    });
    await page.goto(`${url}/checkout/`, { waitUntil: 'load', timeout: STEP_MS });
    await page.locator('[data-island="checkout"][data-island-state="mounted"]').waitFor({ timeout: STEP_MS });
    await until('a quiet network', () => inFlight === 0 && Date.now() - lastChange >= QUIET_MS);
    const layout = await page.evaluate(() => window.__shifts);
    shifts.push(layout.total);
    largest.push(layout.largest);
    let own = 0;
    let third = 0;
    for (const request of assets) {
      const { responseBodySize } = await request.sizes();
      if (new URL(request.url()).origin === origin) own += responseBodySize;
      else third += responseBodySize;
    }
    ownBytes.push(own);
    thirdPartyBytes.push(third);

    await fillCheckout(page, round);
    const t0 = Date.now();
    await page.getByRole('button', { name: 'Place Order' }).click({ timeout: STEP_MS });
    await page.waitForURL(/\/checkout\/order-received\/\d+\//, { timeout: STEP_MS, waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Order received' }).waitFor({ timeout: STEP_MS });
    placeMs.push(Date.now() - t0);
    await context.close();
  }
  const ms = (v) => `${v.toFixed(0)} ms`;
  const kb = (v) => `${(v / 1024).toFixed(1)} KB`;
  const row = (name, values, format) =>
    `| ${name} | ${values.length} | ${format(percentile(values, 50))} | ${format(percentile(values, 99))} | ${format(Math.max(...values))} |`;
  console.log(`Block checkout, ${ROUNDS} rounds of a cold page with one ${MUG} (${path.relative(repo, BIN) || BIN})\n`);
  console.log('| measure | samples | p50 | p99 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('own scripts and styles at load (encoded)', ownBytes, kb));
  console.log(row('third-party scripts and styles at load', thirdPartyBytes, kb));
  console.log(row('layout shift, first paint to idle (sum)', shifts, (v) => v.toFixed(4)));
  console.log(row('largest single shift', largest, (v) => v.toFixed(4)));
  console.log(row('Place Order → order-received heading', placeMs, ms));
}

try {
  await main();
} catch (error) {
  console.error(`bench/checkout-page.mjs: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
