#!/usr/bin/env node
// Browser benchmark (issue 11): the release binary on loopback, driven by Debian's headless
// Chromium through playwright-core. Not a test: it prints Markdown tables for
// docs/benchmarks.md. It fails (exit 1) only when an ordinary page load makes a cart request
// (a URL holding `/wc/store/` or `wc-ajax=`), when a flow does not reach the state it waits
// for, or (exit 2) when the whole run passes its deadline.
//
// What it measures:
//   1. per page type, on a cold cache (a fresh browser context each): the JavaScript and CSS
//      the page loads before any interaction (Resource Timing: transfer size with headers,
//      body as encoded on the wire, decoded size; and the gzip size of the same files asked
//      for with `Accept-Encoding: gzip`), the number of requests, and the cart requests;
//   2. add to cart from a catalogue card (the Enamel Camp Mug on /product-category/mugs/):
//      click to the header's `.header-cart__count` showing the new count, timed inside the
//      page (a capturing click listener and a MutationObserver, both `performance.now()`),
//      so Playwright's round trips are not counted;
//   3. the mini cart: first click on the header cart to the dialog named /^Cart/ being
//      visible (the island and React load then), and ten + clicks in the drawer to the final
//      quantity settling (the last cart write answered and applied);
//   4. live search: the query's input event in `Search products` to the first suggestion shown, by
//      name and by SKU, and the suggestion request's own time.
//
//   bench/browser.sh                 # builds (make web, cargo build --release), then runs this
//   node bench/browser.mjs           # with the builds already there
//   ADDS=50 ROUNDS=5 MERCATO_BIN=… MERCATO_ASSETS_DIR=… node bench/browser.mjs
//
// playwright-core comes from e2e/node_modules (`make e2e-deps`). Chromium is /usr/bin/chromium
// (`make chromium`); never `npx playwright install`.

import { execFileSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import {
  CATEGORY,
  CHROMIUM,
  CHROMIUM_ARGS,
  MUG,
  Run,
  STEP_MS,
  addMugsOutsideThePage,
  loadChromium,
  networkQuiet as quietFor,
  percentile,
  repo,
  shopBuild,
  trackRequests as trackInFlight,
  until,
} from './shop.mjs';

const run = new Run('bench/browser.mjs');
const chromium = loadChromium(run.script);

const { bin: BIN, assets: ASSETS } = shopBuild('release');
/** Add-to-cart samples (timed). */
const ADDS = run.int('ADDS', 50, 500);
/** Adds per page and cart: the mug's demo stock is 30, so carts are fresh every ADDS_PER_CART. */
const ADDS_PER_CART = run.int('ADDS_PER_CART', 10, 25);
/** Mini-cart rounds: each a fresh context (cold cache), a first open, then two sets of ten + clicks. */
const ROUNDS = run.int('ROUNDS', 5, 50);
/** Live-search samples per query (each a fresh page view). */
const SEARCHES = run.int('SEARCHES', 10, 100);
/** The whole run's deadline. */
const DEADLINE_S = run.int('DEADLINE_S', 600, 3600);
/** A load is over when no request has been in flight for this long (after `load`). */
const QUIET_MS = 1000;

const PAGE_TYPES = [
  { name: 'home', path: '/', budget: 'catalogue', cart: false },
  { name: 'shop', path: '/shop/', budget: 'catalogue', cart: false },
  { name: 'category', path: CATEGORY, budget: 'catalogue', cart: false },
  { name: 'search', path: '/?s=mug&post_type=product', budget: 'catalogue', cart: false },
  { name: 'product', path: '/product/enamel-camp-mug/', budget: 'product', cart: false },
  { name: 'cart (1 item)', path: '/cart/', budget: 'cart', cart: true },
  { name: 'checkout (1 item)', path: '/checkout/', budget: 'checkout', cart: true },
];
/** Issue 11's targets, gzip bytes of JS + CSS loaded before interaction (KB = 1000 bytes, as budgets.json). */
const TARGETS = { catalogue: 40_000, product: 100_000, cart: 130_000, checkout: 150_000 };

const isCartUrl = (url) => url.includes('/wc/store/') || url.includes('wc-ajax=');

// ---------------------------------------------------------------------------------------
// Bounds and clean-up

run.startDeadline(DEADLINE_S);
run.cleanUpOnSignals();

// ---------------------------------------------------------------------------------------
// The shop

/** The body size of `url` asked for with `Accept-Encoding: gzip` (the gzip the server keeps). */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'Accept-Encoding': 'gzip' }, timeout: 10_000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url}: HTTP ${response.statusCode}`));
        } else if (response.headers['content-encoding'] !== 'gzip') {
          reject(new Error(`${url}: answered without gzip (${response.headers['content-encoding'] ?? 'identity'})`));
        } else {
          resolve(bytes);
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`${url}: timed out`)));
    request.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------
// In-page instruments (an init script: it runs before the page's own scripts, and through
// the DevTools protocol, so the shop's CSP does not apply to it)

function instruments() {
  const bench = {
    clicks: [],
    counts: [],
    countMutations: [],
    dialogShown: [],
    lineShown: [],
  };
  Object.defineProperty(window, '__bench', { value: bench });
  const describe = (el) => {
    if (!(el instanceof Element)) return '';
    const target = el.closest('a, button') ?? el;
    return (target.getAttribute('aria-label') ?? target.textContent).replace(/\s+/g, ' ').trim().slice(0, 80);
  };
  addEventListener(
    'click',
    (event) => {
      bench.clicks.push({ t: performance.now(), target: describe(event.target) });
    },
    true,
  );
  const readCount = () => {
    const el = document.querySelector('.header-cart__count');
    if (el === null) return null;
    const n = parseInt(el.textContent, 10);
    return Number.isNaN(n) ? null : n;
  };
  let lastCount = null;
  let dialogVisible = false;
  let lineVisible = false;
  const observer = new MutationObserver((records) => {
    const t = performance.now();
    const count = readCount();
    if (count !== null && count !== lastCount) {
      bench.counts.push({ t, count });
      lastCount = count;
    }
    if (
      records.some(
        (r) =>
          (r.target instanceof Element ? r.target : r.target.parentElement)?.closest('.header-cart__count') ||
          [...r.addedNodes].some((n) => n instanceof Element && (n.matches('.header-cart__count') || n.querySelector('.header-cart__count'))),
      )
    ) {
      bench.countMutations.push({ t, count });
    }
    const dialog = document.querySelector('dialog.mini-cart-drawer');
    const title = document.getElementById('mini-cart-title');
    const box = dialog?.getBoundingClientRect();
    const visible =
      dialog !== null && dialog.open && title !== null && /^Cart/.test(title.textContent) && box.width > 0 && box.height > 0;
    if (visible && !dialogVisible) {
      bench.dialogShown.push({ t, modal: dialog.matches(':modal') });
    }
    dialogVisible = visible;
    const line = visible ? dialog.querySelector('input[aria-label^="Quantity of "]') : null;
    if (line !== null && !lineVisible) {
      bench.lineShown.push({ t, value: line.value });
    }
    lineVisible = line !== null;
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  document.addEventListener('DOMContentLoaded', () => {
    lastCount = readCount();
    bench.counts.push({ t: performance.now(), count: lastCount, initial: true });
  });
}

// ---------------------------------------------------------------------------------------
// Helpers on a page

/** Tracks a page's requests: all of them, the cart ones, and how many are in flight. */
function trackRequests(page) {
  const state = Object.assign(trackInFlight(page), { all: [], cart: [], encodings: new Map() });
  page.on('request', (request) => {
    state.all.push(request);
    if (isCartUrl(request.url())) state.cart.push(request);
  });
  page.on('response', (response) => {
    state.encodings.set(response.url(), response.headers()['content-encoding'] ?? 'identity');
  });
  return state;
}

/** Waits until no request has been in flight for `QUIET_MS`. */
async function networkQuiet(state) {
  await quietFor(state, QUIET_MS);
}

/** Puts one mug in the context's cart without the page (a link that adds through a page load). */
async function addOneMugOutsideThePage(context, url) {
  await addMugsOutsideThePage(context, url, 1);
  const cookies = await context.cookies(url);
  if (cookies.find((c) => c.name === 'woocommerce_items_in_cart')?.value !== '1') {
    throw new Error('the cart does not hold one item after the add');
  }
}

const headerCart = (page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });
const cartCountIs = (page, n) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(`^Cart, ${n} ${n === 1 ? 'item' : 'items'}, `) })
    .waitFor({ timeout: STEP_MS });

const ms = (v) => (v === undefined ? '–' : `${v.toFixed(1)} ms`);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------
// 1. Page types

async function measurePageType(browser, url, type) {
  const context = await browser.newContext({ baseURL: url });
  try {
    if (type.cart) await addOneMugOutsideThePage(context, url);
    const page = await context.newPage();
    const requests = trackRequests(page);
    const response = await page.goto(type.path, { waitUntil: 'load', timeout: STEP_MS });
    if (response?.status() !== 200) throw new Error(`${type.path}: HTTP ${response?.status()}`);
    await headerCart(page).waitFor({ timeout: STEP_MS });
    await networkQuiet(requests);
    if (type.cart) await cartCountIs(page, 1);
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({
        name: e.name,
        transfer: e.transferSize,
        encoded: e.encodedBodySize,
        decoded: e.decodedBodySize,
      })),
    );
    const kind = (name) => path.extname(new URL(name).pathname);
    const sum = (list, key) => list.reduce((total, e) => total + e[key], 0);
    const js = entries.filter((e) => kind(e.name) === '.js');
    const css = entries.filter((e) => kind(e.name) === '.css');
    const gz = async (list) => (await Promise.all(list.map((e) => gzipBytes(e.name)))).reduce((a, b) => a + b, 0);
    const jsGzip = await gz(js);
    const cssGzip = await gz(css);
    const encodings = [...new Set([...js, ...css].map((e) => requests.encodings.get(e.name) ?? '?'))];
    return {
      type,
      requests: requests.all.length,
      requestUrls: requests.all.map((r) => `${r.method()} ${r.url().replace(url, '')}`),
      cartRequests: requests.cart.map((r) => `${r.method()} ${r.url().replace(url, '')}`),
      jsFiles: js.map((e) => new URL(e.name).pathname.replace('/assets/', '')),
      cssFiles: css.map((e) => new URL(e.name).pathname.replace('/assets/', '')),
      jsTransfer: sum(js, 'transfer'),
      jsEncoded: sum(js, 'encoded'),
      jsDecoded: sum(js, 'decoded'),
      jsGzip,
      cssTransfer: sum(css, 'transfer'),
      cssDecoded: sum(css, 'decoded'),
      cssGzip,
      encodings,
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------
// 2. Add to cart from a card

/** `count` adds of the mug from its card in one fresh context; returns click → count latencies. */
async function addsFromCard(browser, url, count) {
  const context = await browser.newContext({ baseURL: url });
  await context.addInitScript(instruments);
  try {
    const page = await context.newPage();
    const requests = trackRequests(page);
    await page.goto(CATEGORY, { waitUntil: 'load', timeout: STEP_MS });
    await cartCountIs(page, 0);
    await networkQuiet(requests);
    const cartBefore = requests.cart.length;
    const add = page.getByRole('link', { name: `Add to cart: “${MUG}”` });
    const reveal = page.getByRole('dialog', { name: /^Cart/ });
    const samples = [];
    let reveals = 0;
    for (let n = 1; n <= count; n += 1) {
      await until('the add button to be idle', () =>
        page.evaluate(() => document.querySelector('.ajax_add_to_cart.loading') === null),
      );
      const mark = await page.evaluate(() => window.__bench.clicks.length);
      await add.click({ timeout: STEP_MS });
      await cartCountIs(page, n);
      const sample = await page.evaluate(
        ({ mark, n, label }) => {
          const bench = window.__bench;
          const click = bench.clicks.slice(mark).find((c) => c.target === label);
          const change = click && bench.counts.find((c) => c.t >= click.t && c.count === n);
          return click && change ? change.t - click.t : null;
        },
        { mark, n, label: `Add to cart: “${MUG}”` },
      );
      if (sample === null) throw new Error(`add ${n}: no click or no count change recorded in the page`);
      samples.push(sample);
      // The shop reveals the mini cart after an add (is_mini_cart_reveal); put it away so the
      // next click lands on the card, as a shopper would.
      if (await reveal.isVisible().catch(() => false) || (n === 1 && (await reveal.waitFor({ timeout: 5000 }).then(() => true, () => false)))) {
        reveals += 1;
        await page.keyboard.press('Escape');
        await reveal.waitFor({ state: 'hidden', timeout: STEP_MS });
      }
    }
    // What the adds asked of the server, reveals included.
    await networkQuiet(requests);
    const asked = {};
    for (const request of requests.cart.slice(cartBefore)) {
      const u = new URL(request.url());
      const name = `${request.method()} ${u.pathname.replace(/^\/wp-json/, '')}${u.searchParams.has('wc-ajax') ? `?wc-ajax=${u.searchParams.get('wc-ajax')}` : ''}`;
      asked[name] = (asked[name] ?? 0) + 1;
    }
    return { samples, reveals, asked };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------
// 3. Mini cart: first open and ten + clicks

/** Clicks the header cart (first time on this page view) and times the drawer, in the page. */
async function firstOpen(page) {
  const mark = await page.evaluate(() => window.__bench.clicks.length);
  await headerCart(page).click({ timeout: STEP_MS });
  const drawer = page.getByRole('dialog', { name: /^Cart/ });
  await drawer.waitFor({ timeout: STEP_MS });
  await drawer.getByRole('spinbutton', { name: `Quantity of ${MUG}` }).waitFor({ timeout: STEP_MS });
  const open = await page.evaluate((mark) => {
    const bench = window.__bench;
    const click = bench.clicks.slice(mark).find((c) => c.target.startsWith('Cart, '));
    if (!click) return null;
    const shown = bench.dialogShown.find((d) => d.t >= click.t);
    const line = bench.lineShown.find((d) => d.t >= click.t);
    // The island's chunks: when their fetch started (the hover Playwright's click makes first
    // can start them a moment before the click) and whether they came from the cache.
    const chunks = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && !e.name.includes('/main-') && e.startTime >= click.t - 1000)
      .map((e) => ({ name: e.name.replace(/^.*\/assets\//, ''), start: e.startTime - click.t, end: e.responseEnd - click.t, transfer: e.transferSize }));
    return shown ? { dialog: shown.t - click.t, line: line ? line.t - click.t : null, modal: shown.modal, chunks } : null;
  }, mark);
  if (open === null) throw new Error('first open: no click or no visible dialog recorded in the page');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden', timeout: STEP_MS });
  return open;
}

async function miniCartRound(browser, url) {
  const context = await browser.newContext({ baseURL: url });
  await context.addInitScript(instruments);
  try {
    await addOneMugOutsideThePage(context, url);
    const page = await context.newPage();
    const requests = trackRequests(page);
    await page.goto(CATEGORY, { waitUntil: 'load', timeout: STEP_MS });
    await cartCountIs(page, 1);
    await networkQuiet(requests);

    // First open: the island (and React) load on this interaction.
    const open = await firstOpen(page);
    const drawer = page.getByRole('dialog', { name: /^Cart/ });
    const quantity = drawer.getByRole('spinbutton', { name: `Quantity of ${MUG}` });
    await headerCart(page).click({ timeout: STEP_MS });
    await quantity.waitFor({ timeout: STEP_MS });
    if ((await quantity.inputValue()) !== '1') throw new Error('the drawer does not show quantity 1');

    // Ten + clicks, twice: 1 → 11 and 11 → 21.
    const plus = drawer.getByRole('button', { name: `Increase quantity of ${MUG}` });
    const settles = [];
    for (let set = 1; set <= 2; set += 1) {
      const final = 1 + 10 * set;
      const setMark = await page.evaluate(() => ({
        clicks: window.__bench.clicks.length,
        mutations: window.__bench.countMutations.length,
      }));
      const writesBefore = requests.cart.length;
      for (let i = 0; i < 10; i += 1) {
        await plus.click({ timeout: STEP_MS });
      }
      await until(`quantity ${final}`, async () => (await quantity.inputValue()) === String(final));
      await cartCountIs(page, final);
      await networkQuiet(requests);
      const writes = requests.cart.slice(writesBefore).filter((r) => r.method() !== 'GET');
      const settle = await page.evaluate(
        ({ setMark, final }) => {
          const bench = window.__bench;
          const clicks = bench.clicks.slice(setMark.clicks).filter((c) => c.target.startsWith('Increase quantity'));
          if (clicks.length !== 10) return { error: `${clicks.length} + clicks recorded` };
          const first = clicks[0].t;
          const last = clicks[clicks.length - 1].t;
          const answered = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/wc/store/') && e.startTime >= first)
            .map((e) => e.responseEnd);
          if (answered.length === 0) return { error: 'no Store API write after the clicks' };
          const lastAnswer = Math.max(...answered);
          // The header count is written again when the store applies the server's cart.
          const applied = bench.countMutations
            .slice(setMark.mutations)
            .find((m) => m.t >= lastAnswer && m.count === final);
          const end = applied ? applied.t : lastAnswer;
          return { fromFirst: end - first, fromLast: end - last, clicking: last - first, applied: applied !== undefined };
        },
        { setMark, final },
      );
      if (settle.error) throw new Error(`ten + clicks: ${settle.error}`);
      settles.push({ ...settle, writes: writes.length, writeUrls: writes.map((r) => `${r.method()} ${new URL(r.url()).pathname}`) });
    }
    // The same first open on the next page view, with the chunks in the HTTP cache.
    await page.goto(CATEGORY, { waitUntil: 'load', timeout: STEP_MS });
    await cartCountIs(page, 21);
    await networkQuiet(requests);
    const warm = await firstOpen(page);
    return { open, warm, settles };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------
// 4. Live search: the query's input → first suggestion shown

/**
 * Enters `query` into the header's `Search products` combobox of a fresh page view and times,
 * inside the page, its input event to the first suggestion option being in the listbox;
 * also the suggestion request's own duration (Resource Timing). Each query on a fresh page
 * view, so the behaviour's per-URL cache does not answer.
 */
async function liveSearchOnce(browser, url, query, expect) {
  const context = await browser.newContext({ baseURL: url });
  try {
    const page = await context.newPage();
    const requests = trackRequests(page);
    await page.goto('/', { waitUntil: 'load', timeout: STEP_MS });
    await networkQuiet(requests);
    // The field becomes a combobox once its code, fetched on the first click, has attached.
    await page.getByRole('searchbox', { name: 'Search products' }).click({ timeout: STEP_MS });
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.waitFor({ timeout: STEP_MS });
    await page.evaluate(() => {
      const marks = { inputs: [], shown: null };
      Object.defineProperty(window, '__search', { value: marks, configurable: true });
      document.addEventListener('input', () => marks.inputs.push(performance.now()), true);
      new MutationObserver(() => {
        if (marks.shown === null && document.querySelector('[role="listbox"] [role="option"]:not([aria-disabled])')) {
          marks.shown = performance.now();
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // The whole query in one input event (as a paste): the time is then the behaviour's own
    // path (latency setting, request, rendering), not the shopper's typing.
    await box.fill(query, { timeout: STEP_MS });
    await page.getByRole('option', { name: expect }).first().waitFor({ timeout: STEP_MS });
    return await page.evaluate(() => {
      const marks = window.__search;
      const last = marks.inputs[marks.inputs.length - 1];
      const fetches = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('ajax_search_products'))
        .map((e) => e.responseEnd - e.startTime);
      return { shown: marks.shown - last, request: fetches[fetches.length - 1] ?? null, requests: fetches.length };
    });
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------

async function main() {
  const shop = await run.startShop({ bin: BIN, assets: ASSETS, tmpPrefix: 'mercato-bench-browser-', requireAssets: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
  run.defer(() => browser.close());

  let commit = '';
  try {
    commit = execFileSync('git', ['-C', repo, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    commit = '?';
  }
  const version = execFileSync(BIN, ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `# mercato browser bench: ${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} cores, ` +
      `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${version} (${commit}), ` +
      `Chromium ${browser.version()}, SQLite, demo shop`,
  );

  // Warm the server (listing index, templates, first session) outside every figure.
  await addsFromCard(browser, shop.url, 2);

  // 1. Page types.
  const pages = [];
  for (const type of PAGE_TYPES) {
    pages.push(await measurePageType(browser, shop.url, type));
  }
  console.log('\n## JavaScript and CSS before interaction, requests on load (cold cache, one load each)\n');
  console.log(
    '| page | requests | cart requests | JS files | JS transfer | JS decoded | JS gzip | CSS transfer | CSS decoded | CSS gzip | JS+CSS gzip | target | met |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const p of pages) {
    const total = p.jsGzip + p.cssGzip;
    const target = TARGETS[p.type.budget];
    console.log(
      `| ${p.type.name} \`${p.type.path}\` | ${p.requests} | ${p.cartRequests.length} | ${p.jsFiles.length} | ` +
        `${kb(p.jsTransfer)} | ${kb(p.jsDecoded)} | ${kb(p.jsGzip)} | ${kb(p.cssTransfer)} | ${kb(p.cssDecoded)} | ` +
        `${kb(p.cssGzip)} | ${kb(total)} | ${kb(target)} | ${total <= target ? 'yes' : 'no'} |`,
    );
  }
  const encodings = [...new Set(pages.flatMap((p) => p.encodings))].join(', ');
  console.log(`\nContent-Encoding Chromium got for JS/CSS: ${encodings}. Files per page:`);
  for (const p of pages) {
    console.log(`- ${p.type.name}: ${[...p.jsFiles, ...p.cssFiles].join(', ')}; requests: ${p.requestUrls.join(', ')}`);
    for (const cart of p.cartRequests) console.log(`  - CART REQUEST ON LOAD: ${cart}`);
  }

  // 2. Add to cart.
  const adds = [];
  const firstAdds = [];
  const laterAdds = [];
  let reveals = 0;
  const asked = {};
  while (adds.length < ADDS) {
    const result = await addsFromCard(browser, shop.url, Math.min(ADDS_PER_CART, ADDS - adds.length));
    adds.push(...result.samples);
    firstAdds.push(result.samples[0]);
    laterAdds.push(...result.samples.slice(1));
    reveals += result.reveals;
    for (const [name, n] of Object.entries(result.asked)) asked[name] = (asked[name] ?? 0) + n;
  }
  console.log(`\n## Add to cart from a card (${ADDS} adds, ${ADDS_PER_CART} per fresh cart, click → header count)\n`);
  console.log('| adds | p50 | p90 | p99 | min | max | mean |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  const mean = adds.reduce((a, b) => a + b, 0) / adds.length;
  console.log(
    `| ${adds.length} | ${ms(percentile(adds, 50))} | ${ms(percentile(adds, 90))} | ${ms(percentile(adds, 99))} | ` +
      `${ms(Math.min(...adds))} | ${ms(Math.max(...adds))} | ${ms(mean)} |`,
  );
  console.log(
    `\nFirst add of each cart (it creates the session): p50 ${ms(percentile(firstAdds, 50))} over ${firstAdds.length}; ` +
      `the others: p50 ${ms(percentile(laterAdds, 50))}, p99 ${ms(percentile(laterAdds, 99))} over ${laterAdds.length}. ` +
      `Mini cart revealed after ${reveals} of ${adds.length} adds (closed with Escape before the next). ` +
      `Cart requests during the adds: ${Object.entries(asked).map(([k, v]) => `${k} × ${v}`).join(', ')}.`,
  );

  // 3. Mini cart.
  const rounds = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    rounds.push(await miniCartRound(browser, shop.url));
  }
  const settles = rounds.flatMap((r) => r.settles);
  console.log(`\n## Mini cart (${ROUNDS} fresh context${ROUNDS === 1 ? "" : "s"}; first open on a cold cache, then 2 × ten + clicks, then a first open on the next page view)\n`);
  console.log('| measure | samples | p50 | min | max |');
  console.log('|---|---:|---:|---:|---:|');
  const row = (name, values) =>
    console.log(`| ${name} | ${values.length} | ${ms(percentile(values, 50))} | ${ms(Math.min(...values))} | ${ms(Math.max(...values))} |`);
  row('first click on header cart → dialog /^Cart/ visible (cold cache)', rounds.map((r) => r.open.dialog));
  row('first click → the line (quantity 1) shown (cold cache)', rounds.map((r) => r.open.line).filter((v) => v !== null));
  row('first click → dialog visible (next page view, chunks cached)', rounds.map((r) => r.warm.dialog));
  row('first click → the line shown (next page view)', rounds.map((r) => r.warm.line).filter((v) => v !== null));
  row('ten + clicks: first click → final quantity settled', settles.map((s) => s.fromFirst));
  row('ten + clicks: last click → final quantity settled', settles.map((s) => s.fromLast));
  row('ten + clicks: first → last click (Playwright pace)', settles.map((s) => s.clicking));
  const writes = settles.map((s) => s.writes);
  const chunkNames = [...new Set(rounds.flatMap((r) => r.open.chunks.map((c) => c.name)))];
  const react = rounds.map((r) => r.open.chunks.find((c) => c.name.startsWith('react-'))).filter(Boolean);
  console.log(
    `\nCart writes per ten + clicks: ${writes.join(', ')} (${[...new Set(settles.flatMap((s) => s.writeUrls))].join(', ')}). Chunks fetched at the first open: ${chunkNames.join(', ') || 'none'}; ` +
      `the React chunk's fetch started ${react.map((c) => c.start.toFixed(1)).join(', ')} ms after the click and ended ` +
      `${react.map((c) => c.end.toFixed(1)).join(', ')} ms after it (negative: started by the hover before the click). ` +
      `Dialog modal at first open: ${rounds.every((r) => r.open.modal) ? 'yes' : 'not always'}. ` +
      `Settle seen as the header count re-applied after the last answer: ${settles.filter((s) => s.applied).length}/${settles.length}.`,
  );

  // 4. Live search.
  const searches = { name: [], sku: [], requests: [] };
  for (let i = 0; i < SEARCHES; i += 1) {
    const byName = await liveSearchOnce(browser, shop.url, 'camp mug', MUG);
    const bySku = await liveSearchOnce(browser, shop.url, 'MG-ENM', MUG);
    searches.name.push(byName.shown);
    searches.sku.push(bySku.shown);
    for (const r of [byName, bySku]) if (r.request !== null) searches.requests.push(r.request);
  }
  console.log(`\n## Live search (${SEARCHES} fresh page views per query; the query entered in one input event; search_result_latency as the page sets it)\n`);
  console.log('| measure | samples | p50 | min | max |');
  console.log('|---|---:|---:|---:|---:|');
  row('"camp mug": input → first suggestion shown', searches.name);
  row('"MG-ENM" (SKU): input → first suggestion shown', searches.sku);
  row('suggestion request (Resource Timing, start → response end)', searches.requests);

  const offenders = pages.filter((p) => p.cartRequests.length > 0);
  if (offenders.length > 0) {
    console.error(`\nFAIL: cart requests on an ordinary page load: ${offenders.map((p) => p.type.name).join(', ')}`);
    return 1;
  }
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  run.complain(error instanceof Error ? (error.stack ?? error.message) : String(error));
  code = 1;
} finally {
  await run.cleanUp();
  run.stopDeadline();
}
process.exit(run.timedOut ? 2 : code);
