import { describe, expect, it, vi } from 'vitest';
import { createNoticeStore, type ApiReply } from '../../core';
import { createCheckoutStore } from '../../core/checkout/store';
import { createCheckoutEvents } from '../../core/events/emitter';
import { createPaymentStore } from '../../core/payment/store';
import { createValidationStore } from '../../core/validation/store';
import { createStoreApiClient } from '../../core/cart/api';
import { createNonceStore } from '../../core/cart/nonce';
import { createCartStore } from '../../core/cart/store';
import { FakeStoreApi, hashOf, makeCart, makeItem, makePackage } from '../../core/testing/fakeStoreApi';
import { addressOf } from './data';
import { checkoutBody, createOrderPlacer, SHIPPING_CHANGED_MESSAGE, type OrderForm } from './place-order';

const address = addressOf({
  first_name: 'Jane',
  last_name: 'Doe',
  address_1: '1 Main Street',
  city: 'San Francisco',
  state: 'CA',
  postcode: '94103',
  country: 'US',
  email: 'jane@example.com',
});

const orderForm: OrderForm = {
  billingAddress: address,
  shippingAddress: { ...address, email: undefined } as unknown as OrderForm['shippingAddress'],
  useSameAddress: true,
  customerNote: 'Leave at the door',
  createAccount: false,
  password: '',
};

function reply(status: number, body: unknown): ApiReply {
  return { status, ok: status < 300, headers: new Headers(), body };
}

const SUCCESS = reply(200, {
  order_id: 40,
  status: 'processing',
  payment_result: {
    payment_status: 'success',
    payment_details: [],
    redirect_url: '/checkout/order-received/40/?key=wc_order_x',
  },
});

function setup(
  answer: () => Promise<ApiReply>,
  settled: () => Promise<boolean> = () => Promise.resolve(true),
  needsPayment?: () => boolean,
) {
  const stores = {
    checkout: createCheckoutStore(),
    payment: createPaymentStore(),
    validation: createValidationStore(),
    events: createCheckoutEvents({ log: () => undefined }),
  };
  stores.payment.setAvailablePaymentMethods(['cod']);
  const notices = createNoticeStore();
  const request = vi.fn<(path: string, method: string, body?: unknown) => Promise<ApiReply>>(() => answer());
  const navigate = vi.fn();
  const placer = createOrderPlacer({
    stores,
    notices,
    api: { request },
    paymentMethodId: (name) => name,
    checkForm: () => true,
    readForm: () => orderForm,
    flushAddresses: () => Promise.resolve(),
    settleCart: settled,
    navigate,
    ...(needsPayment !== undefined && { needsPayment }),
  });
  return { stores, notices, request, navigate, placer };
}

