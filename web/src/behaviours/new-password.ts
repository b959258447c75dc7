// The strength hint's stand-in on a new-password field: the hint itself (password-strength.ts,
// a chunk with zxcvbn) is fetched when the shopper first focuses or types in the field, so no
// page loads it before then. It comes with the password toggle (account-forms.ts), which the
// server puts on every password field, the login popup's included.
//
// A new-password field is an input marked `autocomplete="new-password"` (registration, the
// popup's registration, the reset form, account details, the checkout's account password),
// except the second such field of a form: that one repeats the first.

import type * as HintModule from './password-strength';
import type { Behaviour } from './types';

/** Whether `target` is a field that sets a new password (not its confirmation). */
export function isNewPasswordField(target: EventTarget | null): target is HTMLInputElement {
  if (!(target instanceof HTMLInputElement)) {
    return false;
  }
  const tokens = (target.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  if (!tokens.includes('new-password')) {
    return false;
  }
  const scope = target.form ?? target.ownerDocument;
  return scope.querySelector('input[autocomplete~="new-password" i]') === target;
}

export type HintChunk = typeof HintModule;

/** Fetches the hint's chunk (once a page: the module loader keeps it). */
export const loadHintChunk = (): Promise<HintChunk> => import('./password-strength');

/** The hint on a new-password field, its chunk fetched through `load` on first use. */
export function newPasswordHint(load: () => Promise<HintChunk> = loadHintChunk): Behaviour {
  return {
    attach(el) {
      if (!isNewPasswordField(el)) {
        return;
      }
      const field = el;
      let undone = false;
      let removeHint: (() => void) | undefined;
      const reached = (): void => {
        field.removeEventListener('focus', reached);
        field.removeEventListener('input', reached);
        load().then(
          ({ attachStrengthHint }) => {
            if (!undone) {
              removeHint = attachStrengthHint(field);
            }
          },
          (error: unknown) => {
            // The server still checks the password; the field just has no hint.
            console.error('Loading chunk password-strength failed.', error);
          },
        );
      };
      field.addEventListener('focus', reached);
      field.addEventListener('input', reached);
      return () => {
        undone = true;
        field.removeEventListener('focus', reached);
        field.removeEventListener('input', reached);
        removeHint?.();
      };
    },
  };
}
