// The payment step (SPEC §3.10, §4.7): the available methods as radios named after their
// titles in a group named "Payment options", the chosen one's content (its description, or a
// gateway's fields) below it. A method's content receives WooCommerce's payment-method props
// (frontend.md §1.7, issue 25): eventRegistration (every emitter, with the deprecated
// aliases), emitResponse, billing, cartData, shippingData, checkoutStatus, paymentStatus,
// components, activePaymentMethod, shouldSavePayment, onSubmit, setExpressPaymentError.
// On a page with extensions each method's content is inside a boundary (src/extensions/).

import { cloneElement, isValidElement, useMemo, type ReactElement } from 'react';
import { useCart } from '../../../core/react/useCart';
import { useCheckout } from '../../../core/react/useCheckout';
import type { ExtensionHost } from '../../../registry/host';
import { paymentComponents } from './components';
import { RadioChoiceList, type RadioChoice } from '../../../components/RadioChoiceList';
import { RESPONSE_TYPES } from '../../../core/events/responses';
import { useCheckoutStores, usePayment } from '../../../core/react/useCheckout';
import { flattenSavedMethods } from '../../../core/payment/status';
import type { PaymentMethodRegistry } from '../../../registry/payment-methods/register';
import { savedLabel } from './saved';

export interface PaymentMethodsProps {
  readonly registry: PaymentMethodRegistry;
  readonly host?: ExtensionHost | null;
  /** Places the order, as the Place Order button does (`onSubmit`). */
  readonly onSubmit?: () => void;
}

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

export function PaymentMethods({ registry, host = null, onSubmit }: PaymentMethodsProps) {
  const stores = useCheckoutStores();
  const available = usePayment((s) => s.availablePaymentMethods);
  const active = usePayment((s) => s.activePaymentMethod);
  const activeToken = usePayment((s) => s.activeSavedToken);
  const saved = usePayment((s) => s.savedPaymentMethods);
  const initialised = usePayment((s) => s.paymentMethodsInitialized);
  const methods = registry.paymentMethods();
  const { events, payment } = stores;
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
  const props = {
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
    setExpressPaymentError: (message: string) => {
      host?.runtime()?.notices.createNotice('error', message, { context: 'wc/checkout/express-payments' });
    },
  };
  // Saved cards first (SPEC §4.7), each a radio of its own, for the gateways that can pay.
  const savedCards = flattenSavedMethods(saved).filter((card) => available.includes(card.method.gateway));
  const savedOptions: RadioChoice[] = savedCards.map((card) => ({ value: `saved:${String(card.tokenId)}`, label: savedLabel(card) }));
  const methodOptions: RadioChoice[] = available.flatMap((name) => {
    const method = methods.find((m) => m.name === name);
    if (method === undefined) {
      return [];
    }
    const content = isValidElement(method.content) ? cloneElement(method.content as ReactElement<object>, props) : undefined;
    // With saved cards listed, the gateway's own radio is for a new card.
    const label = savedCards.some((card) => card.method.gateway === name) ? `Use a new ${method.ariaLabel.toLowerCase()}` : method.ariaLabel;
    return [{ value: name, label, ...(content !== undefined && { content }) }];
  });
  const options = [...savedOptions, ...methodOptions];
  if (!initialised) {
    return <p className="checkout-payment__loading">Loading payment methods…</p>;
  }
  if (options.length === 0) {
    return (
      <p className="woocommerce-info" role="status">
        There are no payment methods available. This may be an error on our side. Please contact us if you need any help placing your order.
      </p>
    );
  }
  return (
    <RadioChoiceList
      name="radio-control-wc-payment-method-options"
      legend="Payment method"
      legendHidden
      options={options}
      selected={activeToken !== '' ? `saved:${activeToken}` : active === '' ? null : active}
      onChange={(value) => {
        const card = savedCards.find((c) => `saved:${String(c.tokenId)}` === value);
        if (card !== undefined) {
          payment.chooseSavedToken(card);
        } else {
          payment.setActivePaymentMethod(value);
        }
      }}
      className="wc-block-components-radio-control checkout-payment__methods"
    />
  );
}
