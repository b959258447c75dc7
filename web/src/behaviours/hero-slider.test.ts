import { getByRole, queryAllByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sectionBehaviours } from './home-sections';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

const slider = (autoplay: string) => `
  <section id="s" aria-roledescription="carousel" aria-label="Highlights" data-behaviour="hero-slider" ${autoplay}>
    <div class="home-hero__controls" hidden>
      <button type="button" data-slider-rotation aria-label="Stop automatic slide show"></button>
      <button type="button" data-slider-prev aria-label="Previous slide"></button>
      <button type="button" data-slider-next aria-label="Next slide"></button>
    </div>
    <div class="home-hero__slides" aria-live="polite">
      <div role="group" aria-roledescription="slide" aria-label="1 of 3" data-slide><h1>One</h1><a href="/a/">Shop</a></div>
      <div role="group" aria-roledescription="slide" aria-label="2 of 3" data-slide><h2>Two</h2></div>
      <div role="group" aria-roledescription="slide" aria-label="3 of 3" data-slide><h2>Three</h2></div>
    </div>
  </section>`;

function load(autoplay = '', reduced = false): HTMLElement {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduced, media: query }));
  document.body.innerHTML = slider(autoplay);
  createBehaviourRunner({ ...behaviours, ...sectionBehaviours }).attachAll(document.body);
  return document.body;
}

/** The names of the slides a visitor can see. */
function shown(body: HTMLElement): string[] {
  return queryAllByRole(body, 'group').map((g) => g.getAttribute('aria-label') ?? '');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('hero slider', () => {
  it('shows the first slide alone and moves with the buttons, wrapping around', async () => {
    const body = load();
    const user = userEvent.setup();
    expect(getByRole(body, 'region', { name: 'Highlights' })).toBeTruthy();
    expect(shown(body)).toEqual(['1 of 3']);
    await user.click(getByRole(body, 'button', { name: 'Next slide' }));
    expect(shown(body)).toEqual(['2 of 3']);
    await user.click(getByRole(body, 'button', { name: 'Previous slide' }));
    await user.click(getByRole(body, 'button', { name: 'Previous slide' }));
    expect(shown(body)).toEqual(['3 of 3']);
    await user.click(getByRole(body, 'button', { name: 'Next slide' }));
    expect(shown(body)).toEqual(['1 of 3']);
  });

  it('answers the keyboard on its buttons', async () => {
    const body = load();
    const user = userEvent.setup();
    getByRole(body, 'button', { name: 'Next slide' }).focus();
    await user.keyboard('{Enter}');
    expect(shown(body)).toEqual(['2 of 3']);
    await user.keyboard(' ');
    expect(shown(body)).toEqual(['3 of 3']);
  });

  it('moves on by itself, not while focus is inside, and stops for good with the rotation button', () => {
    vi.useFakeTimers();
    const body = load('data-autoplay="5"');
    const live = body.querySelector('.home-hero__slides');
    expect(live?.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(5000);
    expect(shown(body)).toEqual(['2 of 3']);
    const stop = getByRole(body, 'button', { name: 'Stop automatic slide show' });
    stop.focus();
    vi.advanceTimersByTime(20_000);
    expect(shown(body)).toEqual(['2 of 3']);
    expect(live?.getAttribute('aria-live')).toBe('polite');
    stop.click();
    expect(getByRole(body, 'button', { name: 'Start automatic slide show' })).toBe(stop);
    stop.blur();
    vi.advanceTimersByTime(20_000);
    expect(shown(body)).toEqual(['2 of 3']);
  });

  it('never moves by itself for visitors who prefer reduced motion', () => {
    vi.useFakeTimers();
    const body = load('data-autoplay="5"', true);
    vi.advanceTimersByTime(30_000);
    expect(shown(body)).toEqual(['1 of 3']);
    expect(queryAllByRole(body, 'button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Previous slide',
      'Next slide',
    ]);
  });
});
