// The props WooCommerce hands a payment method's content, its express buttons and a saved
// token's component (frontend.md §1.7, issue 25; WooCommerce's `usePaymentMethodInterface`):
// eventRegistration (every emitter, with the deprecated aliases), emitResponse, billing,
// cartData, shippingData, checkoutStatus, paymentStatus, components, activePaymentMethod,
// shouldSavePayment, onSubmit, setExpressPaymentError.

import { useMemo } from 'react';
import { RESPONSE_TYPES } from '../../../core/events/responses';
import type { NoticeStore } from '../../../core/notices';
import { useCart, useCartRuntime } from '../../../core/react/useCart';
import { useCheckout, useCheckoutStores, usePayment } from '../../../core/react/useCheckout';
import { paymentComponents } from './components';

const noObserver = (): (() => void) => () => undefined;

/** WooCommerce's notice contexts as payment methods receive them (`emitResponse.noticeContexts`). */
const NOTICE_CONTEXTS = {
  CHECKOUT: 'wc/checkout',
  PAYMENTS: 'wc/checkout/payments',
  EXPRESS_PAYMENTS: 'wc/checkout/express-payments',
  CONTACT_INFORMATION: 'wc/checkout/contact-information',
  SHIPPING_ADDRESS: 'wc/checkout/shipping-address',
  BILLING_ADDRESS: 'wc/checkout/billing-address',
  SHIPPING_METHODS: 'wc/checkout/shipping-methods',
  CHECKOUT_ACTIONS: 'wc/checkout/checkout-actions',
} as const;

/** The payment method interface, for the checkout's methods and its express buttons. */
export function usePaymentMethodInterface(onSubmit: (() => void) | undefined) {
  const { notices } = useCartRuntime();
  const stores = useCheckoutStores();
  const active = usePayment((s) => s.activePaymentMethod);
  const { events } = stores;
  // One object for the page's life, so a method's effects that register observers run once.
  const eventRegistration = useMemo(() => {
    type On = (observer: (data: unknown) => unknown, priority?: number) => () => void;
    const validation: On = (observer, priority) => events.on('checkout_validation', observer, priority);
    const setup: On = (observer, priority) => events.on('payment_setup', observer, priority);
    const success: On = (observer, priority) => events.on('checkout_success', observer, priority);
    const fail: On = (observer, priority) => events.on('checkout_fail', observer, priority);
    return {
      onCheckoutValidation: validation,
      onCheckoutValidationBeforeProcessing: validation,
      onPaymentSetup: setup,
      onPaymentProcessing: setup,
      onCheckoutSuccess: success,
      onCheckoutAfterProcessingWithSuccess: success,
      onCheckoutFail: fail,
      onCheckoutAfterProcessingWithError: fail,
      // Mercato's rates are chosen through the cart store; these never fire.
      onShippingRateSuccess: noObserver,
      onShippingRateFail: noObserver,
      onShippingRateSelectSuccess: noObserver,
      onShippingRateSelectFail: noObserver,
    };
  }, [events]);
  const cart = useCart((s) => s.cart);
  const checkoutStatus = useCheckout((s) => s.status);
  const hasError = useCheckout((s) => s.hasError);
  const paymentStatus = usePayment((s) => s.status);
  const shouldSavePayment = usePayment((s) => s.shouldSavePaymentMethod);
  return {
    activePaymentMethod: active,
    eventRegistration,
    emitResponse: { responseTypes: RESPONSE_TYPES, noticeContexts: NOTICE_CONTEXTS },
    billing: {
      billingAddress: cart?.billing_address,
      billingData: cart?.billing_address,
      cartTotal: { label: 'Total', value: Number(cart?.totals.total_price ?? 0) },
      currency: cart?.totals,
      cartTotalItems: cart?.items.length ?? 0,
      displayPricesIncludingTax: false,
      appliedCoupons: cart?.coupons ?? [],
      customerId: stores.checkout.getState().customerId,
    },
    cartData: { cartItems: cart?.items ?? [], cartFees: cart?.fees ?? [], extensions: cart?.extensions ?? {} },
    shippingData: {
      shippingAddress: cart?.shipping_address,
      shippingRates: cart?.shipping_rates ?? [],
      needsShipping: cart?.needs_shipping ?? false,
      isSelectingRate: false,
      selectedRates: {},
    },
    checkoutStatus: {
      isCalculating: false,
      isComplete: checkoutStatus === 'complete',
      isIdle: checkoutStatus === 'idle',
      isProcessing: checkoutStatus === 'processing',
      hasError,
    },
    paymentStatus: {
      isPristine: paymentStatus === 'idle',
      isIdle: paymentStatus === 'idle',
      isStarted: paymentStatus === 'express_started',
      isProcessing: paymentStatus === 'processing',
      isFinished: paymentStatus === 'ready' || paymentStatus === 'has_error',
      hasError: paymentStatus === 'has_error',
      isSuccessful: paymentStatus === 'ready',
      isDoingExpressPayment: paymentStatus === 'express_started',
    },
    components: paymentComponents,
    shouldSavePayment,
    onSubmit: onSubmit ?? (() => undefined),
    setExpressPaymentError: (message = '') => {
      showExpressError(notices, message);
    },
  };
}

const EXPRESS_ERROR_ID = 'express-payment-error';

/** WooCommerce's `__internalSetExpressPaymentError`: the message in the express area, or none for ''. */
export function showExpressError(notices: NoticeStore, message: string): void {
  if (message === '') {
    notices.removeNotice(EXPRESS_ERROR_ID, 'wc/checkout/express-payments');
  } else {
    notices.createNotice('error', message, { id: EXPRESS_ERROR_ID, context: 'wc/checkout/express-payments' });
  }
}
