// /product/…#reviews (opened, or followed from the page itself) and the review-count link
// bring the reviews into view 15 px below the sticky header (SPEC §9.6), on a desktop and on a
// phone. Following the fragment from the page itself left them under the header (the
// browser's own jump) or, on a phone, in their closed panel.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

const HOODIE = '/product/classic-zip-hoodie/';

/**
 * Waits (frame by frame, up to 8 s: SPEC §9.6's 500 ms delay, then up to 1 s of smooth
 * scroll) for the reviews to settle 15 px (±1) below what covers the top of the viewport
 * above them (the stuck header); fails with the last gap seen (negative: under it).
 */
async function landsBelowHeader(page: Page): Promise<void> {
  const seen: number[] = [];
  const poll = async (): Promise<boolean> => {
    const gap = await page.evaluate(() => {
      const reviews = document.getElementById('reviews');
      if (reviews === null) return Number.NaN;
      const box = reviews.getBoundingClientRect();
      let covered = 0;
      for (let y = 0; y < Math.min(box.top, window.innerHeight); y += 1) {
        const hit = document.elementFromPoint(box.left + 5, y);
        if (hit !== null && hit.closest('.site-header, [data-sticky-height]') !== null) covered = y + 1;
      }
      return box.top - covered;
    });
    seen.push(gap);
    // Settled: the same gap on two frames in a row.
    return gap >= 14 && gap <= 16 && seen.at(-2) === gap;
  };
  const deadline = Date.now() + 8_000;
  while (!(await poll()) && Date.now() < deadline) {
    // Poll at the pace of the page's frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  expect(seen.at(-1), 'gap between the sticky header and the reviews').toBeGreaterThanOrEqual(14);
  expect(seen.at(-1), 'gap between the sticky header and the reviews').toBeLessThanOrEqual(16);
}

describe('the reviews link', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`opens #reviews 15 px below the sticky header at ${String(viewport.width)} px`, async () => {
      const page = await newPage({ viewport });
      await page.goto(`${HOODIE}#reviews`);
      await landsBelowHeader(page);
    });

    it(`follows #reviews from the same page at ${String(viewport.width)} px`, async () => {
      const page = await newPage({ viewport });
      await page.goto(HOODIE);
      await page.goto(`${HOODIE}#reviews`);
      await landsBelowHeader(page);
    });

    it(`scrolls from the review count 15 px below the sticky header at ${String(viewport.width)} px`, async () => {
      const page = await newPage({ viewport });
      await page.goto(HOODIE);
      await page.getByRole('link', { name: /customer review/ }).click();
      await page.waitForURL(/#reviews$/);
      await landsBelowHeader(page);
    });
  }
});
