// The home page made of sections (issue 14): every section of the demo layout shows, the
// hero slider moves by keyboard with its Previous slide / Next slide buttons, the counters
// count up to their number when scrolled to, a product grid's card adds to the cart, and
// without JavaScript everything is still there (every slide, the final numbers). axe finds
// nothing serious, the social feed loads when scrolled to, and a full-page screenshot is kept in e2e/artifacts/home.png to look at.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

/** The section headings of the demo layout, top to bottom (the first is the page's h1). */
const HEADINGS = [
  'Collections',
  'Featured',
  'Shop by category',
  'New in',
  'Printed to order, made to last',
  'Lookbook',
  'Made in our studio',
  'On sale',
  'Mercato in numbers',
  'Printed while you wait',
  'Best sellers',
  'What our customers say',
  'Posters',
  '#WearMercato',
];

async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  const name = new RegExp(`^Cart, ${String(count)} ${word}, `);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name }).or(header.getByRole('button', { name })).first().waitFor();
}

/** Scrolls through the whole page, so every block that waits to be seen has been. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.mouse.wheel(0, 500);
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

async function showsEverySection(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Wear what you stand for' }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  for (const name of HEADINGS) {
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor({ state: 'attached' });
  }
  await page.getByRole('region', { name: 'Highlights' }).waitFor();
  const tiles = page.getByRole('region', { name: 'Shop by category' });
  expect(await tiles.getByRole('link', { name: /^Hoodies/ }).getAttribute('href')).toBe('/product-category/clothing/hoodies/');
  const featured = page.getByRole('region', { name: 'Featured', exact: true });
  expect(await featured.getByRole('listitem').count()).toBeGreaterThan(0);
  await page.getByRole('region', { name: 'What our customers say' }).getByText('Priya N.').waitFor({ state: 'attached' });
}

describe('with JavaScript', () => {
  it('shows every section; the slider moves by keyboard', async () => {
    const page = await newPage();
    await page.goto('/');
    await showsEverySection(page);

    const slider = page.getByRole('region', { name: 'Highlights' });
    const next = slider.getByRole('button', { name: 'Next slide' });
    const previous = slider.getByRole('button', { name: 'Previous slide' });
    // Focus in the slider stops it moving by itself; then only the keys move it.
    await next.focus();
    const shown = async () => (await slider.getByRole('group').all()).length;
    expect(await shown()).toBe(1);
    const label = async () => slider.getByRole('group').getAttribute('aria-label');
    const first = await label();
    const index = Number(first?.split(' ')[0]);
    await page.keyboard.press('Enter');
    expect(await label()).toBe(`${String((index % 3) + 1)} of 3`);
    await page.keyboard.press('Space');
    expect(await label()).toBe(`${String(((index + 1) % 3) + 1)} of 3`);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => previous.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await label()).toBe(`${String((index % 3) + 1)} of 3`);
    // The slide show can be stopped (it never starts with reduced motion).
    await slider.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await slider.getByRole('button', { name: 'Start automatic slide show' }).waitFor();
  });

  it('counts the counters up to their number when they are scrolled to', async () => {
    const page = await newPage();
    await page.goto('/');
    const counters = page.getByRole('region', { name: 'Mercato in numbers' });
    // What screen readers read is the final number from the start.
    await counters.getByText('48,000+', { exact: true }).first().waitFor({ state: 'attached' });
    const animated = page.locator('[data-count-to="48000"]');
    await animated.scrollIntoViewIfNeeded();
    await expect
      .poll(() => animated.evaluate((el) => el.classList.contains('is-counting') || el.textContent === '48,000+'))
      .toBe(true);
    await expect.poll(() => animated.textContent(), { timeout: 5000 }).toBe('48,000+');
    await expect.poll(() => page.locator('[data-count-to="98"]').textContent(), { timeout: 5000 }).toBe('98%');
  });

  it('adds to the cart from a product grid card without leaving the page', async () => {
    const page = await newPage();
    await page.goto('/');
    await cartCountIs(page, 0);
    const sale = page.getByRole('region', { name: 'On sale' });
    const add = sale.getByRole('link', { name: /^Add to cart: / }).first();
    await add.scrollIntoViewIfNeeded();
    await add.click();
    await cartCountIs(page, 1);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('has no serious axe violations, and looks right (screenshot)', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await scrollThrough(page);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    // Every block held back below the fold has been revealed on the way down.
    expect(await page.locator('.is-pending').count()).toBe(0);
    // axe reads colours as they are: wait until the fades have ended and the feed has loaded.
    await page.getByRole('link', { name: 'A rust hoodie on a hike' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
      .toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    const dir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'artifacts');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, 'home.png'), fullPage: true });
  });

  it('loads the social feed when it comes into view', async () => {
    const page = await newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('admin-ajax.php')) requests.push(request.url());
    });
    await page.goto('/');
    const feed = page.getByRole('region', { name: '#WearMercato' });
    // Before it is in view: a square kept for each photo to come, and no request yet.
    expect(await page.locator('.home-social__slot').count()).toBe(6);
    expect(requests).toEqual([]);
    await feed.scrollIntoViewIfNeeded();
    const photo = feed.getByRole('link', { name: 'A rust hoodie on a hike' });
    await photo.waitFor();
    expect(await photo.getAttribute('href')).toBe('/product-category/clothing/hoodies/');
    expect(await feed.getByRole('listitem').count()).toBe(6);
    expect(await page.locator('.home-social__slot').count()).toBe(0);
    expect(new URL(requests[0] ?? '').searchParams.get('action')).toBe('mercato_load_instagram');
    // Every request stayed on the shop's own origin.
    const origin = new URL(page.url()).origin;
    expect(requests.every((url) => url.startsWith(origin))).toBe(true);
  });

  it('keeps still for visitors who prefer reduced motion', async () => {
    const page = await newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Highlights' });
    await slider.getByRole('button', { name: 'Next slide' }).waitFor();
    expect(await slider.getByRole('button', { name: /automatic slide show/ }).count()).toBe(0);
    const animated = page.locator('[data-count-to="48000"]');
    await animated.scrollIntoViewIfNeeded();
    expect(await animated.textContent()).toBe('48,000+');
    expect(await page.locator('.is-pending').count()).toBe(0);
  });
});

describe('without JavaScript', () => {
  it('shows every section, every slide and the final numbers; a card still adds to the cart', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    await showsEverySection(page);
    const slider = page.getByRole('region', { name: 'Highlights' });
    expect(await slider.getByRole('group').count()).toBe(3);
    expect(await slider.getByRole('button').count()).toBe(0);
    for (const name of ['Wear what you stand for', 'The winter drop is here', 'Walls worth staring at']) {
      await slider.getByRole('heading', { name }).waitFor({ state: 'attached' });
    }
    expect(await page.locator('[data-count-to="48000"]').textContent()).toBe('48,000+');
    const sale = page.getByRole('region', { name: 'On sale' });
    await sale.getByRole('link', { name: /^Add to cart: / }).first().click();
    await cartCountIs(page, 1);
  });
});
