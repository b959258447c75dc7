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
//   3. Place Order to the order-received page: the form is filled (a guest, the flat
//      rate, cash on delivery), then the time from the click to the order-received page's
//      `Order received` heading, measured from Node (it spans a navigation);
//   4. a customer with a saved card (made by one order with the test card, an account and
//      "save the card"), then EXPRESS_ROUNDS (default 5) loads of /checkout/ in that context:
//      the layout shift until the express button shows and the network is quiet.
//
//   node bench/checkout-page.mjs                                   # target/release/mercato, web/dist
//   MERCATO_BIN=target/debug/mercato ROUNDS=10 node bench/checkout-page.mjs
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

const run = new Run('bench/checkout-page.mjs');
const chromium = loadChromium(run.script);
const { bin: BIN, assets: ASSETS } = shopBuild('release');
const ROUNDS = run.int('ROUNDS', 10, 100);
/** Loads of the checkout by a customer with a saved card, whose express button shows. */
const EXPRESS_ROUNDS = run.int('EXPRESS_ROUNDS', 5, 50);
const DEADLINE_S = run.int('DEADLINE_S', 900, 3600);
const QUIET_MS = 1000;
const STEP_MS = 20_000;

run.startDeadline(DEADLINE_S);

/** Fills the block checkout as a guest shipping at the flat rate and paying on delivery. */
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
  await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: /^Flat rate/ }).check();
  await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  // The address sync has answered: the summary is not busy.
  await page.locator('.checkout-summary__totals[aria-busy="false"]').waitFor({ timeout: STEP_MS });
}

async function main() {
  const { url } = await run.startShop({ bin: BIN, assets: ASSETS, tmpPrefix: 'mercato-bench-checkout-' });
  const origin = new URL(url).origin;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  run.defer(() => browser.close());
  const shifts = [];
  const largest = [];
  const ownBytes = [];
  const thirdPartyBytes = [];
  const placeMs = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await addMugsOutsideThePage(context, url, 1);
    const page = await context.newPage();
    await page.addInitScript(LAYOUT_SHIFT_TOTALS);
    const requests = trackRequests(page);
    const assets = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type === 'script' || type === 'stylesheet') assets.push(request);
    });
    await page.goto(`${url}/checkout/`, { waitUntil: 'load', timeout: STEP_MS });
    await page.locator('[data-island="checkout"][data-island-state="mounted"]').waitFor({ timeout: STEP_MS });
    await networkQuiet(requests, QUIET_MS);
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
  // A customer with a saved card: the express button appears above the form once the island
  // has read the saved cards (SPEC §4.7), the case where a late button could push the form.
  const customer = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  run.defer(() => customer.close());
  await addMugsOutsideThePage(customer, url, 1);
  const first = await customer.newPage();
  await first.goto(`${url}/checkout/`, { waitUntil: 'load', timeout: STEP_MS });
  await first.locator('[data-island="checkout"][data-island-state="mounted"]').waitFor({ timeout: STEP_MS });
  await fillCheckout(first, 'express');
  const contact = first.getByRole('group', { name: 'Contact information' });
  await contact.getByRole('checkbox', { name: 'Create an account?' }).check();
  await contact.getByLabel('Create account password').fill('correct horse battery staple');
  await first.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Credit card (test mode)' }).check();
  await first.getByLabel('Card number').fill('4242 4242 4242 4242');
  await first.getByLabel('Expiry (MM/YY)').fill('12/40');
  await first.getByLabel('Card code').fill('123');
  await first.getByRole('checkbox', { name: 'Save the card to my account for future purchases' }).check();
  await first.getByRole('button', { name: 'Place Order' }).click({ timeout: STEP_MS });
  await first.getByRole('heading', { name: 'Order received' }).waitFor({ timeout: STEP_MS });
  await first.close();
  const expressShifts = [];
  const expressLargest = [];
  for (let round = 0; round < EXPRESS_ROUNDS; round += 1) {
    await addMugsOutsideThePage(customer, url, 1);
    const page = await customer.newPage();
    await page.addInitScript(LAYOUT_SHIFT_TOTALS);
    const requests = trackRequests(page);
    await page.goto(`${url}/checkout/`, { waitUntil: 'load', timeout: STEP_MS });
    await page.getByRole('region', { name: 'Express checkout' }).getByRole('button', { name: /^Pay / }).waitFor({ timeout: STEP_MS });
    await networkQuiet(requests, QUIET_MS);
    const layout = await page.evaluate(() => window.__shifts);
    expressShifts.push(layout.total);
    expressLargest.push(layout.largest);
    await page.close();
  }
  const ms = (v) => `${v.toFixed(0)} ms`;
  const kb = (v) => `${(v / 1024).toFixed(1)} KB`;
  const row = (name, values, format) =>
    `| ${name} | ${values.length} | ${format(percentile(values, 50, 'floor-index'))} | ${format(percentile(values, 99, 'floor-index'))} | ${format(Math.max(...values))} |`;
  console.log(`Block checkout, ${ROUNDS} rounds of a cold page with one ${MUG} (${path.relative(repo, BIN) || BIN})\n`);
  console.log('| measure | samples | p50 | p99 | max |');
  console.log('|---|---|---|---|---|');
  console.log(row('own scripts and styles at load (encoded)', ownBytes, kb));
  console.log(row('third-party scripts and styles at load', thirdPartyBytes, kb));
  console.log(row('layout shift, first paint to idle (sum)', shifts, (v) => v.toFixed(4)));
  console.log(row('largest single shift', largest, (v) => v.toFixed(4)));
  console.log(row('Place Order → order-received heading', placeMs, ms));
  console.log(row('layout shift with the express button (sum; a customer with a saved card)', expressShifts, (v) => v.toFixed(4)));
  console.log(row('largest single shift with the express button', expressLargest, (v) => v.toFixed(4)));
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
