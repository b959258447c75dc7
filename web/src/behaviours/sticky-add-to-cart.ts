// The sticky add-to-cart bar (SPEC §2.3, §3.4). The server writes the bar, hidden, inside the
// product's add-to-cart wrapper (`data-behaviour="sticky-add-to-cart"`, the bar
// `[data-sticky-bar]` with an optional quantity input and a `[data-sticky-submit]` button).
// The bar shows while the form's own button is above the viewport. Its quantity mirrors the
// form's both ways, and its button submits the form with the form's button, so add to cart
// without reload (add-to-cart.ts) handles it as if the shopper had pressed that button.

import { scrollToElement } from '../lib/scroll';
import type { Behaviour } from './types';

const SELECT_OPTIONS = 'Select options';

function numberInput(root: ParentNode | null, selector: string): HTMLInputElement | null {
  const el = root?.querySelector(selector);
  return el instanceof HTMLInputElement ? el : null;
}

/** Mirrors `from`'s value into `to` whenever the shopper (or a stepper) changes `from`. */
function mirror(from: HTMLInputElement, to: HTMLInputElement, notify: boolean): () => void {
  const copy = (): void => {
    if (to.value === from.value) {
      return;
    }
    to.value = from.value;
    if (notify) {
      to.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
  from.addEventListener('input', copy);
  from.addEventListener('change', copy);
  return () => {
    from.removeEventListener('input', copy);
    from.removeEventListener('change', copy);
  };
}

export const stickyAddToCart: Behaviour = {
  attach(el) {
    const bar = el.querySelector('[data-sticky-bar]');
    const form = el.querySelector('form.cart');
    const submit = form?.querySelector('button[name="add-to-cart"]');
    const barButton = bar?.querySelector('[data-sticky-submit]');
    const win = el.ownerDocument.defaultView;
    if (
      !(bar instanceof HTMLElement) ||
      !(form instanceof HTMLFormElement) ||
      !(submit instanceof HTMLButtonElement) ||
      !(barButton instanceof HTMLButtonElement) ||
      win === null ||
      typeof win.IntersectionObserver !== 'function'
    ) {
      return;
    }
    const cleanups: (() => void)[] = [];

    const mainQuantity = numberInput(form, 'input[name="quantity"][type="number"]');
    const barQuantity = numberInput(bar, 'input[type="number"]');
    if (mainQuantity !== null && barQuantity !== null) {
      barQuantity.value = mainQuantity.value;
      // The form's input announces the change, so its own listeners (and the stepper's
      // neighbours) see it; the bar's needs no event.
      cleanups.push(mirror(mainQuantity, barQuantity, false), mirror(barQuantity, mainQuantity, true));
    }

    // A variable product's choice is complete when every attribute (a select or a swatch
    // group of radios) has a value; until then the button leads to the choices instead
    // (SPEC §5.2 blocks the add anyway).
    const choices = [...form.querySelectorAll('select[data-attribute_name], [data-swatch-group]')];
    /** The first attribute without a value, in page order: its select or first radio. */
    const firstMissing = (): HTMLElement | undefined => {
      for (const choice of choices) {
        if (choice instanceof HTMLSelectElement) {
          if (choice.value === '') {
            return choice;
          }
        } else if (choice.querySelector('input[type="radio"]:checked') === null) {
          const radio = choice.querySelector('input[type="radio"]:not(:disabled)');
          return radio instanceof HTMLElement ? radio : undefined;
        }
      }
      return undefined;
    };

    const addText = barButton.textContent;
    const updateButton = (): void => {
      barButton.textContent = firstMissing() === undefined ? addText : SELECT_OPTIONS;
    };
    updateButton();
    form.addEventListener('change', updateButton);
    cleanups.push(() => {
      form.removeEventListener('change', updateButton);
    });

    // The bar shows the chosen variation's price (the form's mercato:variation-found), and
    // the product's price range again once the choice is reset.
    const price = bar.querySelector('.sticky-add-to-cart__price');
    const productPrice = price?.innerHTML ?? '';
    const onFound = (event: Event): void => {
      const variation: unknown = event instanceof CustomEvent ? (event.detail as { variation?: unknown }).variation : null;
      const html =
        typeof variation === 'object' && variation !== null ? (variation as { price_html?: unknown }).price_html : null;
      if (price !== null && typeof html === 'string' && html !== '') {
        price.innerHTML = html;
      }
      updateButton();
    };
    // A reset (the form's Clear link) changes the choice without a change event.
    const onReset = (): void => {
      if (price !== null) {
        price.innerHTML = productPrice;
      }
      updateButton();
    };
    form.addEventListener('mercato:variation-found', onFound);
    form.addEventListener('mercato:variation-reset', onReset);
    cleanups.push(() => {
      form.removeEventListener('mercato:variation-found', onFound);
      form.removeEventListener('mercato:variation-reset', onReset);
    });

    const onBarClick = (): void => {
      const missing = firstMissing();
      if (missing !== undefined) {
        // The bar hides once the form is back in view; focus goes where the choice is made.
        scrollToElement(form);
        missing.focus({ preventScroll: true });
        return;
      }
      form.requestSubmit(submit);
    };
    barButton.addEventListener('click', onBarClick);
    cleanups.push(() => {
      barButton.removeEventListener('click', onBarClick);
    });

    const observer = new win.IntersectionObserver((entries) => {
      for (const entry of entries) {
        const above = !entry.isIntersecting && entry.boundingClientRect.bottom <= (entry.rootBounds?.top ?? 0);
        if (above && bar.hidden && mainQuantity !== null && barQuantity !== null) {
          // Catch up with changes made without an event (the stepper's raise to min on load).
          barQuantity.value = mainQuantity.value;
        }
        bar.hidden = !above;
      }
    });
    observer.observe(submit);
    cleanups.push(() => {
      observer.disconnect();
      bar.hidden = true;
    });

    return () => {
      for (const cleanup of cleanups) {
        cleanup();
      }
    };
  },
};
