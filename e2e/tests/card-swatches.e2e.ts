// Swatches on catalogue cards (issue 12, docs/variations-and-swatches.md): on the shop page a
// variable product's colours are a radio group under its card; choosing one swaps the card
// image without moving anything, a second click puts it back, and the card's quick view
// opens with the colour chosen. Cards that arrive with a filter work the same. Without
// JavaScript each swatch is a link to the product page with the colour chosen.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercatoBin, seriousViolations, startShop, useShop, type Shop } from '../harness';

const { newPage } = useShop();

const HOODIE = 'Classic Zip Hoodie';

/** The card (`li`) of the product named `name`. */
function cardOf(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function imageOf(card: Locator): Promise<{ src: string; box: { width: number; height: number } }> {
  // The image in the card's link (the rating beside it is an image too; swatches are decorative).
  const img = card.getByRole('link').getByRole('img');
  const src = (await img.getAttribute('src')) ?? '';
  const box = await img.boundingBox();
  return { src, box: { width: box?.width ?? 0, height: box?.height ?? 0 } };
}

describe('with JavaScript', () => {
  it('swaps the card image for the chosen colour, and a second click puts it back', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const card = cardOf(page, HOODIE);
    const colors = card.getByRole('radiogroup', { name: 'Color' });
    const black = colors.getByRole('radio', { name: 'Black', exact: true });
    await black.waitFor();
    // Six colours, five shown: the sixth is a link to the page.
    expect(await colors.getByRole('radio').count()).toBe(5);
    expect(await card.getByRole('link', { name: '+1 more Color option' }).getAttribute('href')).toBe(
      '/product/classic-zip-hoodie/',
    );
    const before = await imageOf(card);

    await black.click();
    expect(await black.getAttribute('aria-checked')).toBe('true');
    const after = await imageOf(card);
    expect(after.src).not.toBe(before.src);
    expect(after.src).toContain('black');
    expect(after.box, 'the image keeps its size').toEqual(before.box);
    expect(new URL(page.url()).pathname, 'no navigation').toBe('/shop/');
    expect(await card.getByRole('link', { name: `Select options for “${HOODIE}”` }).getAttribute('href')).toBe(
      '/product/classic-zip-hoodie/?attribute_pa_color=black',
    );
    expect(await seriousViolations(page), 'shop page with a colour chosen').toEqual([]);

    await black.click();
    expect(await black.getAttribute('aria-checked')).toBe('false');
    expect((await imageOf(card)).src).toBe(before.src);
  });

  it('is one tab stop per group, chosen with the arrow keys', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const colors = cardOf(page, HOODIE).getByRole('radiogroup', { name: 'Color' });
    const navy = colors.getByRole('radio', { name: 'Navy', exact: true });
    const black = colors.getByRole('radio', { name: 'Black', exact: true });
    expect([await navy.getAttribute('tabindex'), await black.getAttribute('tabindex')]).toEqual(['0', '-1']);
    await navy.focus();
    await page.keyboard.press('ArrowRight');
    expect(await black.getAttribute('aria-checked')).toBe('true');
    expect(await black.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await black.getAttribute('aria-checked')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/shop/');
  });

  it('opens the quick view with the colour chosen on the card', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const card = cardOf(page, HOODIE);
    await card.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Burgundy', exact: true }).click();
    await card.getByRole('button', { name: `Quick view: “${HOODIE}”` }).click();
    const dialog = page.getByRole('dialog', { name: HOODIE });
    const burgundy = dialog.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Burgundy', exact: true });
    await burgundy.waitFor({ state: 'attached' });
    expect(await burgundy.isChecked()).toBe(true);
    expect(await seriousViolations(page), 'quick view with the card’s colour').toEqual([]);
  });

  it('works on the cards a filter brings in', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('region', { name: 'Filter by color', exact: true }).getByRole('link', { name: 'Navy', exact: true }).click();
    await filters.getByRole('link', { name: 'Remove filter: Color: Navy' }).waitFor();
    const card = cardOf(page, 'Heavyweight Pullover Hoodie');
    const before = await imageOf(card);
    const navy = card.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Navy', exact: true });
    await navy.click();
    expect(await navy.getAttribute('aria-checked')).toBe('true');
    expect((await imageOf(card)).src).not.toBe(before.src);
  });
});

