// Checking one text input (SPEC §5.5): the value is trimmed first; it is valid when the
// browser's own check and any custom check pass. A missing, badly formed or wrongly typed value
// gets "Please enter a valid {label in lower case}"; other failures keep the browser's message;
// an explicit errorMessage overrides both.

import type { FieldCheck } from './store';

/** SPEC §8.6: the message for a field the shopper left empty or filled wrongly. */
export function invalidFieldMessage(label: string): string {
  return `Please enter a valid ${label.toLowerCase()}`;
}

/** The part of the browser's ValidityState the message depends on. */
export type Validity = Pick<ValidityState, 'valid' | 'valueMissing' | 'typeMismatch' | 'patternMismatch' | 'badInput'>;

/** The message for a field whose native check failed (SPEC §5.5). */
export function messageForValidity(label: string, validity: Validity, browserMessage: string): string {
  const generic = validity.valueMissing || validity.typeMismatch || validity.patternMismatch || validity.badInput;
  return generic || browserMessage === '' ? invalidFieldMessage(label) : browserMessage;
}

/** What [checkInput] needs besides the input. */
export interface InputCheckOptions {
  /** The field's label as shown ("Email address"). */
  label: string;
  /** A check of the trimmed value beyond the browser's: true when valid. */
  customValidation?: (value: string) => boolean;
  /** Replaces every message. */
  errorMessage?: string;
}

/** Trims the input's value, then checks it (SPEC §5.5). */
export function checkInput(
  input: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  options: InputCheckOptions,
): FieldCheck {
  if (!(input instanceof HTMLSelectElement)) {
    const trimmed = input.value.trim();
    if (trimmed !== input.value) {
      input.value = trimmed;
    }
  }
  const nativeValid = input.checkValidity();
  const customValid = nativeValid && (options.customValidation?.(input.value) ?? true);
  if (nativeValid && customValid) {
    return { valid: true };
  }
  const message = !nativeValid
    ? messageForValidity(options.label, input.validity, input.validationMessage)
    : invalidFieldMessage(options.label);
  return { valid: false, message: options.errorMessage ?? message };
}
