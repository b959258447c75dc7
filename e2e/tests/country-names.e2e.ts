// Country names are text wherever a shopper reads them: WooCommerce's tables write
// "Cura&ccedil;ao", and the checkout's selects showed that entity escaped a second time.
// With JavaScript off: the selects and the order-received address are the server's.

import { describe, expect, it } from 'vitest';
import { placeOrder, useShop, seriousViolationsWithoutScripts } from '../harness';

const { newPage } = useShop();

describe('country names', () => {
  it('are plain text in the checkout selects and on the order-received page', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/product/classic-zip-hoodie/');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();

    await page.goto('/checkout/');
    const billing = page.getByRole('group', { name: 'Billing details' });
    const country = billing.getByLabel('Country / Region');
    for (const name of ['Curaçao', 'São Tomé and Príncipe', 'Saint Barthélemy']) {
      await country.getByRole('option', { name, exact: true }).waitFor({ state: 'attached' });
    }
    const names = await page.getByRole('combobox').evaluateAll((selects) =>
      selects.flatMap((select) => Array.from((select as HTMLSelectElement).options, (o) => o.text)),
    );
    expect(names.length).toBeGreaterThan(249);
    expect(names.filter((name) => /&#?\w+;/.test(name))).toEqual([]);
    expect(await seriousViolationsWithoutScripts(page)).toEqual([]);

    // An order billed to Curaçao shows the country by its name.
    await page.getByRole('radio', { name: /Mercato Studio/ }).check();
    await billing.getByLabel('First name').fill('Ana');
    await billing.getByLabel('Last name').fill('Martina');
    await country.selectOption('CW');
    await billing.getByLabel('Street address').fill('Handelskade 1');
    await billing.getByLabel('Town / City').fill('Willemstad');
    await billing.getByLabel('Email address').fill('ana@example.com');
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await placeOrder(page);
    await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    const address = page.locator('.woocommerce-customer-details address').first();
    const lines = (await address.innerText()).split('\n');
    expect(lines).toContain('Curaçao');
    expect(lines.filter((line) => line.includes('&'))).toEqual([]);
  });

  it("are plain text in the cart page's shipping calculator without JavaScript", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/product/classic-zip-hoodie/');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();

    await page.goto('/cart/');
    const country = page.getByLabel('Country / region');
    await country.getByRole('option', { name: 'Curaçao', exact: true }).waitFor({ state: 'attached' });
    const names = await country.evaluate((select) => Array.from((select as HTMLSelectElement).options, (o) => o.text));
    expect(names.length).toBeGreaterThan(200);
    expect(names.filter((name) => /&#?\w+;/.test(name))).toEqual([]);
  });
});
