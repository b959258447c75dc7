// axe-core on every page type a shopper meets, at a desktop and a phone size, with
// JavaScript, and on a phone without it (the one-row header's icons are links and a :target
// form then; no-js-accessibility.e2e.ts covers the desktop). Issue 27: no serious or critical
// violation anywhere. The states inside a page (menus, popups, the open search list) are
// checked by their own files.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, seriousViolationsWithoutScripts, useShop } from '../harness';

const { newPage } = useShop();

const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};

/** Page type → how to reach it (a fresh context: an empty cart, logged out). */
const PAGES: Record<string, (page: Page) => Promise<unknown>> = {
  home: (page) => page.goto('/'),
  shop: (page) => page.goto('/shop/'),
  category: (page) => page.goto('/product-category/clothing/'),
  'variable product': (page) => page.goto('/product/classic-zip-hoodie/'),
  'search results': (page) => page.goto('/?s=hoodie&post_type=product'),
  'content page': (page) => page.goto('/about/'),
  'my account': (page) => page.goto('/my-account/'),
  'filled cart': async (page) => {
    await page.goto('/product-category/mugs/');
    await page.getByRole('link', { name: 'Add to cart: “Enamel Camp Mug”' }).click();
    await page.getByRole('banner').getByRole('link', { name: /^Cart, 1 item, / }).waitFor();
    await page.goto('/cart/');
  },
  'not found': (page) => page.goto('/no-such-page/'),
};

for (const [size, options] of Object.entries(VIEWPORTS)) {
  describe(`${size} (${String(options.viewport.width)} px)`, () => {
    for (const [type, open] of Object.entries(PAGES)) {
      it(`${type}: no serious or critical axe violation`, async () => {
        const page = await newPage(options);
        await open(page);
        await page.waitForLoadState('load');
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

describe('phone without JavaScript', () => {
  for (const path of ['/', '/shop/', '/product/classic-zip-hoodie/', '/my-account/', '/about/']) {
    it(`${path}: no serious or critical axe violation`, async () => {
      const page = await newPage({ ...VIEWPORTS.phone, javaScriptEnabled: false });
      await page.goto(path);
      expect(await seriousViolationsWithoutScripts(page)).toEqual([]);
    });
  }
});
