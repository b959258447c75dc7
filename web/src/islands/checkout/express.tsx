// The express button (SPEC §3.11, §4.7): a customer with a saved card and a saved address pays
// in one click, above the form. It registers through `registerExpressPaymentMethod` like any
// wallet would; its content is the button, which places the order with the saved addresses
// and the default card (`wc-{gateway}-payment-token`), the page's form untouched. The gateway
// offering it says so in its `paymentMethodData` (`express`). Paying so
// accepts the terms, as the box says.

import { Money } from '../../components/Money';
import { useCart } from '../../core/react/useCart';
import { savedTokenPaymentData, type SavedPaymentMethod } from '../../core/payment/status';
import type { PaymentMethodRegistry } from '../../registry/payment-methods/register';
import type { AddressValues } from './address/fields';
import type { ExpressOrder } from './place-order';
import { savedLabel } from './payment/saved';

/** The express method's name. */
export const EXPRESS_CARD = 'test_card_express';

interface ExpressButtonProps {
  readonly card: SavedPaymentMethod;
  readonly addressText: string;
  readonly termsUrl: string;
  /** Given by the checkout's express area. */
  readonly onPay?: () => void;
  readonly disabled?: boolean;
}

function ExpressButton({ card, addressText, termsUrl, onPay, disabled = false }: ExpressButtonProps) {
  const totals = useCart((s) => s.cart?.totals ?? null);
  return (
    <div className="checkout-express__method">
      <p className="checkout-express__details">
        {savedLabel(card).replace(/ \(expires .*\)$/, '')}, to {addressText}
      </p>
      <button
        type="button"
        className="button button--primary checkout-express__pay"
        disabled={disabled || onPay === undefined}
        onClick={onPay}
      >
        Pay {totals === null ? '' : <Money amount={totals.total_price} format={totals} />} now
      </button>
      <p className="checkout-express__terms">
        By paying now you agree to the website <a href={termsUrl}>terms and conditions</a>.
      </p>
    </div>
  );
}

/** An address on one line, as the express box shows where the order goes. */
function oneLine(address: AddressValues): string {
  const cityLine = [address.city, [address.state, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [[address.first_name, address.last_name].filter(Boolean).join(' '), address.address_1, address.address_2, cityLine]
    .filter(Boolean)
    .join(', ');
}

/** What the express order is made of, for the placer. */
export function expressOrder(card: SavedPaymentMethod, billing: AddressValues, shipping: AddressValues, ships: boolean): ExpressOrder {
  return {
    form: {
      billingAddress: billing,
      shippingAddress: ships ? shipping : null,
      useSameAddress: false,
      customerNote: '',
      createAccount: false,
      password: '',
    },
    method: card.method.gateway,
    paymentData: savedTokenPaymentData(card),
  };
}

/**
 * Registers the express button for the customer's default saved card, when its gateway is the
 * one offering express payment (`gateway`, from `paymentMethodData`).
 */
export function registerExpressCard(
  registry: PaymentMethodRegistry,
  card: SavedPaymentMethod | undefined,
  express: { billingAddress: AddressValues; shippingAddress: AddressValues } | null,
  options: { ships: boolean; termsUrl: string; gateway: string | null },
): void {
  if (card === undefined || express === null || options.gateway === null || card.method.gateway !== options.gateway) {
    return;
  }
  const addressText = oneLine(options.ships ? express.shippingAddress : express.billingAddress);
  const button = <ExpressButton card={card} addressText={addressText} termsUrl={options.termsUrl} />;
  registry.registerExpressPaymentMethod({
    name: EXPRESS_CARD,
    title: 'Express checkout',
    content: button,
    edit: button,
    paymentMethodId: card.method.gateway,
    canMakePayment: () => true,
    supports: { features: ['products'] },
  });
}
