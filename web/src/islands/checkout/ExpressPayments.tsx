// The express payment area (SPEC §2.6, §4.7): above the form, the express methods that can pay
// for this cart, each given an `onPay` that places the order through the one placer (so a
// double click still makes one order). Its notices have their own area.
//
// An express method's content also gets WooCommerce's express props (issue 25; its
// `ExpressPaymentMethods`): the payment method interface (./payment/interface.ts), `onClick`
// (the method becomes the active one and the payment status "express started", the previous
// method remembered), `onClose` (back to idle and the previous method), `onError(message)`
// (the message in the express area, status "error", the previous method back),
// `setExpressPaymentError` (the deprecated form of `onError`; '' clears the message) and
// `buttonAttributes` (`{height, borderRadius}` from the shop's `expressPaymentButtonStyles`
// setting, WooCommerce's block defaults "48" and "4"; absent when the setting turns
// `showButtonStyles` off).

import { cloneElement, isValidElement, useMemo, type ReactElement } from 'react';
import { getSetting, isRecordSetting } from '../../core/settings';
import { useCartRuntime } from '../../core/react/useCart';
import { useCheckoutStores, usePayment } from '../../core/react/useCheckout';
import type { PaymentMethodData } from '../../core/payment/status';
import type { PaymentStore } from '../../core/payment/store';
import type { PaymentMethodRegistry } from '../../registry/payment-methods/register';
import { NoticeArea } from './NoticeArea';
import { showExpressError, usePaymentMethodInterface } from './payment/interface';

/** WooCommerce's `buttonAttributes`, from the `expressPaymentButtonStyles` setting. */
export function expressButtonAttributes(doc?: Document): { height: string; borderRadius: string } | undefined {
  const styles = getSetting('expressPaymentButtonStyles', {}, isRecordSetting, doc);
  if (styles.showButtonStyles === false) {
    return undefined;
  }
  const text = (value: unknown, fallback: string): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);
  return { height: text(styles.buttonHeight, '48'), borderRadius: text(styles.buttonBorderRadius, '4') };
}

/** The method chosen before an express payment started, by payment store (one per checkout). */
const previousMethods = new WeakMap<PaymentStore, { method: string; token: string; data: PaymentMethodData }>();

export function ExpressPayments({ registry, onPay }: { readonly registry: PaymentMethodRegistry; readonly onPay: (name: string) => void }) {
  const available = usePayment((s) => s.availableExpressPaymentMethods);
  const status = usePayment((s) => s.status);
  const { payment } = useCheckoutStores();
  const { notices } = useCartRuntime();
  const methodInterface = usePaymentMethodInterface(undefined);
  // What the express props do, made once per stores (they read the previous method when called).
  const actions = useMemo(() => {
    const restore = (): void => {
      const before = previousMethods.get(payment);
      if (before !== undefined) {
        payment.setState({ activePaymentMethod: before.method, activeSavedToken: before.token, paymentMethodData: before.data });
      }
    };
    const onError = (message: string): void => {
      payment.setError();
      showExpressError(notices, message);
      restore();
    };
    return {
      onClick: (name: string) => {
        const state = payment.getState();
        previousMethods.set(payment, { method: state.activePaymentMethod, token: state.activeSavedToken, data: state.paymentMethodData });
        payment.setExpressStarted();
        payment.setActivePaymentMethod(name);
      },
      onClose: () => {
        payment.setIdle();
        restore();
      },
      onError,
      setExpressPaymentError: (message = '') => {
        if (message === '') {
          showExpressError(notices, '');
        } else {
          onError(message);
        }
      },
    };
  }, [payment, notices]);
  const methods = registry.expressPaymentMethods().filter((m) => available.includes(m.name));
  if (methods.length === 0) {
    return null;
  }
  const buttonAttributes = expressButtonAttributes();
  return (
    <section className="wc-block-components-express-payment checkout-express" aria-labelledby="checkout-express-title">
      <h2 id="checkout-express-title" className="checkout-express__title">
        Express checkout
      </h2>
      <NoticeArea context="wc/checkout/express-payments" />
      {methods.map((method) =>
        isValidElement(method.content) ? (
          <div key={method.name} id={`express-payment-method-${method.name}`}>
            {cloneElement(method.content as ReactElement<Record<string, unknown>>, {
              ...methodInterface,
              onClick: () => {
                actions.onClick(method.name);
              },
              onClose: actions.onClose,
              onError: actions.onError,
              setExpressPaymentError: actions.setExpressPaymentError,
              buttonAttributes,
              onPay: () => {
                onPay(method.name);
              },
              disabled: status === 'express_started',
            })}
          </div>
        ) : null,
      )}
      <p className="checkout-express__or">Or continue below</p>
    </section>
  );
}
