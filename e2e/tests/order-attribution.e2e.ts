// Order attribution in the browser (issue 14; SPEC §3.7, §4.13, §9.2): a visit is classified
// on arrival and the classic checkout carries the result, which the shop stores with the order
// (read back with `mercato orders show`). A campaign link records utm, a search engine
// organic, a direct visit typein; the registration form carries it too. With tracking not
// allowed nothing is recorded and no sbjs cookie is left, until the visitor consents through
// the hook. Without JavaScript the order still goes through, without attribution.

import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  mercatoBin,
  placeOrder as submitCheckout,
  seriousViolations,
  startShop,
  useShop,
  type Shop,
  type ShopAddress,
} from '../harness';

const { newPage, shop } = useShop();

/** `mercato orders show <id>` on the shop's database. */
function orderShown(target: ShopAddress, id: string): string {
  return execFileSync(mercatoBin(), ['orders', 'show', id], {
    env: { ...process.env, DATABASE_URL: target.databaseUrl, MERCATO_LOG: 'warn' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function sbjsCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name).filter((name) => name.startsWith('sbjs_'));
}

async function addHoodie(page: Page): Promise<void> {
  await page.goto('/product/classic-zip-hoodie/');
  await page.getByRole('radiogroup', { name: 'Color' }).getByRole('radio', { name: 'Black' }).check();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: 'L', exact: true }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').filter({ hasText: 'has been added to your cart.' }).waitFor();
}

/** Adds a hoodie, fills the classic checkout and places the order; returns the order id. */
async function placeOrder(page: Page, email: string): Promise<string> {
  await addHoodie(page);
  await page.goto('/checkout/');
  // The rate the page shows chosen: a rate chosen on the form would change the total, and the
  // checkout would come back to confirm it (one more page in the session's count).
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('First name').fill('Ada');
  await billing.getByLabel('Last name').fill('Source');
  await billing.getByLabel('Country / Region').selectOption('US');
  await billing.getByLabel('Street address').fill('5 Campaign Street');
  await billing.getByLabel('Town / City').fill('San Francisco');
  await billing.getByLabel('State').selectOption('CA');
  await billing.getByLabel('ZIP Code').fill('94103');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await submitCheckout(page);
  await page.waitForURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
  await page.getByRole('heading', { name: 'Order received' }).waitFor();
  const id = /\/order-received\/(\d+)\//.exec(page.url())?.[1];
  if (id === undefined) throw new Error(`no order id in ${page.url()}`);
  return id;
}

describe('with tracking allowed (the default)', () => {
  it('a campaign link then an order records utm attribution', async () => {
    const page = await newPage();
    await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale&utm_id=42');
    expect(await sbjsCookies(page)).toEqual(
      expect.arrayContaining(['sbjs_current', 'sbjs_first', 'sbjs_current_add', 'sbjs_session', 'sbjs_udata']),
    );

    const id = await placeOrder(page, 'utm@example.com');

    const shown = orderShown(shop(), id);
    expect(shown).toContain('Attribution: Source: Newsletter');
    expect(shown).toContain('_wc_order_attribution_source_type: utm');
    expect(shown).toContain('_wc_order_attribution_utm_source: newsletter');
    expect(shown).toContain('_wc_order_attribution_utm_medium: email');
    expect(shown).toContain('_wc_order_attribution_utm_campaign: spring-sale');
    expect(shown).toContain('_wc_order_attribution_utm_id: 42');
    expect(shown).toMatch(/_wc_order_attribution_session_entry: http:\/\/127\.0\.0\.1:\d+\/\?utm_source=newsletter/);
    // Home, product, checkout: three pages of the first visit.
    expect(shown).toContain('_wc_order_attribution_session_pages: 3');
    expect(shown).toContain('_wc_order_attribution_session_count: 1');
    expect(shown).toMatch(/_wc_order_attribution_session_start_time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(shown).toContain('_wc_order_attribution_device_type: Desktop');
    expect(shown).not.toContain('_wc_order_attribution_referrer');
  });

  it('a visit from a search engine records organic', async () => {
    const page = await newPage();
    await page.goto('/', { referer: 'https://www.google.com/' });

    const id = await placeOrder(page, 'organic@example.com');

    const shown = orderShown(shop(), id);
    expect(shown).toContain('Attribution: Organic: Google');
    expect(shown).toContain('_wc_order_attribution_source_type: organic');
    expect(shown).toContain('_wc_order_attribution_utm_source: google');
    expect(shown).toContain('_wc_order_attribution_utm_medium: organic');
    expect(shown).toContain('_wc_order_attribution_referrer: https://www.google.com/');
  });

  it('a direct visit records typein', async () => {
    const page = await newPage();
    await page.goto('/');

    const id = await placeOrder(page, 'direct@example.com');

    const shown = orderShown(shop(), id);
    expect(shown).toContain('Attribution: Direct');
    expect(shown).toContain('_wc_order_attribution_source_type: typein');
    expect(shown).toContain('_wc_order_attribution_utm_source: (direct)');
  });

  it('the checkout form gives its values to a FormData read from it, and passes axe', async () => {
    const page = await newPage();
    await page.goto('/?utm_source=partner&utm_medium=banner');
    await addHoodie(page);
    await page.goto('/checkout/');
    expect(await seriousViolations(page)).toEqual([]);

    const sent = await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('form[name="checkout"]');
      if (!form) return null;
      for (const input of form.querySelectorAll<HTMLInputElement>('input[name^="wc_order_attribution_"]')) {
        input.value = 'stale';
      }
      const data = new FormData(form);
      return { type: data.get('wc_order_attribution_source_type'), source: data.get('wc_order_attribution_utm_source') };
    });
    expect(sent).toEqual({ type: 'utm', source: 'partner' });
  });

  it('the registration form carries the attribution', async () => {
    const page = await newPage();
    await page.goto('/my-account/', { referer: 'https://t.co/abc123' });
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Email address').fill('referral@example.com');
    await form.getByLabel('Password').fill('correct horse battery staple');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/my-account/');
    await form.getByRole('button', { name: 'Register' }).click();

    const body = new URLSearchParams((await posted).postData() ?? '');
    expect(body.get('wc_order_attribution_source_type')).toBe('referral');
    expect(body.get('wc_order_attribution_utm_source')).toBe('twitter.com');
    expect(body.get('wc_order_attribution_utm_content')).toBe('/abc123');
    await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
  });

  it('without JavaScript the order still goes through, without attribution or cookies', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/?utm_source=newsletter');

    const id = await placeOrder(page, 'nojs@example.com');

    expect(orderShown(shop(), id)).toContain('Attribution: none');
    expect(await sbjsCookies(page)).toEqual([]);
  });
});

