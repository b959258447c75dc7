// Placing the order (SPEC §4.6, §4.7): Place Order runs the checkout's steps through the core
// stores, with one POST /checkout in flight at a time, so a double click makes one order.
//
// 1. The form's own fields are checked (errors shown, the first invalid field focused).
// 2. The validate step: checkout_validation observers (core/checkout/validate-step.ts).
// 3. Payment setup: payment_setup observers (core/payment/setup.ts) collect the payment data.
// 4. The address sync is flushed and every cart write the shopper made (a shipping rate, an
//    address) is answered, then POST /checkout (outside the batch): the server prices the
//    order from its cart, so the cart must first be the one the shopper was shown.
// 5. After-processing: checkout_success or checkout_fail observers decide; a refusal's words
//    go to their notice areas and fields (./errors.ts); a success leaves for the URL the
//    server returned (the order-received page).

import {
  GENERIC_ERROR_MESSAGE,
  type NoticeStore,
  type StoreApiClient,
  type StoreApiErrorData,
} from '../../core';
import {
  afterFailure,
  afterSuccess,
  applyAfterProcessing,
  errorNoticeShown,
} from '../../core/checkout/after-processing';
import { isStoreApiError } from '../../core/api/guards';
import { runValidateStep } from '../../core/checkout/validate-step';
import { paymentSetupOutcome, PAYMENT_ERROR_NOTICE_ID, PAYMENTS_NOTICE_CONTEXT } from '../../core/payment/setup';
import { paymentDataForCheckout, paymentResultFrom } from '../../core/payment/status';
import type { CheckoutStores } from '../../core/react/useCheckout';
import { asRecord, isRecord } from '../../lib/guards';
import type { AddressValues } from './address/fields';
import { routeCheckoutError } from './errors';

/** Said when the server's cart chose another shipping rate than the one the shopper was shown. */
export const SHIPPING_CHANGED_MESSAGE =
  'The shipping method of your order has changed since it was shown. Please check your order and place it again.';
const SHIPPING_CHANGED_NOTICE_ID = 'checkout-shipping-changed';

/** What the order is made of, read from the form when Place Order is pressed. */
export interface OrderForm {
  billingAddress: AddressValues;
  /** null when the cart ships nothing. */
  shippingAddress: Omit<AddressValues, 'email'> | null;
  useSameAddress: boolean;
  /**
   * The shopper collects the order (SPEC §4.8): no shipping address is sent, so the cart keeps
   * the one it has (and its rates); the order's address is the billing address.
   */
  collects?: boolean;
  customerNote: string;
  createAccount: boolean;
  password: string;
}

/** What placing an order needs. */
export interface PlaceOrderDeps {
  stores: CheckoutStores;
  notices: NoticeStore;
  api: Pick<StoreApiClient, 'request'>;
  /** The active method's `paymentMethodId` (what the server knows it by). */
  paymentMethodId(name: string): string;
  /** Checks every field, shows the errors, focuses the first invalid one; true when all pass. */
  checkForm(): boolean;
  /** The form's values now. */
  readForm(): OrderForm;
  /** Waits for the address sync to send what changed. */
  flushAddresses(): Promise<void>;
  /**
   * Sends the cart store's queued writes and waits until every one is answered (the cart
   * store's `settled`). A rate chosen just before Place Order waits in the store's batch
   * window; posting /checkout past it placed the order with the rate the cart had before.
   * False when the server's cart then has another shipping choice than the one shown: the
   * order is not sent, so the shopper sees the new one first.
   */
  settleCart(): Promise<boolean>;
  /**
   * Whether the cart has something to pay (`needs_payment`); when it has not, no payment
   * method is set up or sent, as WooCommerce's block checkout does for a free order.
   * Paying is assumed when not given.
   */
  needsPayment?: () => boolean;
  /** Leaves the page (the order-received URL). */
  navigate(url: string): void;
  /** Extension data gathered outside the checkout store (order attribution), by namespace. */
  moreExtensions?: () => Readonly<Record<string, unknown>>;
}

