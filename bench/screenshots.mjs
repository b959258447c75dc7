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

import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { CHROMIUM_ARGS, MUG, Run, loadChromium, repo, shopBuild } from './shop.mjs';

const run = new Run('bench/screenshots.mjs');
const chromium = loadChromium(run.script);

const SET = process.argv[2] ?? 'after';
if (!/^[a-z0-9-]+$/.test(SET)) {
  run.complain('the set name (before, after, ...) is lower case letters, digits and dashes');
  process.exit(2);
}
const { bin: BIN, assets: ASSETS } = shopBuild('debug');
const OUT = path.join(repo, 'docs/screenshots', SET);
const STEP_MS = 20_000;
const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};
const VARIABLE = { path: '/product/classic-zip-hoodie/', name: 'Classic Zip Hoodie', choices: { Color: 'Black', Size: 'L' } };

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
  const { url } = await run.startShop({
    bin: BIN,
    assets: ASSETS,
    tmpPrefix: 'mercato-screenshots-',
    dbFile: 'shop.db',
    buildHint: 'cargo build -p mercato',
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  run.defer(() => browser.close());
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
    run.complain(`these views did not reach their state (shot as they were):\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await run.cleanUp();
}
