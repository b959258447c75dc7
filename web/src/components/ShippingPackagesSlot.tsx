// The shipping slots (issue 25): `ExperimentalOrderShippingPackages` where the cart and the
// checkout list shipping packages, `ExperimentalOrderLocalPickupPackages` where the checkout
// lists pickup locations, with WooCommerce's fill props (its ShippingRatesControl and pickup
// options block): `collapse`, `collapsible`, `showItems`, `noResultsMessage`, `renderOption`,
// `extensions`, `cart` (as `useStoreCart()` gives it, without `extensions`), `components`
// (`ShippingRatesControlPackage`, and `LocalPickupSelect` for pickup) and `context`; for
// pickup `renderPickupLocation` in place of the list options (./LocalPickupPackagesSlot.tsx,
// the checkout's only). The shop's own packages are rendered by the island beside the slot,
// not as a fill.

import type { ComponentType, ReactNode } from 'react';
import type { ShippingRate, StoreCart } from '../core/cart/types';
import { formatMoney } from '../lib/money';
import { slotCartForExtensions } from '../registry/cart-shapes';
import type { ExtensionHost } from '../registry/host';
import { ExtensionSlot } from './ExtensionSlot';

/** A rate as a radio option, WooCommerce's `RadioControlOption`. */
export interface RateOption {
  readonly value: string;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly secondaryLabel?: ReactNode;
  readonly secondaryDescription?: ReactNode;
}

const isZero = (amount: string): boolean => /^-?0*$/.test(amount.trim());

/** WooCommerce's `renderOption`: a rate as `{value, label, description, secondaryLabel, secondaryDescription}`. */
export function rateOption(includingTax: boolean): (rate: ShippingRate) => RateOption {
  return (rate) => {
    const price = isZero(rate.price) ? 'Free' : formatMoney(includingTax ? String(Number(rate.price) + Number(rate.taxes)) : rate.price, rate);
    return {
      value: rate.rate_id,
      label: rate.name,
      ...(rate.description !== '' && { description: rate.description }),
      secondaryLabel: price,
      ...(rate.delivery_time !== '' && { secondaryDescription: rate.delivery_time }),
    };
  };
}


export interface ShippingPackagesSlotProps {
  readonly host: ExtensionHost | null;
  readonly cart: StoreCart;
  readonly context: 'woocommerce/cart' | 'woocommerce/checkout';
  /** Several packages: collapsible, with their items shown. */
  readonly several: boolean;
  readonly includingTax: boolean;
  readonly noResultsMessage: ReactNode;
  /** Renders one package as the island does (`packageId`, `packageData`...). */
  readonly packageComponent: ComponentType<Record<string, unknown>>;
}

export function ShippingPackagesSlot({ host, cart, context, several, includingTax, noResultsMessage, packageComponent }: ShippingPackagesSlotProps) {
  if (host === null) {
    return null;
  }
  return (
    <ExtensionSlot
      host={host}
      name="ExperimentalOrderShippingPackages"
      className="wc-block-components-shipping-rates-control"
      fillProps={{
        collapse: several,
        collapsible: several,
        showItems: several,
        noResultsMessage,
        renderOption: rateOption(includingTax),
        extensions: cart.extensions,
        cart: slotCartForExtensions(cart),
        components: { ShippingRatesControlPackage: packageComponent },
        context,
      }}
    />
  );
}