// A shop whose merchant turned tracking off (`allow_attribution_tracking: false`).
describe('with tracking not allowed', () => {
  let quiet: Shop | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [quiet, browser] = await Promise.all([
      startShop((databaseUrl) => {
        execFileSync(mercatoBin(), ['settings', 'set', 'shop', '-'], {
          env: { ...process.env, DATABASE_URL: databaseUrl, MERCATO_LOG: 'warn' },
          input: JSON.stringify({ allow_attribution_tracking: false }),
          stdio: ['pipe', 'ignore', 'inherit'],
        });
      }),
      launchBrowser(),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await quiet?.stop();
  });

  async function open(): Promise<{ page: Page; target: Shop }> {
    if (!browser || !quiet) throw new Error('shop not started');
    const context = await browser.newContext({ baseURL: quiet.url });
    contexts.push(context);
    return { page: await context.newPage(), target: quiet };
  }

  it('records nothing and leaves no sbjs cookie', async () => {
    const { page, target } = await open();
    // A cookie left from before the merchant turned tracking off goes too.
    await page.context().addCookies([{ name: 'sbjs_current', value: 'typ%3Dutm', url: target.url }]);
    await page.goto('/?utm_source=newsletter&utm_medium=email');
    await page.waitForFunction(() => !document.cookie.includes('sbjs_'));

    const id = await placeOrder(page, 'quiet@example.com');

    expect(orderShown(target, id)).toContain('Attribution: none');
    expect(await sbjsCookies(page)).toEqual([]);
  });

  it('starts once the visitor consents through the hook', async () => {
    const { page, target } = await open();
    await page.goto('/?utm_source=newsletter&utm_medium=email');
    expect(await sbjsCookies(page)).toEqual([]);

    await page.evaluate(() => {
      const hooks = window as unknown as { mercato?: { attribution?: { allowTracking(): void } } };
      hooks.mercato?.attribution?.allowTracking();
    });
    expect(await sbjsCookies(page)).toContain('sbjs_current');

    const id = await placeOrder(page, 'consent@example.com');
    const shown = orderShown(target, id);
    expect(shown).toContain('Attribution: Source: Newsletter');
    expect(shown).toContain('_wc_order_attribution_session_pages: 3');
  });
});
