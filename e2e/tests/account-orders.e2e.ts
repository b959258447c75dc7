// The account's addresses, order actions and cards (issue 13), with JavaScript off and on:
// an address refused for its postcode and then fixed; a card added (after a declined one) and
// deleted; a pending order paid on nothing and cancelled from the orders table; a paid order
// ordered again. axe-core checks every page touched (with JavaScript on, which it needs).

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placeOrder, seriousViolations, useShop } from '../harness';

const { newPage } = useShop();
const PASSWORD = 'correct horse battery staple';

function accountPages(page: Page) {
  return page.getByRole('navigation', { name: 'Account pages' });
}

async function axe(page: Page, what: string, javaScriptEnabled: boolean): Promise<void> {
  if (!javaScriptEnabled) return;
  expect({ what, violations: await seriousViolations(page) }).toEqual({ what, violations: [] });
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/my-account/');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await accountPages(page).waitFor();
}

/**
 * Buys a Classic Zip Hoodie as a guest who opens an account at checkout, paying with
 * `payment` (a gateway's radio name; the test card gateway with `card`).
 */
async function orderOpeningAnAccount(page: Page, email: string, payment: string, card?: string): Promise<void> {
  await page.goto('/product/classic-zip-hoodie/');
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
  await page.goto('/checkout/');
  await page.getByRole('radio', { name: /Mercato Studio/ }).check();
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill('Kim');
  await billing.getByLabel('Last name').fill('Buyer');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill('12 Account Road');
  await billing.getByLabel('Town / City').fill('San Francisco');
  await billing.getByLabel('State').selectOption('CA');
  await billing.getByLabel('ZIP Code').fill('94103');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: 'Create an account?' }).check();
  await page.getByLabel('Create account password').fill(PASSWORD);
  await page.getByRole('radio', { name: payment }).check();
  if (card) {
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('Card code').fill('123');
  }
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await placeOrder(page, async () => {
    await page.getByLabel('Create account password').fill(PASSWORD);
    if (card) {
      await page.getByLabel('Card number').fill(card);
      await page.getByLabel('Expiry (MM/YY)').fill('12/40');
      await page.getByLabel('Card code').fill('123');
    }
  });
}

/** The orders table's row of the newest order, and its number. */
async function newestOrder(page: Page): Promise<{ number: string; row: ReturnType<Page['getByRole']> }> {
  await page.goto('/my-account/orders/');
  const table = page.getByRole('region', { name: 'Orders table' });
  const first = table.getByRole('row').nth(1);
  const header = await first.getByRole('rowheader').textContent();
  const number = (header ?? '').replace('#', '').trim();
  return { number, row: table.getByRole('row', { name: new RegExp(`#${number}\\b`) }) };
}

