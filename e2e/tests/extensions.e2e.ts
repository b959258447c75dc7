// Extensions (issue 25): the repository's example extension (examples/extensions/dummy),
// installed with MERCATO_EXTENSIONS_DIR and written only against the wc.* and wp.* globals,
// runs unchanged on the block checkout: its payment method is offered beside the shop's own,
// its slot fill and its Place Order label filter show, and a shopper buys with it (the
// manifest's gateway settles on hold, like bank transfer). The shop is this file's own.

import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startShop, type Shop } from '../harness';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples/extensions');

let shop: Shop | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop(undefined, { MERCATO_EXTENSIONS_DIR: EXAMPLES }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  if (shop === undefined || browser === undefined) throw new Error('shop not started');
  const context = await browser.newContext({ baseURL: shop.url });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function mugInCart(page: Page): Promise<void> {
  await page.goto('/product/enamel-camp-mug/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
}

describe('the example extension', () => {
  it('is served, and its manifest is not', async () => {
    const { page } = await newPage();
    expect((await page.request.get('/extensions/dummy/index.js')).status()).toBe(200);
    expect((await page.request.get('/extensions/dummy/extension.json')).status()).toBe(404);
  });

  it('offers its payment method, shows its slot fill and label, and a shopper buys with it', async () => {
    const { page, errors } = await newPage();
    await mugInCart(page);
    await page.goto('/checkout/');
    const payment = page.getByRole('group', { name: 'Payment options' });
    const dummy = payment.getByRole('radio', { name: 'Dummy' });
    await dummy.waitFor();
    await payment.getByRole('radio', { name: 'Cash on delivery' }).waitFor();
    await page.getByText('Dummy order meta for woocommerce/checkout').waitFor();

    await page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' }).fill('extension.buyer@example.com');
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByRole('combobox', { name: 'Country/Region' }).selectOption('US');
    await shipping.getByRole('textbox', { name: 'First name' }).fill('Ext');
    await shipping.getByRole('textbox', { name: 'Last name' }).fill('Buyer');
    await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street');
    await shipping.getByRole('textbox', { name: 'City' }).fill('San Francisco');
    await shipping.getByRole('combobox', { name: 'State' }).selectOption('CA');
    await shipping.getByRole('textbox', { name: 'ZIP Code' }).fill('94103');
    await shipping.getByRole('textbox', { name: 'ZIP Code' }).press('Tab');
    await dummy.check();
    await page.getByText('Pay with the dummy gateway.').waitFor();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    // Judged once the address sync is answered: meanwhile the summary is dimmed (`aria-busy`).
    await expect.poll(() => page.locator('.checkout-block [aria-busy="true"]').count()).toBe(0);
    expect(await seriousViolations(page), 'checkout with the extension’s method chosen').toEqual([]);

    await page.getByRole('button', { name: 'Place Order with Dummy' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Dummy');
    expect(errors).toEqual([]);
  });
});
