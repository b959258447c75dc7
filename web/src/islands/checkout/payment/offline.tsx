// The offline gateways (bank transfer, check, cash on delivery) register through
// `registerPaymentMethod` like any extension would, from their `paymentMethodData` settings:
// the title names the radio, the description is the content shown while it is chosen. Whether
// the cart may use one (cash on delivery's shipping methods, a virtual cart) is the server's
// word, in the cart's `payment_methods`.

import { asRecord } from '../../../lib/guards';
import type { PaymentMethodRegistry } from '../../../registry/payment-methods/register';

/** The gateways registered here. */
export const OFFLINE_GATEWAYS = ['bacs', 'cheque', 'cod'] as const;

function Description({ text }: { readonly text: string }) {
  return text === '' ? null : <p className="checkout-payment__description">{text}</p>;
}

/** Registers each offline gateway the settings describe (an enabled one). */
export function registerOfflineMethods(registry: PaymentMethodRegistry, paymentMethodData: unknown): void {
  const settings = asRecord(paymentMethodData);
  for (const name of OFFLINE_GATEWAYS) {
    const data = asRecord(settings[name]);
    if (typeof data.title !== 'string' || data.title === '') {
      continue;
    }
    const description = typeof data.description === 'string' ? data.description : '';
    const features = Array.isArray(data.supports) ? data.supports.filter((f): f is string => typeof f === 'string') : undefined;
    registry.registerPaymentMethod({
      name,
      label: data.title,
      ariaLabel: data.title,
      content: <Description text={description} />,
      edit: <Description text={description} />,
      canMakePayment: () => true,
      supports: features === undefined ? {} : { features },
    });
  }
}
