import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextHeaderState, siteHeader } from './site-header';

const none = { stuck: false, hidden: false };

describe('nextHeaderState', () => {
  it('sticks past the threshold and un-sticks above it', () => {
    expect(nextHeaderState(100, 0, none, 100, false)).toEqual({ stuck: false, hidden: false });
    expect(nextHeaderState(101, 100, none, 100, false)).toEqual({ stuck: true, hidden: false });
    expect(nextHeaderState(40, 300, { stuck: true, hidden: false }, 100, false)).toEqual(none);
  });

  it('hides only when asked, while scrolling down, and shows again on the way up', () => {
    const stuck = { stuck: true, hidden: false };
    expect(nextHeaderState(600, 500, stuck, 100, false).hidden).toBe(false);
    const down = nextHeaderState(600, 500, stuck, 100, true);
    expect(down).toEqual({ stuck: true, hidden: true });
    expect(nextHeaderState(602, 600, down, 100, true).hidden).toBe(true);
    expect(nextHeaderState(598, 600, down, 100, true).hidden, 'a small jitter keeps the state').toBe(true);
    expect(nextHeaderState(550, 600, down, 100, true).hidden).toBe(false);
    expect(nextHeaderState(50, 600, down, 100, true), 'never hidden above the threshold').toEqual(none);
  });
});

describe('site-header behaviour', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function scrollTo(y: number): void {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  }

  it('marks the header stuck past data-sticky-height and keeps its room in the page', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => {
      run(0);
      return 0; // as if the frame had already run
    });
    document.body.innerHTML = `<div class="site-header-wrap" data-behaviour="site-header" data-sticky-height="150" data-hide-on-scroll><header class="site-header"><a href="/">Logo</a></header></div>`;
    const wrap = document.querySelector<HTMLElement>('.site-header-wrap');
    const header = document.querySelector<HTMLElement>('.site-header');
    if (wrap === null || header === null) {
      throw new Error('bad fixture');
    }
    Object.defineProperty(header, 'offsetHeight', { value: 64 });
    scrollTo(0);
    const detach = siteHeader.attach(wrap);
    expect(header.classList.contains('is-stuck')).toBe(false);
    scrollTo(160);
    expect(header.classList.contains('is-stuck')).toBe(true);
    expect(wrap.style.minHeight).toBe('64px');
    scrollTo(400);
    expect(header.classList.contains('is-hidden')).toBe(true);
    header.querySelector('a')?.focus();
    expect(header.classList.contains('is-hidden'), 'focus brings it back').toBe(false);
    header.querySelector('a')?.blur();
    scrollTo(300);
    expect(header.classList.contains('is-hidden')).toBe(false);
    scrollTo(100);
    expect(header.classList.contains('is-stuck')).toBe(false);
    expect(wrap.style.minHeight).toBe('');
    if (typeof detach === 'function') detach();
  });
});
