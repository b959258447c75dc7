import { describe, expect, it } from 'vitest';
import { isFullAddress, paymentSetupOutcome } from './setup';

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address_1: '1 Main St',
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
  phone: '',
};
const billing = { ...address, email: 'ada@example.com' };

describe('payment_setup outcome (SPEC §4.7)', () => {
  it('no response: ready', () => {
    expect(paymentSetupOutcome([])).toEqual({ status: 'ready' });
  });

  it('success: full addresses and payment data are applied, ready', () => {
    expect(
      paymentSetupOutcome([
        { type: 'success', meta: { paymentMethodData: { card_token: 'tok_1' }, billingAddress: billing, shippingAddress: address } },
      ]),
    ).toEqual({ status: 'ready', paymentMethodData: { card_token: 'tok_1' }, billingAddress: billing, shippingAddress: address });
  });

  it('success: an incomplete address is not applied', () => {
    const partial: Partial<typeof address> = { ...address };
    delete partial.city;
    expect(isFullAddress(partial)).toBe(false);
    expect(paymentSetupOutcome([{ type: 'success', meta: { shippingAddress: partial, billingAddress: address } }])).toEqual({
      status: 'ready',
    });
  });

  it('failure: its message, not dismissible, in the payments area; billing address and data kept; has_error', () => {
    expect(
      paymentSetupOutcome([
        { type: 'success' },
        { type: 'failure', message: 'Card declined', meta: { billingAddress: billing, paymentMethodData: { a: '1' } } },
      ]),
    ).toEqual({
      status: 'has_error',
      notice: { message: 'Card declined', context: 'wc/checkout/payments', isDismissible: false },
      billingAddress: billing,
      paymentMethodData: { a: '1' },
    });
  });

  it('failure: in its own messageContext when given', () => {
    expect(
      paymentSetupOutcome([{ type: 'failure', message: 'No', messageContext: 'wc/checkout/express-payment' }]).notice,
    ).toEqual({ message: 'No', context: 'wc/checkout/express-payment', isDismissible: false });
  });

  it('error: its message and well-formed validation errors, has_error', () => {
    const validationErrors = { 'card-number': { message: 'Please enter a valid card number', hidden: false } };
    expect(paymentSetupOutcome([{ type: 'error', message: 'Check your card', validationErrors }])).toEqual({
      status: 'has_error',
      notice: { message: 'Check your card', context: 'wc/checkout/payments', isDismissible: true },
      validationErrors,
    });
  });

  it('error: validation errors are dropped unless every entry is {message string, hidden boolean}', () => {
    const outcome = paymentSetupOutcome([
      { type: 'error', validationErrors: { a: { message: 'x', hidden: false }, b: { message: 'y' } } as never },
    ]);
    expect(outcome).toEqual({ status: 'has_error' });
  });
});
