import { getByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_FINISHED_EVENT } from './infinite-scroll';
import { startListing } from './listing';

/** A listing page as the server writes it (shop/archive.html), cut down to what is read. */
function listingHtml(opts: { ids: number[]; next?: string; count: string; orderby?: string; heading?: string }): string {
  const cards = opts.ids
    .map((id) => `<li class="product" data-product-id="${String(id)}"><a href="/product/p${String(id)}/">Product ${String(id)}</a></li>`)
    .join('');
  const next = opts.next === undefined ? '' : `<li><a class="next page-numbers" href="${opts.next}" rel="next">Next</a></li>`;
  const order = opts.orderby ?? 'menu_order';
  return `<div class="listing" data-behaviour="listing">
    <h1>${opts.heading ?? 'Shop'}</h1>
    <div class="shop-main">
      <p class="woocommerce-result-count" role="status">${opts.count}</p>
      <form class="woocommerce-ordering" method="get" action="/shop/">
        <select name="orderby" id="orderby" aria-label="Shop order">
          <option value="menu_order"${order === 'menu_order' ? ' selected' : ''}>Default sorting</option>
          <option value="price"${order === 'price' ? ' selected' : ''}>Sort by price: low to high</option>
        </select>
        <button type="submit" class="button ordering-submit">Sort</button>
      </form>
      <ul class="products columns-4" data-infinite-scroll>${cards}</ul>
      <nav class="woocommerce-pagination" aria-label="Product pagination"><ul class="page-numbers">${next}</ul></nav>
    </div>
    <aside class="shop-sidebar" aria-label="Filters" data-shop-filters>
      <a href="/shop/?filter_color=navy">Navy</a>
      <a href="/shop/?filter_color=black">Black</a>
      <a href="#shop-filters">Filters</a>
    </aside>
  </div>`;
}

const page = (body: string): string => `<!doctype html><html><head><title>Shop – Mercato</title></head><body>${body}</body></html>`;

interface Call {
  readonly url: string;
  readonly init: RequestInit;
  reply(html: string, status?: number): Promise<void>;
}

/** A server whose every reply waits for the test; an abort rejects the request. */
function fakeServer(): { calls: Call[]; fetch: (url: string, init: RequestInit) => Promise<Response> } {
  const calls: Call[] = [];
  const fetch = (url: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      init.signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      calls.push({
        url: new URL(url, window.location.href).href,
        init,
        async reply(html, status = 200) {
          resolve(new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
          // Let the page read the reply (a few promise turns) before the test looks.
          for (let i = 0; i < 3; i += 1) {
            await new Promise((r) => setTimeout(r, 0));
          }
        },
      });
    });
  return { calls, fetch };
}

/** IntersectionObserver as the browser would drive it, but on the test's word. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(el: Element): void {
    this.targets.add(el);
  }
  unobserve(el: Element): void {
    this.targets.delete(el);
  }
  disconnect(): void {
    this.targets.clear();
  }
  /** Reports every watched element as in reach. */
  static reach(): void {
    for (const o of FakeObserver.instances) {
      const entries = [...o.targets].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length > 0) {
        o.callback(entries, o as unknown as IntersectionObserver);
      }
    }
  }
}

const ids = (): string[] => [...document.querySelectorAll('ul.products > li')].map((li) => li.getAttribute('data-product-id') ?? '');
const url = (path: string): string => new URL(path, window.location.href).href;

function setUp(body: string) {
  document.body.innerHTML = body;
  const region = document.querySelector<HTMLElement>('[data-behaviour="listing"]');
  if (region === null) throw new Error('no region');
  const server = fakeServer();
  const navigate = vi.fn<(u: string) => void>();
  const stop = startListing(region, { fetch: server.fetch, navigate });
  return { region, server, navigate, stop };
}

