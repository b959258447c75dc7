// Downloads (issue 13), with JavaScript off and on: a customer buys the Digital Wallpaper
// Pack with the test card, finds it on My account → Downloads, and downloads a real ZIP; the
// same link gives another customer the 404 page. axe-core checks the Downloads page (with
// JavaScript on, which it needs).

import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkOut } from '../checkout-form';
import { seriousViolations, useShop } from '../harness';

const { newPage } = useShop();
const PASSWORD = 'correct horse battery staple';

function accountPages(page: Page) {
  return page.getByRole('navigation', { name: 'Account pages' });
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/my-account/');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await accountPages(page).waitFor();
}

/** Buys the Digital Wallpaper Pack with the test card, logged in as `email`. */
async function buyWallpapers(page: Page, email: string, javaScript: boolean): Promise<void> {
  await page.goto('/product/digital-wallpaper-pack/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
  await checkOut(
    page,
    {
      first: 'Dee',
      last: 'Loader',
      street: '5 Download Lane',
      city: 'San Francisco',
      state: 'CA',
      postcode: '94103',
      email,
      payment: 'Credit card (test mode)',
      card: '4242 4242 4242 4242',
    },
    javaScript,
  );
  await page.getByRole('heading', { name: 'Order received', level: 1 }).waitFor();
}

/** The Downloads table's "Downloads remaining" for the wallpaper pack. */
async function remaining(page: Page): Promise<string> {
  const table = page.getByRole('region', { name: 'Downloads table' });
  const row = table.getByRole('row', { name: /Digital Wallpaper Pack/ });
  return ((await row.getByRole('cell').first().textContent()) ?? '').trim();
}

describe('downloads', () => {
  for (const javaScriptEnabled of [false, true]) {
    const mode = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

    it(`a customer downloads what they bought, nobody else can (${mode})`, async () => {
      const page = await newPage({ javaScriptEnabled });
      const email = `downloads.${String(javaScriptEnabled)}@example.com`;
      await register(page, email);
      await accountPages(page).getByRole('link', { name: 'Downloads' }).click();
      await page.getByRole('status').filter({ hasText: 'No downloads available yet.' }).waitFor();

      await buyWallpapers(page, email, javaScriptEnabled);
      // The order-received page lists the link already.
      const received = page.getByRole('region', { name: 'Downloads of this order' });
      await received.getByRole('link', { name: 'Wallpapers (4K, 12 images)' }).waitFor();

      await page.goto('/my-account/downloads/');
      const table = page.getByRole('region', { name: 'Downloads table' });
      const row = table.getByRole('row', { name: /Digital Wallpaper Pack/ });
      expect(await remaining(page)).toBe('5');
      const link = row.getByRole('link', { name: 'Wallpapers (4K, 12 images)' });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/download\/[0-9a-f]{32}\/$/);
      if (javaScriptEnabled) {
        expect(await seriousViolations(page)).toEqual([]);
      }

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe('wallpaper-pack.zip');
      // The browser is shared (global-setup.ts) and reached over a socket: read the file
      // through Playwright's stream, as the path is on the browser's side.
      const bytes = await buffer(await download.createReadStream());
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

      // One download used.
      await page.goto('/my-account/downloads/');
      expect(await remaining(page)).toBe('4');

      // Another customer with the same link: the 404 page, and nothing counted.
      const other = await newPage({ javaScriptEnabled });
      await register(other, `other.${String(javaScriptEnabled)}@example.com`);
      const response = await other.goto(href ?? '/');
      expect(response?.status()).toBe(404);
      await other.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.goto('/my-account/downloads/');
      expect(await remaining(page)).toBe('4');
    }, 60_000);
  }
});
