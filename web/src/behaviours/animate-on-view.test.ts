import { afterEach, describe, expect, it, vi } from 'vitest';
import { sectionBehaviours } from './home-sections';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;

function load(top: number, reduced = false): HTMLElement {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduced, media: query }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = callback;
      }
      observe() {
        /* the test reports visibility */
      }
      disconnect() {
        report = undefined;
      }
    },
  );
  document.body.innerHTML = '<section data-behaviour="animate-on-view"><h2>Best sellers</h2></section>';
  const el = document.querySelector('section');
  if (el === null) throw new Error('no section');
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
  createBehaviourRunner({ ...behaviours, ...sectionBehaviours }).attachAll(document.body);
  return el;
}

afterEach(() => {
  vi.unstubAllGlobals();
  report = undefined;
  document.body.innerHTML = '';
});

describe('animate-on-view', () => {
  it('holds back a block below the fold and reveals it when it comes into view', () => {
    const el = load(window.innerHeight + 400);
    expect(el.classList.contains('is-pending')).toBe(true);
    report?.([{ isIntersecting: true }]);
    expect(el.classList.contains('is-pending')).toBe(false);
    expect(el.classList.contains('is-revealed')).toBe(true);
  });

  it('leaves a block already in view alone', () => {
    const el = load(10);
    expect(el.className).toBe('');
    expect(report).toBeUndefined();
  });

  it('never hides anything for visitors who prefer reduced motion', () => {
    const el = load(window.innerHeight + 400, true);
    expect(el.className).toBe('');
  });
});
