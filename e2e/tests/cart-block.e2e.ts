// The block cart (issue 23): with JavaScript, /cart/ is the `cart` island drawn from the cart
// embedded in the page. Quantities, removal and undo, coupons and their chips, cross-sells,
// the empty cart and a failed write, none of them reloading the page; axe-core on the filled
// and the empty cart. The same page without JavaScript is the classic form (cart.e2e.ts).

import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

/** Waits until the header cart says `count` items. */
async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  await page.getByRole('banner').getByRole('link', { name: new RegExp(`^Cart, ${count} ${word}, `) }).waitFor();
}

/** Records the requests a page makes to the Store API. */
function storeApiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/wc/store/')) {
      seen.push(request);
    }
  });
  return seen;
}

/** Puts the Enamel Camp Mug in the cart from its card. */
async function addMug(page: Page): Promise<void> {
  await page.goto('/product-category/mugs/');
  await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
  await cartCountIs(page, 1);
  // The mini cart shows itself after an add and reads the cart: let it, before leaving.
  await page.getByRole('dialog', { name: /^Cart/ }).getByRole('link', { name: 'Checkout' }).waitFor();
}

/** Opens the cart page and waits for the island. */
async function openCart(page: Page): Promise<void> {
  await page.goto('/cart/');
  // Only the island has the coupon panel's toggle (the classic form has a coupon field).
  await page.getByRole('button', { name: 'Add a coupon' }).waitFor();
}

async function cartWithMug(page: Page): Promise<void> {
  await addMug(page);
  await openCart(page);
}

/** Marks the document, so a test can tell that the page was never reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.testMark = 'same page';
  });
}

async function stillSamePage(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.testMark === 'same page');
}

/** The cart as the shop holds it now. */
async function serverCart(page: Page): Promise<{ items: { name: string; quantity: number }[]; totals: Record<string, string | number> }> {
  const reply = await page.request.get('/wp-json/wc/store/v1/cart');
  return (await reply.json()) as { items: { name: string; quantity: number }[]; totals: Record<string, string | number> };
}

