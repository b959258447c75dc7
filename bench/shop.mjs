// What the browser benchmarks share (bench/browser.mjs, cart-page.mjs, checkout-page.mjs,
// layout-shift.mjs, screenshots.mjs): playwright-core from e2e/node_modules, the Chromium flags
// this machine needs (the e2e harness's), integer options from the environment, clean-ups run
// in reverse order and a deadline that runs them, the shop started from its binary on
// 127.0.0.1 with a fresh SQLite database and the demo shop, a poll, and percentiles.
//
// Not a script: each benchmark imports it. Plain ESM, types in JSDoc; no dependency beyond
// Node and the e2e suite's playwright-core.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's Chromium, unless `CHROMIUM` names another. */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The flags the e2e harness starts Chromium with (DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The longest a single wait takes, unless a script says otherwise. */
export const STEP_MS = 20_000;

/**
 * The binary and the built frontend: `MERCATO_BIN` and `MERCATO_ASSETS_DIR`, else the
 * `profile` build under target/ and web/dist.
 * @param {'release' | 'debug'} profile
 * @returns {{ bin: string, assets: string }}
 */
export function shopBuild(profile) {
  return {
    bin: process.env.MERCATO_BIN ?? path.join(repo, 'target', profile, 'mercato'),
    assets: process.env.MERCATO_ASSETS_DIR ?? path.join(repo, 'web/dist'),
  };
}

/**
 * `chromium` from playwright-core, from the e2e suite's packages (one copy for the tests and
 * the benchmarks).
 * @param {string} script the script's name for the message, e.g. `bench/cart-page.mjs`
 * @returns {import('playwright-core').BrowserType}
 */
export function loadChromium(script) {
  const require = createRequire(path.join(repo, 'e2e', 'package.json'));
  try {
    return require('playwright-core').chromium;
  } catch (error) {
    console.error(`${script}: playwright-core not found in e2e/node_modules: run \`make e2e-deps\``);
    throw error;
  }
}

/**
 * Resolves when `check()` returns a truthy value (with that value), polling every `every` ms;
 * throws after `ms`.
 * @template T
 * @param {string} what what is waited for, for the message
 * @param {() => T | Promise<T>} check
 * @param {number} [ms]
 * @param {number} [every]
 * @returns {Promise<T>}
 */
export async function until(what, check, ms = STEP_MS, every = 25) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/**
 * The `p`th percentile of `values`. Two rules are in use, and figures in docs/benchmarks.md
 * were made with each, so a script keeps its own:
 * - `nearest-rank` (the textbook one): the smallest value with at least p % of the values at
 *   or below it;
 * - `floor-index`: the value at index ⌊p/100 × n⌋ of the sorted list (the upper median at
 *   p50 for an even n; one rank above `nearest-rank` where p/100 × n is whole).
 * @param {number[]} values
 * @param {number} p
 * @param {'nearest-rank' | 'floor-index'} [rule]
 * @returns {number}
 */
export function percentile(values, p, rule = 'nearest-rank') {
  const sorted = [...values].sort((a, b) => a - b);
  const index =
    rule === 'nearest-rank'
      ? Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)
      : Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return /** @type {number} */ (sorted[index]);
}

/**
 * One benchmark run: its messages (prefixed with the script's name), its options, its
 * clean-ups (run last first, each one's failure ignored), its deadline and its shop.
 */
export class Run {
  /** @param {string} script the script's name, e.g. `bench/cart-page.mjs` */
  constructor(script) {
    this.script = script;
    /** @type {Array<() => unknown>} */
    this.steps = [];
    /** Whether the deadline has passed (the run then exits 2). */
    this.timedOut = false;
    /** @type {NodeJS.Timeout | undefined} */
    this.timer = undefined;
  }

  /**
   * Prints `message` to stderr after the script's name.
   * @param {string} message
   */
  complain(message) {
    console.error(`${this.script}: ${message}`);
  }

