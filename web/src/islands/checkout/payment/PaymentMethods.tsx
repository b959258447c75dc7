// The payment step (SPEC §3.10, §4.7): the available methods as radios named after their
// titles in a group named "Payment options", the chosen one's content (its description, or a
// gateway's fields) below it. A method's content receives WooCommerce's payment-method props
// (frontend.md §1.7, issue 25): eventRegistration (every emitter, with the deprecated
// aliases), emitResponse, billing, cartData, shippingData, checkoutStatus, paymentStatus,
// components, activePaymentMethod, shouldSavePayment, onSubmit, setExpressPaymentError
// (./interface.ts). A saved card's radio shows its gateway's `savedTokenComponent`, when it
// registered one, with those props and `token` (the saved token's id, as WooCommerce).
// On a page with extensions each method's content is inside a boundary (src/extensions/).

import { cloneElement, isValidElement, type ReactElement } from 'react';
import type { ExtensionHost } from '../../../registry/host';
import { RadioChoiceList, type RadioChoice } from '../../../components/RadioChoiceList';
import { useCheckoutStores, usePayment } from '../../../core/react/useCheckout';
import { usePaymentMethodInterface } from './interface';
import { flattenSavedMethods } from '../../../core/payment/status';
import type { PaymentMethodRegistry } from '../../../registry/payment-methods/register';
import { savedLabel } from './saved';

export interface PaymentMethodsProps {
  readonly registry: PaymentMethodRegistry;
  readonly host?: ExtensionHost | null;
  /** Places the order, as the Place Order button does (`onSubmit`). */
  readonly onSubmit?: () => void;
}

export function PaymentMethods({ registry, onSubmit }: PaymentMethodsProps) {
  const { payment } = useCheckoutStores();
  const available = usePayment((s) => s.availablePaymentMethods);
  const active = usePayment((s) => s.activePaymentMethod);
  const activeToken = usePayment((s) => s.activeSavedToken);
  const saved = usePayment((s) => s.savedPaymentMethods);
  const initialised = usePayment((s) => s.paymentMethodsInitialized);
  const methods = registry.paymentMethods();
  const props = usePaymentMethodInterface(onSubmit);
  // Saved cards first (SPEC §4.7), each a radio of its own, for the gateways that can pay.
  const savedCards = flattenSavedMethods(saved).filter((card) => available.includes(card.method.gateway));
  const savedOptions: RadioChoice[] = savedCards.map((card) => {
    const component = methods.find((m) => m.name === card.method.gateway)?.savedTokenComponent;
    const content = isValidElement(component) ? cloneElement(component as ReactElement<Record<string, unknown>>, { ...props, token: String(card.tokenId) }) : undefined;
    return { value: `saved:${String(card.tokenId)}`, label: savedLabel(card), ...(content !== undefined && { content }) };
  });
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
