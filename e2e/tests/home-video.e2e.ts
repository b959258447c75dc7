// The home page's "Made in our studio" banner: its Pause video button sits inside the
// section, at its top right, on a desktop and on a phone (it stood outside the section's right
// edge, 4 px of it showing).

import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();

describe('the studio video banner', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`keeps its Pause video button inside the section at ${String(viewport.width)} px`, async () => {
      const page = await newPage({ viewport });
      await page.goto('/');
      const section = page.getByRole('region', { name: 'Made in our studio' });
      await section.scrollIntoViewIfNeeded();
      const toggle = section.getByRole('button', { name: 'Pause video' });
      await toggle.waitFor();
      const outer = await section.boundingBox();
      const inner = await toggle.boundingBox();
      if (outer === null || inner === null) throw new Error('the section or its button is not laid out');
      expect(inner.x).toBeGreaterThanOrEqual(outer.x);
      expect(inner.y).toBeGreaterThanOrEqual(outer.y);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
      expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
      // The section fits the page, so the button is on screen.
      expect(outer.x + outer.width).toBeLessThanOrEqual(viewport.width);
      await toggle.click();
      await section.getByRole('button', { name: 'Play video' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