/** An amount as the shop writes it (USD, two decimals): only for comparing with the page. */
function dollars(minor: string | number): string {
  const value = String(minor).padStart(3, '0');
  const whole = value.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${value.slice(-2)}`;
}

const totals = (page: Page) => page.getByRole('region', { name: 'Cart totals' });
const settled = (page: Page) => page.locator('[data-cart-area="cart-order-summary"][aria-busy="false"]').waitFor();

describe('the block cart', () => {
  it('takes over without a request, and rapid clicks end in the right quantity and the server total', async () => {
    const page = await newPage();
    await addMug(page);
    const requests = storeApiRequests(page);
    await openCart(page);
    expect(requests.map((r) => r.url()), 'the island draws the embedded cart').toEqual([]);
    expect(await seriousViolations(page), 'filled cart').toEqual([]);
    await markPage(page);

    const plus = page.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' });
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' });
    // Four clicks in quick succession, a task apart as a shopper's are (Playwright's own clicks
    // each wait for the page, and could span more than the store's batching window).
    await plus.evaluate(async (button) => {
      for (let i = 0; i < 4; i += 1) {
        (button as HTMLButtonElement).click();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    });
    // The stepper shows the shopper's number at once.
    expect(await quantity.inputValue()).toBe('5');
    await cartCountIs(page, 5);
    await settled(page);
    const cart = await serverCart(page);
    expect(cart.items.map((item) => [item.name, item.quantity])).toEqual([['Enamel Camp Mug', 5]]);
    expect(await quantity.inputValue()).toBe('5');
    const total = totals(page).getByRole('group', { name: 'Total', exact: true });
    expect(await total.textContent()).toContain(dollars(cart.totals.total_price as string));
    const writes = requests.filter((r) => r.method() !== 'GET');
    expect(writes.length, writes.map((r) => r.url()).join('\n')).toBeLessThanOrEqual(2);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('removes a line with an undo, shows the empty cart, and puts the line back', async () => {
    const page = await newPage();
    await cartWithMug(page);
    await markPage(page);
    // By keyboard: the line goes at once, and the focus lands on the empty cart's shop link.
    await page.getByRole('button', { name: 'Remove Enamel Camp Mug from cart' }).focus();
    await page.keyboard.press('Enter');
    await cartCountIs(page, 0);
    await page.getByText('Your cart is currently empty.').waitFor();
    await page.getByRole('link', { name: 'Return to shop' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Return to shop');
    await page.getByRole('region', { name: 'New in store' }).getByRole('listitem').first().waitFor();
    expect(await seriousViolations(page), 'empty cart').toEqual([]);

    const snackbar = page.getByRole('status').filter({ hasText: '“Enamel Camp Mug” was removed from your cart.' });
    await snackbar.getByRole('button', { name: 'Undo' }).click();
    await cartCountIs(page, 1);
    await page.getByRole('table').getByRole('link', { name: 'Enamel Camp Mug' }).waitFor();
    await settled(page);
    expect((await serverCart(page)).items.map((item) => [item.name, item.quantity])).toEqual([['Enamel Camp Mug', 1]]);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('puts a removed variation back with its options', async () => {
    const page = await newPage();
    await page.goto('/product/classic-zip-hoodie/');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(page, 1);
    await page.getByRole('dialog', { name: /^Cart/ }).getByRole('link', { name: 'Checkout' }).waitFor();
    await openCart(page);
    const before = (await serverCart(page)).items.map((item) => [item.name, item.quantity]);
    await page.getByRole('button', { name: 'Remove Classic Zip Hoodie from cart' }).click();
    await page.getByRole('status').filter({ hasText: 'was removed from your cart.' }).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('table').getByRole('link', { name: 'Classic Zip Hoodie' }).waitFor();
    await page.getByRole('table').getByText('Black').waitFor();
    await settled(page);
    expect((await serverCart(page)).items.map((item) => [item.name, item.quantity])).toEqual(before);
  });

  it('refuses a bad coupon under the field, applies a good one and removes its chip by keyboard', async () => {
    const page = await newPage();
    await cartWithMug(page);
    await markPage(page);
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    const code = page.getByRole('textbox', { name: 'Coupon code' });
    await code.fill('no-such-coupon');
    await page.getByRole('button', { name: 'Apply' }).click();
    const error = page.getByRole('alert').filter({ hasText: 'no-such-coupon' });
    await error.waitFor();
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    expect(await totals(page).getByRole('group', { name: /^Coupon:/ }).count()).toBe(0);

    await code.fill('welcome10');
    await code.press('Enter');
    const discount = totals(page).getByRole('group', { name: 'Coupon: welcome10' });
    await discount.waitFor();
    await settled(page);
    const cart = await serverCart(page);
    expect(await discount.textContent()).toContain(`-${dollars(cart.totals.total_discount as string)}`);
    expect(await totals(page).getByRole('group', { name: 'Total', exact: true }).textContent()).toContain(dollars(cart.totals.total_price as string));
    expect(await seriousViolations(page), 'coupon applied').toEqual([]);

    await page.getByRole('button', { name: 'Remove "welcome10"' }).focus();
    await page.keyboard.press('Delete');
    await discount.waitFor({ state: 'detached' });
    await settled(page);
    expect((await serverCart(page)).totals.total_discount).toBe('0');
    expect(await stillSamePage(page)).toBe(true);
  });

  it('adds a cross-sell in place', async () => {
    const page = await newPage();
    await cartWithMug(page);
    await markPage(page);
    const crossSells = page.getByRole('region', { name: 'You may be interested in…' });
    await crossSells.getByRole('button', { name: 'Add to cart: “Logo Sticker Pack”' }).click();
    await cartCountIs(page, 2);
    await page.getByRole('table').getByRole('link', { name: 'Logo Sticker Pack' }).waitFor();
    await settled(page);
    expect((await serverCart(page)).items.map((item) => item.name).sort()).toEqual(['Enamel Camp Mug', 'Logo Sticker Pack']);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('rolls a failed change back and says so in the cart', async () => {
    const page = await newPage();
    await cartWithMug(page);
    await markPage(page);
    await page.route('**/wc/store/v1/batch*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'internal_error', message: 'The shop could not save your cart.', data: { status: 500 } }),
      }),
    );
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' });
    await page.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' }).click();
    await page.getByRole('alert').filter({ hasText: 'The shop could not save your cart.' }).waitFor();
    await page.waitForFunction((el) => (el as HTMLInputElement | null)?.value === '1', await quantity.elementHandle());
    await cartCountIs(page, 1);
    expect((await serverCart(page)).items.map((item) => item.quantity)).toEqual([1]);
    expect(await stillSamePage(page)).toBe(true);
  });
});
