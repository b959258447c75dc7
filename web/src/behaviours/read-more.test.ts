import { getByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { contentWidgets } from './content-widgets';
import { READ_MORE_HEIGHT_PX } from './read-more';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

const markup = `<div class="read-more" data-behaviour="read-more"><div class="read-more__content" id="read-more"><p>A long tale.</p></div><button type="button" class="read-more__button" aria-expanded="false" aria-controls="read-more">Read more ▼</button></div>`;

function load(contentHeight: number): HTMLElement {
  document.body.innerHTML = markup;
  const content = document.getElementById('read-more');
  if (content === null) throw new Error('no content');
  Object.defineProperty(content, 'scrollHeight', { configurable: true, value: contentHeight });
  createBehaviourRunner({ ...behaviours, ...contentWidgets }).attachAll(document.body);
  const panel = document.querySelector<HTMLElement>('.read-more');
  if (panel === null) throw new Error('no panel');
  return panel;
}

afterEach(() => {
  document.body.innerHTML = '';
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
});
