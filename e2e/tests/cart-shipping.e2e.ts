// The block cart's shipping (issue 23), JavaScript on, against the cart island's contract: the
// cart page's `data-island="cart"` container mounted, the shipping rates in a group named
// "Shipping options", the totals in a region named "Cart totals". Switch rate and switch to
// pickup, and the shipping calculator by keyboard with axe-core on the open form; none of it
// reloads the page. Then the editor's sample cart (SPEC §9.5): shown to an administrator on
// `?preview=sample`, to no one else, and never written to the server.

import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, mercatoBin, seriousViolations, startShop, useShop, type Shop } from '../harness';

const { newPage } = useShop();

/** The server's cart, read by the page itself (its session cookie). */
async function serverCart(page: Page): Promise<{
  totals: { total_price: string };
  shipping_address: { country: string; postcode: string; city: string };
  shipping_rates: { shipping_rates: { rate_id: string; name: string; selected: boolean }[] }[];
}> {
  return page.evaluate(async () => {
    const reply = await fetch('/wp-json/wc/store/v1/cart', { credentials: 'same-origin' });
    return (await reply.json()) as never;
  });
}

/** "$12.34" from "1234" (the demo shop's USD). */
const dollars = (minor: string): string => `$${(Number(minor) / 100).toFixed(2)}`;

