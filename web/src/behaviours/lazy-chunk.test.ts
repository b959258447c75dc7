import { queryAllByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChunk } from './lazy-chunk';
import { behaviours } from './registry';
import { createScheduler } from '../scheduler/scheduler';
import { createBehaviourRunner } from './runner';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('home sections through the registry', () => {
  it('fetch their chunk and then attach, so the slider ends up showing one slide', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    document.body.innerHTML = `
      <section aria-roledescription="carousel" aria-label="Highlights" data-behaviour="hero-slider">
        <div class="home-hero__controls" hidden>
          <button type="button" data-slider-prev aria-label="Previous slide"></button>
          <button type="button" data-slider-next aria-label="Next slide"></button>
        </div>
        <div class="home-hero__slides" aria-live="polite">
          <div role="group" aria-roledescription="slide" aria-label="1 of 2" data-slide><h1>One</h1></div>
          <div role="group" aria-roledescription="slide" aria-label="2 of 2" data-slide><h2>Two</h2></div>
        </div>
      </section>`;
    createBehaviourRunner(behaviours).attachAll(document.body);
    await vi.waitFor(() => {
      expect(queryAllByRole(document.body, 'group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 2']);
    });
  });
});

describe('lazyChunk', () => {
  it('loads a chunk once for all its behaviours, and a removal before it came stops the attach', async () => {
    const attached: string[] = [];
    const load = vi.fn(() =>
      Promise.resolve({
        mark: {
          attach(el: HTMLElement) {
            attached.push(el.id);
          },
        },
      }),
    );
    const fromChunk = lazyChunk('marks', load);
    document.body.innerHTML = '<div id="first" data-behaviour="mark"></div><div id="second" data-behaviour="mark"></div>';
    const scheduler = createScheduler({ behaviours: { mark: fromChunk('mark') } });
    const stop = scheduler.observe(document.body);
    const done = scheduler.scan(document.body);
    document.getElementById('second')?.remove();
    await done;
    stop();
    expect(attached).toEqual(['first']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with nearViewport, fetches nothing until the element comes near the viewport', async () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const observed: { el: Element; rootMargin: string | undefined }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void, init?: { rootMargin?: string }) {
          report = callback;
          this.rootMargin = init?.rootMargin;
        }
        rootMargin: string | undefined;
        observe(el: Element): void {
          observed.push({ el, rootMargin: this.rootMargin });
        }
        disconnect(): void {
          report = undefined;
        }
      },
    );
    const attached: string[] = [];
    const load = vi.fn(() => Promise.resolve({ mark: { attach: (el: HTMLElement) => void attached.push(el.id) } }));
    document.body.innerHTML = '<div id="block" data-behaviour="mark"></div>';
    const block = document.getElementById('block');
    createBehaviourRunner({ mark: lazyChunk('marks', load, { nearViewport: true })('mark') }).attachAll(document.body);
    expect(observed).toEqual([{ el: block, rootMargin: '200px 0px' }]);
    expect(block?.dataset.behaviourState).toBe('waiting');
    report?.([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    report?.([{ isIntersecting: true }]);
    await vi.waitFor(() => {
      expect(attached).toEqual(['block']);
    });
    expect(block?.dataset.behaviourState).toBe('attached');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with nearViewport, holds a click that comes before the chunk and gives it to the behaviour', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observed = 0;
        observe(): void {
          this.observed += 1;
        }
        disconnect(): void {
          this.observed = 0;
        }
      },
    );
    const clicks: string[] = [];
    const load = vi.fn(() =>
      Promise.resolve({
        film: {
          attach(el: HTMLElement) {
            el.addEventListener('click', (event) => {
              event.preventDefault();
              clicks.push('played');
            });
          },
        },
      }),
    );
    document.body.innerHTML = '<p id="block" data-behaviour="film"><a href="/media/film.mp4">Watch</a></p>';
    const link = document.querySelector('a');
    if (!link) {
      throw new Error('test markup');
    }
    createBehaviourRunner({ film: lazyChunk('films', load, { nearViewport: true })('film') }).attachAll(document.body);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(early);
    expect(early.defaultPrevented, 'the link is not followed').toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => {
      expect(clicks).toEqual(['played']);
    });
    const later = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(later);
    expect(clicks, 'once attached, clicks go straight to the behaviour').toEqual(['played', 'played']);
  });
});