// The demo's cards show Color only. A shop of one tee whose cards show Color and Size, where
// Navy in L has a picture of its own: the card follows the variation matching both choices.
describe('a card with two swatch groups', () => {
  let shop: Shop | undefined;
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mercato-card-swatches-'));
    const svg = (fill: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 6 6"><rect width="6" height="6" fill="${fill}"/></svg>`;
    for (const [name, fill] of [['tee.svg', '#ccc'], ['tee-navy.svg', '#1e3a8a'], ['tee-navy-large.svg', '#172554'], ['tee-black.svg', '#111']]) {
      writeFileSync(path.join(dir, name ?? ''), svg(fill ?? ''));
    }
    const rows = [
      'Type,SKU,Name,Published,Regular price,Parent,In stock?,Images,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Attribute 2 name,Attribute 2 value(s),Attribute 2 visible,Attribute 2 global',
      'variable,TWO,Two Way Tee,1,,,1,tee.svg,Color,"Navy, Black",1,1,Size,"S, L",1,1',
      'variation,TWO-NS,,1,20,TWO,1,tee-navy.svg,Color,Navy,,1,Size,S,,1',
      'variation,TWO-NL,,1,20,TWO,1,tee-navy-large.svg,Color,Navy,,1,Size,L,,1',
      'variation,TWO-BS,,1,20,TWO,1,tee-black.svg,Color,Black,,1,Size,S,,1',
      'variation,TWO-BL,,1,20,TWO,1,,Color,Black,,1,Size,L,,1',
    ];
    const csv = path.join(dir, 'tee.csv');
    writeFileSync(csv, rows.join('\n'));
    shop = await startShop((databaseUrl) => {
      const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
      execFileSync(mercatoBin(), ['import', csv], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      execFileSync(mercatoBin(), ['settings', 'set', 'swatches', '-'], {
        env,
        input: JSON.stringify({
          attributes: { pa_color: { display_type: 'color' }, pa_size: { display_type: 'button' } },
          archive: { enabled: true, attributes: ['pa_color', 'pa_size'] },
        }),
        stdio: ['pipe', 'ignore', 'inherit'],
      });
    });
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the picture of the variation matching every chosen value, else the first group’s', async () => {
    if (shop === undefined) throw new Error('shop not started');
    const page = await newPage();
    await page.goto(`${shop.url}/shop/`);
    const card = cardOf(page, 'Two Way Tee');
    const colors = card.getByRole('radiogroup', { name: 'Color' });
    const sizes = card.getByRole('radiogroup', { name: 'Size' });
    await sizes.waitFor();
    const src = async () => (await imageOf(card)).src;
    expect(await src()).toContain('tee');

    await colors.getByRole('radio', { name: 'Navy', exact: true }).click();
    // Navy alone: the Navy swatch's picture (its first variation's).
    await expect.poll(src).toContain('tee-navy');
    expect(await src()).not.toContain('tee-navy-large');
    await sizes.getByRole('radio', { name: 'L', exact: true }).click();
    await expect.poll(src).toContain('tee-navy-large');
    expect(await card.getByRole('link', { name: 'Select options for “Two Way Tee”' }).getAttribute('href')).toBe(
      '/product/two-way-tee/?attribute_pa_color=navy&attribute_pa_size=l',
    );
    // Black in L has no picture of its own: the Black swatch's picture.
    await colors.getByRole('radio', { name: 'Black', exact: true }).click();
    await expect.poll(src).toContain('tee-black');
    expect(await seriousViolations(page), 'a card with two groups chosen').toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('leads from a colour swatch to the product page with that colour chosen', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shop/');
    const card = cardOf(page, HOODIE);
    await card.getByRole('group', { name: 'Color' }).getByRole('link', { name: 'Black', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: HOODIE }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/product/classic-zip-hoodie/');
    expect(url.searchParams.get('attribute_pa_color')).toBe('black');
    const form = page.getByRole('main');
    expect(await form.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black', exact: true }).isChecked()).toBe(true);
  });
});
