// The media shortcodes of content pages (issue 14, docs/content-pages.md) on the demo's about
// page: the size guide written with [lightbox] opens from its link by keyboard and closes on
// Escape with focus back on the link, axe finding nothing serious while it is open; the
// [lottie] block draws its SVG once scrolled to; without JavaScript the lightbox content is
// an ordinary section the link lands on, and the animation keeps its label.

import { describe, expect, it } from 'vitest';
import { chunkRequests, lightboxReady, observersReported, seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

describe('with JavaScript', () => {
  it('opens the size guide by keyboard, closes it with Escape and gives focus back', async () => {
    const page = await newPage();
    await page.goto('/about/');
    await lightboxReady(page, 'size-guide');
    const link = page.getByRole('link', { name: 'size guide', exact: true });
    expect(await link.getAttribute('aria-haspopup')).toBe('dialog');
    // Taken into the dialog, the section no longer shows in the page.
    expect(await page.getByRole('region', { name: 'Size guide' }).count()).toBe(0);
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Size guide' });
    await dialog.waitFor();
    await dialog.getByRole('cell', { name: '48' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Close');
    expect(await page.evaluate(() => document.querySelector('dialog.lightbox')?.matches(':modal'))).toBe(true);

    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'size guide');
    expect(new URL(page.url()).hash).toBe('');
  });

  it('draws the lottie animation as an SVG once it is scrolled to', async () => {
    const page = await newPage({ viewport: { width: 1000, height: 600 } });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(message.text());
      }
    });
    const lottie = chunkRequests(page, 'lottie');
    await page.goto('/about/');
    const animation = page.getByRole('img', { name: 'A tee bouncing on the print table' });
    await animation.waitFor();
    // The page's behaviours have attached once its tabs are a tablist (the lottie block's in
    // the same pass); after the observers' first report, a block in view would be fetching.
    await page.getByRole('tablist').waitFor();
    await observersReported(page);
    // Far below the first screen, it is not fetched or drawn before it comes near.
    const drawn = (): Promise<boolean> =>
      page.evaluate(() => document.querySelector('.home-lottie__frame svg:not(.home-lottie__placeholder) path') !== null);
    expect(await drawn()).toBe(false);
    expect(lottie).toEqual([]);
    await animation.scrollIntoViewIfNeeded();
    await expect.poll(drawn).toBe(true);
    expect(lottie.length).toBe(1);
    // The scroll trigger starts it; its control pauses it.
    await page.getByRole('button', { name: 'Pause animation' }).click();
    await page.getByRole('button', { name: 'Play animation' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('keeps the lightbox content as a section its link lands on, and the animation its label', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/about/');
    const section = page.getByRole('region', { name: 'Size guide' });
    await section.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'size guide', exact: true }).click();
    await page.waitForURL(/#size-guide$/);
    await section.getByRole('cell', { name: '48' }).waitFor();
    expect(await section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await page.getByRole('img', { name: 'A tee bouncing on the print table' }).waitFor();
  });
});
