import { getByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentWidgets } from './content-widgets';
import { READ_MORE_DURATION_MS, READ_MORE_HEIGHT_PX } from './read-more';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

const markup = `<div class="read-more" data-behaviour="read-more"><div class="read-more__content" id="read-more"><p>A long tale.</p></div><button type="button" class="read-more__button" aria-expanded="false" aria-controls="read-more">Read more ▼</button></div>`;

let animate: ReturnType<typeof vi.fn>;

function content(): HTMLElement {
  const el = document.getElementById('read-more');
  if (el === null) throw new Error('no content');
  return el;
}

/** Loads the panel with content `contentHeight` px tall, shown `shownHeight` px tall. */
function load(contentHeight: number, { reduced = false, shownHeight = READ_MORE_HEIGHT_PX } = {}): HTMLElement {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduced && query.includes('reduce'), media: query }));
  document.body.innerHTML = markup;
  Object.defineProperty(content(), 'scrollHeight', { configurable: true, value: contentHeight });
  content().getBoundingClientRect = () => new DOMRect(0, 0, 600, shownHeight);
  animate = vi.fn(() => ({ cancel: vi.fn(), onfinish: null }));
  content().animate = animate as unknown as HTMLElement['animate'];
  createBehaviourRunner({ ...behaviours, ...contentWidgets }).attachAll(document.body);
  const panel = document.querySelector<HTMLElement>('.read-more');
  if (panel === null) throw new Error('no panel');
  return panel;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('read more', () => {
  it('starts folded and toggles between Read more ▼ and Collapse ▲', () => {
    const panel = load(900);
    const button = getByRole(document.body, 'button', { name: 'Read more ▼' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.classList.contains('is-open')).toBe(false);
    button.click();
    expect(getByRole(document.body, 'button', { name: 'Collapse ▲' })).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.classList.contains('is-open')).toBe(true);
    button.click();
    expect(button.textContent).toBe('Read more ▼');
    expect(panel.classList.contains('is-open')).toBe(false);
  });

  it('leaves a panel no taller than the fold open, without a button', () => {
    const panel = load(READ_MORE_HEIGHT_PX);
    expect(panel.classList.contains('is-open')).toBe(true);
    expect(getByRole(document.body, 'button', { hidden: true }).hidden).toBe(true);
  });

  it('animates its height over 200 ms from the fold to the full height and back', () => {
    load(900);
    const button = getByRole(document.body, 'button', { name: 'Read more ▼' });
    expect(animate).not.toHaveBeenCalled();
    button.click();
    expect(animate).toHaveBeenCalledTimes(1);
    expect(animate).toHaveBeenLastCalledWith([{ maxHeight: '200px' }, { maxHeight: '900px' }], expect.objectContaining({ duration: READ_MORE_DURATION_MS }));
    content().getBoundingClientRect = () => new DOMRect(0, 0, 600, 900);
    button.click();
    expect(animate).toHaveBeenLastCalledWith([{ maxHeight: '900px' }, { maxHeight: '200px' }], expect.objectContaining({ duration: READ_MORE_DURATION_MS }));
  });

  it('turns back from where it is when clicked mid-way', () => {
    load(900);
    const button = getByRole(document.body, 'button', { name: 'Read more ▼' });
    button.click();
    const opening = animate.mock.results[0]?.value as { cancel: ReturnType<typeof vi.fn> };
    content().getBoundingClientRect = () => new DOMRect(0, 0, 600, 420);
    button.click();
    expect(opening.cancel).toHaveBeenCalled();
    expect(animate).toHaveBeenLastCalledWith([{ maxHeight: '420px' }, { maxHeight: '200px' }], expect.any(Object));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('does not animate with reduced motion', () => {
    const panel = load(900, { reduced: true });
    getByRole(document.body, 'button', { name: 'Read more ▼' }).click();
    expect(animate).not.toHaveBeenCalled();
    expect(panel.classList.contains('is-open')).toBe(true);
  });
});
