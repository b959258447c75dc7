// Browsing a listing without reloads (SPEC §2.2, §4.12, §7.3): infinite loading of the
// shop, sorting on change, filters that update the grid and the URL in place, Back. The same
// journeys run with JavaScript off, where the pagination, the Sort button and the filter
// links do the work as plain links and forms.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

/** The shop filtered by the colour navy and nothing else. */
function navyOnly(url: URL): boolean {
  return url.pathname === '/shop/' && url.searchParams.get('filter_color') === 'navy' && !url.searchParams.has('max_price');
}

async function productIds(page: Page): Promise<string[]> {
  return page.locator('ul.products > li').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id') ?? ''));
}

async function productNames(page: Page): Promise<string[]> {
  return page.locator('ul.products > li h2').allTextContents();
}

async function cardPrices(page: Page): Promise<number[]> {
  return page.locator('ul.products > li').evaluateAll((cards) =>
    cards.map((card) => {
      const amount = card.querySelector('.price ins .amount') ?? card.querySelector('.price .amount');
      return Number((amount?.textContent ?? '').replace(/[^0-9.]/g, ''));
    }),
  );
}

/** The shop's total from "Showing 1–16 of N results". */
async function shopTotal(page: Page): Promise<number> {
  const count = page.getByRole('main').getByText(/^Showing 1–16 of \d+ results$/);
  await count.waitFor();
  return Number(/of (\d+) results/.exec((await count.textContent()) ?? '')?.[1]);
}

/**
 * Waits for the listing's script to take the page over (before that, a link loads a whole
 * new page), then marks the document, so a test can tell an in-place update from a page load.
 */
async function markDocument(page: Page): Promise<void> {
  await page.locator('[data-behaviour="listing"][data-behaviour-state="attached"]').waitFor({ state: 'attached' });
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}

/**
 * Presses "Load more products" from the keyboard. (A pointer click would scroll the button
 * into view, where the scroll position alone starts loading, and retry on the moving grid.)
 */
async function loadMore(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'Load more products' });
  await more.focus();
  await more.press('Enter');
}

/** The title and the head tags naming the listing (canonical, prev, next, robots) of the shown document. */
async function shownHead(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tags = [...document.head.querySelectorAll('link[rel="canonical"], link[rel="prev"], link[rel="next"], meta[name="robots"]')];
    return [document.title, ...tags.map((t) => (t instanceof HTMLLinkElement ? `${t.rel} ${t.href}` : `robots ${t.getAttribute('content') ?? ''}`))];
  });
}

/** The same, as the server renders them when the current URL is loaded afresh. */
async function renderedHead(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const html = await (await fetch(window.location.href, { cache: 'no-store' })).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const tags = [...doc.head.querySelectorAll('link[rel="canonical"], link[rel="prev"], link[rel="next"], meta[name="robots"]')];
    return [
      doc.title,
      ...tags.map((t) =>
        t instanceof HTMLLinkElement ? `${t.rel} ${new URL(t.getAttribute('href') ?? '', window.location.href).href}` : `robots ${t.getAttribute('content') ?? ''}`,
      ),
    ];
  });
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

