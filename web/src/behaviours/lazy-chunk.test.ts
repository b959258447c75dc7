import { queryAllByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChunk } from './lazy-chunk';
import { behaviours } from './registry';
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
  it('loads a chunk once for all its behaviours, and an undo before it came stops the attach', async () => {
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
    const fromChunk = lazyChunk(load);
    const first = document.createElement('div');
    first.id = 'first';
    const second = document.createElement('div');
    second.id = 'second';
    fromChunk('mark').attach(first);
    const undo = fromChunk('mark').attach(second);
    if (typeof undo === 'function') {
      undo();
    }
    await vi.waitFor(() => {
      expect(attached).toEqual(['first']);
    });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
