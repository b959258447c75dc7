import type { Behaviour } from './types';

/**
 * Product add-on radio groups (SPEC §2.3): each group's help text above its radios repeats
 * the label of the checked radio, and follows every change. The server writes the same text
 * for the choice the page was drawn with, so without JavaScript it is right until the shopper
 * picks another option. Markup (`partials/product_addons.html`): `data-behaviour=
 * "product-addons"` around `fieldset`s, each with a `[data-addon-chosen]` element and radios
 * whose `label[for]` holds the text.
 */
export const productAddons: Behaviour = {
  attach(el) {
    const show = (group: HTMLFieldSetElement): void => {
      const help = group.querySelector<HTMLElement>('[data-addon-chosen]');
      if (help === null) {
        return;
      }
      const checked = group.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      const label = checked?.labels?.[0];
      help.textContent = label?.textContent.trim() ?? '';
    };
    const onChange = (event: Event): void => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.type === 'radio') {
        const group = target.closest('fieldset');
        if (group !== null) {
          show(group);
        }
      }
    };
    el.querySelectorAll('fieldset').forEach(show);
    el.addEventListener('change', onChange);
    return () => {
      el.removeEventListener('change', onChange);
    };
  },
};
