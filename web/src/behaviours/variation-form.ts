// The variation form of a variable product (`form.variations_form`, SPEC §2.3, §4.2–4.4).
// The form's code (web/src/variations) is loaded on demand, so only product pages of
// variable products fetch it; until it runs (within the 100 ms of SPEC §9.1's first check)
// the server's form works as it does without JavaScript.

import { requireContext, type Behaviour } from './types';

export const variationForm: Behaviour = {
  attach(el, context) {
    if (!(el instanceof HTMLFormElement)) {
      return;
    }
    const { runtime } = requireContext('variation-form', context);
    let stop: (() => void) | null = null;
    let detached = false;
    void import('../variations/form').then(({ startVariationForm }) => {
      if (detached) {
        return;
      }
      const { ajax } = runtime();
      stop = startVariationForm(el, { getVariation: (data, signal) => ajax.getVariation(data, signal) });
    });
    return () => {
      detached = true;
      stop?.();
    };
  },
};
