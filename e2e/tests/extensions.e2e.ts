// Extensions (issue 25): the repository's example extension (examples/extensions/dummy),
// installed with MERCATO_EXTENSIONS_DIR and written only against the wc.* and wp.* globals,
// runs unchanged on the block checkout: its payment methods are offered beside the shop's own,
// its slot fill and its Place Order label filter show, and a shopper buys with its offline
// gateway (on hold, like bank transfer) and through its payment app, Dummy Pay
// (examples/extensions/dummy/app/server.mjs, started here as a merchant runs it): paid at
// once, declined with the app's message and paid on a second try, and pending on the app's
// own page until the app notifies the shop (with JavaScript off, and from the pay-for-order
// page, too). Two fixture extensions (e2e/fixtures/extensions/) throw, one while it loads
// and one when its payment method renders: the checkout and the example still work. The shop
// is this file's own.
//
// The app's port is chosen when it starts, so the example is installed from a copy whose
// manifest names the app's address (a merchant writes theirs once).

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOut } from '../checkout-form';
import { launchBrowser, mercatoBin, seriousViolations, startShop, type Shop } from '../harness';

const EXAMPLE = path.resolve(import.meta.dirname, '../../examples/extensions/dummy');
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/extensions');
/** The Dummy Pay gateway's secret: the manifest's `secret_env` names the variable. */
const SECRET = 'dummy-pay-e2e-secret-0123456789';
const DECLINED = 'Dummy Pay declined the payment, as you asked. Choose another outcome and try again.';
const BOOM_AT_LOAD = 'boom-at-load: this extension throws while it loads';

/** A running Dummy Pay. */
interface App {
  url: string;
  stop(): Promise<void>;
}

/** Starts the example's payment app on a free port, as `node server.mjs 127.0.0.1:0`. */
function startApp(): Promise<App> {
  const child: ChildProcess = spawn(process.execPath, [path.join(EXAMPLE, 'app/server.mjs'), '127.0.0.1:0'], {
    env: { ...process.env, DUMMY_PAY_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('dummy-pay did not listen within 20 s'));
    }, 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^dummy-pay listening on (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) {
        clearTimeout(deadline);
        resolve({ url: match[1], stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`dummy-pay exited with code ${String(code)} before listening`));
    });
  });
}

/** An extensions folder: the example (its app at `appUrl`) and the two throwing fixtures. */
function installExtensions(appUrl: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mercato-extensions-'));
  cpSync(EXAMPLE, path.join(dir, 'dummy'), { recursive: true });
  const manifestPath = path.join(dir, 'dummy/extension.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { gateways: { id: string; app?: { url: string } }[] };
  const app = manifest.gateways.find((g) => g.id === 'dummy_pay')?.app;
  if (app === undefined) throw new Error('the example has no dummy_pay app');
  app.url = `${appUrl}/pay`;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  for (const name of ['boom-at-load', 'boom-in-render']) {
    cpSync(path.join(FIXTURES, name), path.join(dir, name), { recursive: true });
  }
  return dir;
}

let app: App | undefined;
let extensionsDir: string | undefined;
let shop: Shop | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  const started = await Promise.all([startApp(), launchBrowser()]);
  [app, browser] = started;
  extensionsDir = installExtensions(started[0].url);
  shop = await startShop(undefined, { MERCATO_EXTENSIONS_DIR: extensionsDir, DUMMY_PAY_SECRET: SECRET });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await app?.stop();
  if (extensionsDir !== undefined) rmSync(extensionsDir, { recursive: true, force: true });
});

