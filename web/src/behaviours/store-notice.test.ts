import { getByRole, getByText, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from '../lib/cookies';
import { behaviours } from './registry';
import { createBehaviourRunner } from './runner';

/** The markup the server writes, no-JS dismiss link included. */
function serverNotice(id = '3f2a9c'): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = `
    <div class="store-notice" role="region" aria-label="Store notice" data-behaviour="store-notice" data-notice-id="${id}">
      <p class="store-notice__text">Free shipping on orders over $100</p>
      <a class="store-notice__dismiss" href="/?mercato-dismiss-notice=3f2a9c" rel="nofollow">Dismiss</a>
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

afterEach(() => {
  document.cookie = 'store_notice3f2a9c=; path=/; max-age=0';
});

describe('store-notice behaviour', () => {
  it('turns the no-JS link into a Dismiss button, text untouched', () => {
    const el = serverNotice();

    createBehaviourRunner(behaviours).attachAll(document.body);

    const button = getByRole(el, 'button', { name: 'Dismiss' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.classList.contains('store-notice__dismiss')).toBe(true);
    expect(queryByRole(el, 'link')).toBeNull();
    expect(getByText(el, 'Free shipping on orders over $100')).toBeTruthy();
  });

  it('remembers the dismissal in the store_notice{id} session cookie and hides the banner', async () => {
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    const el = serverNotice();
    createBehaviourRunner(behaviours).attachAll(document.body);

    await userEvent.click(getByRole(el, 'button', { name: 'Dismiss' }));

    expect(getCookie('store_notice3f2a9c')).toBe('hidden');
    expect(writes).toHaveBeenCalledWith('store_notice3f2a9c=hidden; path=/; SameSite=Lax');
    expect(el.hidden).toBe(true);
  });

  it('leaves the link alone when the id could not be a cookie name', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = serverNotice('a;b');

    createBehaviourRunner(behaviours).attachAll(document.body);

    expect(getByRole(el, 'link', { name: 'Dismiss' })).toBeTruthy();
  });

  it('enhances a notice added later, once', async () => {
    const runner = createBehaviourRunner(behaviours);
    const stop = runner.observe(document.body);
    const el = serverNotice();
    await vi.waitFor(() => {
      expect(queryByRole(el, 'button', { name: 'Dismiss' })).not.toBeNull();
    });
    runner.attachAll(document.body);
    expect(el.querySelectorAll('button')).toHaveLength(1);
    stop();
  });
});
