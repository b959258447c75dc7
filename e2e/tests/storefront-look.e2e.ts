// The storefront's look (issue 27): what a shopper sees of the phone header, the product
// cards, the mini cart, the live search and the phone's filters, measured in the page.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { liveSearchField, useShop } from '../harness';

const { newPage } = useShop();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('not rendered');
  return found;
}

/** Opens a listing and waits for its script (it hides the sort's Sort button when it attaches). */
async function openListing(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect.poll(() => page.getByRole('button', { name: 'Sort', exact: true }).isHidden()).toBe(true);
}

describe('product cards', () => {
  it('show the product’s own rating: as many gold stars as on its page', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/product/classic-zip-hoodie/');
    const own = page.getByRole('main').getByRole('img', { name: 'Rated 4.00 out of 5' }).first();
    const ownWidth = (await box(own)).width;

    await page.goto('/shop/');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Classic Zip Hoodie' }) });
    const stars = card.getByRole('img', { name: 'Rated 4.00 out of 5' });
    const starsBox = await box(stars);
    // The gold fill has no role of its own: it is the stars' only child.
    const fill = await box(stars.locator(':scope > *'));
    expect(Math.abs(starsBox.width - ownWidth), 'the card’s five stars are as wide as the page’s').toBeLessThanOrEqual(1);
    expect(fill.width / starsBox.width).toBeCloseTo(0.8, 1);
  });

  it('keep their buttons in line after an add, with one action each', async () => {
    const page = await newPage(DESKTOP);
    await openListing(page, '/product-category/mugs/');
    const cards = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    const buttonOf = (card: Locator) => card.getByRole('link', { name: /^(Add to cart|Select options|Read more|Buy)/ });
    const name = 'Enamel Camp Mug';
    const first = cards.filter({ has: page.getByRole('heading', { name }) });
    const second = cards.filter({ hasNot: page.getByRole('heading', { name }) }).first();
    const before = await box(buttonOf(second));
    expect((await box(buttonOf(first))).y).toBeCloseTo(before.y, 0);

    await page.getByRole('link', { name: `Add to cart: “${name}”` }).click();
    await first.getByRole('link', { name: 'View cart' }).waitFor();
    expect((await box(buttonOf(first))).y, 'the added card’s button stays in line').toBeCloseTo(before.y, 0);
    expect((await box(buttonOf(second))).y).toBeCloseTo(before.y, 0);
  });
});

describe('phone header', () => {
  it('is one row, at most 64 px tall when stuck, and its search icon opens the search', async () => {
    // Reduced motion: the stuck header is measured where it stays, not while sliding in.
    const page = await newPage({ ...PHONE, reducedMotion: 'reduce' });
    await page.goto('/shop/');
    const banner = page.getByRole('banner');
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const header = await box(banner);
    expect(header.height).toBeLessThanOrEqual(64);
    const controls = [
      banner.getByRole('button', { name: 'Menu' }),
      banner.getByRole('link', { name: 'Mercato' }),
      banner.getByRole('button', { name: 'Search', exact: true, expanded: false }),
      banner.getByRole('link', { name: 'Log in', exact: true }),
      banner.getByRole('link', { name: /^Cart, 0 items, / }),
    ];
    for (const control of controls) {
      const { y, height } = await box(control);
      expect(y, 'inside the one row').toBeGreaterThanOrEqual(header.y);
      expect(y + height).toBeLessThanOrEqual(header.y + header.height);
    }

    // The toggle is the Search button with a state; the form's own Search button submits.
    await banner.getByRole('button', { name: 'Search', exact: true, expanded: false }).tap();
    await banner.getByRole('button', { name: 'Search', exact: true, expanded: true }).waitFor();
    const field = banner.getByRole('combobox', { name: 'Search products' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.pressSequentially('hoodie');
    await banner.getByRole('listbox').getByRole('option', { name: 'Cropped Hoodie' }).waitFor();
  });
});

describe('phone header without JavaScript', () => {
  it('shows the search form when its Search link is followed', async () => {
    const page = await newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto('/shop/');
    const banner = page.getByRole('banner');
    const field = banner.getByRole('searchbox', { name: 'Search products' });
    expect(await field.isVisible()).toBe(false);
    await banner.getByRole('link', { name: 'Search', exact: true }).tap();
    await field.waitFor();
    await field.fill('hoodie');
    await field.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Search results: “hoodie”' }).waitFor();
  });
});

describe('mini cart', () => {
  it('the header shows the subtotal the mini cart shows, and the reveal leaves the header uncovered', async () => {
    const page = await newPage(DESKTOP);
    await openListing(page, '/product-category/mugs/');
    await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    const reveal = page.getByRole('dialog', { name: /^Cart/ });
    const subtotal = reveal.getByRole('group', { name: 'Subtotal' });
    await subtotal.waitFor();
    const amount = (await subtotal.innerText()).replace('Subtotal', '').trim();
    expect(amount).toMatch(/^\$\d+\.\d\d$/);
    await page.getByRole('banner').getByRole('link', { name: `Cart, 1 item, ${amount}`, exact: true }).waitFor();

    const header = await box(page.getByRole('banner'));
    expect((await box(reveal)).y, 'below the header').toBeGreaterThanOrEqual(header.y + header.height - 1);
  });
});

describe('mini cart, one look', () => {
  for (const [name, device] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`opened from the header, it is the panel the add revealed, in the same place (${name})`, async () => {
      const page = await newPage(device);
      await openListing(page, '/product-category/mugs/');
      await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
      const panel = page.getByRole('dialog', { name: /^Cart/ });
      await panel.getByRole('link', { name: 'Checkout' }).waitFor();
      const revealed = await box(panel);
      const header = await box(page.getByRole('banner'));
      expect(revealed.y, 'under the header').toBeGreaterThanOrEqual(header.y + header.height - 1);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });

      await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item/ }).click();
      await panel.getByRole('link', { name: 'Checkout' }).waitFor();
      await expect.poll(() => panel.evaluate((el) => el.matches(':modal')), { message: 'opened from the header: modal' }).toBe(true);
      const opened = await box(panel);
      expect(Math.abs(opened.x - revealed.x), 'left edge').toBeLessThanOrEqual(1);
      expect(Math.abs(opened.y - revealed.y), 'top edge').toBeLessThanOrEqual(1);
      expect(Math.abs(opened.width - revealed.width), 'width').toBeLessThanOrEqual(1);
      expect(Math.abs(opened.height - revealed.height), 'height').toBeLessThanOrEqual(1);
      expect(await panel.getByRole('button', { name: 'Close cart' }).count(), 'one close button').toBe(1);
    });
  }
});

