import { getByRole, queryByRole } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORMS_PATH, adoptLoginPopup, openLoginPopup, requestLoginForms } from './dialog';

/** What GET /my-account/login-popup/ answers (abridged). */
const FORMS = `
<div class="u-columns col2-set" id="popup-customer_login">
  <section aria-labelledby="popup-login-heading">
    <h2 id="popup-login-heading">Login</h2>
    <form class="woocommerce-form woocommerce-form-login login" method="post" action="/my-account/" aria-labelledby="popup-login-heading">
      <label for="popup-username">Username or email address</label>
      <input type="text" name="username" id="popup-username" autofocus>
      <label for="popup-password">Password</label>
      <input type="password" name="password" id="popup-password">
      <input type="hidden" name="woocommerce-login-nonce" value="abc">
      <input type="hidden" name="redirect" value="/shop/">
      <button type="submit" name="login" value="Log in">Log in</button>
    </form>
  </section>
</div>`;

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

function header(): HTMLAnchorElement {
  document.body.innerHTML = `<header><span class="header-account-wrap"><a class="header-account" href="/my-account/">Log in</a></span></header>`;
  const link = document.querySelector('a.header-account');
  if (!(link instanceof HTMLAnchorElement)) {
    throw new Error('bad fixture');
  }
  return link;
}

/** The popup the server renders open after a refused login from it. */
function carriedPopup(): HTMLDialogElement {
  const template = document.createElement('template');
  template.innerHTML = `
    <dialog class="login-popup" id="login-popup" aria-label="Log in" open>
      <form method="dialog" class="login-popup__bar"><button type="submit" class="login-popup__close">Close</button></form>
      <div class="login-popup__content account-forms">
        <div class="notice notice--error" role="alert" id="popup-login-error">The username or password you entered is incorrect.</div>
        ${FORMS}
      </div>
    </dialog>`;
  const dialog = template.content.querySelector('dialog');
  if (dialog === null) {
    throw new Error('bad fixture');
  }
  document.body.append(dialog);
  return dialog;
}

function dialogOf(): HTMLDialogElement {
  return getByRole<HTMLDialogElement>(document.body, 'dialog', { name: 'Log in' });
}

// jsdom has no modal dialogs: open and close as the browser does, minus the top layer and
// the :modal class (a `data-modal` mark stands for it).
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.dataset.modal = '';
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (this.open) {
      this.removeAttribute('open');
      delete this.dataset.modal;
      this.dispatchEvent(new Event('close'));
    }
  };
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
  const matches = Element.prototype.matches;
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    return selector === ':modal' ? this.hasAttribute('data-modal') : matches.call(this, selector);
  });
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('requestLoginForms', () => {
  it('asks for the forms with the page to come back to', async () => {
    const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() => Promise.resolve(html(FORMS)));
    const forms = await requestLoginForms('/shop/?orderby=price', fetch, document);

    expect(fetch.mock.calls[0]?.[0]).toBe(`${FORMS_PATH}?redirect=%2Fshop%2F%3Forderby%3Dprice`);
    expect(fetch.mock.calls[0]?.[1].credentials).toBe('same-origin');
    expect(forms?.querySelector('input[name="woocommerce-login-nonce"]')).not.toBeNull();
  });

  it('gives nothing for an error, a redirect, another type or a page without the forms', async () => {
    const redirected = html('<p>Dashboard</p>');
    Object.defineProperty(redirected, 'redirected', { value: true });
    for (const response of [
      html(FORMS, 500),
      redirected,
      new Response('{}', { headers: { 'content-type': 'application/json' } }),
      html('<p>Hello</p>'),
    ]) {
      expect(await requestLoginForms('/', () => Promise.resolve(response), document)).toBeNull();
    }
    expect(await requestLoginForms('/', () => Promise.reject(new TypeError('offline')), document)).toBeNull();
  });
});

describe('openLoginPopup', () => {
  it('opens a modal dialog named Log in, moves the focus to the first field and gives it back on close', async () => {
    const link = header();
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    link.focus();

    const opening = openLoginPopup(link, { fetch, currentPage: '/shop/', navigate: vi.fn() });
    const dialog = dialogOf();
    expect(dialog.matches(':modal')).toBe(true);
    getByRole(dialog, 'status');
    expect(getByRole(dialog, 'button', { name: 'Close' })).toBeDefined();

    answer(html(FORMS));
    await opening;
    expect(getByRole(dialog, 'form', { name: 'Login' })).toBeDefined();
    expect(queryByRole(dialog, 'status')).toBeNull();
    expect(document.activeElement?.id).toBe('popup-username');

    await userEvent.click(getByRole(dialog, 'button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(link);

    // Opened again: the same forms, no second request.
    await openLoginPopup(link, { fetch, currentPage: '/shop/', navigate: vi.fn() });
    expect(dialog.open).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(document.activeElement?.id).toBe('popup-username');
  });

  it('closes on a click on the backdrop and on Escape (the cancel the browser turns it into)', async () => {
    const link = header();
    const fetch = vi.fn(() => Promise.resolve(html(FORMS)));
    await openLoginPopup(link, { fetch, currentPage: '/', navigate: vi.fn() });
    const dialog = dialogOf();

    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(link);

    await openLoginPopup(link, { fetch, currentPage: '/', navigate: vi.fn() });
    // A click inside does not close it.
    await userEvent.click(getByRole(dialog, 'heading', { name: 'Login' }));
    expect(dialog.open).toBe(true);
    dialog.close();
    expect(document.activeElement).toBe(link);
  });

  it('goes to the account page when the forms cannot be had', async () => {
    const link = header();
    const navigate = vi.fn();
    await openLoginPopup(link, { fetch: () => Promise.resolve(html('', 500)), currentPage: '/', navigate });
    expect(navigate).toHaveBeenCalledWith(link.href);
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });
});

describe('adoptLoginPopup', () => {
  it('shows the server’s popup as a modal, the error inside, and closes to the header link', async () => {
    const link = header();
    const dialog = carriedPopup();
    expect(dialog.matches(':modal')).toBe(false);

    adoptLoginPopup(dialog, link);
    expect(dialog.open).toBe(true);
    expect(dialog.matches(':modal')).toBe(true);
    expect(getByRole(dialog, 'alert').textContent).toContain('incorrect');
    expect(document.activeElement?.id).toBe('popup-username');

    await userEvent.click(getByRole(dialog, 'button', { name: 'Close' }));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(link);

    // The header link opens the same popup again, without a request.
    const fetch = vi.fn();
    await openLoginPopup(link, { fetch, currentPage: '/', navigate: vi.fn() });
    expect(dialog.open).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});
