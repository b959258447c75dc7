// The catalogue in a real browser, with JavaScript on and off: browse, sort, filter,
// paginate, pick a variation and search. Everything here must work as plain links and forms.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { liveSearchField, useShop } from '../harness';

const { newPage } = useShop();

/** The lowest price on each card, in listing order (a range counts by its low end). */
async function cardPrices(page: Page): Promise<number[]> {
  return page.locator('ul.products > li').evaluateAll((cards) =>
    cards.map((card) => {
      const amount = card.querySelector('.price ins .amount') ?? card.querySelector('.price .amount');
      return Number((amount?.textContent ?? '').replace(/[^0-9.]/g, ''));
    }),
  );
}

/** The highest price on each card. */
async function cardMaxPrices(page: Page): Promise<number[]> {
  return page.locator('ul.products > li').evaluateAll((cards) =>
    cards.map((card) => {
      const amounts = [...card.querySelectorAll('.price ins .amount, .price > .amount, .price > span > .amount')];
      const all = amounts.length ? amounts : [...card.querySelectorAll('.price .amount')];
      return Math.max(...all.map((a) => Number((a.textContent ?? '').replace(/[^0-9.]/g, ''))));
    }),
  );
}

async function productNames(page: Page): Promise<string[]> {
  return page.locator('ul.products > li h2').allTextContents();
}

