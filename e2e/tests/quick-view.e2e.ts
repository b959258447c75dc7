// Quick view (issue 12, SPEC §2.2, §7.2 item 4): a card's button opens the product in a
// modal dialog with its gallery, variation form and quantity stepper; an add from it updates
// the header without a reload; Escape and Close give the focus back to the card's button;
// axe finds nothing serious with it open; a failed request says so and links to the page.
// Without JavaScript there is no dead button: the card's link leads to the product page.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

const HOODIE = 'Classic Zip Hoodie';
const openButton = (page: Page, name: string) => page.getByRole('button', { name: `Quick view: “${name}”` });
const quickView = (page: Page, name: string) => page.getByRole('dialog', { name });

async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  const name = new RegExp(`^Cart, ${count} ${word}, `);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name }).or(header.getByRole('button', { name })).waitFor();
}

/**
 * Chooses `term` for `attribute` in a variation form: through its select while the form has
 * selects, through the radio named after the term once the options are swatch radio groups.
 */
async function chooseOption(scope: Locator, attribute: string, term: string): Promise<void> {
  const select = scope.getByRole('combobox', { name: attribute });
  if ((await select.count()) > 0) {
    await select.selectOption({ label: term });
    return;
  }
  // The radio is a 1 px input under its swatch; a shopper clicks the swatch (the radio's label,
  // titled with the term). In the centred popup the 1 px input can sit on a fractional pixel
  // that a click aimed at it misses, so click the swatch and check the radio took it.
  const group = scope.getByRole('radiogroup', { name: attribute });
  await group.getByTitle(term, { exact: true }).click();
  expect(await group.getByRole('radio', { name: term, exact: true }).isChecked()).toBe(true);
}

const navigations = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length);

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

describe('with JavaScript', () => {
  it('opens a variable product from the shop, adds a chosen variation without a reload', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await cartCountIs(page, 0);
    const before = await navigations(page);

    await openButton(page, HOODIE).click();
    const dialog = quickView(page, HOODIE);
    await dialog.getByRole('heading', { name: HOODIE }).waitFor();
    // The gallery's main image, the price and the way to the full page.
    await dialog.getByRole('img', { name: new RegExp(`^${HOODIE}`) }).waitFor();
    await dialog.getByText('$64.00').first().waitFor();
    expect(await dialog.getByRole('link', { name: 'View full details' }).getAttribute('href')).toBe(
      '/product/classic-zip-hoodie/',
    );
    expect(await seriousViolations(page), 'quick view open').toEqual([]);

    await chooseOption(dialog, 'Color', 'Black');
    // The fragment's quantity stepper is live: the behaviours attach to inserted HTML.
    await dialog.getByRole('button', { name: `Increase quantity of ${HOODIE}` }).click();
    expect(await dialog.getByRole('spinbutton', { name: `${HOODIE} quantity` }).inputValue()).toBe('2');
    await dialog.getByRole('button', { name: 'Add to cart' }).click();

    await cartCountIs(page, 2);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: `“${HOODIE}” has been added to your cart.` }).waitFor();
    const reveal = page.getByRole('dialog', { name: /^Cart/ });
    await reveal.getByText('Color: Black').waitFor();
    expect(new URL(page.url()).pathname).toBe('/shop/');
    expect(await navigations(page)).toBe(before);
    // The reveal shows without taking the focus: it is back on the card's button.
    expect(await isFocused(openButton(page, HOODIE))).toBe(true);
  });

  it('closes with Escape or its Close button and gives the focus back to the card button', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const button = openButton(page, HOODIE);
    const dialog = quickView(page, HOODIE);

    await button.click();
    await dialog.getByRole('heading', { name: HOODIE }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(button), 'Escape').toBe(true);

    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: HOODIE }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(button), 'Close').toBe(true);
    expect(await seriousViolations(page), 'quick view closed').toEqual([]);
  });

  it('zooms an image over the popup; Escape closes the lightbox first, then the popup', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await openButton(page, HOODIE).click();
    const dialog = quickView(page, HOODIE);
    await dialog.getByRole('heading', { name: HOODIE }).waitFor();

    const zoom = dialog.getByRole('button', { name: 'Zoom image' });
    await zoom.click();
    const lightbox = page.getByRole('dialog', { name: 'Image gallery' });
    await lightbox.waitFor();
    // Above the popup: a click lands on the lightbox, not on the popup under it.
    const box = await lightbox.boundingBox();
    expect(box).not.toBeNull();
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[aria-label="Image gallery"]') !== null,
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(onTop, 'the lightbox is the topmost layer').toBe(true);

    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    expect(await dialog.isVisible(), 'the popup stays open').toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('opens an upsell over a product page without clashing with the page’s own form', async () => {
    const page = await newPage();
    await page.goto('/product/classic-zip-hoodie/');
    // An upsell with a Color choice too: the popup's form must not reuse the page's ids.
    const upsell = 'Heavyweight Pullover Hoodie';
    await openButton(page, upsell).click();
    const dialog = quickView(page, upsell);
    await dialog.getByRole('heading', { name: upsell }).waitFor();
    await chooseOption(dialog, 'Color', 'Navy');
    await dialog.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await seriousViolations(page), 'quick view over a product page').toEqual([]);
  });

  it('says so when the product cannot be loaded, with a link to its page', async () => {
    const page = await newPage();
    await page.route('**/wp-admin/admin-ajax.php', (route) => route.abort('connectionfailed'));
    await page.goto('/shop/');
    await openButton(page, HOODIE).click();
    const dialog = quickView(page, HOODIE);
    await dialog.getByRole('alert').filter({ hasText: 'The product could not be shown here.' }).waitFor();
    await dialog.getByRole('link', { name: `Open the page of “${HOODIE}”` }).click();
    await page.getByRole('heading', { level: 1, name: HOODIE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product/classic-zip-hoodie/');
  });
});

describe('without JavaScript', () => {
  it('shows no quick-view button; the card leads to the product page', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    const cardLink = page.getByRole('link').filter({ has: page.getByRole('heading', { name: HOODIE, exact: true }) });
    await cardLink.waitFor();
    // axe cannot run here (it needs the page's scripting); the markup is the one checked above.
    expect(await page.getByRole('button', { name: /^Quick view/ }).count()).toBe(0);

    await cardLink.click();
    await page.getByRole('heading', { level: 1, name: HOODIE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product/classic-zip-hoodie/');
  });
});
