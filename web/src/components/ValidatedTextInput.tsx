// A text input with validation (SPEC §5.5): the value is trimmed before it is checked; it is
// valid when the browser's own check and the custom check both pass; a missing, badly formed
// or mistyped value reads "Please enter a valid {label}", other failures the browser's own
// message, and an explicit `errorMessage` wins over both. The error stays hidden until the
// field is left or its form is submitted (`validate()` through the ref, or `showError`); then
// the input is aria-invalid and described by the alert under it (id `validate-error-{id}`).

import { useCallback, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';

/** What a form calls on submit. */
export interface ValidatedTextInputHandle {
  /** Shows the field's error, if any, and says whether the field is valid. */
  validate(): boolean;
  focus(): void;
}

export interface ValidatedTextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number' | 'password' | 'search';
  required?: boolean;
  autoComplete?: string;
  /** A custom check of the trimmed value: the error message, or null when it passes. */
  check?: (value: string) => string | null;
  /** Overrides the message (e.g. the server's word on the field). */
  errorMessage?: string;
  /** Shows the error now (the form was submitted). */
  showError?: boolean;
  onBlur?: () => void;
  className?: string;
  ref?: Ref<ValidatedTextInputHandle>;
}

/** The id of a field's error alert (SPEC §3.21). */
export const errorIdOf = (id: string): string => `validate-error-${id}`;

/** The message for the trimmed `value` of `input`, or null when it is valid. */
function messageFor(input: HTMLInputElement, value: string, label: string, check?: (value: string) => string | null): string | null {
  const generic = `Please enter a valid ${label.toLowerCase()}`;
  if (input.required && value === '') {
    return generic;
  }
  if (!input.checkValidity()) {
    const validity = input.validity;
    if (validity.valueMissing || validity.typeMismatch || validity.patternMismatch) {
      return generic;
    }
    return input.validationMessage || generic;
  }
  return value === '' ? null : (check?.(value) ?? null);
}

export function ValidatedTextInput({
  id,
  label,
  value,
  onChange,
  type = 'text',
  required = false,
  autoComplete,
  check,
  errorMessage,
  showError = false,
  onBlur,
  className,
  ref,
}: ValidatedTextInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);

  const recheck = useCallback((): string | null => {
    const element = input.current;
    const next = element === null ? null : messageFor(element, value.trim(), label, check);
    setMessage(next);
    return next;
  }, [value, label, check]);

  // The value or the rule changed (typing, or another field such as the country): check again.
  useLayoutEffect(() => {
    recheck();
  }, [recheck]);

  useImperativeHandle(
    ref,
    () => ({
      validate() {
        setRevealed(true);
        return recheck() === null && !errorMessage;
      },
      focus() {
        input.current?.focus();
      },
    }),
    [recheck, errorMessage],
  );

  const shown = errorMessage !== undefined && errorMessage !== '' ? errorMessage : message;
  const visible = (revealed || showError) && Boolean(shown);
  const errorId = errorIdOf(id);
  return (
    <div className={['validated-input', visible ? 'has-error' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{required ? label : `${label} (optional)`}</label>
      <input
        ref={input}
        id={id}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={visible || undefined}
        aria-describedby={visible ? errorId : undefined}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
        onBlur={() => {
          const trimmed = value.trim();
          if (trimmed !== value) {
            onChange(trimmed);
          }
          setRevealed(true);
          onBlur?.();
        }}
      />
      {visible && (
        <p id={errorId} className="validated-input__error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
