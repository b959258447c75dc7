// Product add-ons (SPEC §2.3, issue 12): the demo mug's "Gift wrap" radio group. The checked
// radio's label is repeated as help text above the group and follows the choice; the chosen
// option prices the cart line (the server prices it from the stored product). With
// JavaScript (the form adds through store AJAX) and without (the radios post with the form),
// axe-clean on the product page and the cart.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

const MUG = '/product/enamel-camp-mug/';

const giftWrap = (page: Page) => page.getByRole('group', { name: 'Gift wrap' });

/** The help text above the group: the label of the checked radio. */
async function helpTextIs(page: Page, text: string): Promise<void> {
  const id = await giftWrap(page).getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  await page.locator(`[id="${id ?? ''}"]`).filter({ hasText: new RegExp(`^\\s*${escape(text)}\\s*$`) }).waitFor();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  await page.getByRole('banner').getByRole('link', { name: new RegExp(`^Cart, ${count} ${word}, `) }).waitFor();
}

/**
 * Chooses an option and adds one mug; waits until the cart holds `count` items. Without
 * JavaScript the help text keeps the choice the page was drawn with.
 */
async function addMug(page: Page, option: string, count: number, javaScriptEnabled: boolean): Promise<void> {
  await page.goto(MUG);
  await giftWrap(page).getByRole('radio', { name: option }).check();
  if (javaScriptEnabled) {
    await helpTextIs(page, option);
  }
  await page.getByRole('button', { name: 'Add to cart', exact: true }).first().click();
  await cartCountIs(page, count);
}

/**
 * The cart page's rows for the mug: unit price and the options listed under the name. With
 * JavaScript the block cart (issue 23) has taken the page over: same table, same cells.
 */
async function cartLines(page: Page, javaScriptEnabled: boolean): Promise<string[]> {
  await page.goto('/cart/');
  if (javaScriptEnabled) {
    await page.getByRole('button', { name: 'Add a coupon' }).waitFor();
  }
  const rows = page.locator('table.cart tbody tr.cart_item');
  await rows.first().waitFor();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cell = (selector: string) => tr.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return `${cell('.product-name')} | ${cell('.product-price')}`;
    }),
  );
}

for (const javaScriptEnabled of [true, false]) {
  describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    it('the help text follows the choice and the choice prices the cart line', async () => {
      const page = await newPage({ javaScriptEnabled });
      await page.goto(MUG);
      expect(await giftWrap(page).getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
      await helpTextIs(page, 'No');
      if (javaScriptEnabled) {
        // axe runs as a script in the page, so only where scripts run; the markup is the same.
        expect(await seriousViolations(page), 'product page').toEqual([]);
        // The help text follows every change, before anything is posted.
        await giftWrap(page).getByRole('radio', { name: 'Yes (+$3.00)' }).check();
        await helpTextIs(page, 'Yes (+$3.00)');
        await giftWrap(page).getByRole('radio', { name: 'No' }).check();
        await helpTextIs(page, 'No');
      }

      await addMug(page, 'Yes (+$3.00)', 1, javaScriptEnabled);
      await addMug(page, 'No', 2, javaScriptEnabled);
      await addMug(page, 'Yes (+$3.00)', 3, javaScriptEnabled);

      const lines = await cartLines(page, javaScriptEnabled);
      expect(lines).toEqual([
        'Enamel Camp Mug Gift wrap:Yes (+$3.00) | $21.00',
        'Enamel Camp Mug Gift wrap:No | $18.00',
      ]);
      // The classic form labels the field "{name} quantity"; the block cart names it as the mini cart does.
      const quantityName = javaScriptEnabled ? 'Quantity of Enamel Camp Mug' : 'Enamel Camp Mug quantity';
      const wrapped = page.getByRole('spinbutton', { name: quantityName }).first();
      expect(await wrapped.inputValue()).toBe('2');
      if (javaScriptEnabled) {
        expect(await seriousViolations(page), 'cart page').toEqual([]);
      }
    });
  });
}
