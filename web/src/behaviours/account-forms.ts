// Behaviours of the account forms (log in, register, lost password, addresses, the login
// popup) in one chunk, fetched by the first password field or described input on a page
// (see lazy-chunk.ts).

import { inputDescription } from './input-description';
import { newPasswordHint } from './new-password';
import { passwordToggle } from './password-toggle';
import type { Behaviour, BehaviourRegistry } from './types';

/**
 * A password field: its show/hide toggle and, on a new-password field, the strength hint.
 * The server marks every password field `password-toggle`, so the hint needs no mark of its
 * own and finds the login popup's fields as the scheduler attaches them.
 */
export function passwordField(hint: Behaviour = newPasswordHint()): Behaviour {
  return {
    attach(el) {
      const undo = [passwordToggle.attach(el), hint.attach(el)];
      return () => {
        for (const step of undo) {
          if (typeof step === 'function') {
            step();
          }
        }
      };
    },
  };
}

/** The same behaviours by their `data-behaviour` names, for attaching them without the wait. */
export const accountFormBehaviours = {
  'input-description': inputDescription,
  'password-toggle': passwordField(),
} satisfies BehaviourRegistry;
