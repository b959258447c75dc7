// The classic cart with JavaScript off: every step is a real link or form.
// Add a variation from its product page, change a quantity, apply and remove a coupon
// (the demo's `welcome10`), choose a shipping rate and local pickup, remove the item.

import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

describe('the cart without JavaScript', () => {
  it('adds, updates, discounts, ships and removes', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/product/classic-zip-hoodie/');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.waitForURL(/\/product\/classic-zip-hoodie\/$/);
    await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
    await page.getByRole('link', { name: /^Cart, 1 item,/ }).waitFor();

    await page.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(/\/cart\/$/);
    const items = page.locator('table.cart');
    await items.getByRole('link', { name: 'Classic Zip Hoodie' }).first().waitFor();
    await items.getByText('Black').waitFor();

    await page.getByLabel('Classic Zip Hoodie quantity').fill('2');
    await page.getByRole('button', { name: 'Update cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Cart updated.' }).waitFor();
    expect(await page.getByLabel('Classic Zip Hoodie quantity').inputValue()).toBe('2');
    await page.getByRole('link', { name: /^Cart, 2 items,/ }).waitFor();

    await page.getByLabel('Coupon:').fill('welcome10');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon code applied successfully.' }).waitFor();
    await page.getByRole('rowheader', { name: 'Coupon: welcome10' }).waitFor();
    await page.getByRole('link', { name: 'Remove coupon welcome10' }).click();
    await page.getByRole('status').filter({ hasText: 'Coupon has been removed.' }).waitFor();
    expect(await page.getByRole('rowheader', { name: 'Coupon: welcome10' }).count()).toBe(0);

    const flat = page.getByRole('radio', { name: /Flat rate/ });
    await flat.check();
    await page.getByRole('button', { name: 'Update shipping' }).click();
    await page.waitForURL(/\/cart\/$/);
    expect(await page.getByRole('radio', { name: /Flat rate/ }).isChecked()).toBe(true);

    const pickup = page.getByRole('radio', { name: /Mercato Studio/ });
    await pickup.check();
    await page.getByRole('button', { name: 'Update shipping' }).click();
    await page.waitForURL(/\/cart\/$/);
    expect(await page.getByRole('radio', { name: /Mercato Studio/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Flat rate/ }).isChecked()).toBe(false);

    await page.getByRole('link', { name: 'Remove Classic Zip Hoodie from cart' }).click();
    await page.getByRole('status').filter({ hasText: 'removed.' }).waitFor();
    await page.getByText('Your cart is currently empty.').waitFor();
    await page.getByRole('link', { name: /^Cart, 0 items,/ }).waitFor();
  });
});
