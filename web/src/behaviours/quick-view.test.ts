import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { quickView } from './quick-view';

afterEach(() => {
  document.body.replaceChildren();
});

describe('the quick-view button behaviour', () => {
  it('shows the hidden button, and hides it again when undone', () => {
    document.body.innerHTML = `<button type="button" class="quick-view" data-prod="55" aria-label="Quick view: “Hoodie”" hidden>Quick view</button>`;
    expect(queryByRole(document.body, 'button')).toBeNull();
    const button = document.querySelector<HTMLElement>('button.quick-view');
    if (button === null) {
      throw new Error('no button');
    }
    const undo = quickView.attach(button);
    expect(getByRole(document.body, 'button', { name: 'Quick view: “Hoodie”' })).toBe(button);
    undo?.();
    expect(queryByRole(document.body, 'button')).toBeNull();
  });

  it('leaves a button without a product hidden', () => {
    document.body.innerHTML = `<button type="button" class="quick-view" data-prod="" hidden>Quick view</button>`;
    const button = document.querySelector<HTMLElement>('button.quick-view');
    if (button === null) {
      throw new Error('no button');
    }
    quickView.attach(button);
    expect(button.hidden).toBe(true);
  });
});
