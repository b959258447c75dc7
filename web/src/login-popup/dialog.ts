// The login popup (SPEC §2.1): a native modal <dialog> named "Log in" holding the login and
// register forms of /my-account/, which post there with the same fields and nonces plus
// `redirect`, the page the shopper is on. Loaded on the first click of the header's `Log in`
// (behaviours/login-popup.ts), so pages pay for it only when it is used.
//
// The forms come from GET /my-account/login-popup/?redirect= (the nonces name the shopper's
// session, which that request starts). They are our own server's HTML for this page, so they
// go in as they are; the scheduler (src/scheduler) watches the page, so the password toggles and
// input descriptions inside attach by themselves.
//
// Focus, as in the mini cart: it moves into the dialog (the first field) and returns to the
// header link when the popup closes, by its Close button, Escape or a click on the backdrop.

/** The path serving the popup's forms. */
export const FORMS_PATH = '/my-account/login-popup/';

export interface LoginPopupOptions {
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Goes to a page (the account page, when the forms cannot be had). */
  readonly navigate: (url: string) => void;
  /** The page the shopper is on: path and query. */
  readonly currentPage: string;
}

interface Popup {
  readonly dialog: HTMLDialogElement;
  /** The link that opened it, for the focus to return to. */
  opener: HTMLElement | null;
}

const popups = new WeakMap<Document, Popup>();

/** The forms for the popup, or `null` when the server did not give them. */
export async function requestLoginForms(
  currentPage: string,
  fetch: LoginPopupOptions['fetch'],
  doc: Document,
): Promise<DocumentFragment | null> {
  let text: string;
  try {
    const response = await fetch(`${FORMS_PATH}?redirect=${encodeURIComponent(currentPage)}`, {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'text/html' },
    });
    // A redirect means the shopper is logged in by now (another tab): no forms to show.
    if (!response.ok || response.redirected || !(response.headers.get('content-type') ?? '').startsWith('text/html')) {
      return null;
    }
    text = await response.text();
  } catch {
    return null;
  }
  const template = doc.createElement('template');
  template.innerHTML = text;
  return template.content.querySelector('form.woocommerce-form-login') === null ? null : template.content;
}

/** The field to start at: the server's choice (`autofocus`), else the first field. */
function firstField(dialog: HTMLDialogElement): HTMLElement | null {
  return dialog.querySelector<HTMLElement>('[autofocus]') ?? dialog.querySelector<HTMLElement>('input:not([type="hidden"])');
}

/** Makes `dialog` a popup: it closes from its button, Escape or the backdrop. */
function wire(dialog: HTMLDialogElement, opener: HTMLElement | null): Popup {
  const popup: Popup = { dialog, opener };
  const close = dialog.querySelector('.login-popup__close');
  close?.addEventListener('click', (event) => {
    event.preventDefault();
    dialog.close();
  });
  // A click on the backdrop lands on the dialog element itself, outside its content.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) {
      dialog.close();
    }
  });
  dialog.addEventListener('close', () => {
    // Opened again meanwhile (the server's popup, closed to be shown as a modal).
    if (dialog.open) {
      return;
    }
    if (popup.opener?.isConnected === true) {
      popup.opener.focus();
    }
  });
  popups.set(dialog.ownerDocument, popup);
  return popup;
}

/** The popup's shell, filled once the forms arrive. */
function createShell(doc: Document): HTMLDialogElement {
  const dialog = doc.createElement('dialog');
  dialog.className = 'login-popup';
  dialog.id = 'login-popup';
  dialog.setAttribute('aria-label', 'Log in');
  const bar = doc.createElement('form');
  bar.method = 'dialog';
  bar.className = 'login-popup__bar';
  const close = doc.createElement('button');
  close.type = 'submit';
  close.className = 'login-popup__close';
  close.textContent = 'Close';
  bar.append(close);
  const content = doc.createElement('div');
  content.className = 'login-popup__content account-forms';
  const status = doc.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'login-popup__loading';
  status.textContent = 'Loading…';
  content.append(status);
  content.setAttribute('aria-busy', 'true');
  dialog.append(bar, content);
  doc.body.append(dialog);
  return dialog;
}

function showModal(dialog: HTMLDialogElement): void {
  if (dialog.open && !dialog.matches(':modal')) {
    dialog.close();
  }
  if (!dialog.open) {
    dialog.showModal();
  }
  // The browser focuses the first focusable element; the first field is where to start, and
  // while the forms load, the Close button (the browser's choice too, made explicit here).
  (firstField(dialog) ?? dialog.querySelector<HTMLElement>('.login-popup__close'))?.focus();
}

function defaults(doc: Document, options?: Partial<LoginPopupOptions>): LoginPopupOptions {
  const view = doc.defaultView;
  return {
    fetch: options?.fetch ?? ((url, init) => window.fetch(url, init)),
    navigate: options?.navigate ?? ((url) => view?.location.assign(url)),
    currentPage: options?.currentPage ?? `${view?.location.pathname ?? '/'}${view?.location.search ?? ''}`,
  };
}

/** Opens the popup from the header's link; the forms are fetched the first time. */
export async function openLoginPopup(link: HTMLAnchorElement, options?: Partial<LoginPopupOptions>): Promise<void> {
  const doc = link.ownerDocument;
  const resolved = defaults(doc, options);
  let popup = popups.get(doc);
  if (popup?.dialog.isConnected !== true) {
    const carried = doc.getElementById('login-popup');
    popup = wire(carried instanceof HTMLDialogElement ? carried : createShell(doc), link);
  }
  popup.opener = link;
  const { dialog } = popup;
  if (dialog.querySelector('form.woocommerce-form-login') !== null) {
    showModal(dialog);
    return;
  }
  showModal(dialog);
  const forms = await requestLoginForms(resolved.currentPage, resolved.fetch, doc);
  if (forms === null) {
    dialog.close();
    resolved.navigate(link.href);
    return;
  }
  const content = dialog.querySelector('.login-popup__content');
  if (content === null || !dialog.open) {
    return;
  }
  content.replaceChildren(forms);
  content.removeAttribute('aria-busy');
  // The focus sat on the Close button while the forms loaded: on to the first field.
  const active = doc.activeElement;
  if (active === null || active === doc.body || active.classList.contains('login-popup__close')) {
    firstField(dialog)?.focus();
  }
}

/** Shows the popup the server rendered with notices inside (a refused post) as a modal. */
export function adoptLoginPopup(dialog: HTMLDialogElement, link: HTMLAnchorElement): void {
  const popup = popups.get(dialog.ownerDocument);
  if (popup?.dialog === dialog) {
    popup.opener = link;
  } else {
    wire(dialog, link);
  }
  showModal(dialog);
}
