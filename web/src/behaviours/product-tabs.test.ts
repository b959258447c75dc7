import { getAllByRole, getByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productBehaviours } from './product-page';
import { createBehaviourRunner } from './runner';
import { initialTab } from './product-tabs';

const page = `
  <div class="product" data-behaviour="product-reviews">
    <div class="woocommerce-product-rating">
      <a href="#reviews" class="woocommerce-review-link">(<span class="count">2</span> customer reviews)</a>
    </div>
    <div class="woocommerce-tabs wc-tabs-wrapper" data-tabs data-behaviour="product-tabs">
      <ul class="tabs wc-tabs">
        <li class="description_tab"><a href="#tab-description">Description</a></li>
        <li class="additional_information_tab"><a href="#tab-additional_information">Additional information</a></li>
        <li class="reviews_tab"><a href="#tab-reviews">Reviews (2)</a></li>
      </ul>
      <section id="tab-description"><h2>Description</h2><p>Warm.</p></section>
      <section id="tab-additional_information"><h2>Additional information</h2></section>
      <section id="tab-reviews"><div id="reviews"><h2>2 reviews</h2></div></section>
    </div>
  </div>`;

function load(url = '/product/hoodie/'): HTMLElement {
  window.history.replaceState(null, '', url);
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
  document.body.innerHTML = page;
  createBehaviourRunner(productBehaviours).attachAll(document.body);
  return document.body;
}

/** The shown panel's id: the tab panels other than it are hidden. */
function shownPanels(body: HTMLElement): string[] {
  return [...body.querySelectorAll('section')].filter((s) => !s.hidden).map((s) => s.id);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('product tabs', () => {
  it('make a tab list of three named tabs, the first selected and its panel alone shown', () => {
    const body = load();
    const list = getByRole(body, 'tablist');
    const tabs = getAllByRole(list, 'tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Description', 'Additional information', 'Reviews (2)']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(shownPanels(body)).toEqual(['tab-description']);
    const panel = getByRole(body, 'tabpanel', { name: 'Description' });
    expect(panel.id).toBe('tab-description');
  });

  it('move with the arrow keys, Home and End, the selection following focus', async () => {
    const body = load();
    const user = userEvent.setup();
    await user.click(getByRole(body, 'tab', { name: 'Description' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Additional information');
    expect(shownPanels(body)).toEqual(['tab-additional_information']);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement?.textContent, 'wraps around').toBe('Description');
    await user.keyboard('{ArrowLeft}');
    expect(shownPanels(body)).toEqual(['tab-reviews']);
    await user.keyboard('{Home}');
    expect(shownPanels(body)).toEqual(['tab-description']);
    await user.keyboard('{End}');
    expect(getByRole(body, 'tab', { name: 'Reviews (2)' }).getAttribute('aria-selected')).toBe('true');
  });

  it('open a tab on click without changing the URL', async () => {
    const body = load();
    await userEvent.click(getByRole(body, 'tab', { name: 'Reviews (2)' }));
    expect(shownPanels(body)).toEqual(['tab-reviews']);
    expect(window.location.hash).toBe('');
  });

  it.each(['/product/hoodie/#reviews', '/product/hoodie/#comment-12', '/product/hoodie/comment-page-2/', '/product/hoodie/#tab-reviews'])(
    'open the Reviews tab for %s',
    (url) => {
      const body = load(url);
      expect(shownPanels(body)).toEqual(['tab-reviews']);
      expect(getByRole(body, 'tab', { name: 'Reviews (2)' }).getAttribute('aria-selected')).toBe('true');
    },
  );

  it('the review-count link selects the Reviews tab', async () => {
    const body = load();
    await userEvent.click(getByRole(body, 'link', { name: '(2 customer reviews)' }));
    expect(shownPanels(body)).toEqual(['tab-reviews']);
    expect(window.location.hash).toBe('#reviews');
  });

  it('pick the panel a hash names, or the first', () => {
    const ids = ['tab-description', 'tab-additional_information', 'tab-reviews'];
    expect(initialTab(ids, new URL('https://shop.test/p/#tab-additional_information'))).toBe(1);
    expect(initialTab(ids, new URL('https://shop.test/p/?cpage=2'))).toBe(2);
    expect(initialTab(ids, new URL('https://shop.test/p/#nothing'))).toBe(0);
    expect(initialTab(['tab-description'], new URL('https://shop.test/p/#reviews'))).toBe(0);
  });
});