/** A page of a fresh context; `errors` gathers its uncaught errors. */
async function newPage(javaScriptEnabled = true): Promise<{ page: Page; errors: string[] }> {
  if (shop === undefined || browser === undefined) throw new Error('shop not started');
  const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** Uncaught errors other than the fixture's throw at load (which each cart or checkout page has). */
const unexpected = (errors: readonly string[]): string[] => errors.filter((e) => e !== BOOM_AT_LOAD);

/** `mercato orders show <id>` on the shop's database. */
function orderShown(id: string): string {
  if (shop === undefined) throw new Error('shop not started');
  return execFileSync(mercatoBin(), ['orders', 'show', id], {
    env: { ...process.env, DATABASE_URL: shop.databaseUrl, MERCATO_LOG: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** `mercato orders list`'s lines for `email`. */
function ordersOf(email: string): string[] {
  if (shop === undefined) throw new Error('shop not started');
  return execFileSync(mercatoBin(), ['orders', 'list', '--limit', '100'], {
    env: { ...process.env, DATABASE_URL: shop.databaseUrl, MERCATO_LOG: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .split('\n')
    .filter((line) => line.includes(email));
}

/** The order the order-received page is about: the id in its URL. */
async function receivedOrder(page: Page): Promise<string> {
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  await page.getByRole('heading', { name: 'Order received' }).waitFor();
  const id = /\/order-received\/(\d+)\//.exec(page.url())?.[1];
  if (id === undefined) throw new Error(`no order id in ${page.url()}`);
  return id;
}

async function mugInCart(page: Page): Promise<void> {
  await page.goto('/product/enamel-camp-mug/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
}

/** Opens the checkout with a mug in the cart and fills the contact and address. */
async function fillCheckout(page: Page, email: string): Promise<void> {
  await mugInCart(page);
  await page.goto('/checkout/');
  await page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' }).fill(email);
  const shipping = page.getByRole('group', { name: 'Shipping address' });
  await shipping.getByRole('combobox', { name: 'Country/Region' }).selectOption('US');
  await shipping.getByRole('textbox', { name: 'First name' }).fill('Ext');
  await shipping.getByRole('textbox', { name: 'Last name' }).fill('Buyer');
  await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
  await shipping.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await shipping.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).fill('94103');
  await shipping.getByRole('textbox', { name: 'ZIP Code' }).press('Tab');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

/** Chooses Dummy Pay and the outcome its form offers (`name` is the outcome radio's). */
async function chooseDummyPay(page: Page, outcome: string): Promise<void> {
  const payment = page.getByRole('group', { name: 'Payment options' });
  await payment.getByRole('radio', { name: 'Dummy Pay', exact: true }).check();
  await payment.getByRole('group', { name: 'Dummy Pay outcome' }).getByRole('radio', { name: outcome }).check();
}

/** Judged once the address sync is answered: meanwhile the summary is dimmed (`aria-busy`). */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.checkout-block [aria-busy="true"]').count()).toBe(0);
}

describe('the example extension', () => {
  it('is served, and its manifest is not', async () => {
    const { page } = await newPage();
    expect((await page.request.get('/extensions/dummy/index.js')).status()).toBe(200);
    expect((await page.request.get('/extensions/dummy/extension.json')).status()).toBe(404);
  });

  it('offers its payment methods, shows its slot fill and label, and a shopper buys with its offline gateway', async () => {
    const { page, errors } = await newPage();
    await fillCheckout(page, 'extension.buyer@example.com');
    const payment = page.getByRole('group', { name: 'Payment options' });
    await payment.getByRole('radio', { name: 'Cash on delivery' }).waitFor();
    await payment.getByRole('radio', { name: 'Dummy Pay', exact: true }).waitFor();
    await page.getByText('Dummy order meta for woocommerce/checkout').waitFor();
    await payment.getByRole('radio', { name: 'Dummy', exact: true }).check();
    await page.getByText('Pay with the dummy gateway.').waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'checkout with the extension’s offline method chosen').toEqual([]);

    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    const id = await receivedOrder(page);
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Dummy');
    const shown = orderShown(id);
    expect(shown).toMatch(/^Status: +on-hold$/m);
    // The extension data its script sets (`setExtensionData`) passed its manifest's schema and
    // reached the order.
    expect(shown).toMatch(/^ {2}dummy: \{"source":"example"\}$/m);
    expect(unexpected(errors)).toEqual([]);
  });
});

describe('Dummy Pay, the example’s payment app', () => {
  it('answers only requests signed with its secret', async () => {
    const body = JSON.stringify({ order: { id: 1, total: 100, currency: 'USD' }, payment_method: 'dummy_pay', payment_data: { dummy_pay_outcome: 'success' }, return_url: `${shop!.url}/` });
    const post = (signature?: string, key?: string) =>
      fetch(`${app!.url}/pay`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(signature !== undefined && { 'X-Mercato-Signature': signature }),
          ...(key !== undefined && { 'Idempotency-Key': key }),
        },
        body,
      });
    const signed = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const forged = `sha256=${createHmac('sha256', 'another-secret-0123456789').update(body).digest('hex')}`;
    expect((await post()).status).toBe(401);
    expect((await post(forged)).status).toBe(401);
    const answer = await post(signed, 'e2e-attempt-1');
    expect(answer.status).toBe(200);
    const first = (await answer.json()) as { result: string; transaction_id: string };
    expect(first).toMatchObject({ result: 'success', transaction_id: expect.stringMatching(/^dummy_/) as unknown });
    // The same attempt again is answered as before (charged once); another is another payment.
    expect(await (await post(signed, 'e2e-attempt-1')).json()).toEqual(first);
    expect(await (await post(signed, 'e2e-attempt-2')).json()).not.toEqual(first);
  });

  it('pays at once: the order is paid with the app’s transaction id', async () => {
    const { page, errors } = await newPage();
    await fillCheckout(page, 'dummy.pay.now@example.com');
    await chooseDummyPay(page, 'Approve at once');
    await page.getByText('Pay through Dummy Pay, the example payment app. No money moves.').waitFor();
    await settled(page);
    expect(await seriousViolations(page), 'checkout with the payment app’s method chosen').toEqual([]);

    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    const id = await receivedOrder(page);
    await page.getByRole('status').filter({ hasText: 'Thank you. Your order has been received.' }).waitFor();
    const shown = orderShown(id);
    expect(shown).toMatch(/^Status: +processing$/m);
    expect(shown).toMatch(/^Payment: +Dummy Pay/m);
    expect(shown).toMatch(/^Transaction: dummy_[0-9a-f]{12}$/m);
    expect(unexpected(errors)).toEqual([]);
  });

  it('declines with its message in the payment area; the shopper pays on a second try', async () => {
    const email = 'dummy.pay.declined@example.com';
    const { page, errors } = await newPage();
    await fillCheckout(page, email);
    await chooseDummyPay(page, 'Decline');
    await settled(page);
    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();

    const payment = page.getByRole('group', { name: 'Payment options' });
    await payment.getByText(DECLINED).waitFor();
    await expect.poll(() => page.getByText(DECLINED).count(), { message: 'the message is shown once' }).toBe(1);
    expect(page.url()).toMatch(/\/checkout\/$/);
    const declined = ordersOf(email);
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatch(/\bfailed\b/);

    await chooseDummyPay(page, 'Approve at once');
    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    const id = await receivedOrder(page);
    expect(orderShown(id)).toMatch(/^Status: +processing$/m);
    const paid = ordersOf(email).filter((line) => /\bprocessing\b/.test(line));
    expect(paid, 'one order is paid').toHaveLength(1);
    expect(unexpected(errors)).toEqual([]);
  });

  it('sends the shopper to its page when pending, and pays the order once the shopper approves there', async () => {
    const { page, errors } = await newPage();
    await fillCheckout(page, 'dummy.pay.later@example.com');
    await chooseDummyPay(page, 'Confirm on the Dummy Pay page');
    await settled(page);
    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();

    await page.waitForURL((url) => url.href.startsWith(`${app!.url}/confirm/`));
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await page.getByText(/^Order \d+: /).waitFor();
    expect(await seriousViolations(page), 'the app’s page').toEqual([]);
    await page.getByRole('button', { name: 'Approve payment' }).click();

    const id = await receivedOrder(page);
    await page.getByRole('status').filter({ hasText: 'Thank you. Your order has been received.' }).waitFor();
    const shown = orderShown(id);
    expect(shown).toMatch(/^Status: +processing$/m);
    expect(shown).toMatch(/^Transaction: dummy_[0-9a-f]{12}$/m);
    expect(unexpected(errors)).toEqual([]);
  });

  it('fails the order when the shopper declines on its page', async () => {
    const { page } = await newPage();
    await fillCheckout(page, 'dummy.pay.refused@example.com');
    await chooseDummyPay(page, 'Confirm on the Dummy Pay page');
    await settled(page);
    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    await page.getByRole('button', { name: 'Decline payment' }).click();

    const id = await receivedOrder(page);
    await page.getByRole('alert').filter({ hasText: 'your order cannot be processed as the payment was declined' }).waitFor();
    expect(orderShown(id)).toMatch(/^Status: +failed$/m);
  });

  it('takes a customer paying a declined order again on the pay-for-order page to its page', async () => {
    const email = 'dummy.pay.again@example.com';
    const { page, errors } = await newPage();
    await fillCheckout(page, email);
    const contact = page.getByRole('group', { name: 'Contact information' });
    await contact.getByRole('checkbox', { name: 'Create an account?' }).check();
    await contact.getByLabel('Create account password').fill('Dummy-Pay-again-2026!');
    await chooseDummyPay(page, 'Decline');
    await settled(page);
    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    await page.getByRole('group', { name: 'Payment options' }).getByText(DECLINED).waitFor();
    const id = /^#(\d+)/.exec(ordersOf(email)[0] ?? '')?.[1];
    if (id === undefined) throw new Error(`no order for ${email}`);
    const key = /^Order #\d+ \((wc_order_\w+)\)$/m.exec(orderShown(id))?.[1];
    if (key === undefined) throw new Error(`no key for order ${id}`);

    // The classic form's answer is a redirect to the app's page, which the page's policy allows.
    await page.goto(`/checkout/order-pay/${id}/?pay_for_order=true&key=${key}`);
    await page.getByRole('heading', { name: 'Pay for order' }).waitFor();
    await page.getByRole('form', { name: 'Pay for order' }).getByRole('radio', { name: 'Dummy Pay', exact: true }).check();
    await page.getByRole('button', { name: 'Pay for order' }).click();
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    expect(await receivedOrder(page)).toBe(id);
    expect(orderShown(id)).toMatch(/^Status: +processing$/m);
    expect(unexpected(errors)).toEqual([]);
  });

  it('takes a shopper without JavaScript to its page too', async () => {
    const { page } = await newPage(false);
    await mugInCart(page);
    await checkOut(
      page,
      { first: 'No', last: 'Script', street: '2 Main Street', city: 'San Francisco', state: 'CA', postcode: '94103', email: 'dummy.pay.nojs@example.com', payment: 'Dummy Pay' },
      false,
    );
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    expect(page.url().startsWith(`${app!.url}/confirm/`)).toBe(true);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    const id = await receivedOrder(page);
    expect(orderShown(id)).toMatch(/^Status: +processing$/m);
  });
});

describe('extensions that throw', () => {
  it('leave the checkout and the example usable: a shopper buys with a built-in method', async () => {
    const { page, errors } = await newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await fillCheckout(page, 'extension.survivor@example.com');
    // The example's script ran after the one that threw at load.
    await page.getByText('Dummy order meta for woocommerce/checkout').waitFor();
    await page.getByRole('button', { name: 'Place Order with Dummy' }).waitFor();
    await expect.poll(() => errors).toContain(BOOM_AT_LOAD);

    // The method whose content throws is offered; chosen, it shows nothing in its place.
    const payment = page.getByRole('group', { name: 'Payment options' });
    await payment.getByRole('radio', { name: 'Boom' }).check();
    await expect.poll(() => consoleErrors.some((text) => text.includes('boom-in-render'))).toBe(true);
    await page.getByText('Dummy order meta for woocommerce/checkout').waitFor();

    await payment.getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByText('Pay with cash upon delivery.').waitFor();
    await settled(page);
    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    const id = await receivedOrder(page);
    expect(orderShown(id)).toMatch(/^Payment: +Cash on delivery/m);
    // Render errors are caught by the boundaries: none escapes as an uncaught error.
    expect(unexpected(errors)).toEqual([]);
  });
});