  /**
   * An integer from the environment variable `name` (else `fallback`), from `min` to `max`
   * (which may be `Infinity`); anything else exits 2 with a message.
   * @param {string} name
   * @param {number} fallback
   * @param {number} max
   * @param {number} [min]
   * @returns {number}
   */
  int(name, fallback, max, min = 1) {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.complain(`${name} must be an integer ${max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`}`);
      process.exit(2);
    }
    return value;
  }

  /**
   * Runs `step` at clean-up, before the steps deferred earlier.
   * @param {() => unknown} step
   */
  defer(step) {
    this.steps.push(step);
  }

  /** Runs the deferred steps, last first; a failing step does not stop the others. */
  async cleanUp() {
    while (this.steps.length > 0) {
      const step = /** @type {() => unknown} */ (this.steps.pop());
      try {
        await step();
      } catch {
        // Best effort: the next step still runs.
      }
    }
  }

  /**
   * After `seconds`, says so, cleans up and exits 2. The timer does not keep Node alive.
   * @param {number} seconds
   */
  startDeadline(seconds) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.complain(`the run passed its deadline of ${seconds} s`);
      void this.cleanUp().finally(() => process.exit(2));
    }, seconds * 1000);
    this.timer.unref();
  }

  /** Disarms the deadline. */
  stopDeadline() {
    clearTimeout(this.timer);
  }

  /** On SIGINT or SIGTERM: clean up, then exit 130. */
  cleanUpOnSignals() {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        void this.cleanUp().finally(() => process.exit(130));
      });
    }
  }

  /**
   * Starts `mercato serve` on 127.0.0.1 (a free port) with a fresh SQLite database in a new
   * temporary directory and the demo shop, and resolves with its address once it prints
   * `mercato listening on URL` (within 60 s). Clean-up stops it (SIGTERM, SIGKILL after 5 s)
   * and removes the directory. The shop gets this process's environment.
   * @param {object} options
   * @param {string} options.bin the binary
   * @param {string} options.assets the built frontend (`--assets-dir`)
   * @param {string} options.tmpPrefix the temporary directory's name prefix
   * @param {string} [options.dbFile] the database file's name in it
   * @param {string} [options.buildHint] how to build a missing binary
   * @param {boolean} [options.requireAssets] refuse to start without a built frontend
   * @returns {Promise<{ url: string, pid: number | undefined }>}
   */
  async startShop({ bin, assets, tmpPrefix, dbFile = 'bench.db', buildHint = 'cargo build --release -p mercato', requireAssets = false }) {
    if (!existsSync(bin)) {
      throw new Error(`no binary at ${bin}: ${buildHint}`);
    }
    if (requireAssets && !existsSync(path.join(assets, '.vite', 'manifest.json'))) {
      throw new Error(`no built assets in ${assets}: make web`);
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
    this.defer(() => rmSync(dir, { recursive: true, force: true }));
    const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--assets-dir', assets, '--demo-if-empty'], {
      env: {
        ...process.env,
        DATABASE_URL: `sqlite://${dir}/${dbFile}`,
        MERCATO_OUTBOX_DIR: path.join(dir, 'outbox'),
        MERCATO_LOG: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.defer(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    });
    /** @type {string} */
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('mercato did not listen within 60 s')), 60_000);
      createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on('line', (line) => {
        const match = /^mercato listening on (http:\/\/\S+)$/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(/** @type {string} */ (match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`mercato exited with code ${code} before listening`));
      });
    });
    return { url, pid: child.pid };
  }
}

/** The mug the cart benchmarks put in carts, and the category page that lists it. */
export const MUG = 'Enamel Camp Mug';
export const CATEGORY = '/product-category/mugs/';

/**
 * Puts `count` mugs in the context's cart through the classic add link, outside the page
 * being measured (following the redirect shows, and so uses up, the added-to-cart notice).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url the shop's address
 * @param {number} [count]
 */
export async function addMugsOutsideThePage(context, url, count = 1) {
  const html = await (await context.request.get(`${url}${CATEGORY}`, { timeout: STEP_MS })).text();
  const link = new RegExp(`<a href="(\\?add-to-cart=\\d+)"[^>]*aria-label="Add to cart: “${MUG}”"`).exec(html);
  if (!link) throw new Error(`no add-to-cart link for ${MUG} on ${CATEGORY}`);
  for (let i = 0; i < count; i += 1) {
    const added = await context.request.get(`${url}${CATEGORY}${link[1]}`, { timeout: STEP_MS });
    if (!added.ok()) throw new Error(`adding ${MUG}: HTTP ${added.status()}`);
  }
}

/**
 * An init script (a string, run before the page's own scripts) that sums the page's layout
 * shifts without recent input into `window.__shifts`: `{ total, largest }`.
 */
export const LAYOUT_SHIFT_TOTALS = `
  window.__shifts = { total: 0, largest: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.total += entry.value;
      window.__shifts.largest = Math.max(window.__shifts.largest, entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/**
 * Follows a page's requests: those in flight, and when that set last changed.
 * @param {import('playwright-core').Page} page
 * @returns {{ inFlight: Set<import('playwright-core').Request>, lastChange: number }}
 */
export function trackRequests(page) {
  const state = { inFlight: new Set(), lastChange: Date.now() };
  page.on('request', (request) => {
    state.inFlight.add(request);
    state.lastChange = Date.now();
  });
  /** @param {import('playwright-core').Request} request */
  const done = (request) => {
    state.inFlight.delete(request);
    state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/**
 * Resolves once no request of `requests` has been in flight for `quietMs`.
 * @param {{ inFlight: Set<unknown>, lastChange: number }} requests from {@link trackRequests}
 * @param {number} quietMs
 */
export async function networkQuiet(requests, quietMs) {
  await until('a quiet network', () => requests.inFlight.size === 0 && Date.now() - requests.lastChange >= quietMs);
}
