// One checkout field bound to the validation store (SPEC §4.10, §5.5): its error is set hidden
// while the shopper types, shown when the field is left or the order is placed, cleared once
// the value is valid or the field leaves the page. A shown error marks the field aria-invalid
// and is read from the alert under it (`validate-error-{id}`).

import { useEffect, type ReactNode } from 'react';
import { errorElementId } from '../../core/validation/store';
import { useCheckoutStores, useValidationError } from '../../core/react/useCheckout';

export interface FieldProps {
  /** The element's id and its error's key (`billing_postcode`). */
  readonly id: string;
  /** The accessible name ("Phone (optional)"). */
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The field was left (the address sync sends at once). */
  readonly onLeave?: () => void;
  /** The value's check: the message, or null when valid. */
  readonly check: (value: string) => string | null;
  readonly type?: 'text' | 'email' | 'tel' | 'password';
  readonly autoComplete?: string;
  /** A drop-down of [value, name] pairs instead of a text input. */
  readonly options?: readonly (readonly [string, string])[];
  /** The drop-down's empty choice. */
  readonly placeholder?: string;
  readonly required?: boolean;
  readonly className?: string;
  readonly children?: ReactNode;
}

export function Field({
  id,
  label,
  value,
  onChange,
  onLeave,
  check,
  type = 'text',
  autoComplete,
  options,
  placeholder,
  required = false,
  className,
}: FieldProps) {
  const { validation } = useCheckoutStores();
  const error = useValidationError(id);
  const shown = error !== undefined && !error.hidden;
  const errorId = errorElementId(id);

  // The rule changed (another country) while an error is on the field: check again, as shown.
  useEffect(() => {
    const current = validation.getValidationError(id);
    if (current === undefined) {
      return;
    }
    const message = check(value);
    validation.checkField(id, message === null ? { valid: true } : { valid: false, message }, current.hidden ? 'typing' : 'blur');
  }, [check, value, id, validation]);

  // A field that leaves the page takes its error with it (SPEC §4.10).
  useEffect(
    () => () => {
      validation.clearValidationError(id);
    },
    [id, validation],
  );

  const changed = (next: string, moment: 'typing' | 'blur') => {
    onChange(next);
    const message = check(next);
    validation.checkField(id, message === null ? { valid: true } : { valid: false, message }, moment);
  };

  const leave = () => {
    const trimmed = value.trim();
    const message = check(trimmed);
    if (trimmed !== value) {
      onChange(trimmed);
    }
    validation.checkField(id, message === null ? { valid: true } : { valid: false, message }, 'blur');
    onLeave?.();
  };

  const common = {
    id,
    'aria-invalid': shown || undefined,
    'aria-describedby': shown ? errorId : undefined,
    'aria-required': required || undefined,
    autoComplete,
  };
  return (
    <div className={['wc-block-components-text-input', 'checkout-field', shown ? 'has-error' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {options !== undefined ? (
        <select
          {...common}
          value={value}
          onChange={(event) => {
            changed(event.currentTarget.value, 'blur');
            onLeave?.();
          }}
          onBlur={leave}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={type}
          value={value}
          onChange={(event) => {
            changed(event.currentTarget.value, 'typing');
          }}
          onBlur={leave}
        />
      )}
      {shown && (
        <p id={errorId} className="wc-block-components-validation-error checkout-field__error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
