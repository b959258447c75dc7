// Finds the new-password fields as the shopper reaches them and gives each a strength hint
// (password-strength.ts, a chunk with zxcvbn, fetched on the first focus or keystroke in such
// a field: pages load none of it). One listener on the document, so fields that come later —
// the login popup's register form, fetched into a dialog — are found the same way.
//
// A new-password field is an input marked `autocomplete="new-password"` (registration, the
// popup's registration, the reset form, account details, the checkout's account password),
// except the second such field of a form: that one repeats the first.

import type * as HintModule from './password-strength';

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

type HintChunk = typeof HintModule;

/** Starts watching `doc`; returns a function that stops (hints already added stay). */
export function startPasswordHints(
  doc: Document,
  load: () => Promise<HintChunk> = () => import('./password-strength'),
): () => void {
  const seen = new WeakSet<HTMLInputElement>();
  let chunk: Promise<HintChunk> | undefined;
  const reached = (event: Event): void => {
    const field = event.target;
    if (!isNewPasswordField(field) || seen.has(field)) {
      return;
    }
    seen.add(field);
    chunk ??= load();
    chunk.then(
      ({ attachStrengthHint }) => {
        if (field.isConnected) {
          attachStrengthHint(field);
        }
      },
      (error: unknown) => {
        // The server still checks the password; the field just has no hint.
        console.error('Loading chunk password-strength failed.', error);
      },
    );
  };
  doc.addEventListener('focusin', reached);
  doc.addEventListener('input', reached);
  return () => {
    doc.removeEventListener('focusin', reached);
    doc.removeEventListener('input', reached);
  };
}