/** An express payment: the order's form and payment come from the method, not the page. */
export interface ExpressOrder {
  form: OrderForm;
  /** The method's name (its `paymentMethodId` is sent). */
  method: string;
  paymentData: Readonly<Record<string, unknown>>;
}

/** One Place Order at a time. */
export interface OrderPlacer {
  /**
   * Resolves when this press is done; a press while another runs, or after the order was
   * placed, does nothing. With `express`, the page's form is neither checked nor read.
   */
  place(express?: ExpressOrder): Promise<void>;
  busy(): boolean;
}

function withoutEmail(address: AddressValues): Omit<AddressValues, 'email'> {
  return Object.fromEntries(Object.entries(address).filter(([key]) => key !== 'email')) as Omit<AddressValues, 'email'>;
}

/**
 * The POST /checkout body (WooCommerce's wire names). A free order (`payment` null) sends
 * neither `payment_method` nor `payment_data`.
 */
export function checkoutBody(
  form: OrderForm,
  payment: { method: string; data: ReturnType<typeof paymentDataForCheckout> } | null,
  extensions: unknown,
) {
  const billing = form.useSameAddress && form.shippingAddress !== null
    ? { ...form.shippingAddress, email: form.billingAddress.email }
    : form.billingAddress;
  return {
    billing_address: billing,
    ...(form.collects !== true && { shipping_address: form.shippingAddress ?? withoutEmail(billing) }),
    customer_note: form.customerNote,
    create_account: form.createAccount,
    ...(form.createAccount && { customer_password: form.password }),
    ...(payment !== null && { payment_method: payment.method, payment_data: payment.data }),
    extensions,
  };
}

