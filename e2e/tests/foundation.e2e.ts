import { describe, expect, it } from 'vitest';
import { useShop } from '../harness';

const { newPage } = useShop();

interface PageSettings {
  wcSettings: { currency: { code: string }; currentUserId: number; storePages: Record<string, unknown> };
}

describe('the home page', () => {
  it('renders the layout and embeds the shop settings', async () => {
    const page = await newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByRole('search').first().waitFor();
    expect(await page.getByRole('link', { name: /Cart, 0 items/ }).count()).toBe(1);
    const settings = JSON.parse(
      (await page.locator('#mercato-settings').textContent()) ?? 'null',
    ) as PageSettings;
    expect(settings.wcSettings.currency.code).toBe('USD');
    expect(settings.wcSettings.currentUserId).toBe(0);
    expect(settings.wcSettings.storePages).toHaveProperty('checkout');
  });

  it('turns the store notice’s link into a button, and a dismissal survives a reload', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Store notice' });
    await notice.getByText('Free shipping on orders over $100').waitFor();

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'hidden' });
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name.startsWith('store_notice') && c.value === 'hidden')).toBe(true);

    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    expect(await page.locator('[data-behaviour="store-notice"]').count()).toBe(0);
    expect(errors, 'no script errors (CSP included)').toEqual([]);
  });

  it('follows the cart link when the mini cart island fails to load', async () => {
    const page = await newPage();
    await page.route(/\/assets\/mini-cart-.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: /^Cart, 0 items, / }).click();
    // The loader held the click while the chunk loaded; the chunk failed, so the link is
    // followed as it would be without JavaScript (SPEC §8.1's message is logged and shown).
    await page.waitForURL(/\/cart\/$/);
    await page.getByText('Your cart is currently empty.').waitFor();
  });
});

describe('without JavaScript', () => {
  it('shows the notice, dismisses it through the link, and the page stays usable', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Store notice' });
    await notice.getByText('Free shipping on orders over $100').waitFor();
    await notice.getByRole('link', { name: 'Dismiss' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.locator('[data-behaviour="store-notice"]').count()).toBe(0);

    await page.reload();
    expect(await page.locator('[data-behaviour="store-notice"]').count()).toBe(0);

    // The menus are plain links; an unknown page answers with a 404 that helps.
    await page.goto('/no-such-page/');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the shop' }).waitFor();
    await page.getByRole('link', { name: 'back to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wear what you stand for' }).waitFor();
  });
});
