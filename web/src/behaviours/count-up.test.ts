import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_UP_MS, countAt } from './count-up';
import { belowBehaviours } from './home-sections-below';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
const frames: FrameRequestCallback[] = [];

function load(reduced = false): HTMLElement {
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
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  document.body.innerHTML = `<span class="n"><span class="sr-text">48,000+</span><span aria-hidden="true" data-behaviour="count-up" data-count-to="48000" data-suffix="+">48,000+</span></span>`;
  createBehaviourRunner({ ...behaviours, ...belowBehaviours }).attachAll(document.body);
  const el = document.querySelector<HTMLElement>('[data-count-to]');
  if (el === null) throw new Error('no counter');
  return el;
}

/** Runs the animation frames queued so far at time `at`. */
function runFrames(at: number): void {
  for (const cb of frames.splice(0)) cb(at);
}

afterEach(() => {
  vi.unstubAllGlobals();
  report = undefined;
  frames.length = 0;
  document.body.innerHTML = '';
});

describe('count-up', () => {
  it('counts from 0 to the number with an ease-out', () => {
    expect(countAt(100, 0)).toBe(0);
    expect(countAt(100, COUNT_UP_MS / 2)).toBeGreaterThan(50);
    expect(countAt(100, COUNT_UP_MS)).toBe(100);
    expect(countAt(100, COUNT_UP_MS * 3)).toBe(100);
  });

  it('keeps the final number until the counter comes into view, then counts up to it', () => {
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const el = load();
    expect(el.textContent).toBe('48,000+');
    report?.([{ isIntersecting: false }]);
    expect(el.textContent).toBe('48,000+');
    report?.([{ isIntersecting: true }]);
    expect(el.textContent).toBe('0+');
    runFrames(COUNT_UP_MS / 4);
    const midway = Number(el.textContent.replace(/\D/g, ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(48000);
    runFrames(COUNT_UP_MS);
    expect(el.textContent).toBe('48,000+');
    expect(frames).toHaveLength(0);
    // The number screen readers read never changes.
    expect(document.querySelector('.sr-text')?.textContent).toBe('48,000+');
  });

  it('does not animate for visitors who prefer reduced motion', () => {
    const el = load(true);
    expect(report).toBeUndefined();
    expect(el.textContent).toBe('48,000+');
  });
});
