// The payment step (SPEC §3.10, §4.7): the available methods as radios named after their
// titles in a group named "Payment options", the chosen one's content (its description, or a
// gateway's fields) below it. What a method's content receives is the part of WooCommerce's
// payment-method props the built-in gateways use: the observer registration and the response
// types.

import { cloneElement, isValidElement, useMemo, type ReactElement } from 'react';
import { RadioChoiceList, type RadioChoice } from '../../../components/RadioChoiceList';
import { RESPONSE_TYPES } from '../../../core/events/responses';
import { useCheckoutStores, usePayment } from '../../../core/react/useCheckout';
import type { PaymentMethodRegistry } from '../../../registry/payment-methods/register';

export interface PaymentMethodsProps {
  readonly registry: PaymentMethodRegistry;
}

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

export function PaymentMethods({ registry }: PaymentMethodsProps) {
  const stores = useCheckoutStores();
  const available = usePayment((s) => s.availablePaymentMethods);
  const active = usePayment((s) => s.activePaymentMethod);
  const initialised = usePayment((s) => s.paymentMethodsInitialized);
  const methods = registry.paymentMethods();
  const { events, payment } = stores;
  // One object for the page's life, so a method's effects that register observers run once.
  const eventRegistration = useMemo(
    () => ({
      onCheckoutValidation: (observer: (data: unknown) => unknown, priority?: number) => events.on('checkout_validation', observer, priority),
      onPaymentSetup: (observer: (data: unknown) => unknown, priority?: number) => events.on('payment_setup', observer, priority),
      onCheckoutSuccess: (observer: (data: unknown) => unknown, priority?: number) => events.on('checkout_success', observer, priority),
      onCheckoutFail: (observer: (data: unknown) => unknown, priority?: number) => events.on('checkout_fail', observer, priority),
    }),
    [events],
  );
  const props = {
    activePaymentMethod: active,
    eventRegistration,
    emitResponse: { responseTypes: RESPONSE_TYPES, noticeContexts: NOTICE_CONTEXTS },
  };
  const options: RadioChoice[] = available.flatMap((name) => {
    const method = methods.find((m) => m.name === name);
    if (method === undefined) {
      return [];
    }
    const content = isValidElement(method.content) ? cloneElement(method.content as ReactElement<object>, props) : undefined;
    return [{ value: name, label: method.ariaLabel, ...(content !== undefined && { content }) }];
  });
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
      selected={active === '' ? null : active}
      onChange={(name) => {
        payment.setActivePaymentMethod(name);
      }}
      className="wc-block-components-radio-control checkout-payment__methods"
    />
  );
}
