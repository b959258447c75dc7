import { getByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestReveal } from '../lib/reveal';
import { ACCORDION_DURATION_MS } from './accordion';
import { contentWidgets } from './content-widgets';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

// The markup crates/core/src/content/widgets.rs writes for two items, the second `open`:
// every button says expanded, as every panel shows until the behaviour attaches.
const markup = `
  <header class="site-header"><p>Shop</p></header>
  <div class="accordion" data-behaviour="accordion">
    <div class="accordion__item" id="delivery"><h3 class="accordion__heading"><button type="button" class="accordion__button" id="delivery-button" aria-expanded="true" aria-controls="delivery-panel">Delivery</button></h3>
      <div class="accordion__panel" id="delivery-panel" role="region" aria-labelledby="delivery-button"><p>Two days. <span id="couriers">Couriers</span></p></div></div>
    <div class="accordion__item is-open" id="returns"><h3 class="accordion__heading"><button type="button" class="accordion__button" id="returns-button" aria-expanded="true" aria-controls="returns-panel">Returns</button></h3>
      <div class="accordion__panel" id="returns-panel" role="region" aria-labelledby="returns-button"><p>30 days.</p></div></div>
  </div>`;

let scrollTo: ReturnType<typeof vi.fn>;
let animate: ReturnType<typeof vi.fn>;

function load(url: string, reduced = false, single = false): void {
  window.history.replaceState(null, '', url);
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduced && query.includes('reduce'), media: query }));
  document.body.innerHTML = single ? markup.replace('data-behaviour="accordion"', 'data-behaviour="accordion" data-single') : markup;
  animate = vi.fn(() => ({ cancel: vi.fn(), onfinish: null }));
  finished = 0;
  for (const panel of document.querySelectorAll<HTMLElement>('.accordion__panel')) {
    panel.animate = animate as unknown as typeof panel.animate;
  }
  createBehaviourRunner({ ...behaviours, ...contentWidgets }).attachAll(document.body);
}

let finished = 0;

/** Ends the animations started since the last call, as the browser would. */
function finishAnimations(): void {
  for (const result of animate.mock.results.slice(finished)) {
    (result.value as { onfinish: (() => void) | null }).onfinish?.();
  }
  finished = animate.mock.results.length;
}

function button(name: string): HTMLElement {
  return getByRole(document.body, 'button', { name });
}

/** The panel the button named `name` controls. */
function region(name: string): HTMLElement {
  const panel = document.getElementById(button(name).getAttribute('aria-controls') ?? '');
  if (panel === null) throw new Error(`no panel for ${name}`);
  return panel;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('accordion', () => {
  it('keeps the server’s open item and folds the others', () => {
    load('/shipping/');
    expect(button('Delivery').getAttribute('aria-expanded')).toBe('false');
    expect(region('Delivery').hidden).toBe(true);
    expect(button('Returns').getAttribute('aria-expanded')).toBe('true');
    expect(region('Returns').hidden).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('opens and closes an item from its button, animating for 200 ms', () => {
    load('/shipping/');
    button('Delivery').click();
    expect(button('Delivery').getAttribute('aria-expanded')).toBe('true');
    expect(region('Delivery').hidden).toBe(false);
    // Items open independently: Returns stays open.
    expect(button('Returns').getAttribute('aria-expanded')).toBe('true');
    expect(animate).toHaveBeenCalledWith(expect.any(Array), expect.objectContaining({ duration: ACCORDION_DURATION_MS }));
    // Closing keeps the panel shown until its animation ends.
    button('Returns').click();
    expect(button('Returns').getAttribute('aria-expanded')).toBe('false');
    const closing = animate.mock.results.at(-1)?.value as { onfinish: (() => void) | null };
    expect(region('Returns').hidden).toBe(false);
    closing.onfinish?.();
    expect(region('Returns').hidden).toBe(true);
  });

  it('does not animate with reduced motion', () => {
    load('/shipping/', true);
    button('Returns').click();
    expect(animate).not.toHaveBeenCalled();
    expect(region('Returns').hidden).toBe(true);
  });

  it('opens the item the hash names and scrolls to it 500 ms after load', () => {
    load('/shipping/#couriers');
    expect(button('Delivery').getAttribute('aria-expanded')).toBe('true');
    expect(region('Delivery').hidden).toBe(false);
    vi.advanceTimersByTime(499);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('opens an item on a later hash change or when something inside asks to be shown', () => {
    load('/shipping/');
    window.history.replaceState(null, '', '#delivery');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(button('Delivery').getAttribute('aria-expanded')).toBe('true');
    button('Returns').click();
    animate.mock.results.forEach((r) => (r.value as { onfinish: (() => void) | null }).onfinish?.());
    expect(region('Returns').hidden).toBe(true);
    const inside = region('Returns').querySelector('p');
    if (inside === null) throw new Error('no paragraph');
    requestReveal(inside);
    expect(button('Returns').getAttribute('aria-expanded')).toBe('true');
    expect(region('Returns').hidden).toBe(false);
  });

  describe('one open at a time (`[accordion single]`)', () => {
    it('closes the open item when another opens, animating both', () => {
      load('/shipping/', false, true);
      button('Delivery').click();
      expect(button('Delivery').getAttribute('aria-expanded')).toBe('true');
      expect(button('Returns').getAttribute('aria-expanded')).toBe('false');
      expect(animate).toHaveBeenCalledTimes(2);
      finishAnimations();
      expect(region('Delivery').hidden).toBe(false);
      expect(region('Returns').hidden).toBe(true);
      // Closing the open one leaves none open.
      button('Delivery').click();
      finishAnimations();
      expect(region('Delivery').hidden).toBe(true);
      expect(region('Returns').hidden).toBe(true);
    });

    it('closes at once with reduced motion', () => {
      load('/shipping/', true, true);
      button('Delivery').click();
      expect(animate).not.toHaveBeenCalled();
      expect(region('Delivery').hidden).toBe(false);
      expect(region('Returns').hidden).toBe(true);
    });

    it('keeps only the item the URL names open, and a later hash or reveal moves it', () => {
      load('/shipping/#couriers', false, true);
      expect(region('Delivery').hidden).toBe(false);
      expect(region('Returns').hidden).toBe(true);
      const inside = region('Returns').querySelector('p');
      if (inside === null) throw new Error('no paragraph');
      requestReveal(inside);
      finishAnimations();
      expect(region('Returns').hidden).toBe(false);
      expect(region('Delivery').hidden).toBe(true);
      window.history.replaceState(null, '', '#delivery');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      finishAnimations();
      expect(button('Delivery').getAttribute('aria-expanded')).toBe('true');
      expect(button('Returns').getAttribute('aria-expanded')).toBe('false');
      expect(region('Returns').hidden).toBe(true);
    });
  });
});