describe('one set of form controls', () => {
  it('the checkout’s fields and selects look like every other page’s: the same border, padding and height, and the chevron', async () => {
    const page = await newPage(DESKTOP);
    const look = (field: Locator) =>
      field.evaluate((el) => {
        const style = getComputedStyle(el);
        return {
          border: style.borderTopColor,
          radius: style.borderTopLeftRadius,
          padding: style.paddingLeft,
          height: style.minHeight,
          chevron: el instanceof HTMLSelectElement ? style.backgroundImage.includes('svg') && style.appearance === 'none' : null,
        };
      });
    await page.goto('/my-account/');
    const account = await look(page.getByRole('textbox', { name: 'Username or email address' }).first());

    await openListing(page, '/product-category/mugs/');
    await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item/ }).waitFor();
    await page.goto('/checkout/');
    await page.locator('[data-island="checkout"][data-island-state="mounted"]').waitFor({ state: 'attached' });
    const email = page.getByRole('group', { name: 'Contact information' }).getByRole('textbox', { name: 'Email address' });
    expect(await look(email)).toEqual(account);
    const country = page.getByRole('group', { name: 'Shipping address' }).getByRole('combobox', { name: 'Country/Region' });
    expect(await look(country)).toEqual({ ...account, chevron: true });
  });
});

describe('live search', () => {
  it('shows names on one line, prices as prices, and a See all results row', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/');
    const box0 = await liveSearchField(page.getByRole('banner'));
    await box0.pressSequentially('hoodie');
    const list = page.getByRole('banner').getByRole('listbox');
    const option = list.getByRole('option', { name: /^Heavyweight Pullover Hoodie/ });
    await option.waitFor();
    const name = option.locator('.search-form__name');
    // Height and line height read together, and again until they are of a shown option: a
    // later reply (the query was sent as typed) replaces the options, and a replaced one has
    // no computed style.
    await expect
      .poll(
        () =>
          name.evaluate((el) => {
            const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
            return el.isConnected && Number.isFinite(lineHeight) && el.getBoundingClientRect().height < lineHeight * 1.5;
          }),
        { message: 'the name on one line' },
      )
      .toBe(true);

    const all = list.getByRole('option', { name: 'See all results' });
    await all.click();
    await page.getByRole('heading', { level: 1, name: 'Search results: “hoodie”' }).waitFor();
  });
});

describe('phone filters', () => {
  it('open in a drawer with one tap, and close back to the Filters link', async () => {
    const page = await newPage(PHONE);
    await openListing(page, '/shop/');
    const link = page.getByRole('link', { name: /^Filters/ });
    await link.tap();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor({ timeout: 5_000 });
    const black = drawer.getByRole('link', { name: 'Black' }).first();
    const { y, height } = await box(black);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y + height, 'in view without scrolling the page').toBeLessThanOrEqual(844);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
