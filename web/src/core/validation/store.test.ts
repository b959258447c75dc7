import { describe, expect, it } from 'vitest';
import { createValidationStore, errorElementId } from './store';

const invalid = { valid: false as const, message: 'Please enter a valid email address' };

describe('a field error (SPEC §4.10)', () => {
  it('is absent, hidden while typing, shown on blur, cleared when valid', () => {
    const store = createValidationStore();
    expect(store.getValidationError('billing_email')).toBeUndefined();
    store.checkField('billing_email', invalid, 'typing');
    expect(store.getValidationError('billing_email')).toEqual({ message: invalid.message, hidden: true });
    store.checkField('billing_email', invalid, 'blur');
    expect(store.getValidationError('billing_email')).toEqual({ message: invalid.message, hidden: false });
    store.checkField('billing_email', { valid: true }, 'typing');
    expect(store.getValidationError('billing_email')).toBeUndefined();
    expect(store.hasValidationErrors()).toBe(false);
  });

  it('typing again hides a shown error until the next blur', () => {
    const store = createValidationStore();
    store.checkField('billing_postcode', { valid: false, message: 'Please enter a valid postcode' }, 'blur');
    store.checkField('billing_postcode', { valid: false, message: 'Please enter a valid postcode' }, 'typing');
    expect(store.getValidationError('billing_postcode')?.hidden).toBe(true);
  });

  it('on submit every hidden error is shown, and the first invalid field is known', () => {
    const store = createValidationStore();
    store.checkField('billing_first_name', { valid: false, message: 'Please enter a valid first name' }, 'typing');
    store.checkField('billing_email', invalid, 'typing');
    store.showAllValidationErrors();
    expect(Object.values(store.getState().errors).every((error) => !error.hidden)).toBe(true);
    expect(store.invalidFieldIds()).toEqual(['billing_first_name', 'billing_email']);
  });

  it('is cleared when the field leaves the page', () => {
    const store = createValidationStore();
    store.checkField('shipping_state', { valid: false, message: 'Please enter a valid state' }, 'submit');
    store.clearValidationError('shipping_state');
    expect(store.hasValidationErrors()).toBe(false);
  });

  it('shows in the element validate-error-{field}', () => {
    expect(errorElementId('billing_email')).toBe('validate-error-billing_email');
  });
});

describe('the validation store', () => {
  it('takes errors from elsewhere (server, payment method), shown unless said hidden, and keeps others', () => {
    const store = createValidationStore();
    store.checkField('billing_email', invalid, 'typing');
    store.setValidationErrors({ 'card-number': { message: 'Card number is incomplete' }, 'card-cvc': { message: 'CVC', hidden: true } });
    expect(store.getState().errors).toEqual({
      billing_email: { message: invalid.message, hidden: true },
      'card-number': { message: 'Card number is incomplete', hidden: false },
      'card-cvc': { message: 'CVC', hidden: true },
    });
  });

  it('hides and shows one error, and ignores unknown ids', () => {
    const store = createValidationStore();
    store.setValidationErrors({ a: { message: 'A' } });
    store.hideValidationError('a');
    expect(store.getValidationError('a')?.hidden).toBe(true);
    store.showValidationError('a');
    expect(store.getValidationError('a')?.hidden).toBe(false);
    store.showValidationError('missing');
    expect(store.getValidationError('missing')).toBeUndefined();
  });

  it('clears some or all errors', () => {
    const store = createValidationStore();
    store.setValidationErrors({ a: { message: 'A' }, b: { message: 'B' }, c: { message: 'C' } });
    store.clearValidationErrors(['a', 'c']);
    expect(store.invalidFieldIds()).toEqual(['b']);
    store.clearValidationErrors();
    expect(store.hasValidationErrors()).toBe(false);
  });

  it('notifies subscribers only when something changed (every keystroke checks the field)', () => {
    const store = createValidationStore();
    let notified = 0;
    store.subscribe(() => notified++);
    store.checkField('billing_city', { valid: true }, 'typing');
    store.checkField('billing_city', { valid: false, message: 'Please enter a valid city' }, 'typing');
    store.checkField('billing_city', { valid: false, message: 'Please enter a valid city' }, 'typing');
    store.showAllValidationErrors();
    store.showAllValidationErrors();
    expect(notified).toBe(2);
  });
});
