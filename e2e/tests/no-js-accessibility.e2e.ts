// axe-core with JavaScript off (issue 12): the pages a shopper without scripts uses to choose
// and find products, each checked for serious and critical WCAG 2.2 A/AA violations as the
// server renders them. The variable product before and after a choice made with the no-JS
// form; the shop with a filter applied; the search results.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolationsWithoutScripts, useShop } from '../harness';

const { newPage } = useShop();

// Long Sleeve Crew: White and Black × S, M, L, XL (docs/variations-and-swatches.md).
const CREW = '/product/long-sleeve-crew/';

async function axe(page: Page, what: string): Promise<void> {
  // Scripts are off: no behaviour changed the page (the entry would have added the announcer).
  expect(await page.locator('#mercato-announcer').count()).toBe(0);
  expect({ what, violations: await seriousViolationsWithoutScripts(page) }).toEqual({ what, violations: [] });
}

describe('with JavaScript off, axe finds nothing serious', () => {
  it('on a variable product before and after a choice made with the form', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(CREW);
    await page.getByRole('heading', { level: 1, name: 'Long Sleeve Crew' }).waitFor();
    await axe(page, 'variable product, no choice made');

    const form = page.locator('form.variations_form');
    await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
    await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
    await form.getByRole('button', { name: 'Check availability' }).click();
    await page.waitForURL(/attribute_pa_color=black/);
    await form.getByRole('status').getByText('TS-LSV-BLK-L').waitFor();
    await axe(page, 'variable product, Black and L chosen');
  });

  it('on the shop with a filter applied', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('region', { name: 'Filter by color', exact: true }).getByRole('link', { name: 'Navy', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('filter_color') === 'navy');
    await filters.getByRole('link', { name: 'Remove filter: Color: Navy' }).waitFor();
    await axe(page, 'shop filtered by Navy');
  });

  it('on the search results', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await search.fill('hoodie');
    await search.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Search results: “hoodie”' }).waitFor();
    await page.getByRole('link', { name: 'Classic Zip Hoodie' }).first().waitFor();
    await axe(page, 'search results for hoodie');
  });
});
