// The order-received page outside the browser that placed the order (security review F7): a
// guest's order asks for its billing email before showing any detail, a customer's order asks
// them to log in. Driven by keyboard, with JavaScript off and on, and checked with axe-core.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placeOrder, seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

/** Places a guest order for a T-shirt paid on delivery; returns the order-received URL. */
async function placeGuestOrder(page: Page, email: string): Promise<string> {
  await page.goto('/product/classic-zip-hoodie/');
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
  await page.goto('/checkout/');
  await page.getByRole('radio', { name: /Mercato Studio/ }).check();
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill('Pat');
  await billing.getByLabel('Last name').fill('Private');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill('77 Quiet Lane');
  await billing.getByLabel('Town / City').fill('San Francisco');
  await billing.getByLabel('State').selectOption('CA');
  await billing.getByLabel('ZIP Code').fill('94103');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await placeOrder(page);
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  await page.getByRole('heading', { name: 'Order received' }).waitFor();
  return page.url();
}

describe('an order-received link opened elsewhere', () => {
  for (const javaScriptEnabled of [false, true]) {
    it(`asks for the billing email first (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const email = `pat.${String(javaScriptEnabled)}@example.com`;
      const buyer = await newPage({ javaScriptEnabled: false });
      const url = await placeGuestOrder(buyer, email);

      const stranger = await newPage({ javaScriptEnabled });
      await stranger.goto(url);
      await stranger.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
      expect(await stranger.content()).not.toContain('77 Quiet Lane');
      expect(await stranger.content()).not.toContain(email);

      // By keyboard: focus the field, type a wrong address, submit with Enter.
      const field = stranger.getByRole('textbox', { name: 'Email address' });
      await field.focus();
      await stranger.keyboard.type('someone@example.com');
      await stranger.keyboard.press('Enter');
      await stranger
        .getByRole('alert')
        .filter({ hasText: 'We were unable to verify the email address you provided.' })
        .waitFor();
      expect(await stranger.content()).not.toContain('77 Quiet Lane');

      await stranger.getByRole('textbox', { name: 'Email address' }).focus();
      await stranger.keyboard.type(email.toUpperCase());
      await stranger.keyboard.press('Tab');
      await stranger.keyboard.press('Enter');
      await stranger.getByRole('heading', { name: 'Order received' }).waitFor();
      expect(await stranger.content()).toContain('77 Quiet Lane');
    });
  }

  it('has no serious accessibility problem in either state', async () => {
    const buyer = await newPage({ javaScriptEnabled: false });
    const url = await placeGuestOrder(buyer, 'pat.axe@example.com');
    const stranger = await newPage();
    await stranger.goto(url);
    await stranger.getByRole('heading', { name: 'Confirm your email address' }).waitFor();
    expect(await seriousViolations(stranger)).toEqual([]);
    await stranger.getByRole('textbox', { name: 'Email address' }).fill('wrong@example.com');
    await stranger.getByRole('button', { name: 'Verify' }).click();
    await stranger.getByRole('alert').waitFor();
    expect(await seriousViolations(stranger)).toEqual([]);
  });
});
