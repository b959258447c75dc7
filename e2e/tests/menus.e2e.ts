// Menus and the header's scrolling (issue 14, SPEC §2.1, §9.6, §9.7): the desktop dropdowns by
// keyboard, pointer and touch, the mobile sidebar's levels, the sticky header, back to top,
// and every menu link without JavaScript. The demo shop has the default menus: Shop with
// Clothing (T-shirts, Hoodies), Mugs, Posters and Accessories under it.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mercatoBin, seriousViolations, startShop, useShop, type PageOptions, type Shop } from '../harness';

const shop = useShop();

/** A page whose waits fail after 10 s, so a failure names the step that did not happen. */
async function newPage(options: PageOptions = {}): Promise<Page> {
  const page = await shop.newPage(options);
  page.setDefaultTimeout(10_000);
  return page;
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true, isMobile: true };

function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** The accessible name (text) of the focused element. */
function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

describe('desktop dropdowns', () => {
  it('open and close by keyboard as disclosures, Escape returning focus to the toggle', async () => {
    const page = await newPage();
    await page.goto('/');
    const toggle = mainMenu(page).getByRole('button', { name: 'Shop submenu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const mugs = mainMenu(page).getByRole('link', { name: 'Mugs' });
    expect(await mugs.isVisible()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await mugs.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Clothing');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Clothing submenu');
    await page.keyboard.press('Space');
    const tees = mainMenu(page).getByRole('link', { name: 'T-shirts' }).first();
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('T-shirts');
    expect(await tees.isVisible()).toBe(true);

    expect(await seriousViolations(page), 'axe with a dropdown open').toEqual([]);
    await page.keyboard.press('Escape');
    expect(await focusedText(page)).toBe('Clothing submenu');
    await page.keyboard.press('Escape');
    expect(await focusedText(page)).toBe('Shop submenu');
    await mugs.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Enter on a link inside goes there, and the page marks it current. (By the keyboard, as
    // the rest of this test: a mouse click here also hovered the menu, whose hover timers could
    // close it under the pointer on a busy machine.)
    await page.keyboard.press('Enter');
    await mugs.waitFor();
    await mugs.focus();
    await Promise.all([page.waitForURL(/\/product-category\/mugs\/$/), page.keyboard.press('Enter')]);
    expect(await mainMenu(page).locator('a[aria-current="page"]').textContent()).toBe('Mugs');
  });

  it('open on hover with a mouse and close when the pointer leaves', async () => {
    const page = await newPage();
    await page.goto('/');
    const mugs = mainMenu(page).getByRole('link', { name: 'Mugs' });
    await mainMenu(page).getByRole('link', { name: 'Shop', exact: true }).hover();
    await mugs.waitFor();
    expect(await mainMenu(page).getByRole('button', { name: 'Shop submenu' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('heading', { level: 1 }).hover();
    await mugs.waitFor({ state: 'hidden' });
  });

  it('open with a tap on touch screens, without hover', async () => {
    const page = await newPage(TABLET);
    await page.goto('/');
    const toggle = mainMenu(page).getByRole('button', { name: 'Shop submenu' });
    await toggle.tap();
    const posters = mainMenu(page).getByRole('link', { name: 'Posters' });
    await posters.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.tap();
    await posters.waitFor({ state: 'hidden' });
    await toggle.tap();
    await posters.tap();
    await page.waitForURL(/\/product-category\/posters\/$/);
  });
});

describe('the mobile menu', () => {
  it('opens the Menu dialog, slides through the levels and back, and Escape returns to Menu', async () => {
    const page = await newPage(PHONE);
    await page.goto('/');
    expect(await mainMenu(page).isVisible()).toBe(false);
    const button = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await button.tap();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await dialog.getByRole('heading', { name: 'Main menu' }).waitFor();

    const violations = await seriousViolations(page);
    expect(violations, 'axe with the mobile menu open').toEqual([]);

    await dialog.getByRole('button', { name: 'Shop submenu' }).tap();
    await dialog.getByRole('heading', { name: 'Shop' }).waitFor();
    expect(await dialog.getByRole('heading', { name: 'Main menu' }).isVisible()).toBe(false);
    await dialog.getByRole('button', { name: 'Clothing submenu' }).tap();
    await dialog.getByRole('link', { name: 'Hoodies' }).waitFor();
    await dialog.getByRole('button', { name: 'Back to Shop' }).tap();
    await dialog.getByRole('link', { name: 'Mugs' }).waitFor();
    expect(await focusedText(page)).toBe('Clothing submenu');
    await dialog.getByRole('button', { name: 'Back to Main menu' }).tap();
    await dialog.getByRole('heading', { name: 'Main menu' }).waitFor();

    // Focus stays inside: Tab from the last element comes back to the first.
    await dialog.getByRole('link', { name: 'Log in' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Close menu');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's close event, which the behaviour answers, comes a task after it closed.
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedText(page)).toBe('Menu');

    // A link of a deeper level goes there.
    await button.tap();
    await dialog.getByRole('button', { name: 'Shop submenu' }).tap();
    await dialog.getByRole('button', { name: 'Clothing submenu' }).tap();
    await dialog.getByRole('link', { name: 'T-shirts' }).tap();
    await page.waitForURL(/\/product-category\/clothing\/t-shirts\/$/);
  });

  it('shows the next level at once when the shopper prefers reduced motion', async () => {
    const page = await newPage({ ...PHONE, reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('button', { name: 'Shop submenu' }).tap();
    const level = dialog.locator('.mobile-menu__level:not([hidden])');
    expect(await level.getAttribute('class')).toBe('mobile-menu__level');
    expect(await level.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  });
});

describe('scrolling', () => {
  it('sticks the header past the threshold and un-sticks it above', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const banner = page.getByRole('banner');
    const state = () =>
      banner.evaluate((el) => ({ position: getComputedStyle(el).position, top: Math.round(el.getBoundingClientRect().top) }));
    expect((await state()).position).toBe('static');
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.site-header') as Element).position === 'fixed');
    await page.waitForFunction(() => Math.round((document.querySelector('.site-header') as Element).getBoundingClientRect().top) === 0);
    expect(await banner.isVisible()).toBe(true);
    await page.evaluate(() => {
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.site-header') as Element).position === 'static');
  });

  it('shows Back to top after a viewport of scrolling, and it brings the page up', async () => {
    const page = await newPage();
    await page.goto('/shop/');
    const back = page.getByRole('link', { name: 'Back to top' });
    expect(await back.isVisible()).toBe(false);
    await page.evaluate(() => {
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
    });
    await back.waitFor();
    await back.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await back.waitFor({ state: 'hidden' });
  });
});

// A shop of its own, its settings stored before it starts, with the header's
// hide-on-scroll-down turned on, whose menus also name the footer's Account menu for the
// mobile sidebar's second tab.
describe('a shop with hide_on_scroll_down and sidebar menu tabs', () => {
  let hiding: Shop | undefined;

  beforeAll(async () => {
    hiding = await startShop((databaseUrl) => {
      const env = { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' };
      execFileSync(mercatoBin(), ['settings', 'set', 'shop', '-'], {
        env,
        input: JSON.stringify({ header: { sticky: true, sticky_height: 100, hide_on_scroll_down: true } }),
        stdio: ['pipe', 'ignore', 'inherit'],
      });
      execFileSync(mercatoBin(), ['settings', 'set', 'menus', '-'], {
        env,
        input: JSON.stringify({ sidebar_tab: 'Account' }),
        stdio: ['pipe', 'ignore', 'inherit'],
      });
    });
  }, 120_000);

  afterAll(async () => {
    await hiding?.stop();
  });

  /** Where the header's bottom edge is in the viewport (≤ 0: slid away above it). */
  const headerBottom = (page: Page) =>
    page.evaluate(() => Math.round((document.querySelector('.site-header') as Element).getBoundingClientRect().bottom));

  it('slides the header away while scrolling down past the threshold, and back on the way up', async () => {
    if (hiding === undefined) throw new Error('shop not started');
    const page = await newPage();
    await page.goto(`${hiding.url}/shop/`);
    const banner = page.getByRole('banner');
    expect(await headerBottom(page)).toBeGreaterThan(0);
    await page.mouse.wheel(0, 900);
    await page.waitForFunction(() => window.scrollY > 500);
    // Stuck, then translated off the top of the window: not visible to the shopper.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.site-header') as Element).position === 'fixed');
    await expect.poll(() => headerBottom(page)).toBeLessThanOrEqual(0);
    expect(await banner.evaluate((el) => el.classList.contains('is-hidden'))).toBe(true);

    await page.mouse.wheel(0, -200);
    // Back, still stuck to the top of the window, while the page stays scrolled.
    await page.waitForFunction(() => Math.round((document.querySelector('.site-header') as Element).getBoundingClientRect().top) === 0);
    expect(await headerBottom(page)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens the Menu dialog on tabs, Main menu and Account, chosen by tap and arrow keys', async () => {
    if (hiding === undefined) throw new Error('shop not started');
    const page = await newPage(PHONE);
    await page.goto(`${hiding.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    const tabs = dialog.getByRole('tablist', { name: 'Menus' });
    const main = tabs.getByRole('tab', { name: 'Main menu' });
    const account = tabs.getByRole('tab', { name: 'Account' });
    await main.waitFor();
    expect(await main.getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tabpanel', { name: 'Main menu' }).getByRole('heading', { name: 'Main menu' }).waitFor();
    expect(await seriousViolations(page), 'axe with the tabs').toEqual([]);

    // The tabs' chunk loads on first use: tap until the choice takes.
    await expect
      .poll(async () => {
        await account.tap();
        return account.getAttribute('aria-selected');
      })
      .toBe('true');
    const accountPanel = dialog.getByRole('tabpanel', { name: 'Account' });
    await accountPanel.getByRole('link', { name: 'My account' }).waitFor();
    expect(await dialog.getByRole('tabpanel', { name: 'Main menu' }).count()).toBe(0);
    expect(await seriousViolations(page), 'axe on the Account tab').toEqual([]);

    await account.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await main.getAttribute('aria-selected')).toBe('true');
    expect(await main.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('tabpanel', { name: 'Main menu' }).getByRole('button', { name: 'Shop submenu' }).waitFor();
    await page.keyboard.press('End');
    expect(await account.getAttribute('aria-selected')).toBe('true');
    await accountPanel.getByRole('link', { name: 'My account' }).waitFor();
  });
});

describe('without JavaScript', () => {
  it('reaches every main menu link by keyboard on a large screen', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/');
    const expected = await mainMenu(page)
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(expected.length).toBeGreaterThan(5);
    await page.getByRole('link', { name: 'Mercato' }).first().focus();
    const reached: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      const href = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest('nav.main-menu') ? el.getAttribute('href') : null;
      });
      if (href === null) {
        if (reached.length > 0) break;
        continue;
      }
      expect(await page.locator(':focus').isVisible(), `${href} is shown while focused`).toBe(true);
      reached.push(href);
    }
    expect(reached).toEqual(expected);
  });

  it('links Menu to a page listing every menu on a phone', async () => {
    const page = await newPage({ javaScriptEnabled: false, ...PHONE });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Menu' }).tap();
    await page.waitForURL(/\/menu\/$/);
    await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    const content = page.getByRole('main');
    for (const name of ['Shop', 'Clothing', 'T-shirts', 'Hoodies', 'Mugs', 'Accessories', 'Shipping and returns', 'Privacy policy']) {
      expect(await content.getByRole('link', { name, exact: true }).first().isVisible(), name).toBe(true);
    }
    await content.getByRole('link', { name: 'Hoodies', exact: true }).first().tap();
    await page.waitForURL(/\/product-category\/clothing\/hoodies\/$/);
    // axe runs as a script: checked on the same page in a browser with JavaScript.
    const checked = await newPage(PHONE);
    await checked.goto('/menu/');
    expect(await seriousViolations(checked)).toEqual([]);
  });
});
