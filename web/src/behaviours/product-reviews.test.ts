import { getByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productBehaviours } from './product-page';
import { createBehaviourRunner } from './runner';
import { urlWantsReviews } from './product-reviews';

const page = `
  <header class="site-header"><p>Mercato</p></header>
  <div id="product-55" class="product" data-behaviour="product-reviews">
    <div class="woocommerce-product-rating">
      <a href="#reviews" class="woocommerce-review-link" rel="nofollow">(<span class="count">3</span> customer reviews)</a>
    </div>
    <div class="woocommerce-tabs" data-tabs>
      <section id="tab-description"><h2>Description</h2></section>
      <section id="tab-reviews" hidden>
        <div id="reviews"><div id="comments"><h2>3 reviews</h2></div></div>
      </section>
    </div>
  </div>`;

let scrollTo: ReturnType<typeof vi.fn>;

function load(url: string, reducedMotion = false): HTMLElement {
  window.history.replaceState(null, '', url);
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reducedMotion && query.includes('reduce'), media: query }));
  document.body.innerHTML = page;
  const reviews = document.getElementById('reviews');
  if (reviews === null) {
    throw new Error('bad fixture');
  }
  vi.spyOn(reviews, 'getBoundingClientRect').mockReturnValue({ top: 1200 } as DOMRect);
  createBehaviourRunner(productBehaviours).attachAll(document.body);
  return document.body;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

describe('urlWantsReviews (SPEC §2.3)', () => {
  it.each([
    ['https://shop.test/product/a/#reviews', true],
    ['https://shop.test/product/a/#comments', true],
    ['https://shop.test/product/a/#tab-reviews', true],
    ['https://shop.test/product/a/#comment-12', true],
    ['https://shop.test/product/a/#li-comment-12', true],
    ['https://shop.test/product/a/comment-page-2/', true],
    ['https://shop.test/product/a/?cpage=2', true],
    ['https://shop.test/product/a/', false],
    ['https://shop.test/product/a/#tab-description', false],
    ['https://shop.test/product/a/#review_form', false],
  ])('%s → %s', (url, expected) => {
    expect(urlWantsReviews(new URL(url))).toBe(expected);
  });
});

describe('product-reviews behaviour', () => {
  it('opens the reviews and scrolls to them 500 ms after load, 15 px below the header', () => {
    load('/product/classic-zip-hoodie/#reviews');
    expect(document.getElementById('tab-reviews')?.hidden).toBe(false);

    vi.advanceTimersByTime(499);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The header here is not sticky, so only the extra 15 px apply.
    expect(scrollTo).toHaveBeenCalledWith({ top: 1200 - 15, behavior: 'smooth' });
  });

  it('counts the 500 ms from the load event when the page is still loading', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    load('/product/classic-zip-hoodie/#reviews');
    vi.advanceTimersByTime(1000);
    expect(scrollTo).not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(499);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('jumps without animation when the shopper prefers reduced motion', () => {
    load('/product/classic-zip-hoodie/#comment-7', true);
    vi.advanceTimersByTime(500);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1185, behavior: 'instant' });
  });

  it('leaves a page that does not ask for the reviews alone', () => {
    load('/product/classic-zip-hoodie/');
    vi.advanceTimersByTime(1000);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(document.getElementById('tab-reviews')?.hidden).toBe(true);
  });

  it('the review-count link opens them, pushes #reviews and scrolls after 500 ms', () => {
    const body = load('/product/classic-zip-hoodie/');
    const push = vi.spyOn(window.history, 'pushState');

    getByRole(body, 'link', { name: '(3 customer reviews)' }).click();

    expect(push).toHaveBeenCalledWith(null, '', '#reviews');
    expect(window.location.hash).toBe('#reviews');
    expect(document.getElementById('tab-reviews')?.hidden).toBe(false);
    vi.advanceTimersByTime(500);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('offsets by a sticky header', () => {
    load('/product/classic-zip-hoodie/#reviews');
    const siteHeader = document.querySelector('.site-header');
    if (!(siteHeader instanceof HTMLElement)) {
      throw new Error('bad fixture');
    }
    siteHeader.style.position = 'sticky';
    vi.spyOn(siteHeader, 'getBoundingClientRect').mockReturnValue({ height: 64 } as DOMRect);
    vi.advanceTimersByTime(500);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1200 - 64 - 15, behavior: 'smooth' });
  });
});
