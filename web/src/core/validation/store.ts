// Field errors by field id (SPEC §3.21, §4.10): a vanilla zustand store the address forms,
// payment methods and extensions share. A field's error is absent, hidden (set while the
// shopper types or when the field mounts), shown (on blur, on submit, on revalidation), and
// cleared when the value becomes valid or the field leaves the page.

import { createStore, type StoreApi } from 'zustand/vanilla';

/** One field's error (SPEC §3.21). */
export interface FieldError {
  message: string;
  hidden: boolean;
}

/** The validation store's state. */
export interface ValidationState {
  errors: Readonly<Record<string, FieldError>>;
}

/** The result of checking one field. */
export type FieldCheck = { valid: true } | { valid: false; message: string };

/** When a field is checked: while typing (error hidden) or on blur/submit (error shown). */
export type CheckMoment = 'typing' | 'blur' | 'submit';

/** The validation store: a zustand store plus its actions and queries. */
export interface ValidationStore extends StoreApi<ValidationState> {
  /** Sets errors by field id; an entry without `hidden` is shown. Others are kept. */
  setValidationErrors(errors: Readonly<Record<string, { message: string; hidden?: boolean }>>): void;
  /** Removes one field's error. */
  clearValidationError(id: string): void;
  /** Removes the named fields' errors, or every error. */
  clearValidationErrors(ids?: readonly string[]): void;
  hideValidationError(id: string): void;
  showValidationError(id: string): void;
  /** On submit: every error is shown. */
  showAllValidationErrors(): void;
  /**
   * Applies a field's check at a moment of SPEC §4.10: valid clears its error; invalid sets
   * it, hidden while typing and shown on blur or submit.
   */
  checkField(id: string, check: FieldCheck, moment: CheckMoment): void;
  getValidationError(id: string): FieldError | undefined;
  hasValidationErrors(): boolean;
  /** Ids of the fields with an error, in the order they were set (the first gets focus). */
  invalidFieldIds(): string[];
}

/** SPEC §3.21: the id of the element showing a field's error (the field's `aria-describedby`). */
export function errorElementId(fieldId: string): string {
  return `validate-error-${fieldId}`;
}

/** Creates a validation store (one per page runtime; one per test). */
export function createValidationStore(): ValidationStore {
  const store = createStore<ValidationState>()(() => ({ errors: {} }));

  const update = (id: string, change: (error: FieldError) => FieldError): void => {
    const error = store.getState().errors[id];
    if (error === undefined) {
      return;
    }
    const next = change(error);
    if (next.hidden !== error.hidden || next.message !== error.message) {
      store.setState((state) => ({ errors: { ...state.errors, [id]: next } }));
    }
  };

  const clear = (ids: readonly string[]): void => {
    const { errors } = store.getState();
    if (!ids.some((id) => Object.hasOwn(errors, id))) {
      return;
    }
    store.setState({ errors: Object.fromEntries(Object.entries(errors).filter(([id]) => !ids.includes(id))) });
  };

  const set = (id: string, error: FieldError): void => {
    const current = store.getState().errors[id];
    if (current?.message === error.message && current.hidden === error.hidden) {
      return;
    }
    store.setState((state) => ({ errors: { ...state.errors, [id]: error } }));
  };

  return {
    ...store,
    setValidationErrors: (errors) => {
      store.setState((state) => ({
        errors: {
          ...state.errors,
          ...Object.fromEntries(
            Object.entries(errors).map(([id, { message, hidden = false }]) => [id, { message, hidden }]),
          ),
        },
      }));
    },
    clearValidationError: (id) => {
      clear([id]);
    },
    clearValidationErrors: (ids) => {
      clear(ids ?? Object.keys(store.getState().errors));
    },
    hideValidationError: (id) => {
      update(id, (error) => ({ ...error, hidden: true }));
    },
    showValidationError: (id) => {
      update(id, (error) => ({ ...error, hidden: false }));
    },
    showAllValidationErrors: () => {
      const { errors } = store.getState();
      if (Object.values(errors).some((error) => error.hidden)) {
        store.setState({
          errors: Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, { ...error, hidden: false }])),
        });
      }
    },
    checkField: (id, check, moment) => {
      if (check.valid) {
        clear([id]);
      } else {
        set(id, { message: check.message, hidden: moment === 'typing' });
      }
    },
    getValidationError: (id) => store.getState().errors[id],
    hasValidationErrors: () => Object.keys(store.getState().errors).length > 0,
    invalidFieldIds: () => Object.keys(store.getState().errors),
  };
}
