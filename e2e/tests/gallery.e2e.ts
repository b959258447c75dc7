// The product gallery and tabs (issue 12; SPEC §2.3, §8.1): thumbnails that show their image,
// the "Zoom image" lightbox (PhotoSwipe, loaded on first use) with the keyboard and its error
// text, hover zoom, the tabs with the keyboard and by #reviews, axe-core with the lightbox
// open, and the same page without JavaScript.

import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

// The demo hoodie has three pictures: navy (its main image), black and heather grey.
const HOODIE = '/product/classic-zip-hoodie/';

const gallery = (page: Page) => page.locator('.woocommerce-product-gallery');
const mainImage = (page: Page) => gallery(page).getByRole('img', { name: 'Classic Zip Hoodie' }).first();
const thumbnail = (page: Page, n: number) => page.getByRole('button', { name: `Show image ${String(n)} of 3` });
const lightbox = (page: Page) => page.getByRole('dialog', { name: 'Image gallery' });

/**
 * The hoodie opens on its default variation (navy, M): the variation form's first check finds
 * it and shows the variation's image as the first slide. Tests that choose a thumbnail wait
 * for that check (the form's `mercato:variation-found` event), or it can undo their choice.
 */
async function openAfterVariationCheck(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    const seen = window as unknown as { variationsFound: number };
    seen.variationsFound = 0;
    document.addEventListener('mercato:variation-found', () => {
      seen.variationsFound += 1;
    });
  });
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { variationsFound: number }).variationsFound > 0);
}

async function pressed(page: Page): Promise<(string | null)[]> {
  return Promise.all([1, 2, 3].map((n) => thumbnail(page, n).getAttribute('aria-pressed')));
}

async function isFocused(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => document.activeElement?.matches(s) === true, selector);
}

