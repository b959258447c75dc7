// The external product's card button (the demo's Weekender Duffel, sold by Field & Co.): its
// text is the product's own button text, as on the product page, and its accessible name
// begins with that text, so that a voice user who says what they see reaches it (axe-core's
// label-content-name-mismatch, WCAG 2.5.3).

import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

describe('the external product card', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`names its button by its text at ${String(viewport.width)} px`, async () => {
      const page = await newPage({ viewport });
      await page.goto('/product-category/bags/');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Weekender Duffel' }) });
      const buy = card.getByRole('link', { name: 'Buy at Field & Co.: “Weekender Duffel”', exact: true });
      expect((await buy.textContent())?.trim()).toBe('Buy at Field & Co.');
      expect(await buy.getAttribute('href')).toBe('https://fieldandco.example/weekender-duffel');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/product/weekender-duffel/');
      await page.getByRole('link', { name: 'Buy at Field & Co.', exact: true }).waitFor();
    });
  }
});
