// After a sort or a filter swaps the listing in place, focus moves to its heading so that a
// screen reader starts reading the new listing there; the heading shows a focus ring only
// when the keyboard moved it (:focus-visible semantics), not after a mouse click.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

/** Waits for the listing's heading to take focus; the style of the ring it draws then. */
async function headingRing(page: Page): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await heading.evaluate(
    (h) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (h.ownerDocument.activeElement === h && !h.closest('[aria-busy]')) resolve();
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  return heading.evaluate((h) => getComputedStyle(h).outlineStyle);
}

/**
 * Opens the shop and waits for the listing's script: it hides the sort's Sort button when it
 * takes the listing over. Before that, a sort change does nothing and a filter link loads a
 * whole new page, which moves no focus.
 */
async function openShop(page: Page): Promise<void> {
  await page.goto('/shop/');
  await expect
    .poll(() => page.getByRole('button', { name: 'Sort', exact: true }).isHidden())
    .toBe(true);
}

function navy(page: Page) {
  return page
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('region', { name: 'Filter by color', exact: true })
    .getByRole('link', { name: 'Navy', exact: true });
}

describe('the listing heading after an update in place', () => {
  it('takes focus without a ring after a mouse click on a filter', async () => {
    const page = await newPage();
    await openShop(page);
    await navy(page).click();
    await page.waitForURL(/filter_color=navy/);
    expect(await headingRing(page)).toBe('none');
  });

  it('takes focus without a ring after the price filter\'s button is clicked', async () => {
    const page = await newPage();
    await openShop(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Max price').fill('40');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/max_price=40/);
    expect(await headingRing(page)).toBe('none');
  });

  it('takes focus without a ring after a sort chosen from the option list', async () => {
    // A choice from the native option list sends the page no key press (nor a pointer press
    // when the list was opened from elsewhere): the shopper did not use the keyboard.
    const page = await newPage();
    await openShop(page);
    await page.getByLabel('Shop order').selectOption('price');
    await page.waitForURL(/orderby=price/);
    expect(await headingRing(page)).toBe('none');
  });

  it('shows the ring when the keyboard chose the filter', async () => {
    const page = await newPage();
    await openShop(page);
    await navy(page).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/filter_color=navy/);
    expect(await headingRing(page)).toBe('solid');
  });
});
