// The phone header's search icon (issue 27). Below the large breakpoint the header is one row
// (menu, logo, search, account, cart) and its search form stays closed until asked for. The
// server writes a `Search` link to the form (`#header-search-form`); without JavaScript the
// form shows while it is the page's target. Here the link becomes a `Search` button that opens
// and closes the form under the row (`aria-expanded`) and puts the cursor in the field;
// Escape in the form closes it and gives focus back to the button.

import type { Behaviour } from './types';

export const headerSearch: Behaviour = {
  attach(link) {
    const doc = link.ownerDocument;
    const form = doc.getElementById(link.getAttribute('aria-controls') ?? '');
    if (!(link instanceof HTMLAnchorElement) || form === null) {
      return;
    }
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = link.className;
    button.textContent = link.textContent;
    button.setAttribute('aria-controls', form.id);
    button.setAttribute('aria-expanded', 'false');
    // The link stays in the page, hidden: the scheduler detaches a behaviour whose element
    // leaves it.
    link.hidden = true;
    link.after(button);

    const show = (open: boolean): void => {
      button.setAttribute('aria-expanded', String(open));
      form.classList.toggle('is-open', open);
      if (open) {
        form.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
      }
    };
    const onClick = (): void => {
      show(button.getAttribute('aria-expanded') !== 'true');
    };
    const onKey = (event: KeyboardEvent): void => {
      // The live search closes its list on the first Escape (and stops it there).
      if (event.key === 'Escape' && !event.defaultPrevented && form.classList.contains('is-open')) {
        show(false);
        button.focus();
      }
    };
    button.addEventListener('click', onClick);
    form.addEventListener('keydown', onKey);
    return () => {
      button.removeEventListener('click', onClick);
      form.removeEventListener('keydown', onKey);
      form.classList.remove('is-open');
      button.remove();
      link.hidden = false;
    };
  },
};
