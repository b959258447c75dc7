// The quick-view button on each catalogue card (SPEC §2.2). The server renders it hidden: a
// button that cannot open anything would be a dead control without JavaScript, where the
// card's own link leads to the product page. This behaviour shows it and, on the first
// click, loads the popup's code (src/quick-view/, its own chunk) and opens it.

import type { Behaviour } from './types';

/** Loads the popup on demand; a chunk that fails to load leaves the shopper the product page. */
function openFrom(button: HTMLButtonElement): void {
  import('../quick-view/dialog').then(
    ({ openQuickView }) => openQuickView(button),
    (error: unknown) => {
      console.error('Loading chunk quick-view failed.', error);
      const url = button.dataset.productUrl;
      if (url !== undefined && url !== '') {
        window.location.assign(url);
      }
    },
  );
}

export const quickView: Behaviour = {
  attach(el) {
    if (!(el instanceof HTMLButtonElement) || (el.dataset.prod ?? '') === '') {
      return;
    }
    const button = el;
    const onClick = (): void => {
      openFrom(button);
    };
    button.addEventListener('click', onClick);
    button.hidden = false;
    return () => {
      button.removeEventListener('click', onClick);
      button.hidden = true;
    };
  },
};
