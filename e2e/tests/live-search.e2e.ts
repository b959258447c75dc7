// Live product search in the header (issue 12, SPEC §7.2 item 2): the search field is a
// combobox whose listbox offers products while the shopper types; the keyboard chooses one;
// a SKU finds its product; axe-core with the list open; and the plain form without JavaScript.
// Its code is fetched when the shopper first reaches for the field, not with the page.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkRequests, liveSearchField, seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

const searchBox = (page: Page) => liveSearchField(page.getByRole('banner'));
const suggestions = (page: Page) => page.getByRole('banner').getByRole('listbox');

describe('with JavaScript', () => {
  it('fetches its code on the first focus of the field, and searches what was typed before it came', async () => {
    const page = await newPage();
    const fetched = chunkRequests(page, 'live-search');
    await page.goto('/shop/');
    await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
    const field = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    expect(await field.getAttribute('role'), 'a plain search field until used').toBeNull();
    expect(fetched, 'not fetched with the page').toEqual([]);
    await field.pressSequentially('hoodie');
    await suggestions(page).getByRole('option', { name: 'Classic Zip Hoodie' }).waitFor();
    expect(fetched).toHaveLength(1);
  });

  it('offers hoodies while typing, and the keyboard goes to the chosen one', async () => {
    const page = await newPage();
    await page.goto('/');
    const box = await searchBox(page);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.pressSequentially('hoodie');
    const list = suggestions(page);
    await list.getByRole('option', { name: 'Classic Zip Hoodie' }).waitFor();
    await list.getByRole('option', { name: 'Heavyweight Pullover Hoodie' }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await list.getByRole('option', { selected: true }).count(), 'nothing chosen before the arrows').toBe(0);

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const chosen = list.getByRole('option', { selected: true });
    const name = await chosen.locator('.search-form__name').innerText();
    expect(await box.getAttribute('aria-activedescendant')).toBe(await chosen.getAttribute('id'));
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/product\/[a-z-]+\/$/);
  });

  it('finds a product by its SKU', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await (await searchBox(page)).pressSequentially('MG-ENM');
    const option = suggestions(page).getByRole('option', { name: 'Enamel Camp Mug' });
    await option.click();
    await page.getByRole('heading', { level: 1, name: 'Enamel Camp Mug' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product/enamel-camp-mug/');
  });

  it('has no serious axe violations with the list open, and Escape closes it', async () => {
    const page = await newPage();
    await page.goto('/');
    const box = await searchBox(page);
    await box.pressSequentially('hoodie');
    await suggestions(page).getByRole('option', { name: 'Cropped Hoodie' }).waitFor();
    await box.press('ArrowDown');
    await suggestions(page).getByRole('option', { selected: true }).waitFor();
    expect(await seriousViolations(page), 'list open').toEqual([]);

    await box.press('Escape');
    await suggestions(page).waitFor({ state: 'hidden' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');
  });

  it('says No results, and Enter without a chosen suggestion submits the search', async () => {
    const page = await newPage();
    await page.goto('/');
    const box = await searchBox(page);
    await box.pressSequentially('zqxjv');
    await suggestions(page).getByRole('option', { name: 'No results' }).waitFor();
    await box.fill('hoodie');
    await suggestions(page).getByRole('option', { name: 'Cropped Hoodie' }).waitFor();
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Search results: “hoodie”' }).waitFor();
    expect(new URL(page.url()).searchParams.get('s')).toBe('hoodie');
  });
});

describe('without JavaScript', () => {
  it('the search form still submits to the results page', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
    await box.fill('hoodie');
    await box.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Search results: “hoodie”' }).waitFor();
    await page.getByRole('link', { name: 'Classic Zip Hoodie' }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('s')).toBe('hoodie');
  });
});
