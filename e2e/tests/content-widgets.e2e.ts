// The content pages' widgets made from shortcodes (issue 14, docs/content-pages.md), on the
// demo's shipping-and-returns FAQ and about page: an accordion item opened by the URL's hash
// and scrolled to below the sticky header, the accordion by keyboard, a tab opened by the
// hash and moved with the arrow keys, a read-more panel, a tooltip by hover and Escape, the
// bullet navigation, a one-at-a-time accordion (`[accordion single]`), nothing jumping when the widgets' chunk arrives, everything readable
// without JavaScript, and axe finding nothing serious (axe needs JavaScript to run).

import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { mercatoBin, seriousViolations, useShop } from '../harness';

const { newPage, shop } = useShop();

/** Waits until the widgets' chunk has attached: only it sets `hidden` on a folded panel. */
async function widgetsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[role="tabpanel"][hidden], .accordion__panel[hidden]') !== null);
}

/**
 * Whether the element with `id` starts just below the sticky header (within `slack` px), or
 * below it and in view when the page cannot scroll further.
 */
async function scrolledBelowHeader(page: Page, id: string, slack: number): Promise<boolean> {
  return page.evaluate(
    ([id, slack]) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN;
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      return top >= header - 1 && top < window.innerHeight - 50 && (top <= header + slack || atEnd);
    },
    [id, slack] as const,
  );
}

