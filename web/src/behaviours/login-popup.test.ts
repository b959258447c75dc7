import { getByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginPopup } from './login-popup';

const openLoginPopup = vi.fn();
const adoptLoginPopup = vi.fn();
vi.mock('../login-popup/dialog', () => ({ openLoginPopup, adoptLoginPopup }));

function header(withCarriedPopup = false): HTMLElement {
  document.body.innerHTML = `
    <header><span class="header-account-wrap" data-behaviour="login-popup"><a class="header-account" href="/my-account/">Log in</a></span></header>
    ${withCarriedPopup ? '<dialog id="login-popup" aria-label="Log in" open><div class="notice notice--error" role="alert">Wrong</div></dialog>' : ''}`;
  const wrap = document.querySelector<HTMLElement>('.header-account-wrap');
  if (wrap === null) {
    throw new Error('bad fixture');
  }
  return wrap;
}

beforeEach(() => {
  openLoginPopup.mockReset();
  adoptLoginPopup.mockReset();
});

describe('login-popup behaviour', () => {
  it('makes the Log in link open the popup instead of going to the account page', async () => {
    const wrap = header();
    loginPopup.attach(wrap);
    const link = getByRole(wrap, 'link', { name: 'Log in' });
    expect(link.getAttribute('aria-haspopup')).toBe('dialog');

    const followed = vi.fn();
    document.addEventListener('click', (event) => {
      followed(event.defaultPrevented);
      event.preventDefault();
    }, { once: true });
    await userEvent.click(link);
    expect(followed).toHaveBeenCalledWith(true);
    await vi.waitFor(() => {
      expect(openLoginPopup).toHaveBeenCalledWith(link);
    });
    expect(adoptLoginPopup).not.toHaveBeenCalled();
  });

  it('leaves a click with a modifier to the browser (a new tab gets the account page)', () => {
    const wrap = header();
    loginPopup.attach(wrap);
    const link = getByRole(wrap, 'link', { name: 'Log in' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    let prevented: boolean | null = null;
    document.addEventListener('click', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    }, { once: true });
    link.dispatchEvent(click);
    expect(prevented).toBe(false);
    expect(openLoginPopup).not.toHaveBeenCalled();
  });

  it('opens by itself the popup the page carries with a notice inside', async () => {
    const wrap = header(true);
    loginPopup.attach(wrap);
    await vi.waitFor(() => {
      expect(adoptLoginPopup).toHaveBeenCalledWith(document.getElementById('login-popup'), getByRole(wrap, 'link', { name: 'Log in' }));
    });
  });
});
