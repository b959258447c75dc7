// "Clear" on a variable product puts the parent's SKU back in the product meta. The Long
// Sleeve Crew (TS-LSV) opens on its default choice, White + M, whose SKU the meta shows.

import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

describe('clearing a variation choice', () => {
  it('puts the parent SKU back in the product meta', async () => {
    const page = await newPage();
    await page.goto('/product/long-sleeve-crew/');
    const meta = page.locator('.product_meta').getByText(/^SKU: /);
    expect(await meta.textContent()).toBe('SKU: TS-LSV-WHT-M');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await page.waitForFunction(() => document.querySelector('.product_meta .sku')?.textContent === 'TS-LSV-BLK-L');

    await page.getByRole('link', { name: 'Clear' }).click();
    await page.getByRole('link', { name: 'Clear' }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).isChecked()).toBe(false);
    expect(await meta.textContent()).toBe('SKU: TS-LSV');
  });
});
