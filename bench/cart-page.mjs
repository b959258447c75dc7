#!/usr/bin/env node
// Block cart benchmark (issue 23): what a shopper feels on /cart/ with JavaScript on, in
// Debian's headless Chromium through playwright-core, against a binary started here on
// 127.0.0.1 with a fresh SQLite database and the demo shop. Not a test: it prints a Markdown
// table for docs/benchmarks.md and exits 1 only when a flow does not reach the state it waits
// for (2 past the deadline).
//
// Each round is a fresh browser context (cold cache) whose cart holds two mugs, added through
// a page link outside the measured page. Then:
//   1. layout shift: a buffered `layout-shift` PerformanceObserver, installed before the
//      page's scripts, sums every shift from the first paint until the cart island is mounted
//      and the network has been quiet for QUIET_MS (the largest single shift is kept too);
//   2. CLICKS presses of `Increase quantity of {mug}`, each timed inside the page from the
//      click event (a capturing listener, `performance.now()`):
//      - to the new number on screen: the first animation frame at which the spinbutton
//        `Quantity of {mug}` shows the new quantity (frames counted, 1 = the next frame);
//      - to settled totals: the `Cart totals` region no longer busy and its `Total` row
//        showing an amount other than the one before the click (the server's, after the
//        300 ms batch window and the round trip).
//      Presses are one at a time (each settles before the next), so each is one write.
//
//   node bench/cart-page.mjs                                   # target/release/mercato, web/dist
//   MERCATO_BIN=target/debug/mercato ROUNDS=5 CLICKS=10 node bench/cart-page.mjs
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
    console.error(`bench/cart-page.mjs: ${name} must be an integer from 1 to ${max}`);
    process.exit(2);
  }
  return value;
};
const BIN = env.MERCATO_BIN ?? path.join(repo, 'target/release/mercato');
const ASSETS = env.MERCATO_ASSETS_DIR ?? path.join(repo, 'web/dist');
const ROUNDS = int('ROUNDS', 5, 50);
const CLICKS = int('CLICKS', 10, 20);
const DEADLINE_S = int('DEADLINE_S', 600, 3600);
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
  console.error(`bench/cart-page.mjs: the run passed its deadline of ${DEADLINE_S} s`);
  void cleanUp().finally(() => process.exit(2));
}, DEADLINE_S * 1000);
deadline.unref();

async function startShop() {
  if (!existsSync(BIN)) throw new Error(`no binary at ${BIN}: cargo build --release -p mercato`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mercato-bench-cart-'));
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

/** Two mugs in the context's cart, through the classic add link (outside the measured page). */
async function fillCart(context, url) {
  const html = await (await context.request.get(`${url}${CATEGORY}`, { timeout: STEP_MS })).text();
  const link = new RegExp(`<a href="(\\?add-to-cart=\\d+)"[^>]*aria-label="Add to cart: “${MUG}”"`).exec(html);
  if (!link) throw new Error(`no add-to-cart link for ${MUG} on ${CATEGORY}`);
  for (let i = 0; i < 2; i += 1) {
    const added = await context.request.get(`${url}${CATEGORY}${link[1]}`, { timeout: STEP_MS });
    if (!added.ok()) throw new Error(`adding ${MUG}: HTTP ${added.status()}`);
  }
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

/**
 * Arms the page for one press of the increase button: resolves (inside the page) with the
 * milliseconds from the click event to the new number and to settled totals.
 */
function armPress(mug) {
  const spin = document.querySelector(`input[aria-label="Quantity of ${mug}"]`) ?? [...document.querySelectorAll('input')].find((i) => i.labels?.[0]?.textContent === `Quantity of ${mug}`);
  const button = [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === `Increase quantity of ${mug}` || b.textContent === `Increase quantity of ${mug}`);
  const region = [...document.querySelectorAll('[role="region"], section')].find((r) => {
    const id = r.getAttribute('aria-labelledby');
    return r.getAttribute('aria-label') === 'Cart totals' || (id !== null && document.getElementById(id)?.textContent === 'Cart totals');
  });
  if (!spin || !button || !region) throw new Error('the block cart is not on the page (spinbutton, increase button or Cart totals region missing)');
  const busy = () => region.querySelector('[aria-busy="true"]') !== null || region.getAttribute('aria-busy') === 'true';
  const totalText = () => {
    const row = [...region.querySelectorAll('[role="group"]')].find((g) => {
      const id = g.getAttribute('aria-labelledby');
      const name = g.getAttribute('aria-label') ?? (id ? document.getElementById(id)?.textContent : '');
      return name === 'Total';
    });
    return row?.textContent ?? '';
  };
  const before = { quantity: Number(spin.value), total: totalText() };
  return new Promise((resolve) => {
    button.addEventListener(
      'click',
      () => {
        const t0 = performance.now();
        let frames = 0;
        let shown = null;
        const frame = () => {
          frames += 1;
          if (shown === null && Number(spin.value) === before.quantity + 1) shown = { ms: performance.now() - t0, frames };
          if (shown !== null && !busy() && totalText() !== before.total && totalText() !== '') {
            resolve({ shownMs: shown.ms, shownFrames: shown.frames, settledMs: performance.now() - t0 });
            return;
          }
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      },
      { capture: true, once: true },
    );
  });
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  const url = await startShop();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  const shifts = [];
  const largest = [];
  const presses = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await fillCart(context, url);
    const page = await context.newPage();
    await page.addInitScript(LAYOUT_SHIFT_OBSERVER);
    let inFlight = 0;
    let lastChange = Date.now();
    page.on('request', () => {
      inFlight += 1;
      lastChange = Date.now();
    });
    const done = () => {
      inFlight -= 1;
      lastChange = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto(`${url}/cart/`, { waitUntil: 'load', timeout: STEP_MS });
    await page.locator('[data-island="cart"][data-island-state="mounted"]').waitFor({ timeout: STEP_MS });
    await until('a quiet network', () => inFlight === 0 && Date.now() - lastChange >= QUIET_MS);
    const layout = await page.evaluate(() => window.__shifts);
    shifts.push(layout.total);
    largest.push(layout.largest);
    for (let click = 0; click < CLICKS; click += 1) {
      const armed = page.evaluate(armPress, MUG);
      await page.getByRole('button', { name: `Increase quantity of ${MUG}` }).click({ timeout: STEP_MS });
      presses.push(await Promise.race([armed, new Promise((_, reject) => setTimeout(() => reject(new Error('a press did not settle')), STEP_MS))]));
    }
    await context.close();
  }
  const ms = (v) => `${v.toFixed(1)} ms`;
  const row = (name, values, format) => `| ${name} | ${values.length} | ${format(percentile(values, 50))} | ${format(percentile(values, 90))} | ${format(Math.max(...values))} |`;
  console.log(`Block cart, ${ROUNDS} rounds of a cold page with two ${MUG}s and ${CLICKS} presses each (${path.relative(repo, BIN) || BIN})\n`);
  console.log('| measure | samples | p50 | p90 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('layout shift, first paint to idle (sum)', shifts, (v) => v.toFixed(4)));
  console.log(row('largest single shift', largest, (v) => v.toFixed(4)));
  console.log(row('click → new number on screen', presses.map((p) => p.shownMs), ms));
  console.log(row('click → new number, animation frames', presses.map((p) => p.shownFrames), (v) => String(v)));
  console.log(row('click → settled totals', presses.map((p) => p.settledMs), ms));
}

try {
  await main();
} catch (error) {
  console.error(`bench/cart-page.mjs: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
