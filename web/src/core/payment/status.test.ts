import { describe, expect, it } from 'vitest';
import {
  incompatibleMethods,
  initialSelection,
  paymentDataForCheckout,
  paymentResultFrom,
  savedTokenPaymentData,
  type SavedPaymentMethods,
} from './status';

const saved: SavedPaymentMethods = {
  cc: [
    { tokenId: 31, method: { gateway: 'mercato_test_card', last4: '4242', brand: 'Visa' } },
    { tokenId: 32, method: { gateway: 'mercato_test_card', last4: '0005', brand: 'Amex' } },
  ],
};

describe('payment result (SPEC §3.19)', () => {
  it('defaults to status "not set" when the reply has none', () => {
    expect(paymentResultFrom(null)).toEqual({ message: '', paymentStatus: 'not set', redirectUrl: '', paymentDetails: {} });
  });

  it('maps payment_details [{key, value}] and keeps the status and redirect', () => {
    expect(
      paymentResultFrom({
        payment_status: 'failure',
        redirect_url: '',
        payment_details: [
          { key: 'message', value: 'Your card was declined.' },
          { key: 'code', value: 'card_declined' },
        ],
      }),
    ).toEqual({
      message: 'Your card was declined.',
      paymentStatus: 'failure',
      redirectUrl: '',
      paymentDetails: { message: 'Your card was declined.', code: 'card_declined' },
    });
  });
});

describe('saved tokens (SPEC §3.19)', () => {
  it('set token, payment_method, wc-{gateway}-payment-token and isSavedToken', () => {
    expect(savedTokenPaymentData({ tokenId: 31, method: { gateway: 'mercato_test_card' } })).toEqual({
      token: '31',
      payment_method: 'mercato_test_card',
      'wc-mercato_test_card-payment-token': '31',
      isSavedToken: true,
    });
  });
});

describe('initialising payment methods (SPEC §4.7)', () => {
  it('makes the first saved method active as a saved token', () => {
    expect(initialSelection(saved, '', ['bacs', 'mercato_test_card'])).toEqual({
      kind: 'saved-token',
      method: 'mercato_test_card',
      token: '31',
      paymentMethodData: savedTokenPaymentData({ tokenId: 31, method: { gateway: 'mercato_test_card' } }),
    });
  });

  it('keeps an active method that is still available', () => {
    expect(initialSelection({}, 'cheque', ['bacs', 'cheque'])).toEqual({ kind: 'keep' });
  });

  it('otherwise takes the first available method, or none', () => {
    expect(initialSelection({}, 'cod', ['bacs', 'cheque'])).toEqual({ kind: 'first-available', method: 'bacs' });
    expect(initialSelection({}, '', [])).toEqual({ kind: 'first-available', method: '' });
  });
});

describe('incompatible methods (SPEC §4.7)', () => {
  const global = [
    { id: 'bacs', title: 'Direct bank transfer' },
    { id: 'cod', title: 'Cash on delivery' },
    { id: 'mercato_test_card', title: 'Card' },
  ];

  it('are the configured methods in neither list, once both are initialised', () => {
    expect(incompatibleMethods(global, ['bacs'], ['mercato_test_card'], true)).toEqual({ cod: 'Cash on delivery' });
    expect(incompatibleMethods(global, ['bacs'], [], false)).toBeNull();
  });
});

describe('payment_data of the checkout POST', () => {
  it('lists the method\'s data as {key, value} and always ends with wc-{name}-new-payment-method', () => {
    expect(paymentDataForCheckout({ card_token: 'tok_1', isSavedToken: false, nested: { a: 1 } }, 'mercato_test_card', true)).toEqual([
      { key: 'card_token', value: 'tok_1' },
      { key: 'isSavedToken', value: false },
      { key: 'wc-mercato_test_card-new-payment-method', value: true },
    ]);
    expect(paymentDataForCheckout({}, 'bacs', false)).toEqual([{ key: 'wc-bacs-new-payment-method', value: false }]);
  });

  it('keeps the save flag last even when the data already has it', () => {
    const entries = paymentDataForCheckout({ 'wc-cod-new-payment-method': 'yes', note: 'x' }, 'cod', false);
    expect(entries).toEqual([
      { key: 'note', value: 'x' },
      { key: 'wc-cod-new-payment-method', value: false },
    ]);
  });
});