/** Builds the placer. */
export function createOrderPlacer(deps: PlaceOrderDeps): OrderPlacer {
  const { checkout, payment, validation, events } = deps.stores;
  let running = false;

  const refused = (code: string, message: string, data: StoreApiErrorData | undefined, form: OrderForm): void => {
    const routed = routeCheckoutError(code, message, data, form.useSameAddress);
    for (const notice of routed.notices) {
      deps.notices.createNotice('error', notice.message, { id: notice.id, context: notice.context });
    }
    validation.setValidationErrors(
      Object.fromEntries(Object.entries(routed.fieldErrors).map(([id, text]) => [id, { message: text }])),
    );
  };

  const run = async (express?: ExpressOrder): Promise<void> => {
    if (express !== undefined) {
      payment.setExpressStarted();
      await send(express.form, express.method, express.paymentData, false);
      if (checkout.getState().status !== 'complete') {
        payment.setIdle();
      }
      return;
    }
    if (!deps.checkForm()) {
      return;
    }
    if (!(await runValidateStep({ checkout, events, notices: deps.notices, validation }))) {
      return;
    }
    if (!(deps.needsPayment?.() ?? true)) {
      // Nothing to pay: no method is set up, none is sent.
      await deps.flushAddresses();
      await send(deps.readForm(), null, {}, false);
      return;
    }
    // Payment setup (SPEC §4.7).
    deps.notices.removeNotice(PAYMENT_ERROR_NOTICE_ID, PAYMENTS_NOTICE_CONTEXT);
    payment.setProcessing();
    const setup = paymentSetupOutcome(await events.emit('payment_setup'));
    if (setup.paymentMethodData !== undefined) {
      payment.setPaymentMethodData(setup.paymentMethodData);
    }
    if (setup.status === 'has_error') {
      payment.setError();
      if (setup.notice !== undefined) {
        deps.notices.createNotice('error', setup.notice.message, {
          id: PAYMENT_ERROR_NOTICE_ID,
          context: setup.notice.context,
          isDismissible: setup.notice.isDismissible,
        });
      }
      if (setup.validationErrors !== undefined) {
        validation.setValidationErrors(setup.validationErrors);
      }
      checkout.setHasError(true);
      return;
    }
    payment.setReady();

    await deps.flushAddresses();
    const state = payment.getState();
    await send(deps.readForm(), state.activePaymentMethod, state.paymentMethodData, state.shouldSavePaymentMethod);
  };

  /** POST /checkout and what follows it. */
  const send = async (
    form: OrderForm,
    method: string | null,
    paymentData: Readonly<Record<string, unknown>>,
    save: boolean,
  ): Promise<void> => {
    if (!(await deps.settleCart())) {
      checkout.setHasError(true);
      deps.notices.createNotice('error', SHIPPING_CHANGED_MESSAGE, { id: SHIPPING_CHANGED_NOTICE_ID, context: 'wc/checkout' });
      return;
    }
    deps.notices.removeNotice(SHIPPING_CHANGED_NOTICE_ID, 'wc/checkout');
    const body = checkoutBody(
      form,
      method === null
        ? null
        : { method: deps.paymentMethodId(method), data: paymentDataForCheckout(paymentData, method, save) },
      { ...deps.moreExtensions?.(), ...checkout.getState().extensionData },
    );
    let reply: Awaited<ReturnType<StoreApiClient['request']>>;
    try {
      reply = await deps.api.request('/checkout', 'POST', body);
    } catch {
      checkout.setAfterProcessing();
      checkout.setHasError(true);
      applyAfterProcessing(
        afterFailure(await events.emit('checkout_fail'), { errorNoticeShown: errorNoticeShown(deps.notices) }),
        checkout,
        deps.notices,
      );
      return;
    }
    const result = asRecord(asRecord(reply.body).payment_result);
    const redirectUrl = typeof result.redirect_url === 'string' ? result.redirect_url : '';
    checkout.setAfterProcessing(redirectUrl);
    // A checkout object (success, or a payment the gateway refused: 400 with the order
    // failed and its payment_result saying why), else a Store API error.
    if (isRecord(reply.body) && isRecord(reply.body.payment_result)) {
      const paymentResult = reply.body.payment_result;
      payment.setPaymentResult(
        paymentResultFrom(isRecord(paymentResult) ? (paymentResult as Parameters<typeof paymentResultFrom>[0]) : null),
      );
      const status = typeof result.payment_status === 'string' ? result.payment_status : '';
      if (status === 'failure' || status === 'error') {
        checkout.setHasError(true);
        const details = Array.isArray(result.payment_details) ? result.payment_details : [];
        const message = details.map(asRecord).find((d) => d.key === 'message')?.value;
        deps.notices.createNotice('error', typeof message === 'string' && message !== '' ? message : GENERIC_ERROR_MESSAGE, {
          id: PAYMENT_ERROR_NOTICE_ID,
          context: PAYMENTS_NOTICE_CONTEXT,
        });
        applyAfterProcessing(
          afterFailure(await events.emit('checkout_fail', reply.body), { errorNoticeShown: errorNoticeShown(deps.notices) }),
          checkout,
          deps.notices,
        );
        return;
      }
      applyAfterProcessing(afterSuccess(await events.emit('checkout_success', reply.body)), checkout, deps.notices);
      const done = checkout.getState();
      if (done.status === 'complete' && done.redirectUrl !== '') {
        deps.navigate(done.redirectUrl);
      }
      return;
    }
    checkout.setHasError(true);
    if (isStoreApiError(reply.body)) {
      refused(reply.body.code, reply.body.message || GENERIC_ERROR_MESSAGE, reply.body.data, form);
    }
    applyAfterProcessing(
      afterFailure(await events.emit('checkout_fail', reply.body), {
        errorNoticeShown: errorNoticeShown(deps.notices) || isStoreApiError(reply.body),
      }),
      checkout,
      deps.notices,
    );
  };

  return {
    async place(express) {
      // One order: nothing while one is being placed, nor once it is placed and the page is
      // leaving for the order-received page.
      if (running || checkout.getState().status === 'complete') {
        return;
      }
      running = true;
      try {
        await run(express);
      } finally {
        running = false;
      }
    },
    busy: () => running,
  };
}
