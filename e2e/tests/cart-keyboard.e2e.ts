// The block cart by keyboard alone (issue 23, "every flow works by keyboard alone"): each
// control is reached with Tab, as a keyboard user reaches it, and worked with Enter, Space,
// the arrow keys, Backspace and typing; quantity, coupon apply and chip removal, rate switch
// and pickup, the shipping calculator, a cross-sell added, remove and undo. None of it reloads
// the page. Then a lazily loaded chunk that fails: the next interaction loads it again, and a
// click held while it fails is given back to the link.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

/** Waits until the header cart says `count` items. */
async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  await page.getByRole('banner').getByRole('link', { name: new RegExp(`^Cart, ${count} ${word}, `) }).waitFor();
}

/** The cart as the shop holds it now, read with the page's own session. */
async function serverCart(page: Page): Promise<{
  items: { name: string; quantity: number }[];
  coupons: { code: string }[];
  totals: { total_price: string };
  shipping_address: { country: string; city: string; postcode: string };
  shipping_rates: { shipping_rates: { rate_id: string; name: string; selected: boolean }[] }[];
}> {
  return page.evaluate(async () => {
    const reply = await fetch('/wp-json/wc/store/v1/cart', { credentials: 'same-origin' });
    return (await reply.json()) as never;
  });
}

const selectedRate = async (page: Page) =>
  (await serverCart(page)).shipping_rates[0]?.shipping_rates.find((rate) => rate.selected)?.rate_id ?? '';

/** Waits until no cart change is pending (the summary is no longer dimmed). */
const settled = (page: Page) => page.locator('[data-cart-area="cart-order-summary"][aria-busy="false"]').waitFor();

