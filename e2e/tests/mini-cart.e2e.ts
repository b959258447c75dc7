// The cart in the page (issue 11): add to cart from a card and from a product page without
// leaving the page, the header cart's name and the live region, the mini-cart drawer (a modal
// dialog with steppers), coalesced quantity changes, rollback on a failed request, two tabs
// in sync, back/forward, axe-core with the drawer open and closed, and the same flows with
// JavaScript off.

import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });

/** Waits until the header cart says `count` items. */
async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  await page.getByRole('banner').getByRole('link', { name: new RegExp(`^Cart, ${count} ${word}, `) }).waitFor();
}

/** Records the requests a page makes to the cart endpoints. */
function cartRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/wc/store/') || url.includes('wc-ajax=')) {
      seen.push(request);
    }
  });
  return seen;
}

/** Adds the Enamel Camp Mug from its card on the mugs category page. */
async function addMugFromCard(page: Page): Promise<void> {
  await page.goto('/product-category/mugs/');
  await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
}

describe('with JavaScript', () => {
  it('adds from a card without leaving the page, and makes no cart request on load', async () => {
    const page = await newPage();
    const requests = cartRequests(page);
    await page.goto('/product-category/mugs/');
    await cartCountIs(page, 0);
    expect(requests.map((r) => r.url()), 'an ordinary page load asks nothing about the cart').toEqual([]);

    const url = page.url();
    await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    await cartCountIs(page, 1);
    expect(page.url()).toBe(url);
    await page.getByRole('status').filter({ hasText: '“Enamel Camp Mug” has been added to your cart.' }).waitFor();
    const card = page.getByRole('listitem').filter({ hasText: 'Enamel Camp Mug' });
    await card.getByRole('link', { name: 'View cart' }).waitFor();
    // The mini cart shows itself for a few seconds (is_mini_cart_reveal); Escape puts it away.
    const reveal = page.getByRole('dialog', { name: /^Cart/ });
    await reveal.getByRole('link', { name: 'Checkout' }).waitFor();
    await page.keyboard.press('Escape');
    await reveal.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    await cartCountIs(page, 2);
    expect(await card.getByRole('link', { name: 'View cart' }).count(), 'one View cart link').toBe(1);
  });

  it('opens the drawer on a click that came while a hover was still loading it', async () => {
    const page = await newPage();
    await page.goto('/product/enamel-camp-mug/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(page, 1);
    // A new page view: the mini cart has not loaded. Its chunk is held until the click.
    let asked = 0;
    let release: () => void = () => undefined;
    const clicked = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/mini-cart-[^/]*\.js$/, async (route) => {
      asked += 1;
      await clicked;
      await route.continue();
    });
    await page.goto('/product-category/mugs/');
    await cartCountIs(page, 1);
    const url = page.url();
    await headerCart(page).hover();
    await expect.poll(() => asked).toBe(1);
    await headerCart(page).click();
    release();
    const drawer = page.getByRole('dialog', { name: /^Cart/ });
    await drawer.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' }).waitFor();
    expect(page.url()).toBe(url);
  });

  it('adds from a product page without a reload, simple and variable', async () => {
    const page = await newPage();
    await page.goto('/product/enamel-camp-mug/');
    const before = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.getByRole('spinbutton', { name: 'Enamel Camp Mug quantity' }).fill('3');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(page, 3);
    await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();

    await page.goto('/product/classic-zip-hoodie/');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(page, 4);
    expect(page.url()).toMatch(/\/product\/classic-zip-hoodie\/$/);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(before);
  });

  it('opens the mini cart as a dialog, steps quantities and returns focus', async () => {
    const page = await newPage();
    await addMugFromCard(page);
    await cartCountIs(page, 1);

    await headerCart(page).click();
    const drawer = page.getByRole('dialog', { name: /^Cart/ });
    await drawer.waitFor();
    const quantity = drawer.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' });
    expect(await quantity.inputValue()).toBe('1');
    await drawer.getByRole('link', { name: 'View cart' }).waitFor();
    await drawer.getByRole('link', { name: 'Checkout' }).waitFor();
    expect(await seriousViolations(page), 'drawer open').toEqual([]);

    await drawer.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' }).click();
    await cartCountIs(page, 2);
    expect(await quantity.inputValue()).toBe('2');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('header-cart'))).toBe(true);
    expect(await seriousViolations(page), 'drawer closed').toEqual([]);

    await headerCart(page).click();
    await drawer.getByRole('button', { name: 'Remove Enamel Camp Mug from cart' }).click();
    await cartCountIs(page, 0);
    await drawer.getByText('Your cart is currently empty.').waitFor();
    await drawer.getByRole('link', { name: 'Browse the shop' }).waitFor();
  });

  it('sends ten rapid + clicks as a few requests that end in the right quantity', async () => {
    const page = await newPage();
    await addMugFromCard(page);
    await cartCountIs(page, 1);
    await headerCart(page).click();
    const drawer = page.getByRole('dialog', { name: /^Cart/ });
    const plus = drawer.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' });
    await plus.waitFor();

    const requests = cartRequests(page);
    // Ten clicks in quick succession. Playwright's own clicks each wait for the page to settle,
    // and on a busy machine ten of them could span more than the store's batching window,
    // which is not what this test is about.
    await plus.evaluate(async (button) => {
      for (let i = 0; i < 10; i += 1) {
        (button as HTMLButtonElement).click();
        // A task apart, as a shopper's clicks are: the drawer shows each step before the next.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    });
    const quantity = drawer.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' });
    await expect.poll(() => quantity.inputValue()).toBe('11');
    await cartCountIs(page, 11);
    // The shop has the eleven once the batched writes are through.
    await expect
      .poll(async () => {
        const cart = (await (await page.request.get('/wp-json/wc/store/v1/cart')).json()) as { items_count: number };
        return cart.items_count;
      })
      .toBe(11);
    const writes = requests.filter((r) => r.method() !== 'GET');
    expect(writes.length, writes.map((r) => r.url()).join('\n')).toBeGreaterThan(0);
    expect(writes.length).toBeLessThanOrEqual(3);
  });

  it('rolls a failed change back and says so', async () => {
    const page = await newPage();
    await addMugFromCard(page);
    await cartCountIs(page, 1);
    await headerCart(page).click();
    const drawer = page.getByRole('dialog', { name: /^Cart/ });
    await drawer.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' }).waitFor();

    await page.route('**/wc/store/v1/batch*', (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
    await drawer.getByRole('button', { name: 'Increase quantity of Enamel Camp Mug' }).click();
    await drawer.getByRole('alert').waitFor();
    const quantity = drawer.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' });
    await page.waitForFunction(
      (el) => (el as HTMLInputElement | null)?.value === '1',
      await quantity.elementHandle(),
    );
    await cartCountIs(page, 1);
  });

  it('keeps two tabs in sync and shows the current cart after back/forward', async () => {
    const first = await newPage();
    await first.goto('/product-category/mugs/');
    await cartCountIs(first, 0);
    const second = await first.context().newPage();
    await second.goto('/product/trucker-cap/');
    await cartCountIs(second, 0);

    await first.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    await cartCountIs(first, 1);
    await cartCountIs(second, 1);

    await second.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(second, 2);
    await cartCountIs(first, 2);

    // Back and forward show what the cart holds now, not what the page held.
    await first.goto('/cart/');
    await cartCountIs(first, 2);
    // The add revealed the mini cart under the header, over the product's form, and it stays
    // while the pointer rests on it: the shopper closes it before adding again.
    await second.keyboard.press('Escape');
    await second.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(second, 3);
    await first.goBack();
    await cartCountIs(first, 3);
  });

  it('passes axe-core on home, shop, a product and the cart', async () => {
    const page = await newPage();
    for (const path of ['/', '/shop/', '/product/enamel-camp-mug/', '/cart/']) {
      await page.goto(path);
      await headerCart(page).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

describe('without JavaScript', () => {
  it('adds from a card and from a product page, and the header cart is a link to the cart', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await addMugFromCard(page);
    await cartCountIs(page, 1);
    await page.goto('/product/enamel-camp-mug/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await cartCountIs(page, 2);
    await headerCart(page).click();
    await page.waitForURL(/\/cart\/$/);
    await page.getByLabel('Enamel Camp Mug quantity').waitFor();
  });
});

describe('when things go wrong or come from elsewhere', () => {
  it('says so in a snackbar when an add cannot reach the shop, and the count stays', async () => {
    const page = await newPage();
    await page.goto('/product-category/mugs/');
    await page.route('**/?wc-ajax=add_to_cart', (route) => route.abort());
    await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    const snackbar = page.getByRole('list', { name: 'Notifications' }).getByRole('alert');
    await snackbar.getByText('The product could not be added to your cart. Please try again.').waitFor();
    await cartCountIs(page, 0);
    await snackbar.getByRole('button', { name: 'Dismiss this notice' }).click();
    await snackbar.waitFor({ state: 'detached' });
  });

  it('reveals the mini cart when a page loads with an added-to-cart notice', async () => {
    const page = await newPage();
    await page.goto('/product-category/mugs/');
    const href = await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).getAttribute('href');
    // A link that adds through a page load (another site's button, a bookmark).
    await page.goto(`/product-category/mugs/${href ?? ''}`);
    await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).first().waitFor();
    const reveal = page.getByRole('dialog', { name: /^Cart/ });
    await reveal.getByRole('spinbutton', { name: 'Quantity of Enamel Camp Mug' }).waitFor();
    await cartCountIs(page, 1);
  });
});