describe('listings with JavaScript on', () => {
  it('loads every product once as the shopper scrolls, then says the list is finished', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const total = await shopTotal(page);
    expect(total).toBeGreaterThan(32);
    expect(await page.getByRole('navigation', { name: 'Product pagination' }).isVisible()).toBe(false);
    await page.evaluate(() => {
      document.addEventListener('listing:scroll-finished', (event) => {
        (window as unknown as { finished: unknown }).finished = (event as CustomEvent).detail;
      });
    });
    await markDocument(page);

    const end = page.getByRole('main').getByText(`All ${String(total)} products are shown.`);
    while (!(await end.isVisible())) {
      const before = await page.locator('ul.products > li').count();
      await page.mouse.wheel(0, 20_000);
      await page.waitForFunction(
        (n) => document.querySelectorAll('ul.products > li').length > n || document.querySelector('.infinite-scroll[data-state="finished"]') !== null,
        before,
      );
    }
    const ids = await productIds(page);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    await page.getByRole('main').getByText(`Showing 1–${String(total)} of ${String(total)} results`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { finished?: unknown }).finished)).toEqual({ products: total });
    expect(await page.getByRole('button', { name: 'Load more products' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/shop/');
    expect(await isSameDocument(page)).toBe(true);
    // The footer is still within reach once the list has ended.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  });

  it('shows a loader while the next page loads, and a retry when it fails', async () => {
    const page = await newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failNext = true;
    await page.route(/\/shop\/page\/2\/$/, async (route) => {
      if (failNext) {
        failNext = false;
        await route.fulfill({ status: 503, body: 'busy' });
        return;
      }
      await held;
      await route.continue();
    });
    await page.goto('/shop/');
    await shopTotal(page);
    await loadMore(page);
    await page.getByText('More products could not be loaded.').waitFor();
    expect(await page.locator('ul.products > li').count()).toBe(16);

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading more products…' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    release();
    await page.getByRole('main').getByText(/^Showing 1–32 of \d+ results$/).waitFor();
    expect(await page.locator('ul.products > li').count()).toBe(32);
    await page.getByRole('status').filter({ hasText: '16 more products loaded.' }).waitFor({ state: 'attached' });
    // The button's keyboard user goes on with the first new product.
    const firstNew = (await productIds(page))[16];
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-product-id')))
      .toBe(firstNew);
  });

  it('adds to the cart from a card that infinite loading appended, without leaving the page', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await shopTotal(page);
    await markDocument(page);
    await loadMore(page);
    await page.getByRole('main').getByText(/^Showing 1–32 of \d+ results$/).waitFor();
    // The first card past page 1 that can be added straight away.
    const cards = page.locator('ul.products > li');
    let index = 16;
    while ((await cards.nth(index).getByRole('link', { name: /^Add to cart: / }).count()) === 0) {
      index += 1;
    }
    expect(index).toBeLessThan(32);
    const card = cards.nth(index);
    const title = (await card.locator('h2').textContent()) ?? '';
    await card.getByRole('link', { name: /^Add to cart: / }).click();
    await page.getByRole('status').filter({ hasText: `“${title}” has been added to your cart.` }).waitFor({ state: 'attached' });
    await card.getByRole('link', { name: 'View cart' }).waitFor();
    expect(await isSameDocument(page)).toBe(true);
  });

  it('sorts as soon as the order changes', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await shopTotal(page);
    expect(await page.getByRole('button', { name: 'Sort' }).isVisible()).toBe(false);
    await markDocument(page);
    await page.getByLabel('Shop order').selectOption('price');
    await page.waitForURL(/\/shop\/\?orderby=price$/);
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await page.getByLabel('Shop order').inputValue()).toBe('price');
    expect(await isSameDocument(page)).toBe(true);
    // Infinite loading goes on in the new order.
    await loadMore(page);
    await page.getByRole('main').getByText(/^Showing 1–32 of \d+ results$/).waitFor();
    const longer = await cardPrices(page);
    expect(longer).toEqual([...longer].sort((a, b) => a - b));
  });

  it('filters in place, and Back restores the previous grid', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const total = await shopTotal(page);
    const shopNames = await productNames(page);
    const shopHead = await shownHead(page);
    expect(shopHead).toContainEqual(expect.stringMatching(/^next .*\/shop\/page\/2\/$/));
    await markDocument(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('region', { name: 'Filter by color', exact: true }).getByRole('link', { name: 'Navy', exact: true }).click();
    await page.waitForURL(navyOnly);
    await filters.getByRole('link', { name: 'Remove filter: Color: Navy' }).waitFor();
    const navy = await productNames(page);
    expect(navy).toContain('Classic Zip Hoodie');
    expect(navy).not.toContain('Ceramic Logo Mug');
    expect(await page.getByRole('main').getByText(`of ${String(total)} results`).count()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    // Title, canonical, prev/next and robots are the ones the server renders for the new URL.
    const navyHead = await shownHead(page);
    expect(navyHead).toEqual(await renderedHead(page));
    expect(navyHead).not.toEqual(shopHead);
    expect(await seriousViolations(page)).toEqual([]);

    await filters.getByLabel('Max price').fill('40');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/max_price=40/);
    expect(page.url()).toContain('filter_color=navy');
    expect(await productNames(page)).not.toContain('Classic Zip Hoodie');
    expect(await shownHead(page)).toEqual(await renderedHead(page));

    await page.goBack();
    await page.waitForURL(navyOnly);
    await page.waitForFunction(() => !document.querySelector('.listing')?.hasAttribute('aria-busy'));
    expect(await productNames(page)).toEqual(navy);
    expect(await shownHead(page)).toEqual(navyHead);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/shop/' && url.search === '');
    await page.getByRole('main').getByText(`Showing 1–16 of ${String(total)} results`).waitFor();
    expect(await productNames(page)).toEqual(shopNames);
    expect(await shownHead(page)).toEqual(shopHead);
    expect(await isSameDocument(page)).toBe(true);
    // The grid that came back loads on as the first one did.
    await loadMore(page);
    await page.getByRole('main').getByText(/^Showing 1–32 of \d+ results$/).waitFor();
  });
});

describe('listings with JavaScript on: categories', () => {
  it('opens a category from the sidebar in place, with its heading, breadcrumbs and title', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    await shopTotal(page);
    await markDocument(page);
    await page.getByRole('complementary', { name: 'Filters' }).getByRole('link', { name: 'Mugs', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/product-category/mugs/');
    const heading = page.getByRole('heading', { level: 1, name: 'Mugs' });
    await heading.waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(await page.title()).toMatch(/Mugs/);
    expect(await shownHead(page)).toEqual(await renderedHead(page));
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await productNames(page)).toContain('Enamel Camp Mug');
    expect(await isSameDocument(page)).toBe(true);
  });
});

describe('listings with JavaScript off', () => {
  it('pages through the shop with the pagination links', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    const total = await shopTotal(page);
    const seen = new Set(await productIds(page));
    const pagination = page.getByRole('navigation', { name: 'Product pagination' });
    while ((await pagination.getByRole('link', { name: /Next/ }).count()) > 0) {
      const url = page.url();
      await pagination.getByRole('link', { name: /Next/ }).click();
      await page.waitForURL((u) => u.href !== url);
      for (const id of await productIds(page)) {
        seen.add(id);
      }
    }
    expect(seen.size).toBe(total);
    expect(await page.getByRole('button', { name: 'Load more products' }).count()).toBe(0);
  });

  it('sorts with the Sort button', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    await page.getByLabel('Shop order').selectOption('price');
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Sort' }).click();
    await page.waitForURL(/\/shop\/\?orderby=price$/);
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  });

  it('filters with links, and Back returns to the shop', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    const shopNames = await productNames(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('region', { name: 'Filter by color', exact: true }).getByRole('link', { name: 'Navy', exact: true }).click();
    await page.waitForURL(navyOnly);
    const navy = await productNames(page);
    expect(navy).toContain('Classic Zip Hoodie');
    expect(navy).not.toContain('Ceramic Logo Mug');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/shop/' && url.search === '');
    expect(await productNames(page)).toEqual(shopNames);
  });
});
