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

import path from 'node:path';

import {
  CHROMIUM_ARGS,
  LAYOUT_SHIFT_TOTALS,
  MUG,
  Run,
  addMugsOutsideThePage,
  loadChromium,
  networkQuiet,
  percentile,
  repo,
  shopBuild,
  trackRequests,
} from './shop.mjs';

const run = new Run('bench/cart-page.mjs');
const chromium = loadChromium(run.script);
const { bin: BIN, assets: ASSETS } = shopBuild('release');
const ROUNDS = run.int('ROUNDS', 5, 50);
const CLICKS = run.int('CLICKS', 10, 20);
const DEADLINE_S = run.int('DEADLINE_S', 600, 3600);
const QUIET_MS = 1000;
const STEP_MS = 20_000;

run.startDeadline(DEADLINE_S);

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

async function main() {
  const { url } = await run.startShop({ bin: BIN, assets: ASSETS, tmpPrefix: 'mercato-bench-cart-' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  run.defer(() => browser.close());
  const shifts = [];
  const largest = [];
  const presses = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await addMugsOutsideThePage(context, url, 2);
    const page = await context.newPage();
    await page.addInitScript(LAYOUT_SHIFT_TOTALS);
    const requests = trackRequests(page);
    await page.goto(`${url}/cart/`, { waitUntil: 'load', timeout: STEP_MS });
    await page.locator('[data-island="cart"][data-island-state="mounted"]').waitFor({ timeout: STEP_MS });
    await networkQuiet(requests, QUIET_MS);
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
  const row = (name, values, format) => `| ${name} | ${values.length} | ${format(percentile(values, 50, 'floor-index'))} | ${format(percentile(values, 90, 'floor-index'))} | ${format(Math.max(...values))} |`;
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
  run.complain(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  run.stopDeadline();
  await run.cleanUp();
}
