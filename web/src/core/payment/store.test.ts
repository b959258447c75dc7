import { describe, expect, it } from 'vitest';
import { createPaymentStore } from './store';

const card = { tokenId: 31, method: { gateway: 'mercato_test_card', last4: '4242' } };

describe('payment store (SPEC §4.7)', () => {
  it('starts idle with nothing available or active', () => {
    expect(createPaymentStore().getState()).toMatchObject({
      status: 'idle',
      activePaymentMethod: '',
      activeSavedToken: '',
      availablePaymentMethods: [],
      paymentMethodsInitialized: false,
      expressPaymentMethodsInitialized: false,
      paymentResult: { paymentStatus: 'not set' },
      incompatiblePaymentMethods: null,
    });
  });

  it.each([
    ['setIdle', 'idle'],
    ['setExpressStarted', 'express_started'],
    ['setProcessing', 'processing'],
    ['setReady', 'ready'],
    ['setError', 'has_error'],
  ] as const)('%s sets the status %s', (action, status) => {
    const store = createPaymentStore();
    store.setProcessing();
    store[action]();
    expect(store.getState().status).toBe(status);
  });

  it('with a saved card, makes it active as a saved token when the methods load', () => {
    const store = createPaymentStore({ savedPaymentMethods: { cc: [card] } });
    store.setAvailablePaymentMethods(['bacs', 'mercato_test_card']);
    expect(store.getState()).toMatchObject({
      activePaymentMethod: 'mercato_test_card',
      activeSavedToken: '31',
      paymentMethodData: { token: '31', 'wc-mercato_test_card-payment-token': '31', isSavedToken: true },
      paymentMethodsInitialized: true,
    });
  });

  it('without one, activates the first available method and keeps the shopper\'s later choice', () => {
    const store = createPaymentStore();
    store.setAvailablePaymentMethods(['cheque', 'bacs']);
    expect(store.getState().activePaymentMethod).toBe('cheque');
    store.setActivePaymentMethod('bacs');
    store.setAvailablePaymentMethods(['cod', 'bacs']);
    expect(store.getState().activePaymentMethod).toBe('bacs');
  });

  it('goes idle on the first available method when the active one is no longer available', () => {
    const store = createPaymentStore();
    store.setAvailablePaymentMethods(['cheque', 'bacs']);
    store.setActivePaymentMethod('bacs', { note: 'x' });
    store.setReady();
    store.setAvailablePaymentMethods(['cheque']);
    expect(store.getState()).toMatchObject({ status: 'idle', activePaymentMethod: 'cheque', paymentMethodData: {} });
  });

  it('does not notify subscribers when the available list did not change', () => {
    const store = createPaymentStore();
    store.setAvailablePaymentMethods(['cheque']);
    let notified = 0;
    store.subscribe(() => notified++);
    store.setAvailablePaymentMethods(['cheque']);
    expect(notified).toBe(0);
  });

  it('choosing a new method leaves the saved token; choosing a saved one sets its data', () => {
    const store = createPaymentStore({ savedPaymentMethods: { cc: [card] } });
    store.setAvailablePaymentMethods(['mercato_test_card', 'bacs']);
    store.setActivePaymentMethod('bacs');
    expect(store.getState()).toMatchObject({ activePaymentMethod: 'bacs', activeSavedToken: '', paymentMethodData: {} });
    store.chooseSavedToken(card);
    expect(store.getState()).toMatchObject({ activePaymentMethod: 'mercato_test_card', activeSavedToken: '31' });
  });

  it('computes incompatible methods once both lists are initialised', () => {
    const store = createPaymentStore({
      globalPaymentMethods: [
        { id: 'bacs', title: 'Direct bank transfer' },
        { id: 'cod', title: 'Cash on delivery' },
        { id: 'express_pay', title: 'Express' },
      ],
    });
    store.setAvailablePaymentMethods(['bacs']);
    expect(store.getState().incompatiblePaymentMethods).toBeNull();
    store.setAvailableExpressPaymentMethods(['express_pay']);
    expect(store.getState().incompatiblePaymentMethods).toEqual({ cod: 'Cash on delivery' });
  });

  it('keeps the save-card choice and the payment result', () => {
    const store = createPaymentStore();
    store.setShouldSavePaymentMethod(true);
    store.setPaymentResult({ message: '', paymentStatus: 'success', redirectUrl: '/done/', paymentDetails: {} });
    expect(store.getState()).toMatchObject({ shouldSavePaymentMethod: true, paymentResult: { redirectUrl: '/done/' } });
  });
});