/** A cart with one mug, opened with the cart island mounted and a marker a reload would lose. */
async function cartPage(page: Page): Promise<void> {
  await page.goto('/product/enamel-camp-mug/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: /^Cart, 1 item,/ }).waitFor();
  await page.goto('/cart/');
  await page.locator('[data-island="cart"][data-island-state="mounted"]').waitFor();
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage === true);

/** Waits until the cart's writes are answered and the totals show the server's total. */
async function totalsSettle(page: Page): Promise<void> {
  const totals = page.getByRole('region', { name: 'Cart totals' });
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const expected = dollars((await serverCart(page)).totals.total_price);
  await totals.getByText(expected, { exact: true }).last().waitFor();
}

describe('shipping in the block cart', () => {
  it('switches rate and switches to pickup, each shown at once and settled by the server', async () => {
    const page = await newPage();
    await cartPage(page);
    const options = page.getByRole('group', { name: 'Shipping options' });
    const flat = options.getByRole('radio', { name: 'Flat rate', exact: true });
    const studio = options.getByRole('radio', { name: 'Mercato Studio, San Francisco', exact: true });
    await flat.waitFor();

    await studio.click();
    // The choice shows before the server answers; its address and hours come with it.
    expect(await studio.isChecked()).toBe(true);
    expect(await flat.isChecked()).toBe(false);
    await options.getByText('600 Valencia St', { exact: false }).waitFor();
    await options.getByText('Mon-Fri 10-6').waitFor();
    await totalsSettle(page);
    const afterPickup = await serverCart(page);
    expect(afterPickup.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.rate_id).toMatch(/^pickup_location:/);

    await flat.click();
    expect(await flat.isChecked()).toBe(true);
    await totalsSettle(page);
    const afterFlat = await serverCart(page);
    expect(afterFlat.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.name).toBe('Flat rate');
    expect(afterFlat.totals.total_price).not.toBe(afterPickup.totals.total_price);
    expect(await options.getByText('600 Valencia St', { exact: false }).count()).toBe(0);
    expect(await notReloaded(page)).toBe(true);
  });

  it('calculates shipping for a new address by keyboard, with the form checked as on checkout', async () => {
    const page = await newPage();
    await cartPage(page);
    const toggle = page.getByRole('button', { name: /^(Calculate shipping|Change address)$/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const country = page.getByRole('combobox', { name: 'Country / Region' });
    await country.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    // Plain names, not HTML entities.
    expect(await country.getByRole('option', { name: 'Curaçao', exact: true }).count()).toBe(1);

    await country.focus();
    await country.selectOption({ label: 'United Kingdom (UK)' });
    const city = page.getByRole('textbox', { name: /^Town \/ City/ });
    const postcode = page.getByRole('textbox', { name: /^Postcode/ });
    await city.focus();
    await page.keyboard.type('London');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12345');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Please enter a valid postcode' }).waitFor();
    expect(await postcode.getAttribute('aria-invalid')).toBe('true');
    expect((await serverCart(page)).shipping_address.country).not.toBe('GB');

    await postcode.fill('');
    await postcode.focus();
    await page.keyboard.type('SW1A 1AA');
    await page.keyboard.press('Enter');
    await country.waitFor({ state: 'detached' });
    await totalsSettle(page);
    const cart = await serverCart(page);
    expect(cart.shipping_address).toMatchObject({ country: 'GB', city: 'London', postcode: 'SW1A 1AA' });
    // The rates are the UK's now, and the form gives the focus back to its toggle.
    await page.getByRole('group', { name: 'Shipping options' }).getByRole('radio', { name: 'Flat rate', exact: true }).waitFor();
    await page.getByText('London', { exact: false }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Change address' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await notReloaded(page)).toBe(true);
  });
});

describe('the editor’s sample cart', () => {
  const PASSWORD = 'correct horse battery staple';
  let shop: Shop | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([
      startShop((databaseUrl) => {
        const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
        execFileSync(mercatoBin(), ['migrate'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
        for (const [email, role] of [
          ['admin@example.com', 'administrator'],
          ['customer@example.com', 'customer'],
        ] as const) {
          execFileSync(mercatoBin(), ['users', 'create', '--email', email, '--role', role], {
            env,
            input: `${PASSWORD}\n`,
            stdio: ['pipe', 'ignore', 'inherit'],
          });
        }
      }),
      launchBrowser(),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  async function loggedIn(email: string): Promise<Page> {
    if (shop === undefined || browser === undefined) throw new Error('shop not started');
    const context = await browser.newContext({ baseURL: shop.url });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    await page.goto('/my-account/');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Username or email address').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
    return page;
  }

  it('shows an administrator the fixed sample, and keeps every change to it in the browser', async () => {
    const page = await loggedIn('admin@example.com');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/wc/store/v1/') && request.method() !== 'GET') writes.push(request.url());
    });
    await page.goto('/cart/?preview=sample');
    await page.getByRole('status').filter({ hasText: 'Sample cart, shown to staff for styling' }).waitFor();
    await page.locator('[data-island="cart"][data-island-state="mounted"]').waitFor();
    await page.getByRole('link', { name: 'Beanie' }).first().waitFor();
    await page.getByRole('link', { name: 'Cap', exact: true }).first().waitFor();
    const quantity = page.getByRole('spinbutton', { name: 'Quantity of Beanie' });
    await page.getByRole('button', { name: 'Increase quantity of Beanie' }).click();
    // The change is refused in the browser and the sample comes back.
    await page.getByText('This is a sample cart for styling: changes to it are not saved.').first().waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    expect(await quantity.inputValue()).toBe('2');
    expect(writes).toEqual([]);
    // The server's cart of this account is untouched: still empty.
    const live = await page.evaluate(async () => ((await (await fetch('/wp-json/wc/store/v1/cart')).json()) as { items_count: number }).items_count);
    expect(live).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('is not shown to a customer who asks for it', async () => {
    const page = await loggedIn('customer@example.com');
    const reply = await page.goto('/cart/?preview=sample');
    const html = (await reply?.text()) ?? '';
    expect(html).toContain('Your cart is currently empty.');
    expect(html).not.toContain('mercato-cart-preview');
    expect(html).not.toContain('Sample cart, shown to staff');
    expect(html).not.toContain('Beanie');
    await page.context().close();
  });

  it('is not shown to a visitor, and the cart page no longer embeds countryData', async () => {
    if (shop === undefined || browser === undefined) throw new Error('shop not started');
    const page = await (await browser.newContext({ baseURL: shop.url })).newPage();
    await page.goto('/product/enamel-camp-mug/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: /^Cart, 1 item,/ }).waitFor();
    const reply = await page.goto('/cart/?preview=sample');
    const html = (await reply?.text()) ?? '';
    expect(html).not.toContain('mercato-cart-preview');
    expect(html).not.toContain('countryData');
    expect(html).toContain('Enamel Camp Mug');
    await page.context().close();
  });
});
