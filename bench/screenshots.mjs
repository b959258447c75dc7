#!/usr/bin/env node
// Storefront screenshots (issue 27): the pages a shopper sees most, at a desktop and a phone
// size, saved as small PNGs so a change of look can be compared before and after. Not a test:
// it starts the binary on 127.0.0.1 with a fresh SQLite database and the demo shop (as
// bench/cart-page.mjs does), drives Debian's headless Chromium through playwright-core, and
// writes one PNG per view and viewport into docs/screenshots/$SET/.
//
//   node bench/screenshots.mjs after                                 # target/debug/mercato, web/dist
//   MERCATO_BIN=target/release/mercato node bench/screenshots.mjs before
//
// The shop's own environment passes through, so an older look can be shot with today's binary:
// MERCATO_THEME_DIR=<a copy of the old crates/server/templates> and MERCATO_ASSETS_DIR=<the old
// web/dist> (how docs/screenshots/before was made).
//
// Views: home, shop, a variable product with a choice made, quick view, search with
// suggestions, the mini cart, my account (logged out) and a content page; viewports 1366×900
// (desktop) and 390×844 (a phone with touch, DPR 1 to keep the files small). Each shot is of
// the viewport, not the whole page: what a shopper sees first.
//
// playwright-core comes from e2e/node_modules (`make e2e-deps`); Chromium is /usr/bin/chromium.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const { chromium } = createRequire(path.join(repo, 'e2e', 'package.json'))('playwright-core');

const env = process.env;
const SET = process.argv[2] ?? 'after';
if (!/^[a-z0-9-]+$/.test(SET)) {
  console.error('bench/screenshots.mjs: the set name (before, after, ...) is lower case letters, digits and dashes');
  process.exit(2);
}
const BIN = env.MERCATO_BIN ?? path.join(repo, 'target/debug/mercato');
const ASSETS = env.MERCATO_ASSETS_DIR ?? path.join(repo, 'web/dist');
const OUT = path.join(repo, 'docs/screenshots', SET);
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
const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};
const VARIABLE = { path: '/product/classic-zip-hoodie/', name: 'Classic Zip Hoodie', choices: { Color: 'Black', Size: 'L' } };
const MUG = 'Enamel Camp Mug';

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

async function startShop() {
  if (!existsSync(BIN)) throw new Error(`no binary at ${BIN}: cargo build -p mercato`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mercato-screenshots-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--assets-dir', ASSETS, '--demo-if-empty'], {
    env: { ...env, DATABASE_URL: `sqlite://${dir}/shop.db`, MERCATO_OUTBOX_DIR: path.join(dir, 'outbox'), MERCATO_LOG: 'warn' },
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

/** Waits until the page's network has been quiet and its fonts and pictures are drawn. */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: STEP_MS }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

/** Chooses a term of a variation attribute, as swatches (radios) or as a select. */
async function choose(scope, attribute, term) {
  const group = scope.getByRole('radiogroup', { name: attribute });
  if ((await group.count()) > 0) {
    await group.getByRole('radio', { name: term, exact: true }).check({ timeout: STEP_MS });
  } else {
    await scope.getByRole('combobox', { name: attribute }).selectOption({ label: term }, { timeout: STEP_MS });
  }
}

/** Each view: a name and what to do on a fresh page before the shot. */
const VIEWS = [
  ['home', async (page) => page.goto('/')],
  ['shop', async (page) => page.goto('/shop/')],
  [
    'product',
    async (page) => {
      await page.goto(VARIABLE.path);
      for (const [attribute, term] of Object.entries(VARIABLE.choices)) await choose(page, attribute, term);
    },
  ],
  [
    'quick-view',
    async (page) => {
      await page.goto('/shop/');
      const button = page.getByRole('button', { name: `Quick view: “${VARIABLE.name}”` });
      await button.focus();
      await button.click({ timeout: STEP_MS });
      const dialog = page.getByRole('dialog', { name: VARIABLE.name });
      await dialog.getByRole('button', { name: 'Add to cart' }).waitFor({ timeout: STEP_MS });
    },
  ],
  [
    'search',
    async (page, kind) => {
      await page.goto('/');
      const banner = page.getByRole('banner');
      if (kind === 'phone') {
        // The phone header may keep its search behind a button.
        const open = banner.getByRole('button', { name: /^Search/ });
        if ((await open.count()) > 0 && (await open.first().isVisible())) await open.first().click();
      }
      // A searchbox until live search's chunk attaches (on the first reach), a combobox after.
      const box = banner.getByRole('combobox', { name: 'Search products' }).or(banner.getByRole('searchbox', { name: 'Search products' })).first();
      await box.pressSequentially('hoodie', { timeout: STEP_MS });
      await banner.getByRole('listbox').getByRole('option', { name: 'Cropped Hoodie' }).waitFor({ timeout: STEP_MS });
    },
  ],
  [
    'mini-cart',
    async (page) => {
      await page.goto('/product-category/mugs/');
      await page.getByRole('link', { name: `Add to cart: “${MUG}”` }).click({ timeout: STEP_MS });
      await page.getByRole('dialog', { name: /^Cart/ }).getByRole('link', { name: 'Checkout' }).waitFor({ timeout: STEP_MS });
    },
  ],
  ['my-account', async (page) => page.goto('/my-account/')],
  ['content-page', async (page) => page.goto('/about/')],
];

async function main() {
  const url = await startShop();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  mkdirSync(OUT, { recursive: true });
  const failed = [];
  for (const [kind, options] of Object.entries(VIEWPORTS)) {
    for (const [name, act] of VIEWS) {
      const context = await browser.newContext({ ...options, baseURL: url, reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_MS);
      const file = path.join(OUT, `${name}-${kind}.png`);
      try {
        await act(page, kind);
        await settle(page);
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
        console.log(`${path.relative(repo, file)}`);
      } catch (error) {
        failed.push(`${name}-${kind}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' }).catch(() => {});
      } finally {
        await context.close();
      }
    }
  }
  if (failed.length > 0) {
    console.error(`bench/screenshots.mjs: these views did not reach their state (shot as they were):\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
