// The classic checkout with JavaScript off: add a variation from its product page, apply the
// demo coupon `welcome10` on the cart, choose local pickup, fill the form, confirm the total
// pickup changed and pay with cash on delivery; then a declined test card shows the failure and keeps the cart; and a new
// customer saves their card and buys again with one click of the express button.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { useShop } from '../harness';

const { newPage, shop } = useShop();

/** The emails in the outbox that mention `text` (the worker sends them in the background). */
function emailsMentioning(text: string): string[] {
  const dir = shop().outboxDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((body) => body.includes(text));
}

async function addHoodie(page: Page): Promise<void> {
  await page.goto('/product/classic-zip-hoodie/');
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
}

async function fillBilling(page: Page): Promise<void> {
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill('Jane');
  await billing.getByLabel('Last name').fill('Doe');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill('1 Main Street');
  await billing.getByLabel('Town / City').fill('San Francisco');
  await billing.getByLabel('State').selectOption('CA');
  await billing.getByLabel('ZIP Code').fill('94103');
  await billing.getByLabel('Email address').fill('jane@example.com');
}

/** The total the order-received page's overview states. */
async function overviewTotal(page: Page): Promise<string | null> {
  return page.locator('.woocommerce-order-overview li.total strong').textContent();
}

describe('the checkout without JavaScript', () => {
  it('places an order for pickup, paid on delivery', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await addHoodie(page);
    await page.goto('/cart/');
    await page.getByLabel('Coupon:').fill('welcome10');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon code applied successfully.' }).waitFor();

    await page.goto('/checkout/');
    await page.getByRole('rowheader', { name: 'Coupon: welcome10' }).waitFor();
    await page.getByRole('radio', { name: /Mercato Studio/ }).check();
    await fillBilling(page);
    await page.getByLabel('Order notes (optional)').fill('I will come on Friday');
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    const shownTotal = await page.locator('tr.order-total strong').textContent();
    await page.getByRole('button', { name: 'Place order' }).click();

    // Pickup changed the total the page showed: nothing is charged until the shopper has seen
    // the new one, which the form now shows, the choices kept.
    await page.getByRole('alert').filter({ hasText: 'The total of your order has changed to' }).waitFor();
    expect(page.url()).toMatch(/\/checkout\/$/);
    const newTotal = await page.locator('tr.order-total strong').textContent();
    expect(newTotal).not.toBe(shownTotal);
    expect(await page.getByRole('alert').textContent()).toContain(`changed to ${newTotal ?? ''}`);
    expect(await page.getByRole('radio', { name: /Mercato Studio/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Your order has been received.' }).waitFor();
    expect(await overviewTotal(page)).toBe(newTotal);
    const overview = page.locator('.woocommerce-order-overview');
    expect(await overview.textContent()).toContain('jane@example.com');
    expect(await overview.textContent()).toContain('Cash on delivery');
    await page.getByText('Classic Zip Hoodie').first().waitFor();
    // Free shipping shows the method alone, as WooCommerce's get_shipping_to_display does.
    await page.getByRole('cell', { name: /^Pickup \(Mercato Studio/ }).waitFor();
    await page.getByRole('link', { name: /^Cart, 0 items,/ }).waitFor();

    // The customer's and the shop's emails land in the outbox.
    await vi.waitFor(
      () => {
        expect(emailsMentioning('jane@example.com').length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(emailsMentioning('Classic Zip Hoodie').length).toBeGreaterThanOrEqual(1);
  });

  it('shows a declined card and keeps the cart', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await addHoodie(page);
    await page.goto('/checkout/');
    await fillBilling(page);
    await page.getByRole('radio', { name: 'Credit card (test mode)' }).check();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12 / 40');
    await page.getByLabel('Card code').fill('123');
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();

    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(page.url()).toMatch(/\/checkout\/$/);
    expect(await page.getByRole('group', { name: 'Billing details' }).getByLabel('First name').inputValue()).toBe('Jane');
    await page.getByRole('link', { name: /^Cart, 1 item,/ }).waitFor();
    await page.goto('/cart/');
    await page.locator('table.cart').getByRole('link', { name: 'Classic Zip Hoodie' }).first().waitFor();
    await page.getByRole('link', { name: /^Cart, 1 item,/ }).waitFor();
  });

  it('saves a new customer\'s card, then buys again with one click', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await addHoodie(page);
    await page.goto('/checkout/');
    await fillBilling(page);
    await page.getByRole('group', { name: 'Billing details' }).getByLabel('Email address').fill('sam@example.com');
    await page.getByRole('checkbox', { name: 'Create an account?' }).check();
    await page.getByLabel('Create account password').fill('correct horse battery staple');
    await page.getByRole('radio', { name: 'Credit card (test mode)' }).check();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12 / 40');
    await page.getByLabel('Card code').fill('123');
    await page.getByRole('checkbox', { name: /Save the card to my account/ }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await page.getByRole('heading', { name: 'Order received' }).waitFor();

    // Next time: the saved card is offered, and the express button pays with it and the
    // address of the first order, without filling anything in.
    await addHoodie(page);
    await page.goto('/checkout/');
    await page.getByRole('radio', { name: 'Visa ending in 4242 (expires 12/40)' }).waitFor();
    const express = page.locator('form.express-checkout');
    expect(await express.textContent()).toContain('Visa ending in 4242, to Jane Doe, 1 Main Street, San Francisco, CA 94103');
    await express.getByRole('button', { name: /^Pay .+ now$/ }).click();
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    const overview = page.locator('.woocommerce-order-overview');
    expect(await overview.textContent()).toContain('sam@example.com');
    expect(await overview.textContent()).toContain('Credit card (test mode)');
    await page.getByRole('link', { name: /^Cart, 0 items,/ }).waitFor();
  });
});