describe('with JavaScript', () => {
  it('opens the accordion item the hash names and scrolls it below the sticky header', async () => {
    const page = await newPage({ viewport: { width: 1000, height: 600 } });
    await page.goto('/shipping-returns/#exchanges');
    const button = page.getByRole('button', { name: 'Can I exchange an item?' });
    await widgetsReady(page);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('region', { name: 'Can I exchange an item?' }).getByText('never charged twice').waitFor();
    // Other items stay folded.
    expect(await page.getByRole('button', { name: 'When will my order arrive?' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText('tracking email tells you').isVisible()).toBe(false);
    await expect.poll(() => scrolledBelowHeader(page, 'exchanges', 2)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens and closes accordion items by keyboard', async () => {
    const page = await newPage();
    await page.goto('/shipping-returns/');
    await widgetsReady(page);
    const button = page.getByRole('button', { name: 'When will my order arrive?' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText('tracking email tells you').isVisible()).toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'When will my order arrive?' }).getByText('tracking email tells you').waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: 'Can I change or cancel my order?' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await page.getByText('tracking email tells you').waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  });

  it('selects the tab the hash names and moves between tabs with the arrow keys, Home and End', async () => {
    const page = await newPage();
    await page.goto('/about/#printing');
    const tab = (name: string) => page.getByRole('tab', { name });
    await page.waitForFunction(() => document.getElementById('printing-tab')?.getAttribute('aria-selected') === 'true');
    await page.getByRole('tabpanel', { name: 'Printing' }).getByText('direct-to-garment').waitFor();
    expect(await page.getByText('Recycled paper mailers').isVisible()).toBe(false);
    expect(await tab('Materials').getAttribute('aria-selected')).toBe('false');

    await tab('Printing').focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Packaging' }).getByText('Recycled paper mailers').waitFor();
    expect(await tab('Packaging').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Packaging').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText('direct-to-garment').isVisible()).toBe(false);
    await page.keyboard.press('Home');
    await page.getByText('water-based inks').waitFor();
    expect(await tab('Materials').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    expect(await tab('Packaging').getAttribute('aria-selected')).toBe('true');
    // Roving tabindex: Tab leaves the tab list for the selected panel.
    await page.keyboard.press('Tab');
    expect(await page.getByRole('tabpanel', { name: 'Packaging' }).evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('expands and collapses a read-more panel', async () => {
    const page = await newPage();
    await page.goto('/about/');
    await widgetsReady(page);
    const content = page.locator('#read-more');
    const height = async (): Promise<number> => (await content.boundingBox())?.height ?? 0;
    expect(await height()).toBeLessThanOrEqual(200);
    await page.getByRole('button', { name: 'Read more ▼' }).click();
    const collapse = page.getByRole('button', { name: 'Collapse ▲' });
    await collapse.waitFor();
    expect(await collapse.getAttribute('aria-expanded')).toBe('true');
    // The height grows over 200 ms to the full text, and shrinks back to the fold.
    await expect.poll(height).toBeGreaterThan(200);
    await page.getByText('we still wear the misprints').waitFor();
    const full = await content.evaluate((el) => el.scrollHeight);
    await expect.poll(height).toBeCloseTo(full, 0);
    await collapse.click();
    await page.getByRole('button', { name: 'Read more ▼' }).waitFor();
    await expect.poll(height).toBeCloseTo(200, 0);
  });

  it('shows a tooltip after hovering and hides it on Escape', async () => {
    const page = await newPage();
    await page.goto('/about/');
    await widgetsReady(page);
    const words = page.getByText('organic cotton', { exact: true });
    expect(await words.getAttribute('title')).toBeNull();
    const tip = page.getByRole('tooltip', { name: 'Certified to the Global Organic Textile Standard' });
    expect(await words.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
    const tipWidth = async (): Promise<number> => (await tip.boundingBox())?.width ?? 0;
    // Hidden until hovered. (Checking it right after the hover raced the tip's short delay
    // on a loaded machine, so the test looks only before and after.)
    expect(await tipWidth()).toBeLessThanOrEqual(1);
    await words.hover();
    await expect.poll(tipWidth).toBeGreaterThan(50);
    await page.keyboard.press('Escape');
    await expect.poll(tipWidth).toBeLessThanOrEqual(1);
  });

  it('scrolls to a section from its bullet and marks that bullet current', async () => {
    const page = await newPage({ viewport: { width: 1000, height: 500 } });
    await page.goto('/about/');
    await widgetsReady(page);
    const bullets = page.getByRole('navigation', { name: 'Sections of this page' });
    const bullet = bullets.getByRole('link', { name: 'How it started' });
    await expect.poll(async () => (await bullet.boundingBox())?.width ?? 0).toBeGreaterThan(0);
    await bullet.click();
    await expect.poll(() => scrolledBelowHeader(page, 'how-it-started', 2)).toBe(true);
    expect(new URL(page.url()).hash).toBe('#how-it-started');
    await expect.poll(() => bullet.getAttribute('aria-current')).toBe('true');
    expect(await bullets.getByRole('link', { name: 'Who we are' }).getAttribute('aria-current')).toBeNull();
  });

  it('hides the bullets on medium screens', async () => {
    const page = await newPage({ viewport: { width: 800, height: 600 } });
    await page.goto('/about/');
    await widgetsReady(page);
    expect(await page.getByRole('navigation', { name: 'Sections of this page' }).isVisible()).toBe(false);
  });

  it('does not move the page when the widgets attach, and axe finds nothing serious', async () => {
    // A viewport the whole page fits in, so any move counts, and the widgets' chunk held back
    // until the page has painted without it, as on a slow connection.
    const page = await newPage({ viewport: { width: 1280, height: 2400 } });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/content-widgets-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/about/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Read more ▼' }).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('[role="tabpanel"][hidden]').count()).toBe(0);
    release();
    await widgetsReady(page);
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => {
            requestAnimationFrame(() => {
              resolve(total);
            });
          });
        }),
    );
    expect(shifted).toBeLessThan(0.001);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('shows every panel, every tab as a section, the whole read-more text and the tooltip text', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/shipping-returns/#exchanges');
    for (const text of ['tracking email tells you', 'within 24 hours of ordering', 'never charged twice', 'Canada and Australia']) {
      await page.getByText(text).waitFor();
    }
    // Every button says what is true without JavaScript: its panel shows.
    for (const button of await page.getByRole('button', { expanded: false }).all()) {
      expect(await button.isVisible(), await button.textContent() ?? '').toBe(false);
    }
    expect(await page.getByRole('button', { name: 'Do you ship outside the US, UK and EU?' }).getAttribute('aria-expanded')).toBe('true');

    await page.goto('/about/');
    for (const name of ['Materials', 'Printing', 'Packaging']) {
      await page.getByRole('heading', { level: 3, name }).waitFor();
    }
    for (const text of ['water-based inks', 'direct-to-garment', 'Recycled paper mailers', 'we still wear the misprints']) {
      await page.getByText(text).waitFor();
    }
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Read more ▼' }).isVisible()).toBe(false);
    expect(await page.getByText('organic cotton', { exact: true }).getAttribute('title')).toBe(
      'Certified to the Global Organic Textile Standard',
    );
    const bullet = page.getByRole('navigation', { name: 'Sections of this page' }).getByRole('link', { name: 'Visit' });
    expect(await bullet.getAttribute('href')).toBe('#visit');
  });
});

// A page of the merchant's own with `[accordion single]`: opening one item closes the other.
describe('a one-at-a-time accordion', () => {
  beforeAll(() => {
    execFileSync(mercatoBin(), ['pages', 'set', 'sizing', '--title', 'Sizing', '-'], {
      env: { ...process.env, DATABASE_URL: shop().databaseUrl, MERCATO_LOG: 'warn' },
      input: [
        '[accordion single]',
        '[accordion-item title="How do your T-shirts fit?" open]',
        'True to size, with a relaxed cut.',
        '[/accordion-item]',
        '[accordion-item title="Do they shrink?"]',
        'Less than 3% after the first wash at 30 °C.',
        '[/accordion-item]',
        '[/accordion]',
      ].join('\n'),
      stdio: ['pipe', 'ignore', 'inherit'],
    });
  });

  it('closes the open item when another opens', async () => {
    const page = await newPage();
    await page.goto('/sizing/');
    await widgetsReady(page);
    const fit = page.getByRole('button', { name: 'How do your T-shirts fit?' });
    const shrink = page.getByRole('button', { name: 'Do they shrink?' });
    expect(await fit.getAttribute('aria-expanded')).toBe('true');
    expect(await shrink.getAttribute('aria-expanded')).toBe('false');
    await shrink.click();
    await page.getByRole('region', { name: 'Do they shrink?' }).getByText('after the first wash').waitFor();
    await page.getByText('with a relaxed cut').waitFor({ state: 'hidden' });
    expect(await fit.getAttribute('aria-expanded')).toBe('false');
    expect(await shrink.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows every item without JavaScript', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/sizing/');
    await page.getByText('with a relaxed cut').waitFor();
    await page.getByText('after the first wash').waitFor();
    expect(await page.getByRole('button', { name: 'Do they shrink?' }).getAttribute('aria-expanded')).toBe('true');
  });
});
