import { describe, expect, it } from 'vitest';
import { checkInput, invalidFieldMessage, messageForValidity } from './field';

function input(attributes: Record<string, string>, value: string): HTMLInputElement {
  const element = document.createElement('input');
  for (const [name, attribute] of Object.entries(attributes)) {
    element.setAttribute(name, attribute);
  }
  element.value = value;
  return element;
}

describe('text inputs (SPEC §5.5, §8.6)', () => {
  it('words the message "Please enter a valid {label in lower case}"', () => {
    expect(invalidFieldMessage('Email address')).toBe('Please enter a valid email address');
  });

  it('a missing required value gets that message', () => {
    expect(checkInput(input({ required: '' }, ''), { label: 'First name' })).toEqual({
      valid: false,
      message: 'Please enter a valid first name',
    });
  });

  it('trims the value first: spaces alone are missing, and the field keeps the trimmed value', () => {
    const field = input({ required: '' }, '   ');
    expect(checkInput(field, { label: 'City' })).toEqual({ valid: false, message: 'Please enter a valid city' });
    const email = input({ type: 'email', required: '' }, '  ada@example.com ');
    expect(checkInput(email, { label: 'Email address' })).toEqual({ valid: true });
    expect(email.value).toBe('ada@example.com');
  });

  it('a badly formed value gets that message', () => {
    expect(checkInput(input({ type: 'email' }, 'ada@'), { label: 'Email address' })).toEqual({
      valid: false,
      message: 'Please enter a valid email address',
    });
  });

  it('a custom check that fails makes it invalid', () => {
    const field = input({}, 'SW1A');
    expect(checkInput(field, { label: 'Postcode', customValidation: (value) => value.length > 5 })).toEqual({
      valid: false,
      message: 'Please enter a valid postcode',
    });
    expect(checkInput(input({}, 'SW1A 2AA'), { label: 'Postcode', customValidation: (value) => value.length > 5 })).toEqual({
      valid: true,
    });
  });

  it('other failures keep the browser\'s message', () => {
    const validity = { valid: false, valueMissing: false, typeMismatch: false, patternMismatch: false, badInput: false };
    expect(messageForValidity('Quantity', validity, 'Value must be less than or equal to 9.')).toBe(
      'Value must be less than or equal to 9.',
    );
  });

  it('an explicit errorMessage overrides', () => {
    expect(checkInput(input({ required: '' }, ''), { label: 'Phone', errorMessage: 'We need a phone for the courier' })).toEqual({
      valid: false,
      message: 'We need a phone for the courier',
    });
  });
});
