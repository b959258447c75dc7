import { getByRole, getByText } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { productBehaviours } from './product-page';
import { createBehaviourRunner } from './runner';

/**
 * The markup partials/product_addons.html writes, "No" checked; the first group's help text
 * is stale, as after the browser restores a different choice on going back to the page.
 */
function serverGroups(): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = `
    <div class="product-addons" data-behaviour="product-addons">
      <fieldset aria-describedby="wrap-chosen">
        <legend>Gift wrap</legend>
        <p id="wrap-chosen" data-addon-chosen>Yes (+$3.00)</p>
        <div><input type="radio" id="wrap-no" name="addon[gift-wrap]" value="no" checked> <label for="wrap-no">No</label></div>
        <div><input type="radio" id="wrap-yes" name="addon[gift-wrap]" value="yes"> <label for="wrap-yes">Yes (+$3.00)</label></div>
      </fieldset>
      <fieldset aria-describedby="side-chosen">
        <legend>Print position</legend>
        <p id="side-chosen" data-addon-chosen></p>
        <div><input type="radio" id="side-front" name="addon[side]" value="front"> <label for="side-front">Front</label></div>
        <div><input type="radio" id="side-back" name="addon[side]" value="back"> <label for="side-back">Back (+$2.00)</label></div>
      </fieldset>
    </div>`;
  const el = template.content.firstElementChild;
  if (!(el instanceof HTMLElement)) {
    throw new Error('bad fixture');
  }
  document.body.append(el);
  return el;
}

beforeEach(() => {
  document.body.replaceChildren();
});

describe('product-addons behaviour', () => {
  it('repeats the checked label above each group, at once and after every change', async () => {
    const el = serverGroups();
    createBehaviourRunner(productBehaviours).attachAll(document.body);
    const wrap = getByRole(el, 'group', { name: 'Gift wrap' });
    const side = getByRole(el, 'group', { name: 'Print position' });
    expect(getByText(wrap, 'No', { selector: 'p' }).id).toBe('wrap-chosen');
    expect(side.querySelector('[data-addon-chosen]')?.textContent).toBe('');

    await userEvent.click(getByRole(el, 'radio', { name: 'Yes (+$3.00)' }));
    expect(wrap.querySelector('[data-addon-chosen]')?.textContent).toBe('Yes (+$3.00)');
    expect(side.querySelector('[data-addon-chosen]')?.textContent).toBe('');

    await userEvent.click(getByRole(el, 'radio', { name: 'Back (+$2.00)' }));
    expect(side.querySelector('[data-addon-chosen]')?.textContent).toBe('Back (+$2.00)');
    expect(wrap.querySelector('[data-addon-chosen]')?.textContent).toBe('Yes (+$3.00)');
  });
});
