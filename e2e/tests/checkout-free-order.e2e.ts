// A free order (issue 24): a 100% coupon on a lanyard collected from the studio leaves nothing
// to pay. The checkout asks for no payment method, with JavaScript (the block checkout has no
// Payment options step) and without it (the classic form lists no gateways), and the order is
// placed and received with a total of $0.00 and no payment method. The shop is this file's
// own: it has the coupon `gift100`, which the demo does not.

import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOut } from '../checkout-form';
import { launchBrowser, mercatoBin, seriousViolations, startShop, type Shop } from '../harness';

const COUPON = { code: 'gift100', discount_type: 'percent', amount: '100' };

let shop: Shop | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShop((databaseUrl) => {
      const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
      execFileSync(mercatoBin(), ['coupons', 'set', '-'], {
        env,
        input: JSON.stringify(COUPON),
        stdio: ['pipe', 'ignore', 'inherit'],
      });
    }),
    launchBrowser(),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function newPage(javaScriptEnabled: boolean): Promise<Page> {
  if (shop === undefined || browser === undefined) throw new Error('shop not started');
  const context = await browser.newContext({ baseURL: shop.url, javaScriptEnabled });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

/** A lanyard in the cart with the 100% coupon on it, applied on the cart page. */
async function freeCart(page: Page, javaScript: boolean): Promise<void> {
  await page.goto('/product/woven-lanyard/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
  await page.goto('/cart/');
  if (javaScript) {
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    const code = page.getByRole('textbox', { name: 'Coupon code' });
    await code.fill(COUPON.code);
    await code.press('Enter');
    await page.getByRole('group', { name: `Coupon: ${COUPON.code}` }).waitFor();
  } else {
    await page.getByLabel('Coupon:').fill(COUPON.code);
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon code applied successfully.' }).waitFor();
  }
}

describe('a free order', () => {
  for (const javaScript of [true, false]) {
    it(`is placed without a payment method (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const page = await newPage(javaScript);
      await freeCart(page, javaScript);
      await checkOut(
        page,
        {
          first: 'Gift',
          last: 'Taker',
          street: '1 Main Street',
          city: 'San Francisco',
          state: 'CA',
          postcode: '94103',
          email: `free.${javaScript ? 'js' : 'nojs'}@example.com`,
          pickup: true,
        },
        javaScript,
      );
      await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
      await page.getByRole('heading', { name: 'Order received' }).waitFor();
      const overview = page.locator('.woocommerce-order-overview');
      expect(await overview.textContent()).toContain('Total: $0.00');
      expect(await overview.textContent()).not.toContain('Payment method');
      expect(await page.getByRole('alert').count()).toBe(0);
      if (javaScript) {
        expect(await seriousViolations(page), 'free order received').toEqual([]);
      }
    });
  }
});
