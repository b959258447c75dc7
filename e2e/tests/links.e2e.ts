// The link checker (issue 13): crawls the demo shop as a guest and as a logged-in customer,
// following every same-origin link of every page it reaches, and fetches every link, image,
// stylesheet and script those pages name. None may answer 404 or any other error.
//
// Pages reached through a query string (sorting, filters, pagination, searches) are fetched
// but not crawled further, which keeps the crawl bounded while every link is still checked.
// Links that change state when followed are not fetched (add to cart, remove, log out).
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useShop } from '../harness';

const { newPage, shop } = useShop();

/** Links a crawler must not follow: they act (WooCommerce's GET actions) rather than show. */
const ACTIONS = [
  /[?&](add-to-cart|remove_item|undo_item|remove_coupon|_wpnonce|mercato-dismiss-notice)=/,
  /\/customer-logout\//,
  /\/(set-default|delete)-payment-method\//,
  /^\/wp-admin\/admin-ajax\.php/,
];

/** At most this many URLs are fetched in one crawl (the demo shop has far fewer). */
const LIMIT = 1500;

interface Broken {
  url: string;
  status: number;
  from: string;
}

function decode(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/** Same-origin URLs a page names in `href` and `src` attributes, as paths with queries. */
function urlsOf(html: string, base: string, origin: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<(a|link|img|script|source)\b[^>]*?\s(href|src)="([^"]*)"/gi)) {
    const raw = decode(match[3] ?? '');
    if (raw === '' || raw.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(raw)) continue;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      found.push(`INVALID:${raw}`);
      continue;
    }
    if (url.origin !== origin) continue;
    found.push(url.pathname + url.search);
  }
  return found;
}

/** How many URLs the crawl fetches at once (the shop answers them in parallel). */
const CONCURRENCY = 6;

async function crawl(request: APIRequestContext, origin: string, starts: string[]): Promise<{ broken: Broken[]; fetched: number }> {
  const seen = new Set<string>(starts);
  const queue = starts.map((url) => ({ url, from: '(start)' }));
  const broken: Broken[] = [];
  let fetched = 0;

  const visit = async (next: { url: string; from: string }): Promise<void> => {
    const response = await request.get(next.url, { maxRedirects: 5 });
    if (response.status() >= 400) {
      broken.push({ url: next.url, status: response.status(), from: next.from });
      return;
    }
    const type = response.headers()['content-type'] ?? '';
    // Only whole pages without a query string are crawled further.
    if (!type.startsWith('text/html') || next.url.includes('?')) return;
    const html = await response.text();
    for (const url of urlsOf(html, new URL(next.url, origin).href, origin)) {
      if (seen.has(url) || ACTIONS.some((action) => action.test(url))) continue;
      seen.add(url);
      queue.push({ url, from: next.url });
    }
  };

  // A few fetches in flight at once; the crawl ends when none is and nothing is queued.
  await new Promise<void>((resolve, reject) => {
    let active = 0;
    const pump = (): void => {
      while (active < CONCURRENCY && queue.length > 0 && fetched < LIMIT) {
        const next = queue.shift();
        if (!next) break;
        if (next.url.startsWith('INVALID:')) {
          broken.push({ url: next.url, status: 0, from: next.from });
          continue;
        }
        active += 1;
        fetched += 1;
        visit(next).then(() => {
          active -= 1;
          pump();
        }, reject);
      }
      if (active === 0) resolve();
    };
    pump();
  });
  expect(fetched, 'the crawl stayed within its limit').toBeLessThan(LIMIT);
  return { broken, fetched };
}

async function register(page: Page): Promise<void> {
  await page.goto('/my-account/');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email address').fill(`links-${String(Date.now())}@example.com`);
  await form.getByLabel('Password').fill('a long and careful passphrase');
  await form.getByRole('button', { name: 'Register' }).click();
  await page.getByRole('navigation', { name: 'Account pages' }).waitFor();
}

describe('links', () => {
  it('every link a guest can reach leads somewhere', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    const origin = new URL(shop().url).origin;
    const { broken, fetched } = await crawl(page.context().request, origin, ['/']);
    expect(broken).toEqual([]);
    // The crawl reached the catalogue, the products, the account and the content pages.
    expect(fetched).toBeGreaterThan(60);
  });

  it('every link a customer can reach leads somewhere', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await register(page);
    const origin = new URL(shop().url).origin;
    const { broken } = await crawl(page.context().request, origin, ['/my-account/', '/']);
    expect(broken).toEqual([]);
  });

  it('the footer’s privacy, terms and help links open their pages', async () => {
    const page = await newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [link, heading] of [
      ['Privacy policy', 'Privacy policy'],
      ['Terms and conditions', 'Terms and conditions'],
      ['Shipping and returns', 'Shipping and returns'],
      ['Contact', 'Contact'],
      ['About us', 'About us'],
    ] as const) {
      await footer.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/[a-z-]+\/$/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goBack();
    }
  });
});