describe('account addresses, orders and cards', () => {
  for (const javaScriptEnabled of [false, true]) {
    const mode = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

    it(`edits an address, refused for its postcode, then fixed (${mode})`, async () => {
      const page = await newPage({ javaScriptEnabled });
      await register(page, `address.${String(javaScriptEnabled)}@example.com`);
      await accountPages(page).getByRole('link', { name: 'Addresses' }).click();
      await page.getByRole('heading', { name: 'Addresses', level: 1 }).waitFor();
      await axe(page, 'addresses', javaScriptEnabled);
      await page.getByRole('link', { name: 'Add Billing address' }).click();
      const form = page.getByRole('form', { name: 'Billing address' });
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel('Country / Region').selectOption('US');
      await form.getByLabel('Street address').fill('12 Account Road');
      await form.getByLabel('Town / City').fill('San Francisco');
      await form.getByLabel('State').selectOption('CA');
      await form.getByLabel('ZIP Code').fill('ABC');
      await form.getByRole('button', { name: 'Save address' }).click();

      await page.getByRole('alert').filter({ hasText: 'The provided postcode / ZIP is not valid' }).waitFor();
      const zip = page.getByRole('form', { name: 'Billing address' }).getByLabel('ZIP Code');
      expect(await zip.inputValue()).toBe('ABC');
      expect(await zip.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Street address').inputValue()).toBe('12 Account Road');
      await axe(page, 'address form with an error', javaScriptEnabled);

      await zip.fill('94103');
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByRole('status').filter({ hasText: 'Address changed successfully.' }).waitFor();
      const billing = page.getByRole('region', { name: 'Billing address' });
      expect(await billing.textContent()).toContain('12 Account Road');
      expect(await billing.textContent()).toContain('94103');
      await billing.getByRole('link', { name: 'Edit Billing address' }).waitFor();
    });

    it(`adds a card after a declined one, and deletes it (${mode})`, async () => {
      const page = await newPage({ javaScriptEnabled });
      await register(page, `cards.${String(javaScriptEnabled)}@example.com`);
      await accountPages(page).getByRole('link', { name: 'Payment methods' }).click();
      await page.getByRole('link', { name: 'Add payment method' }).click();
      await page.getByRole('heading', { name: 'Add payment method', level: 1 }).waitFor();
      await axe(page, 'add payment method', javaScriptEnabled);
      const fill = async (number: string) => {
        const form = page.getByRole('form', { name: 'Add payment method' });
        await form.getByRole('radio', { name: 'Credit card (test mode)' }).check();
        await form.getByLabel('Card number').fill(number);
        await form.getByLabel('Expiry (MM/YY)').fill('12/40');
        await form.getByLabel('Card code').fill('123');
        await form.getByRole('button', { name: 'Add payment method' }).click();
      };
      await fill('4000 0000 0000 0002');
      await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
      await axe(page, 'a declined card', javaScriptEnabled);
      await fill('4242 4242 4242 4242');
      await page.getByRole('status').filter({ hasText: 'Payment method successfully added.' }).waitFor();
      const cards = page.getByRole('region', { name: 'Saved payment methods' });
      const row = cards.getByRole('row', { name: /Visa ending in 4242/ });
      expect(await row.textContent()).toContain('(default)');
      await axe(page, 'payment methods', javaScriptEnabled);

      await row.getByRole('link', { name: 'Delete Visa ending in 4242' }).click();
      await page.getByRole('status').filter({ hasText: 'Payment method deleted.' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'No saved methods found.' }).waitFor();
    });

    it(`cancels an order waiting for payment (${mode})`, async () => {
      const page = await newPage({ javaScriptEnabled });
      // A card that asks for confirmation leaves the order pending.
      await orderOpeningAnAccount(
        page,
        `cancel.${String(javaScriptEnabled)}@example.com`,
        'Credit card (test mode)',
        '4000 0000 0000 3220',
      );
      await page.getByRole('button', { name: 'Confirm payment' }).waitFor();
      const { number, row } = await newestOrder(page);
      expect(await row.textContent()).toContain('Pending payment');
      await axe(page, 'orders with actions', javaScriptEnabled);

      await row.getByRole('link', { name: `Pay for order number ${number}` }).click();
      await page.getByRole('heading', { name: 'Pay for order', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Pay for order' }).waitFor();
      await axe(page, 'order-pay page', javaScriptEnabled);

      const again = await newestOrder(page);
      await again.row.getByRole('link', { name: `Cancel order number ${number}` }).click();
      await page.getByRole('status').filter({ hasText: 'Your order was cancelled.' }).waitFor();
      const cancelled = page.getByRole('row', { name: new RegExp(`#${number}\\b`) });
      expect(await cancelled.textContent()).toContain('Cancelled');
      expect(await cancelled.getByRole('link', { name: /^Cancel/ }).count()).toBe(0);
      expect(await cancelled.getByRole('link', { name: /^Pay/ }).count()).toBe(0);
    }, 60_000);

    it(`orders a paid order again (${mode})`, async () => {
      const page = await newPage({ javaScriptEnabled });
      await orderOpeningAnAccount(page, `again.${String(javaScriptEnabled)}@example.com`, 'Cash on delivery');
      await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
      const { number, row } = await newestOrder(page);
      await row.getByRole('link', { name: `View order number ${number}` }).click();
      await page.getByRole('heading', { name: `Order #${number}` }).waitFor();
      await axe(page, 'order view with order again', javaScriptEnabled);
      await page.getByRole('link', { name: 'Order again' }).click();
      await page.waitForURL(/\/cart\/$/);
      await page
        .getByRole('status')
        .filter({ hasText: 'The cart has been filled with the items from your previous order.' })
        .waitFor();
      expect(await page.getByRole('main').textContent()).toContain('Classic Zip Hoodie');
    }, 60_000);
  }
});
