// Behaviours of the account forms (log in, register, lost password, addresses, the login
// popup) in one chunk, fetched by the first password field or described input on a page
// (see lazy-chunk.ts).

import { inputDescription } from './input-description';
import { passwordToggle } from './password-toggle';
import type { BehaviourRegistry } from './types';

/** The same behaviours by their `data-behaviour` names, for attaching them without the wait. */
export const accountFormBehaviours = {
  'input-description': inputDescription,
  'password-toggle': passwordToggle,
} satisfies BehaviourRegistry;
