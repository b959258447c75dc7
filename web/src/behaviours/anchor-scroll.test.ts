import { getByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anchorTarget, startAnchorScroll } from './anchor-scroll';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('anchor-scroll', () => {
  it('knows in-page anchors from other links', () => {
    document.body.innerHTML = `<a id="a" href="#faq">FAQ</a><a id="b" href="/other/#faq">Other</a><a id="c" href="#missing">Missing</a><a id="d" href="#faq" role="tab">Tab</a><a id="e" href="#">Hash</a><section id="faq"></section>`;
    const link = (id: string): HTMLAnchorElement => document.getElementById(id) as HTMLAnchorElement;
    expect(anchorTarget(link('a'), document)?.id).toBe('faq');
    expect(anchorTarget(link('b'), document)).toBeNull();
    expect(anchorTarget(link('c'), document)).toBeNull();
    expect(anchorTarget(link('d'), document)).toBeNull();
    expect(anchorTarget(link('e'), document)).toBeNull();
  });

  it('scrolls below the sticky header, smoothly, and moves focus and the hash', async () => {
    window.matchMedia = vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList);
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    document.body.innerHTML = `<header class="site-header"></header><a href="#faq">FAQ</a><section id="faq"><h2>FAQ</h2></section>`;
    const header = document.querySelector<HTMLElement>('.site-header');
    const section = document.getElementById('faq');
    if (header === null || section === null) {
      throw new Error('bad fixture');
    }
    header.style.position = 'fixed';
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ height: 80 } as DOMRect);
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 1000 } as DOMRect);
    const hashes: string[] = [];
    window.addEventListener('hashchange', () => hashes.push(window.location.hash));
    const stop = startAnchorScroll(document);
    await userEvent.click(getByRole(document.body, 'link', { name: 'FAQ' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 920, behavior: 'smooth' });
    expect(window.location.hash).toBe('#faq');
    expect(hashes).toEqual(['#faq']);
    expect(document.activeElement).toBe(section);
    stop();
  });

  it('leaves links other scripts handled alone', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    document.body.innerHTML = `<a href="#faq">FAQ</a><section id="faq"></section>`;
    const link = getByRole(document.body, 'link', { name: 'FAQ' });
    link.addEventListener('click', (event) => {
      event.preventDefault();
    });
    const stop = startAnchorScroll(document);
    await userEvent.click(link);
    expect(scrollTo).not.toHaveBeenCalled();
    stop();
  });
});
