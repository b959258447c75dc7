// Isolation of extensions (issue 25, SPEC §6): an extension whose callbacks throw when the
// checkout calls them (e2e/fixtures/extensions/boom-in-callbacks: a checkout validation
// observer, a canMakePayment extension callback for cash on delivery, the placeOrderButtonLabel
// checkout filter, a wp.hooks filter and action) leaves the block checkout usable: a guest
// buys with cash on delivery and meets the errors only in the console; an administrator sees
// each error on the checkout, in a notice naming the extension, and can buy too. The shop is
// this file's own, with the fixture installed through MERCATO_EXTENSIONS_DIR and an
// administrator made with `mercato users create` before it starts.

import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, mercatoBin, seriousViolations, startShop, type Shop } from '../harness';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/extensions/boom-in-callbacks');
const ADMIN = 'isolation.admin@example.com';
const PASSWORD = 'correct horse battery staple';
/** The notice an administrator sees for a failure (web/src/registry/host.ts). */
const notice = (message: string): string => `The extension boom-in-callbacks failed: ${message}`;
const THROWS = {
  validation: 'boom-in-callbacks: its checkout validation observer throws',
  canPay: 'boom-in-callbacks: its canMakePayment callback for cod throws',
  filter: 'boom-in-callbacks: its placeOrderButtonLabel filter throws',
  hookFilter: 'boom-in-callbacks: its wp.hooks filter throws',
  hookAction: 'boom-in-callbacks: its wp.hooks action throws',
};

let shop: Shop | undefined;
let browser: Browser | undefined;
let extensionsDir: string | undefined;

beforeAll(async () => {
  extensionsDir = mkdtempSync(path.join(tmpdir(), 'mercato-isolation-'));
  cpSync(FIXTURE, path.join(extensionsDir, 'boom-in-callbacks'), { recursive: true });
  [shop, browser] = await Promise.all([
    startShop(
      (databaseUrl) => {
        const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
        execFileSync(mercatoBin(), ['migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
        execFileSync(mercatoBin(), ['users', 'create', '--email', ADMIN, '--role', 'administrator'], {
          env,
          input: `${PASSWORD}\n`,
          stdio: ['pipe', 'ignore', 'inherit'],
        });
      },
      { MERCATO_EXTENSIONS_DIR: extensionsDir },
    ),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  if (extensionsDir !== undefined) rmSync(extensionsDir, { recursive: true, force: true });
});

/** A page of a fresh context; `consoleErrors` gathers its console errors, `uncaught` its uncaught errors. */
async function newPage(): Promise<{ page: Page; consoleErrors: string[]; uncaught: string[] }> {
  if (shop === undefined || browser === undefined) throw new Error('shop not started');
  const context = await browser.newContext({ baseURL: shop.url });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const uncaught: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => uncaught.push(error.message));
  onTestFailed(async ({ task }) => {
    const dir = path.resolve(import.meta.dirname, '../artifacts');
    mkdirSync(dir, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
    console.error(`[${task.name}] console errors:\n${consoleErrors.join('\n')}`);
  });
  return { page, consoleErrors, uncaught };
}

async function logIn(page: Page): Promise<void> {
  await page.goto('/my-account/');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username or email address').fill(ADMIN);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
}

/** Puts a mug in the cart and opens the checkout. */
async function openCheckout(page: Page): Promise<void> {
  await page.goto('/product/enamel-camp-mug/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
  await page.goto('/checkout/');
  // The fixture's slot fill rendered, and its wp.hooks filter that threw was skipped.
  await page.getByText('boom-in-callbacks: Hooks still answer').waitFor();
}

/** Fills the contact and shipping address and accepts the terms. */
async function fillAddress(page: Page, email: string): Promise<void> {
  const contactEmail = page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' });
  if (await contactEmail.isEditable()) await contactEmail.fill(email);
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  await shipping.getByRole('combobox', { name: 'Country/Region' }).selectOption('US');
  await shipping.getByRole('textbox', { name: 'First name' }).fill('Iso');
  await shipping.getByRole('textbox', { name: 'Last name' }).fill('Lation');
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await shipping.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await shipping.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).fill('94103');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).press('Tab');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

/** Chooses cash on delivery, which the fixture's throwing callback must not have hidden. */
async function chooseCashOnDelivery(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByText('Pay with cash upon delivery.').waitFor();
  await expect.poll(() => page.locator('.checkout-block [aria-busy="true"]').count()).toBe(0);
}

/** Places the order and returns its id, from the order-received page's URL. */
async function placeOrder(page: Page): Promise<string> {
  // The throwing label filter is skipped: the button keeps the checkout's own label.
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  await page.getByRole('heading', { name: 'Order received' }).waitFor();
  const id = /\/order-received\/(\d+)\//.exec(page.url())?.[1];
  if (id === undefined) throw new Error(`no order id in ${page.url()}`);
  return id;
}

/** `mercato orders show <id>` on the shop's database. */
function orderShown(id: string): string {
  if (shop === undefined) throw new Error('shop not started');
  return execFileSync(mercatoBin(), ['orders', 'show', id], {
    env: { ...process.env, DATABASE_URL: shop.databaseUrl, MERCATO_LOG: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const extensionNotices = (page: Page) => page.getByRole('alert').filter({ hasText: 'The extension boom-in-callbacks failed' });

describe('an extension whose callbacks throw', () => {
  it('leaves the checkout usable: a guest buys with cash on delivery and sees no error, the console has them', async () => {
    const { page, consoleErrors, uncaught } = await newPage();
    await openCheckout(page);
    // Where an administrator sees the notices (the next test), a guest has the console only.
    for (const message of [THROWS.canPay, THROWS.filter, THROWS.hookFilter, THROWS.hookAction]) {
      await expect.poll(() => consoleErrors.some((text) => text.includes(message)), { message }).toBe(true);
    }
    expect(await extensionNotices(page).count()).toBe(0);
    await fillAddress(page, 'isolation.guest@example.com');
    await chooseCashOnDelivery(page);
    expect(await extensionNotices(page).count()).toBe(0);

    const id = await placeOrder(page);
    expect(orderShown(id)).toMatch(/^Payment: +Cash on delivery/m);
    expect(consoleErrors.some((text) => text.includes(THROWS.validation)), 'the validation observer ran and threw').toBe(true);
    expect(uncaught).toEqual([]);
  });

  it('shows an administrator each error in a notice naming the extension, and lets them buy', async () => {
    const { page, uncaught } = await newPage();
    await logIn(page);
    await openCheckout(page);
    // Shown as the checkout opens. (Typing an address clears the checkout area's error
    // notices, SPEC §4.8, these with the rest; the ones raised again as the checkout renders
    // come back.)
    const notices = extensionNotices(page);
    for (const message of [THROWS.canPay, THROWS.filter, THROWS.hookFilter, THROWS.hookAction]) {
      await notices.filter({ hasText: notice(message) }).first().waitFor();
    }
    expect(await seriousViolations(page), 'the checkout with the extension’s error notices').toEqual([]);

    await fillAddress(page, ADMIN);
    await chooseCashOnDelivery(page);

    const id = await placeOrder(page);
    expect(orderShown(id)).toMatch(/^Payment: +Cash on delivery/m);
    expect(uncaught).toEqual([]);
  });
});
