import { getByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { backToTop, backToTopShown } from './back-to-top';

describe('back-to-top behaviour', () => {
  it('shows past one viewport height', () => {
    expect(backToTopShown(700, 700)).toBe(false);
    expect(backToTopShown(701, 700)).toBe(true);
  });

  it('floats, appears after scrolling, and scrolls up without following the link', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => {
      run(0);
      return 0; // as if the frame had already run
    });
    window.matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as typeof window.scrollTo;
    document.body.innerHTML = `<a class="skip-link" href="#main">Skip to content</a><footer><a class="back-to-top" href="#top">Back to top</a></footer>`;
    const link = getByRole(document.body, 'link', { name: 'Back to top' });
    Object.defineProperty(window, 'innerHeight', { value: 700, configurable: true });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    backToTop.attach(link);
    expect(link.classList.contains('back-to-top--floating')).toBe(true);
    expect(link.hidden).toBe(true);
    Object.defineProperty(window, 'scrollY', { value: 2000, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(link.hidden).toBe(false);
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
    expect(window.location.hash).toBe('');
    expect(document.activeElement?.textContent, 'from the keyboard focus goes to the top').toBe('Skip to content');
  });
});
