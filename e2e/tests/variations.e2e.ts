// The variation form with swatches (issue 12; SPEC §2.3, §4.2–4.4, §7.1 item 3): colour and
// size chosen by swatch, the price, SKU, stock and image following; a sold-out combination
// marked and refused; a product too large to embed its variations asking get_variation; the
// same choose-and-add flow without JavaScript; axe before and after a choice.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercatoBin, seriousViolations, startShop, useShop, type Shop } from '../harness';

const { newPage } = useShop();

// Long Sleeve Crew: White and Black × S, M, L, XL; XL costs $38.00, the others $34.00;
// Black + XL is sold out. The page opens on White + M (the product's defaults).
const CREW = '/product/long-sleeve-crew/';

async function cartCountIs(page: Page, count: number): Promise<void> {
  const word = count === 1 ? 'item' : 'items';
  await page.getByRole('banner').getByRole('link', { name: new RegExp(`^Cart, ${count} ${word}, `) }).waitFor();
}

const form = (page: Page) => page.locator('form.variations_form');
const colors = (page: Page) => page.getByRole('radiogroup', { name: 'Color' });
const sizes = (page: Page) => page.getByRole('radiogroup', { name: 'Size' });
const panel = (page: Page) => form(page).getByRole('status');
const addButton = (page: Page) => form(page).getByRole('button', { name: 'Add to cart' });
const mainImage = (page: Page) => page.locator('.woocommerce-product-gallery__image img.wp-post-image');
const metaSku = (page: Page) => page.locator('.product_meta .sku');

/** The text of the element that describes `radio` (aria-describedby), or "". */
async function description(page: Page, radio: ReturnType<Page['getByRole']>): Promise<string> {
  const id = await radio.getAttribute('aria-describedby');
  if (id === null) {
    return '';
  }
  return (await page.locator(`[id="${id}"]`).textContent())?.trim() ?? '';
}

async function navigations(page: Page): Promise<number> {
  return page.evaluate(() => performance.getEntriesByType('navigation').length);
}

describe('with JavaScript', () => {
  it('follows a choice made by swatch (price, SKU, stock, image) and adds it without reload', async () => {
    const page = await newPage();
    await page.goto(CREW);
    await cartCountIs(page, 0);
    expect(await colors(page).getByRole('radio', { name: 'White' }).isChecked()).toBe(true);
    expect(await seriousViolations(page), 'before a choice').toEqual([]);
    const whiteImage = await mainImage(page).getAttribute('src');

    await colors(page).getByRole('radio', { name: 'Black' }).check();
    await sizes(page).getByRole('radio', { name: 'L', exact: true }).check();
    await panel(page).getByText('TS-LSV-BLK-L').waitFor();
    await panel(page).getByText('$34.00').waitFor();
    await panel(page).getByText(/in stock/i).waitFor();
    await page.waitForFunction(() => document.querySelector('.product_meta .sku')?.textContent === 'TS-LSV-BLK-L');
    expect(await metaSku(page).textContent()).toBe('TS-LSV-BLK-L');
    const blackImage = await mainImage(page).getAttribute('src');
    expect(blackImage).toContain('black');
    expect(blackImage).not.toBe(whiteImage);
    // The chosen colour's name shows beside the title.
    await colors(page).getByText('Black', { exact: true }).first().waitFor();

    await sizes(page).getByRole('radio', { name: 'XL', exact: true }).check();
    await colors(page).getByRole('radio', { name: 'White' }).check();
    await panel(page).getByText('$38.00').waitFor();
    await panel(page).getByText('TS-LSV-WHT-XL').waitFor();
    expect(await seriousViolations(page), 'after a choice').toEqual([]);

    const before = await navigations(page);
    const url = page.url();
    await addButton(page).click();
    await cartCountIs(page, 1);
    expect(page.url()).toBe(url);
    expect(await navigations(page), 'no reload').toBe(before);
  });

  it('marks the sold-out combination and refuses to add it, saying why', async () => {
    const page = await newPage();
    await page.goto(CREW);
    await colors(page).getByRole('radio', { name: 'Black' }).check();
    const xl = sizes(page).getByRole('radio', { name: 'XL', exact: true });
    await page.waitForFunction(
      () => document.querySelector('input[name="attribute_pa_size"][value="xl"]')?.getAttribute('aria-describedby') !== null,
    );
    expect(await description(page, xl)).toBe('Out of stock');
    expect(await description(page, sizes(page).getByRole('radio', { name: 'L', exact: true }))).toBe('');

    await xl.check();
    await panel(page).getByText('Out of stock').waitFor();
    await page.waitForFunction(
      () => document.querySelector('.single_add_to_cart_button')?.getAttribute('aria-disabled') === 'true',
    );
    // The button is aria-disabled (so a pointer click would wait for it): press it from the keyboard.
    await addButton(page).press('Enter');
    await form(page)
      .getByRole('alert')
      .getByText('Sorry, this product is unavailable. Please choose a different combination.')
      .waitFor();
    await cartCountIs(page, 0);

    // Clearing the choice hides the link and asks for a selection again.
    await form(page).getByRole('link', { name: 'Clear' }).click();
    await form(page).getByRole('link', { name: 'Clear' }).waitFor({ state: 'hidden' });
    expect(await colors(page).getByRole('radio', { name: 'Black' }).isChecked()).toBe(false);
    await addButton(page).press('Enter');
    await form(page)
      .getByRole('alert')
      .getByText('Please select some product options before adding this product to your cart.')
      .waitFor();
    await cartCountIs(page, 0);
  });
});

