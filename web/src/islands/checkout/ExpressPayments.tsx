// The express payment area (SPEC §2.6, §4.7): above the form, the express methods that can pay
// for this cart, each given an `onPay` that places the order through the one placer (so a
// double click still makes one order). Its notices have their own area.

import { cloneElement, isValidElement, type ReactElement } from 'react';
import { usePayment } from '../../core/react/useCheckout';
import type { PaymentMethodRegistry } from '../../registry/payment-methods/register';
import { NoticeArea } from './NoticeArea';

export function ExpressPayments({ registry, onPay }: { readonly registry: PaymentMethodRegistry; readonly onPay: (name: string) => void }) {
  const available = usePayment((s) => s.availableExpressPaymentMethods);
  const status = usePayment((s) => s.status);
  const methods = registry.expressPaymentMethods().filter((m) => available.includes(m.name));
  if (methods.length === 0) {
    return null;
  }
  return (
    <section className="wc-block-components-express-payment checkout-express" aria-labelledby="checkout-express-title">
      <h2 id="checkout-express-title" className="checkout-express__title">
        Express checkout
      </h2>
      <NoticeArea context="wc/checkout/express-payments" />
      {methods.map((method) =>
        isValidElement(method.content) ? (
          <div key={method.name}>
            {cloneElement(method.content as ReactElement<{ onPay?: () => void; disabled?: boolean }>, {
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
