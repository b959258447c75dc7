import { fireEvent, getByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentWidgets } from './content-widgets';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';
import { TOOLTIP_DELAY_MS } from './tooltip';

const markup = `<p>Shirts of <span class="tooltip" data-behaviour="tooltip"><span class="tooltip__trigger" tabindex="0" title="Grown without pesticides" aria-describedby="tooltip">organic cotton</span><span class="tooltip__bubble" role="tooltip" id="tooltip">Grown without pesticides</span></span>.</p><button>Elsewhere</button>`;

let tip: HTMLElement;
let words: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = markup;
  createBehaviourRunner({ ...behaviours, ...contentWidgets }).attachAll(document.body);
  const found = document.querySelector<HTMLElement>('.tooltip');
  if (found === null) throw new Error('no tooltip');
  tip = found;
  words = getByRole(document.body, 'tooltip').previousElementSibling as HTMLElement;
});

afterEach(() => {
  vi.useRealTimers();
});

const visible = (): boolean => tip.classList.contains('is-visible');

describe('tooltip', () => {
  it('keeps its text described but drops the browser’s own title', () => {
    expect(words.getAttribute('aria-describedby')).toBe('tooltip');
    expect(words.hasAttribute('title')).toBe(false);
  });

  it('shows 700 ms after hover, hides on leaving', () => {
    fireEvent.pointerEnter(tip, { pointerType: 'mouse' });
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1);
    expect(visible()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(visible()).toBe(true);
    fireEvent.pointerLeave(tip, { pointerType: 'mouse' });
    expect(visible()).toBe(false);
  });

  it('does not show when the pointer leaves before the delay', () => {
    fireEvent.pointerEnter(tip, { pointerType: 'mouse' });
    vi.advanceTimersByTime(300);
    fireEvent.pointerLeave(tip, { pointerType: 'mouse' });
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    expect(visible()).toBe(false);
  });

  it('shows on focus after the delay and hides on Escape and on blur', () => {
    words.focus();
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    expect(visible()).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(visible()).toBe(false);
    words.blur();
    words.focus();
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS);
    expect(visible()).toBe(true);
    words.blur();
    expect(visible()).toBe(false);
  });

  it('shows at once on a tap and hides on a second tap or a tap elsewhere', () => {
    fireEvent.pointerDown(words, { pointerType: 'touch' });
    fireEvent.click(words);
    expect(visible()).toBe(true);
    fireEvent.pointerDown(words, { pointerType: 'touch' });
    fireEvent.click(words);
    expect(visible()).toBe(false);
    fireEvent.pointerDown(words, { pointerType: 'touch' });
    fireEvent.click(words);
    fireEvent.pointerDown(getByRole(document.body, 'button'), { pointerType: 'touch' });
    expect(visible()).toBe(false);
  });
});