describe('with JavaScript', () => {
  it('thumbnails show their image as the main image', async () => {
    const page = await newPage();
    await openAfterVariationCheck(page, HOODIE);
    await thumbnail(page, 1).waitFor();
    expect(await pressed(page)).toEqual(['true', 'false', 'false']);
    expect(await mainImage(page).getAttribute('src')).toMatch(/classic-zip-hoodie-navy\.svg$/);

    await thumbnail(page, 2).click();
    expect(await mainImage(page).getAttribute('src')).toMatch(/classic-zip-hoodie-navy-back\.svg$/);
    expect(await pressed(page)).toEqual(['false', 'true', 'false']);
    // The picture is drawn, at the size the page kept for it.
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.wp-post-image');
      return img !== null && img.complete && img.naturalWidth > 0;
    });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('"Zoom image" opens the lightbox at the shown image; arrows move, Escape closes and focus returns', async () => {
    const page = await newPage();
    await openAfterVariationCheck(page, HOODIE);
    // A click that lands before the gallery's script has attached does nothing: click again
    // until the second thumbnail is the pressed one, so the lightbox has a shown image to open.
    await vi.waitFor(
      async () => {
        await thumbnail(page, 2).click();
        expect(await thumbnail(page, 2).getAttribute('aria-pressed')).toBe('true');
      },
      { timeout: 10_000, interval: 250 },
    );
    const zoom = page.getByRole('button', { name: 'Zoom image' });
    await zoom.click();
    const dialog = lightbox(page);
    await dialog.waitFor();
    await dialog.getByText('2 / 3').waitFor();
    // Open once PhotoSwipe has taken the focus (it reads the keys from then on).
    await isFocused(page, '.pswp');
    expect(await seriousViolations(page), 'lightbox open').toEqual([]);

    await page.keyboard.press('ArrowRight');
    await dialog.getByText('3 / 3').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText('1 / 3').waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await isFocused(page, '.woocommerce-product-gallery__trigger');
  });

  it('a lightbox image that fails says which one (SPEC §8.1)', async () => {
    const page = await newPage();
    await page.route('**/media/demo/classic-zip-hoodie-navy-back.svg', (route) => route.abort());
    await page.goto(HOODIE);
    await page.getByRole('button', { name: 'Zoom image' }).click();
    await lightbox(page).getByText('1 / 3').waitFor();
    await isFocused(page, '.pswp');
    await page.keyboard.press('ArrowRight');
    await lightbox(page).getByRole('alert').filter({ hasText: 'The image #2 could not be loaded.' }).waitFor();
  });

  it('a mouse resting on the main image shows it magnified', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(HOODIE);
    await thumbnail(page, 1).waitFor();
    await mainImage(page).hover();
    const zoomed = page.locator('img.gallery-zoom');
    await zoomed.waitFor();
    expect(await zoomed.getAttribute('src')).toMatch(/classic-zip-hoodie-navy\.svg$/);
    const [shown, magnified] = await Promise.all([mainImage(page).boundingBox(), zoomed.boundingBox()]);
    expect(magnified?.width ?? 0).toBeGreaterThan((shown?.width ?? 0) * 1.5);
    await page.mouse.move(0, 0);
    await zoomed.waitFor({ state: 'hidden' });
  });

  it('on a small screen the image is not zoomed on hover; the zoom button opens the lightbox', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(HOODIE);
    await thumbnail(page, 1).waitFor();
    await mainImage(page).hover();
    await page.getByRole('button', { name: 'Zoom image' }).click();
    await lightbox(page).getByText('1 / 3').waitFor();
    expect(await page.locator('img.gallery-zoom').getAttribute('src'), 'the large image was never asked for').toBeNull();
    // Checked once it has finished opening (PhotoSwipe takes the focus then): during the fade
    // its counter is nearly transparent, which axe reads as too little contrast.
    await isFocused(page, '.pswp');
    expect(await seriousViolations(page), 'lightbox open on a phone').toEqual([]);
  });

  it('a large image that fails to load says so for 2500 ms (SPEC §8.1)', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.route('**/media/demo/classic-zip-hoodie-navy.svg', (route) => route.abort());
    await page.goto(HOODIE);
    await thumbnail(page, 1).waitFor();
    await mainImage(page).hover();
    const error = gallery(page).getByRole('status').filter({ hasText: 'The image could not be loaded' });
    await error.waitFor();
    await error.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('the tabs work with the keyboard', async () => {
    const page = await newPage();
    await page.goto(HOODIE);
    const description = page.getByRole('tab', { name: 'Description' });
    await description.waitFor();
    expect(await description.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel', { name: 'Description' }).isVisible()).toBe(true);
    expect(await page.locator('#tab-reviews').isVisible(), 'other panels folded').toBe(false);

    await description.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Additional information' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Additional information' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    await page.getByRole('tabpanel', { name: 'Reviews (3)' }).waitFor();
    await isFocused(page, '[role="tab"][aria-controls="tab-reviews"]');
    expect(await page.getByRole('tabpanel', { name: 'Description' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('a #reviews URL opens the Reviews tab with the reviews in view', async () => {
    const page = await newPage();
    await page.goto(`${HOODIE}#reviews`);
    await page.getByRole('tabpanel', { name: 'Reviews (3)' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Reviews (3)' }).getAttribute('aria-selected')).toBe('true');
    // 15 px below the header, which is stuck there (SPEC §9.6).
    await page.waitForFunction(() => {
      const top = document.getElementById('reviews')?.getBoundingClientRect().top ?? -1;
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      return Math.abs(top - header - 15) < 2;
    });
  });

  it('the review-count link opens the Reviews tab and puts #reviews in the history', async () => {
    const page = await newPage();
    await page.goto(HOODIE);
    await page.getByRole('tab', { name: 'Description' }).waitFor();
    await page.getByRole('link', { name: '(3 customer reviews)' }).click();
    await page.getByRole('tabpanel', { name: 'Reviews (3)' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#reviews');
  });
});

describe('without JavaScript', () => {
  it('shows the images and every panel; the thumbnails link to the full images', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(HOODIE);
    expect(await mainImage(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Zoom image' }).count(), 'no button that needs JS').toBe(0);
    for (const name of ['Description', 'Additional information']) {
      expect(await page.getByRole('heading', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('heading', { name: /3 reviews for Classic Zip Hoodie/ }).isVisible()).toBe(true);
    expect(await page.getByRole('tab').count()).toBe(0);

    const main = gallery(page).getByRole('link', { name: 'Classic Zip Hoodie' });
    expect(await main.getAttribute('href')).toMatch(/classic-zip-hoodie-navy\.svg$/);
    const second = page.getByRole('link', { name: 'Image 2 of 3, full size' });
    expect(await second.isVisible()).toBe(true);
    await second.click();
    await page.waitForURL(/classic-zip-hoodie-navy-back\.svg$/);
  });
});