describe('without JavaScript', () => {
  it('chooses by swatch, checks availability and adds to the cart', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(CREW);
    await colors(page).getByRole('radio', { name: 'Black' }).check();
    await sizes(page).getByRole('radio', { name: 'L', exact: true }).check();
    await form(page).getByRole('button', { name: 'Check availability' }).click();
    await page.waitForURL(/attribute_pa_color=black/);
    await panel(page).getByText('TS-LSV-BLK-L').waitFor();
    expect(await metaSku(page).textContent()).toBe('TS-LSV-BLK-L');
    expect(await colors(page).getByRole('radio', { name: 'Black' }).isChecked()).toBe(true);
    // The sold-out size is marked on the server's page too.
    expect(await description(page, sizes(page).getByRole('radio', { name: 'XL', exact: true }))).toBe('Out of stock');

    await addButton(page).click();
    await cartCountIs(page, 1);
  });
});

// A product with 200 variations on a shop that embeds at most 100: the form asks the server.
describe('a product too large to embed its variations', () => {
  let big: Shop | undefined;
  let dir = '';
  const PATTERNS = Array.from({ length: 20 }, (_, i) => `Pattern ${String(i + 1)}`);
  const LENGTHS = Array.from({ length: 10 }, (_, i) => `${String(60 + i * 5)} cm`);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mercato-variations-'));
    const header =
      'Type,SKU,Name,Published,Regular price,Parent,In stock?,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Attribute 2 name,Attribute 2 value(s),Attribute 2 visible,Attribute 2 global';
    const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const rows = [
      header,
      ['variable', 'SCARF', 'Pattern Scarf', '1', '', '', '1', 'Pattern', quote(PATTERNS.join(', ')), '1', '0', 'Length', quote(LENGTHS.join(', ')), '1', '0'].join(','),
    ];
    PATTERNS.forEach((pattern, p) => {
      LENGTHS.forEach((length, l) => {
        const sku = `SCARF-${String(p + 1)}-${String(l + 1)}`;
        const price = (20 + l).toFixed(2);
        rows.push(['variation', sku, '', '1', price, 'SCARF', '1', 'Pattern', quote(pattern), '', '0', 'Length', quote(length), '', '0'].join(','));
      });
    });
    const csv = path.join(dir, 'scarf.csv');
    writeFileSync(csv, rows.join('\n'));
    big = await startShop((databaseUrl) => {
      const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
      execFileSync(mercatoBin(), ['settings', 'set', 'shop', '-'], {
        env,
        input: JSON.stringify({ max_embedded_variations: 100 }),
        stdio: ['pipe', 'ignore', 'inherit'],
      });
      execFileSync(mercatoBin(), ['import', csv], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    });
  }, 120_000);

  afterAll(async () => {
    await big?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('embeds nothing and finds the chosen variation through get_variation', async () => {
    const shop = big;
    if (shop === undefined) throw new Error('shop not started');
    const page = await newPage();
    await page.goto(`${shop.url}/product/pattern-scarf/`);
    expect(await form(page).getAttribute('data-product_variations')).toBe('false');

    await page.getByRole('combobox', { name: 'Pattern' }).selectOption({ label: 'Pattern 7' });
    const asked = page.waitForRequest((r) => r.url().includes('wc-ajax=get_variation') && r.method() === 'POST');
    await page.getByRole('combobox', { name: 'Length' }).selectOption({ label: '75 cm' });
    const request = await asked;
    expect(request.postData()).toContain('product_id=');
    await panel(page).getByText('SCARF-7-4').waitFor();
    await panel(page).getByText('$23.00').waitFor();

    const before = await navigations(page);
    await addButton(page).click();
    await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
    expect(await navigations(page)).toBe(before);
  });
});