const isFocused = (target: Locator) => target.evaluate((el) => el === el.ownerDocument.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user gets there;
 * fails if it is not in the tab order within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) {
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${back ? 'Shift+Tab' : 'Tab'} in ${String(max)} presses`);
}

/** A cart with one Enamel Camp Mug, its page open with the island mounted and a marker a reload would lose. */
async function cartWithMug(page: Page): Promise<void> {
  await page.goto('/product/enamel-camp-mug/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await cartCountIs(page, 1);
  await page.goto('/cart/');
  await page.locator('[data-island="cart"][data-island-state="mounted"]').waitFor();
  await page.evaluate(() => {
    document.documentElement.dataset.testMark = 'same page';
  });
  // The keyboard starts from the top of the page, as after a load.
  await page.keyboard.press('Tab');
}

const stillSamePage = (page: Page) => page.evaluate(() => document.documentElement.dataset.testMark === 'same page');

describe('the block cart by keyboard alone', () => {
  it('changes the quantity with the stepper and by typing', async () => {
    const page = await newPage();
    await cartWithMug(page);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' });
    await tabTo(page, page.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' }));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    expect(await quantity.inputValue()).toBe('3');
    await cartCountIs(page, 3);
    await settled(page);
    expect((await serverCart(page)).items.map((item) => item.quantity)).toEqual([3]);

    await tabTo(page, quantity, { back: true });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await cartCountIs(page, 2);
    await settled(page);
    expect((await serverCart(page)).items.map((item) => item.quantity)).toEqual([2]);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('applies a coupon and removes its chip with Backspace', async () => {
    const page = await newPage();
    await cartWithMug(page);
    const toggle = page.getByRole('button', { name: 'Add a coupon' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, page.getByRole('textbox', { name: 'Coupon code' }));
    await page.keyboard.type('welcome10');
    await page.keyboard.press('Enter');
    const discount = page.getByRole('region', { name: 'Cart totals' }).getByRole('group', { name: 'Coupon: welcome10' });
    await discount.waitFor();
    await settled(page);
    expect((await serverCart(page)).coupons.map((coupon) => coupon.code)).toEqual(['welcome10']);

    await tabTo(page, page.getByRole('button', { name: 'Remove "welcome10"' }));
    await page.keyboard.press('Backspace');
    await discount.waitFor({ state: 'detached' });
    await settled(page);
    expect((await serverCart(page)).coupons).toEqual([]);
    // The keyboard stays in the summary rather than falling to the top of the page.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-cart-area="cart-totals"]') !== null)).toBe(true);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('switches to pickup and back to a rate with the arrow keys', async () => {
    const page = await newPage();
    await cartWithMug(page);
    const options = page.getByRole('group', { name: 'Shipping options' });
    const studio = options.getByRole('radio', { name: 'Mercato Studio, San Francisco', exact: true });
    const flat = options.getByRole('radio', { name: 'Flat rate', exact: true });
    await tabTo(page, options.getByRole('radio', { checked: true }));
    // Arrows move the choice within the group, one rate at a time.
    for (let i = 0; i < 6 && !(await studio.isChecked()); i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    expect(await studio.isChecked()).toBe(true);
    await options.getByText('600 Valencia St', { exact: false }).waitFor();
    await settled(page);
    await expect.poll(() => selectedRate(page)).toMatch(/^pickup_location:/);

    for (let i = 0; i < 6 && !(await flat.isChecked()); i += 1) {
      await page.keyboard.press('ArrowUp');
    }
    expect(await flat.isChecked()).toBe(true);
    await settled(page);
    await expect.poll(() => selectedRate(page)).toMatch(/^flat_rate:/);
    expect(await options.getByText('600 Valencia St', { exact: false }).count()).toBe(0);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('calculates shipping for a new address', async () => {
    const page = await newPage();
    await cartWithMug(page);
    const toggle = page.getByRole('button', { name: /^(Calculate shipping|Change address)$/ });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const country = page.getByRole('combobox', { name: 'Country / Region' });
    await tabTo(page, country);
    // A closed select picks the option whose name is typed.
    await page.keyboard.type('United Kingdom');
    await expect.poll(() => country.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('United Kingdom (UK)');
    await tabTo(page, page.getByRole('textbox', { name: /^Town \/ City/ }));
    await page.keyboard.type('London');
    await tabTo(page, page.getByRole('textbox', { name: /^Postcode/ }));
    await page.keyboard.type('SW1A 1AA');
    await page.keyboard.press('Enter');
    await country.waitFor({ state: 'detached' });
    await settled(page);
    expect((await serverCart(page)).shipping_address).toMatchObject({ country: 'GB', city: 'London', postcode: 'SW1A 1AA' });
    expect(await isFocused(page.getByRole('button', { name: 'Change address' }))).toBe(true);
    expect(await stillSamePage(page)).toBe(true);
  });

  it('adds a cross-sell, removes a line and puts it back with Undo', async () => {
    const page = await newPage();
    await cartWithMug(page);
    const crossSells = page.getByRole('region', { name: 'You may be interested in…' });
    await tabTo(page, crossSells.getByRole('button', { name: 'Add to cart: “Logo Sticker Pack”' }));
    await page.keyboard.press('Enter');
    await cartCountIs(page, 2);
    const stickers = page.getByRole('table').getByRole('link', { name: 'Logo Sticker Pack' });
    await stickers.waitFor();
    await settled(page);
    expect((await serverCart(page)).items.map((item) => item.name).sort()).toEqual(['Enamel Camp Mug', 'Logo Sticker Pack']);

    await tabTo(page, page.getByRole('button', { name: 'Remove Logo Sticker Pack from cart' }), { back: true });
    await page.keyboard.press('Enter');
    await stickers.waitFor({ state: 'detached' });
    await cartCountIs(page, 1);
    const undo = page.getByRole('status').filter({ hasText: '“Logo Sticker Pack” was removed from your cart.' }).getByRole('button', { name: 'Undo' });
    await tabTo(page, undo);
    await page.keyboard.press('Enter');
    await cartCountIs(page, 2);
    await stickers.waitFor();
    await settled(page);
    expect((await serverCart(page)).items.map((item) => item.name).sort()).toEqual(['Enamel Camp Mug', 'Logo Sticker Pack']);
    expect(await stillSamePage(page)).toBe(true);
  });
});

describe('a lazily loaded chunk that fails', () => {
  const MINI_CART_CHUNK = /\/assets\/mini-cart-[^/]*\.js$/;

  it('is asked for again on the next interaction, not kept as failed', async () => {
    const page = await newPage();
    await cartWithMug(page);
    let refused = 0;
    let served = 0;
    await page.route(MINI_CART_CHUNK, async (route) => {
      if (refused === 0) {
        refused += 1;
        await route.abort();
        return;
      }
      served += 1;
      await route.continue();
    });
    const island = page.locator('[data-island="mini-cart"]');
    const link = page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / });
    // Focus is the island's first interaction: its chunk is asked for, and refused. (Its
    // state is not checked here: on a loaded machine a later key press of the walk to the link
    // may already be the next interaction, which asks again.)
    await tabTo(page, link, { back: true });
    await expect.poll(() => refused).toBe(1);
    // The page has heard of the refusal once the island is no longer loading (a key press
    // made while it was would be held for that load, and given to the link when it failed).
    await expect.poll(() => island.getAttribute('data-island-state')).not.toBe('loading');
    // The next interaction asks again; the chunk loads and the drawer opens from the link.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Cart/ }).getByRole('link', { name: 'Checkout' }).waitFor();
    expect(served).toBe(1);
    expect(await island.getAttribute('data-island-state')).toBe('mounted');
    expect(await stillSamePage(page)).toBe(true);
  });

  it('gives a click it held back to the link when the chunk cannot load', async () => {
    const page = await newPage();
    await cartWithMug(page);
    await page.route(MINI_CART_CHUNK, (route) => route.abort());
    await page.goto('/shop/');
    const link = page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    // Held while the chunk was asked for; it failed, so the link is followed as without JavaScript.
    await page.waitForURL(/\/cart\/$/);
    await page.getByRole('table').getByRole('link', { name: 'Enamel Camp Mug' }).waitFor();
  });
});