for (const javaScriptEnabled of [true, false]) {
  describe(`the catalogue with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    it('browses, sorts and paginates the shop', async () => {
      const page = await newPage({ javaScriptEnabled });
      await page.goto('/shop/');
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
      await page.getByText(/^Showing 1–16 of \d+ results$/).waitFor();
      const total = Number(/of (\d+) results/.exec((await page.getByText(/^Showing 1–16 of/).textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThanOrEqual(40);
      expect(await page.locator('ul.products > li').count()).toBe(16);
      expect(await page.getByRole('link', { name: /^Add to cart: / }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: /^Select options for / }).count()).toBeGreaterThan(0);

      // With JavaScript a change of order sorts at once and the Sort button is hidden.
      const sort = async (): Promise<void> => {
        if (!javaScriptEnabled) {
          await page.getByRole('button', { name: 'Sort' }).click();
        }
      };
      await page.getByLabel('Shop order').selectOption('price');
      await sort();
      await page.waitForURL(/orderby=price/);
      const ascending = await cardPrices(page);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

      await page.getByLabel('Shop order').selectOption('price-desc');
      await sort();
      await page.waitForURL(/orderby=price-desc/);
      const descending = await cardPrices(page);
      expect(descending[0]).toBeGreaterThanOrEqual(descending[descending.length - 1] ?? 0);

      if (javaScriptEnabled) {
        // The pagination gives way to infinite loading (listing.e2e.ts), in the same order.
        await page.getByRole('button', { name: 'Load more products' }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('main').getByText(/^Showing 1–32 of \d+ results$/).waitFor();
        expect(new URL(page.url()).search).toBe('?orderby=price-desc');
      } else {
        await page.getByRole('link', { name: /Next/ }).click();
        await page.waitForURL(/\/shop\/page\/2\/\?orderby=price-desc$/);
        await page.getByText(/^Showing 17–32 of \d+ results$/).waitFor();
        await page.getByRole('link', { name: /Previous/ }).waitFor();
      }
      expect(await page.getByLabel('Shop order').inputValue()).toBe('price-desc');
    });

    it('filters by colour and by price, and removes the filters again', async () => {
      const page = await newPage({ javaScriptEnabled });
      await page.goto('/shop/');
      const filters = page.getByRole('complementary', { name: 'Filters' });
      await filters.getByRole('region', { name: 'Filter by color', exact: true }).getByRole('link', { name: 'Navy', exact: true }).click();
      await page.waitForURL(/filter_color=navy/);
      await filters.getByRole('link', { name: 'Remove filter: Color: Navy' }).waitFor();
      const navy = await productNames(page);
      expect(navy).toContain('Classic Zip Hoodie');
      expect(navy).not.toContain('Ceramic Logo Mug');

      await filters.getByLabel('Min price').fill('20');
      await filters.getByLabel('Max price').fill('40');
      await filters.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(/min_price=20&max_price=40/);
      expect(page.url()).toContain('filter_color=navy');
      const low = await cardPrices(page);
      const high = await cardMaxPrices(page);
      expect(low.length).toBeGreaterThan(0);
      for (const [i, price] of low.entries()) {
        expect(price).toBeLessThanOrEqual(40);
        expect(high[i]).toBeGreaterThanOrEqual(20);
      }
      expect(await productNames(page)).not.toContain('Classic Zip Hoodie');

      await filters.getByRole('link', { name: 'Clear all' }).click();
      await page.waitForURL((url) => url.pathname === '/shop/' && url.search === '');
      await page.getByRole('main').getByText(/^Showing 1–16 of/).waitFor();
    });

    it('opens a product and picks a colour and a size by swatch, and a paper size by select', async () => {
      const page = await newPage({ javaScriptEnabled });
      await page.goto('/product-category/clothing/hoodies/');
      await page.getByRole('heading', { name: 'Classic Zip Hoodie' }).click();
      await page.waitForURL(/\/product\/classic-zip-hoodie\/$/);
      await page.getByRole('heading', { level: 1, name: 'Classic Zip Hoodie' }).waitFor();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Hoodies' }).waitFor();

      const black = page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' });
      const large = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true });
      await black.check();
      await large.check();
      // With JavaScript the form follows the choice at once; without, the page is asked again.
      if (!javaScriptEnabled) {
        await page.getByRole('button', { name: 'Check availability' }).click();
        await page.waitForURL(/attribute_pa_color=black&attribute_pa_size=l/);
      }
      expect(await black.isChecked()).toBe(true);
      expect(await large.isChecked()).toBe(true);
      const panel = page.getByRole('status').filter({ hasText: 'SKU' });
      await panel.getByText('HD-ZIP-BLK-L').waitFor();
      await panel.getByText(/in stock/i).waitFor();
      expect(await page.locator('.summary > .price').textContent()).toContain('$64.00');
      await page.getByRole('button', { name: 'Add to cart' }).waitFor();

      // A variation with its own price: the poster's paper sizes.
      await page.goto('/product/mountain-dawn-poster/');
      await page.getByLabel('Paper size').selectOption({ label: 'A2' });
      if (!javaScriptEnabled) {
        await page.getByRole('button', { name: 'Check availability' }).click();
        await page.waitForURL(/attribute_paper-size=A2/);
      }
      const poster = page.getByRole('status').filter({ hasText: 'SKU' });
      await poster.getByText('$35.00').waitFor();
      await poster.getByText('PS-MTN-A2').waitFor();

      await page.getByRole('link', { name: 'Clear' }).click();
      if (javaScriptEnabled) {
        await page.getByRole('link', { name: 'Clear' }).waitFor({ state: 'hidden' });
        expect(await page.getByLabel('Paper size').inputValue()).toBe('');
      } else {
        // The page again, with the product's default choice.
        await page.waitForURL(/\/product\/mountain-dawn-poster\/$/);
      }
    });

    it('searches by name and by SKU', async () => {
      const page = await newPage({ javaScriptEnabled });
      await page.goto('/');
      // With JavaScript the live search makes the field a combobox once used (live-search.e2e.ts).
      const field = async (): Promise<Locator> => {
        const form = page.getByRole('search').first();
        return javaScriptEnabled ? liveSearchField(form) : form.getByRole('searchbox', { name: 'Search products' });
      };
      const search = await field();
      await search.fill('hoodie');
      await search.press('Enter');
      await page.waitForURL(/\?s=hoodie&post_type=product/);
      await page.getByRole('heading', { level: 1, name: 'Search results: “hoodie”' }).waitFor();
      const names = await productNames(page);
      expect(names).toContain('Classic Zip Hoodie');
      expect(names[0]).toMatch(/hoodie/i);

      const again = await field();
      expect(await again.inputValue()).toBe('hoodie');
      await again.fill('HD-ZIP');
      await again.press('Enter');
      // One hit goes straight to the product, as WooCommerce does.
      await page.waitForURL(/\/product\/classic-zip-hoodie\/$/);
      await page.getByRole('heading', { level: 1, name: 'Classic Zip Hoodie' }).waitFor();

      await page.goto('/?s=no-such-thing-at-all&post_type=product');
      await page.getByText('No products were found matching your search').waitFor();
      await page.getByRole('link', { name: 'Browse all products' }).click();
      await page.waitForURL(/\/shop\/$/);
    });
  });
}
