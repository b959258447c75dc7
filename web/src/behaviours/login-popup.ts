// The header's account link for a guest (SPEC §2.1): with JavaScript it opens the login popup,
// whose code (src/login-popup/, its own chunk) is loaded on the first click. Without
// JavaScript, or when the chunk cannot load, the link goes to the account page.
//
// The popup also opens by itself when the page carries it with notices inside: the server
// renders it (open, so it shows even without JavaScript) after a refused login or
// registration from the popup sent the shopper back to this page.

import type { Behaviour } from './types';

function load() {
  return import('../login-popup/dialog');
}

function fallBack(link: HTMLAnchorElement, error: unknown): void {
  console.error('Loading chunk login-popup failed.', error);
  window.location.assign(link.href);
}

/** A plain left click, which the popup takes over (a new tab still opens the page). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export const loginPopup: Behaviour = {
  attach(el) {
    const link = el.querySelector('a.header-account');
    if (!(link instanceof HTMLAnchorElement)) {
      return;
    }
    const doc = el.ownerDocument;
    link.setAttribute('aria-haspopup', 'dialog');
    const onClick = (event: MouseEvent): void => {
      if (!plainClick(event)) {
        return;
      }
      event.preventDefault();
      load().then(
        ({ openLoginPopup }) => openLoginPopup(link),
        (error: unknown) => {
          fallBack(link, error);
        },
      );
    };
    link.addEventListener('click', onClick);

    const carried = doc.getElementById('login-popup');
    if (carried instanceof HTMLDialogElement && carried.querySelector('.notice') !== null) {
      load().then(
        ({ adoptLoginPopup }) => {
          adoptLoginPopup(carried, link);
        },
        // The server's popup stays as it is: open, with its forms and the error.
        (error: unknown) => {
          console.error('Loading chunk login-popup failed.', error);
        },
      );
    }
    return () => {
      link.removeEventListener('click', onClick);
      link.removeAttribute('aria-haspopup');
    };
  },
};
