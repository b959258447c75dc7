// Checkout filters, a checkout block and a slot fill from an installed extension (issue 25),
// in a real browser: the fixture extension (e2e/fixtures/extensions-filters/acme-filters),
// written only against the wc.* and wp.* globals and served by the shop under its content
// security policy, renames lines on the cart and in the checkout's summary, relabels the total
// and the proceed button, formats the line total, fills the shipping slot on both pages, adds
// a newsletter box to the contact step whose choice becomes extension data, and returns a
// number for the Place Order label, which the checkout skips. The shop is this file's own.

import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startShop, type Shop } from '../harness';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/extensions-filters');

let shop: Shop | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(undefined, { MERCATO_EXTENSIONS_DIR: FIXTURES }), launchBrowser()]);
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

describe('an extension’s filters, block and slot fill', () => {
  it('change the cart page', async () => {
    const { page, errors } = await newPage();
    await mugInCart(page);
    await page.goto('/cart/');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Enamel Camp Mug (cart)' }).waitFor();
    await expect.poll(() => table.locator('td.product-subtotal').first().innerText()).toMatch(/for the line$/);
    const totals = page.getByRole('region', { name: 'Cart totals' });
    await totals.getByRole('group', { name: 'Total due' }).waitFor();
    await totals.getByText('Acme delivery note (woocommerce/cart)').waitFor();
    const proceed = page.getByRole('link', { name: 'Proceed to checkout (1)' });
    await proceed.waitFor();
    expect(await proceed.getAttribute('href')).toMatch(/\/checkout\/$/);
    expect(errors).toEqual([]);
  });

  it('change the checkout, whose block sets extension data, and a filter that breaks the rule is skipped', async () => {
    const { page, errors } = await newPage();
    await mugInCart(page);
    await page.goto('/checkout/');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Enamel Camp Mug (summary)').waitFor();
    await summary.getByRole('group', { name: 'Total due' }).waitFor();
    await page.getByRole('group', { name: 'Shipping options' }).getByText('Acme delivery note (woocommerce/checkout)').waitFor();
    // placeOrderButtonLabel returned a number: the default stays.
    await page.getByRole('button', { name: 'Place Order', exact: true }).waitFor();

    const newsletter = page.getByRole('group', { name: 'Contact information' }).getByRole('checkbox', { name: 'Send me Acme news' });
    await newsletter.check();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const data = (window as unknown as { wp: { data: { select: (k: string) => { getExtensionData: () => Record<string, unknown> } } } }).wp.data;
          return data.select('wc/store/checkout').getExtensionData()['acme-filters'];
        }),
      )
      .toEqual({ newsletter: true });
    await expect.poll(() => page.locator('.checkout-block [aria-busy="true"]').count()).toBe(0);
    expect(await seriousViolations(page), 'checkout with the extension’s block, fill and filters').toEqual([]);
    expect(errors).toEqual([]);
  });
});
