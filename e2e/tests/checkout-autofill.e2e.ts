// Browser autofill on the block checkout (issue 24; docs/cart-and-checkout.md, "Autofill").
// Headless Chromium cannot drive its own autofill, so the test does what Chrome's does to the
// page: it sets the value of every address field at once through the DOM (text fields, the
// country and state selects, the email), then sends one `input` and one `change` on each, with
// no key pressed and no field focused. Every value must survive the island's re-renders and
// reach the order.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

/** What the browser fills, by field id (the island's `billing_email`, `shipping_{key}`). */
const AUTOFILLED: Readonly<Record<string, string>> = {
  billing_email: 'ada.autofill@example.com',
  shipping_country: 'US',
  shipping_first_name: 'Ada',
  shipping_last_name: 'Autofill',
  shipping_company: 'Analytical Engines',
  shipping_address_1: '500 Howard Street',
  shipping_address_2: 'Floor 3',
  shipping_city: 'New York',
  shipping_state: 'NY',
  shipping_postcode: '10013',
  shipping_phone: '555-0199',
};

/** Chrome's autofill: all values set first, then `input` and `change` on each field in turn. */
async function autofill(page: Page, values: Readonly<Record<string, string>>): Promise<void> {
  await page.evaluate((filled) => {
    const fields = Object.entries(filled).map(([id, value]) => {
      const field = document.getElementById(id);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) {
        throw new Error(`no field #${id}`);
      }
      const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
      return field;
    });
    for (const field of fields) {
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, values);
}

describe('browser autofill on the block checkout', () => {
  it('fills the whole address at once, and the order is placed with it', async () => {
    const page = await newPage();
    await page.goto('/product/woven-lanyard/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
    await page.goto('/checkout/');
    await page.getByRole('group', { name: 'Contact information' }).waitFor();
    // The state starts as another one than the autofill's, so the select really changes.
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByRole('combobox', { name: 'State' }).selectOption('CA');

    await autofill(page, AUTOFILLED);

    // Every field shows what was filled, after the island has rendered each event.
    for (const [id, value] of Object.entries(AUTOFILLED)) {
      await expect.poll(() => page.locator(`#${id}`).inputValue(), { message: id }).toBe(value);
    }
    expect(await page.getByRole('alert').count()).toBe(0);
    // The rates follow the filled address (New York is in the US zone).
    await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: /Flat rate/ }).waitFor();
    await page.getByRole('group', { name: 'Payment options' }).getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Place Order' }).click();

    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    await page.getByRole('heading', { name: 'Order received' }).waitFor();
    expect(await page.locator('.woocommerce-order-overview').textContent()).toContain('ada.autofill@example.com');
    const addresses = page.locator('.woocommerce-customer-details address');
    const expected = ['Ada Autofill', 'Analytical Engines', '500 Howard Street', 'Floor 3', 'New York, NY 10013', '555-0199'];
    for (const index of [0, 1]) {
      const lines = await addresses.nth(index).evaluate((el) => (el as HTMLElement).innerText.split('\n').map((l) => l.trim()));
      for (const line of expected) {
        expect(lines, `address ${String(index)}`).toContain(line);
      }
    }
  });
});