describe('placing the order', () => {
  it('posts once however often Place Order is pressed, and leaves for the order-received page', async () => {
    let release: (value: ApiReply) => void = () => undefined;
    const { request, navigate, placer, stores } = setup(
      () =>
        new Promise<ApiReply>((resolve) => {
          release = resolve;
        }),
    );
    const first = placer.place();
    const second = placer.place();
    await vi.waitFor(() => {
      expect(request).toHaveBeenCalledTimes(1);
    });
    release(SUCCESS);
    await Promise.all([first, second]);
    await placer.place();
    expect(request).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/checkout/order-received/40/?key=wc_order_x');
    expect(stores.checkout.getState().status).toBe('complete');
    const body = request.mock.calls[0]?.[2] as Record<string, unknown>;
    expect(request.mock.calls[0]?.slice(0, 2)).toEqual(['/checkout', 'POST']);
    expect(body).toMatchObject({
      payment_method: 'cod',
      payment_data: [{ key: 'wc-cod-new-payment-method', value: false }],
      customer_note: 'Leave at the door',
      billing_address: { email: 'jane@example.com', postcode: '94103' },
      shipping_address: { postcode: '94103' },
    });
  });

  it('puts a server-side field error on its field and its notice in its area, and lets the shopper try again', async () => {
    const { stores, notices, navigate, placer } = setup(() =>
      Promise.resolve(
        reply(400, {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): billing_address',
          data: {
            status: 400,
            params: { billing_address: 'The provided email address is not valid' },
            details: { billing_address: { code: 'invalid_email', message: 'The provided email address is not valid', data: null } },
          },
        }),
      ),
    );
    await placer.place();
    expect(navigate).not.toHaveBeenCalled();
    expect(stores.validation.getValidationError('billing_email')).toEqual({
      message: 'The provided email address is not valid',
      hidden: false,
    });
    expect(notices.noticesOf('wc/checkout/contact-information').map((n) => n.content)).toEqual([
      'The provided email address is not valid',
    ]);
    // No second, generic message for the same refusal.
    expect(notices.noticesOf('wc/checkout')).toEqual([]);
    expect(stores.checkout.getState().status).toBe('idle');
  });

  it('stops before sending when the form has errors or an observer blocks', async () => {
    const { request, stores, placer } = setup(() => Promise.resolve(SUCCESS));
    stores.events.on('checkout_validation', () => ({ type: 'error', errorMessage: 'Pick a gift box.' }));
    await placer.place();
    expect(request).not.toHaveBeenCalled();
    expect(stores.checkout.getState()).toMatchObject({ status: 'idle', hasError: true });
  });

  it('shows a declined payment in the payments area and lets the shopper pay again', async () => {
    const { stores, notices, navigate, placer, request } = setup(() =>
      Promise.resolve(
        reply(400, {
          order_id: 41,
          status: 'failed',
          payment_result: {
            payment_status: 'failure',
            payment_details: [{ key: 'message', value: 'Your card was declined.' }],
            redirect_url: '',
          },
        }),
      ),
    );
    await placer.place();
    expect(navigate).not.toHaveBeenCalled();
    expect(notices.noticesOf('wc/checkout/payments').map((n) => n.content)).toEqual(['Your card was declined.']);
    expect(notices.noticesOf('wc/checkout')).toEqual([]);
    expect(stores.checkout.getState().status).toBe('idle');
    await placer.place();
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('an express payment sends its own addresses and saved card; the page form is neither checked nor read', async () => {
    const { request, navigate, placer, stores } = setup(() => Promise.resolve(SUCCESS));
    const checkForm = vi.fn(() => false);
    const express = createOrderPlacer({
      stores,
      notices: createNoticeStore(),
      api: { request },
      paymentMethodId: (name) => name,
      checkForm,
      readForm: () => {
        throw new Error('the form is not read');
      },
      flushAddresses: () => Promise.resolve(),
      settleCart: () => Promise.resolve(true),
      navigate,
    });
    await express.place({
      form: { ...orderForm, useSameAddress: false },
      method: 'test_card',
      paymentData: { token: '3', 'wc-test_card-payment-token': '3', isSavedToken: true },
    });
    expect(checkForm).not.toHaveBeenCalled();
    expect(request.mock.calls[0]?.[2]).toMatchObject({
      payment_method: 'test_card',
      payment_data: [
        { key: 'token', value: '3' },
        { key: 'wc-test_card-payment-token', value: '3' },
        { key: 'isSavedToken', value: true },
        { key: 'wc-test_card-new-payment-method', value: false },
      ],
    });
    expect(navigate).toHaveBeenCalledWith('/checkout/order-received/40/?key=wc_order_x');
    expect(placer.busy()).toBe(false);
  });

  it('places a free order without a payment method: no payment setup runs and none is sent', async () => {
    const { request, navigate, placer, stores } = setup(() => Promise.resolve(SUCCESS), undefined, () => false);
    const setupObserver = vi.fn(() => ({ type: 'error', message: 'Enter your card number.' }));
    stores.events.on('payment_setup', setupObserver);
    await placer.place();
    expect(setupObserver).not.toHaveBeenCalled();
    const body = request.mock.calls[0]?.[2] as Record<string, unknown>;
    expect(body).not.toHaveProperty('payment_method');
    expect(body).not.toHaveProperty('payment_data');
    expect(body).toMatchObject({ billing_address: { email: 'jane@example.com' } });
    expect(navigate).toHaveBeenCalledWith('/checkout/order-received/40/?key=wc_order_x');
  });
});

describe('placing the order after a shipping choice', () => {
  // The money bug of docs/cart-and-checkout.md: the rate radio changes the cart through the
  // cart store's batch (sent after its 300 ms window), while Place Order posted /checkout at
  // once. The server placed the order with the rate the cart still had (Flat rate), and the
  // batch then answered with the pickup location the shopper had chosen and been shown.
  it('sends POST /checkout only once the cart has the rate the shopper chose', async () => {
    const server = new FakeStoreApi(
      makeCart([makeItem('a', 1)], { shipping_rates: [makePackage(['flat_rate:1', 'pickup_location:0'])] }),
    );
    const nonce = createNonceStore(null);
    nonce.seed(server.nonce, server.nonceTimestamp);
    const api = createStoreApiClient({ fetch: server.fetch, nonce });
    const cart = createCartStore({ api, initialCart: structuredClone(server.cart), initialHash: hashOf(server.cart) });
    // The server places the order with the rate its cart has when the checkout arrives.
    const charged: string[] = [];
    server.intercept = (request) => {
      if (!request.url.endsWith('/checkout')) {
        return undefined;
      }
      const chosen = server.cart.shipping_rates[0]?.shipping_rates.find((rate) => rate.selected)?.rate_id ?? '';
      charged.push(chosen);
      return { status: 200, body: SUCCESS.body, headers: { 'Content-Type': 'application/json' } };
    };
    const { stores } = setup(() => Promise.resolve(SUCCESS));
    const navigate = vi.fn();
    const placer = createOrderPlacer({
      stores,
      notices: createNoticeStore(),
      api,
      paymentMethodId: (name) => name,
      checkForm: () => true,
      readForm: () => orderForm,
      flushAddresses: () => Promise.resolve(),
      settleCart: () => cart.settled().then(() => true),
      navigate,
    });

    void cart.selectShippingRate(0, 'pickup_location:0');
    const shown = () => cart.getState().cart?.shipping_rates[0]?.shipping_rates.find((rate) => rate.selected)?.rate_id;
    expect(shown()).toBe('pickup_location:0');
    await placer.place();

    expect(charged).toEqual(['pickup_location:0']);
    expect(shown()).toBe('pickup_location:0');
    expect(navigate).toHaveBeenCalledWith('/checkout/order-received/40/?key=wc_order_x');
    nonce.stop();
  });
});

describe('a collected order and a changed shipping choice', () => {
  it('sends no shipping address for an order the shopper collects', () => {
    const body = checkoutBody({ ...orderForm, shippingAddress: null, useSameAddress: false, collects: true }, { method: 'cod', data: [] }, {});
    expect(body).not.toHaveProperty('shipping_address');
    expect(body.billing_address).toMatchObject({ email: 'jane@example.com', city: 'San Francisco' });
  });

  it('sends nothing when the server chose another rate than the one shown, and says so', async () => {
    let same = false;
    const { request, notices, placer, stores } = setup(
      () => Promise.resolve(SUCCESS),
      () => Promise.resolve(same),
    );
    await placer.place();
    expect(request).not.toHaveBeenCalled();
    expect(notices.noticesOf('wc/checkout').map((n) => n.content)).toEqual([SHIPPING_CHANGED_MESSAGE]);
    expect(stores.checkout.getState().status).toBe('idle');
    // Seen now: the next press places the order.
    same = true;
    await placer.place();
    expect(request).toHaveBeenCalledTimes(1);
    expect(notices.noticesOf('wc/checkout')).toEqual([]);
  });
});
