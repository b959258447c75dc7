import { getByRole } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

afterEach(() => {
  document.body.replaceChildren();
});

/** The tabs as partials/header.html writes them in the Menu dialog (the first chosen). */
const TABS = `<dialog id="mobile-menu" aria-label="Menu" open>
  <div class="mobile-menu__tabs" role="tablist" aria-label="Menus" data-behaviour="sidebar-tabs">
    <button type="button" role="tab" id="mobile-menu-tab-main" aria-selected="true" aria-controls="mobile-menu-panel-main">Main menu</button>
    <button type="button" role="tab" id="mobile-menu-tab-second" aria-selected="false" aria-controls="mobile-menu-panel-second" tabindex="-1">Account</button>
  </div>
  <div role="tabpanel" id="mobile-menu-panel-main" aria-labelledby="mobile-menu-tab-main"><a href="/shop/">Shop</a></div>
  <div role="tabpanel" id="mobile-menu-panel-second" aria-labelledby="mobile-menu-tab-second" hidden><a href="/my-account/">My account</a></div>
  </dialog>`;

async function tabs() {
  const stop = createBehaviourRunner(behaviours).observe(document.body);
  document.body.insertAdjacentHTML('beforeend', TABS);
  const list = getByRole(document.body, 'tablist', { name: 'Menus' });
  const main = getByRole(list, 'tab', { name: 'Main menu' });
  const second = getByRole(list, 'tab', { name: 'Account' });
  // The chunk loads, then the behaviour attaches: wait until a click does something.
  const user = userEvent.setup();
  await expect
    .poll(async () => {
      await user.click(second);
      return second.getAttribute('aria-selected');
    })
    .toBe('true');
  await user.click(main);
  return { stop, user, main, second };
}

describe('sidebar menu tabs', () => {
  it('show one panel at a time, chosen by click', async () => {
    const { stop, user, main, second } = await tabs();
    expect(main.getAttribute('aria-selected')).toBe('true');
    expect(getByRole(document.body, 'tabpanel', { name: 'Main menu' })).toBeDefined();
    expect(document.getElementById('mobile-menu-panel-second')?.hidden).toBe(true);
    await user.click(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(main.getAttribute('aria-selected')).toBe('false');
    expect(getByRole(document.body, 'tabpanel', { name: 'Account' })).toBeDefined();
    expect(document.getElementById('mobile-menu-panel-main')?.hidden).toBe(true);
    stop();
  });

  it('move and choose with the arrow keys (wrapping), Home and End, one tab stop', async () => {
    const { stop, user, main, second } = await tabs();
    main.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect([main.tabIndex, second.tabIndex]).toEqual([-1, 0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(main);
    expect(main.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(main);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(second);
    expect(document.getElementById('mobile-menu-panel-second')?.hidden).toBe(false);
    stop();
  });

  it('go back to the main menu when the dialog closes', async () => {
    const { stop, user, main, second } = await tabs();
    await user.click(second);
    document.getElementById('mobile-menu')?.dispatchEvent(new Event('close'));
    expect(main.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById('mobile-menu-panel-main')?.hidden).toBe(false);
    expect(document.getElementById('mobile-menu-panel-second')?.hidden).toBe(true);
    stop();
  });
});