let stops: (() => void)[] = [];

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  window.history.replaceState(null, '', '/shop/');
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('listing behaviour: sorting and filtering in place', () => {
  it('hides the Sort button and sorts on change, keeping focus on the select', async () => {
    const { server, stop } = setUp(listingHtml({ ids: [1, 2], count: 'Showing all 2 results' }));
    stops.push(stop);
    expect(document.querySelector<HTMLElement>('button.ordering-submit')?.hidden).toBe(true);
    const select = getByRole<HTMLSelectElement>(document.body, 'combobox', { name: 'Shop order' });
    select.focus();
    select.value = 'price';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(server.calls.map((c) => c.url)).toEqual([url('/shop/?orderby=price')]);
    await server.calls[0]?.reply(page(listingHtml({ ids: [2, 1], count: 'Showing all 2 results', orderby: 'price' })));
    expect(ids()).toEqual(['2', '1']);
    expect(window.location.href).toBe(url('/shop/?orderby=price'));
    expect(document.activeElement?.id).toBe('orderby');
    expect((document.activeElement as HTMLSelectElement).value).toBe('price');
    expect(document.getElementById('mercato-announcer')?.textContent).toBe('Showing all 2 results');
  });

  it('lets a later filter win over one still loading', async () => {
    const { server, stop } = setUp(listingHtml({ ids: [1, 2], count: 'Showing all 2 results' }));
    stops.push(stop);
    getByRole(document.body, 'link', { name: 'Navy' }).click();
    getByRole(document.body, 'link', { name: 'Black' }).click();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
    await server.calls[1]?.reply(page(listingHtml({ ids: [7], count: 'Showing the single result', heading: 'Black' })));
    expect(ids()).toEqual(['7']);
    expect(window.location.href).toBe(url('/shop/?filter_color=black'));
    // Focus went with the swapped-out link to the results' heading.
    expect(document.activeElement?.textContent).toBe('Black');
  });

  it('falls back to loading the page when the request fails or the reply is no listing', async () => {
    const { server, navigate, stop } = setUp(listingHtml({ ids: [1], count: 'Showing the single result' }));
    stops.push(stop);
    getByRole(document.body, 'link', { name: 'Navy' }).click();
    await server.calls[0]?.reply('Internal Server Error', 500);
    expect(navigate).toHaveBeenCalledWith(url('/shop/?filter_color=navy'));
    getByRole(document.body, 'link', { name: 'Black' }).click();
    await server.calls[1]?.reply(page('<h1>Something else</h1>'));
    expect(navigate).toHaveBeenLastCalledWith(url('/shop/?filter_color=black'));
    expect(ids()).toEqual(['1']);
  });

  it('takes the title, canonical, prev/next and robots tags from the fetched page, Back included', async () => {
    document.head.innerHTML =
      '<title>Shop – Mercato</title><link rel="canonical" href="/shop/"><link rel="next" href="/shop/page/2/"><link rel="stylesheet" href="/app.css">';
    const { server, stop } = setUp(listingHtml({ ids: [1, 2], count: 'Showing 1–2 of 3 results', next: '/shop/page/2/' }));
    stops.push(stop);
    const headOf = () =>
      [...document.head.querySelectorAll('link, meta')].map((el) => `${el.getAttribute('rel') ?? el.getAttribute('name') ?? ''} ${el.getAttribute('href') ?? el.getAttribute('content') ?? ''}`);

    getByRole(document.body, 'link', { name: 'Navy' }).click();
    const navyHead =
      '<title>Navy – Mercato</title><link rel="canonical" href="/shop/?filter_color=navy"><meta name="robots" content="noindex, follow">';
    await server.calls[0]?.reply(`<!doctype html><html><head>${navyHead}</head><body>${listingHtml({ ids: [2], count: 'Showing the single result' })}</body></html>`);
    expect(document.title).toBe('Navy – Mercato');
    expect(headOf()).toEqual(['stylesheet /app.css', `canonical ${url('/shop/?filter_color=navy')}`, 'robots noindex, follow']);

    window.history.replaceState(null, '', '/shop/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const shopHead = '<title>Shop – Mercato</title><link rel="canonical" href="/shop/"><link rel="next" href="page/2/">';
    await server.calls[1]?.reply(`<!doctype html><html><head>${shopHead}</head><body>${listingHtml({ ids: [1, 2], count: 'Showing 1–2 of 3 results', next: '/shop/page/2/' })}</body></html>`);
    expect(document.title).toBe('Shop – Mercato');
    // Relative links are read against the fetched page's URL.
    expect(headOf()).toEqual(['stylesheet /app.css', `canonical ${url('/shop/')}`, `next ${url('/shop/page/2/')}`]);
    document.head.innerHTML = '';
  });

  it('leaves fragment links alone, and Back fetches the listing of the URL it returns to', async () => {
    const { server, stop } = setUp(listingHtml({ ids: [1, 2], count: 'Showing all 2 results' }));
    stops.push(stop);
    const fragment = new MouseEvent('click', { bubbles: true, cancelable: true });
    getByRole(document.body, 'link', { name: 'Filters' }).dispatchEvent(fragment);
    expect(fragment.defaultPrevented).toBe(false);

    getByRole(document.body, 'link', { name: 'Navy' }).click();
    await server.calls[0]?.reply(page(listingHtml({ ids: [2], count: 'Showing the single result' })));
    window.history.replaceState(null, '', '/shop/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(server.calls[1]?.url).toBe(url('/shop/'));
    await server.calls[1]?.reply(page(listingHtml({ ids: [1, 2], count: 'Showing all 2 results' })));
    expect(ids()).toEqual(['1', '2']);
    expect(window.location.href).toBe(url('/shop/'));
  });
});

describe('listing behaviour: infinite loading', () => {
  it('appends the next pages, uncached and without duplicates, then fires scroll-finished', async () => {
    const { server, stop } = setUp(listingHtml({ ids: [1, 2], next: '/shop/page/2/', count: 'Showing 1–2 of 5 results' }));
    stops.push(stop);
    expect(document.querySelector<HTMLElement>('nav.woocommerce-pagination')?.hidden).toBe(true);
    const finished = vi.fn<(e: Event) => void>();
    document.addEventListener(SCROLL_FINISHED_EVENT, finished);

    FakeObserver.reach();
    FakeObserver.reach();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.init.cache).toBe('no-store');
    expect(document.querySelector('.infinite-scroll__status')?.textContent).toBe('Loading more products…');
    // Page 2 repeats product 2 (a product was added in between) and has one new product.
    await server.calls[0]?.reply(page(listingHtml({ ids: [2, 3], next: '/shop/page/3/', count: 'Showing 3–4 of 5 results' })));
    expect(ids()).toEqual(['1', '2', '3']);
    expect(document.querySelector('.woocommerce-result-count')?.textContent).toBe('Showing 1–4 of 5 results');
    expect(document.getElementById('mercato-announcer')?.textContent).toBe('1 more product loaded.');
    expect(finished).not.toHaveBeenCalled();

    FakeObserver.reach();
    await server.calls[1]?.reply(page(listingHtml({ ids: [4, 5], count: 'Showing 5–5 of 5 results' })));
    expect(ids()).toEqual(['1', '2', '3', '4', '5']);
    expect(finished).toHaveBeenCalledOnce();
    expect((finished.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ products: 5 });
    expect(document.querySelector('.infinite-scroll__status')?.textContent).toBe('All 5 products are shown.');
    expect(document.querySelector('.infinite-scroll__more')).toBeNull();
    FakeObserver.reach();
    expect(server.calls).toHaveLength(2);
    document.removeEventListener(SCROLL_FINISHED_EVENT, finished);
  });

  it('offers a retry after a failure instead of stopping', async () => {
    const { server, stop } = setUp(listingHtml({ ids: [1], next: '/shop/page/2/', count: 'Showing 1–1 of 2 results' }));
    stops.push(stop);
    const more = getByRole(document.body, 'button', { name: 'Load more products' });
    more.click();
    await server.calls[0]?.reply('busy', 503);
    expect(document.querySelector('.infinite-scroll__status')?.textContent).toBe('More products could not be loaded.');
    // Scrolling does not hammer a failing server; the button does retry.
    FakeObserver.reach();
    expect(server.calls).toHaveLength(1);
    getByRole(document.body, 'button', { name: 'Try again' }).click();
    await server.calls[1]?.reply(page(listingHtml({ ids: [2], count: 'Showing 2–2 of 2 results' })));
    expect(ids()).toEqual(['1', '2']);
    // The button's user goes on with the first new product.
    expect(document.activeElement?.getAttribute('href')).toBe('/product/p2/');
  });

  it('is suspended while a filter loads, and starts again on the new grid', async () => {
    const { server, stop } = setUp(listingHtml({ ids: [1], next: '/shop/page/2/', count: 'Showing 1–1 of 3 results' }));
    stops.push(stop);
    FakeObserver.reach();
    getByRole(document.body, 'link', { name: 'Navy' }).click();
    expect(server.calls[0]?.init.signal?.aborted).toBe(true);
    FakeObserver.reach();
    expect(server.calls).toHaveLength(2);
    await server.calls[1]?.reply(page(listingHtml({ ids: [8], next: '/shop/page/2/?filter_color=navy', count: 'Showing 1–1 of 2 results' })));
    FakeObserver.reach();
    expect(server.calls[2]?.url).toBe(url('/shop/page/2/?filter_color=navy'));
  });
});
