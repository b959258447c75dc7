// The cart block's shipping (issue 23): per package, the rates as a radio list with the
// selected one's extra content (a pickup location's address and details), the package's items
// when there are several, a "no rates" message, and the shipping calculator. A rate choice goes
// through the cart store: the radio moves at once (the store's overlay), the totals follow the
// server's reply, and a refused choice rolls back with a notice in the cart's area.

import { useCallback, useMemo } from 'react';
import { useExtensionHost } from '../../../components/extension-filters';
import { ShippingPackagesSlot } from '../../../components/ShippingPackagesSlot';
import type { CartRuntime } from '../../../core';
import { shopperMessage, toCartError } from '../../../core/cart/errors';
import type { ShippingPackage, StoreCart } from '../../../core/cart/types';
import { useCart, useProvidedCartRuntime } from '../../../core/react/useCart';
import { storefrontSettings } from '../../../core/settings';
import type { ShippingCountry } from './countries';
import { PackageRates } from './PackageRates';
import { destinationText } from './rates';
import { ShippingCalculator, type CalculatorAddress } from './ShippingCalculator';
import '../../../styles/cart-shipping.css';

export interface CartShippingProps {
  cart: StoreCart;
  /** The island's runtime (its `CartRuntimeProvider`) by default; tests give their own store and notices. */
  runtime?: Pick<CartRuntime, 'cart' | 'notices'>;
  /** Where the calculator's countries come from (tests). */
  loadCountries?: () => Promise<ShippingCountry[]>;
}

const ERROR_NOTICE_ID = 'cart-shipping-error';

export function CartShipping({ cart, runtime, loadCountries }: CartShippingProps) {
  const provided = useProvidedCartRuntime();
  const parts = runtime ?? provided;
  if (parts === null) {
    throw new Error('CartShipping: no runtime given and no CartRuntimeProvider above it');
  }
  const { cart: store, notices } = parts;
  const pending = useCart((state) => state.pendingIntents, store);

  const report = useCallback(
    (error: unknown): string => {
      const message = shopperMessage(toCartError(error));
      notices.createNotice('error', message, { id: ERROR_NOTICE_ID, context: 'wc/cart' });
      return message;
    },
    [notices],
  );

  const selectRate = useCallback(
    (packageId: number | string, rateId: string) => {
      notices.removeNotice(ERROR_NOTICE_ID, 'wc/cart');
      store.selectShippingRate(packageId, rateId).catch(report);
    },
    [store, notices, report],
  );

  const saveAddress = useCallback(
    (address: CalculatorAddress) =>
      store.updateCustomer({ shipping_address: address }).catch((error: unknown) => {
        throw new Error(shopperMessage(toCartError(error)));
      }),
    [store],
  );

  const includingTax = storefrontSettings().pricesIncludeTax;
  const host = useExtensionHost();
  // What the `ExperimentalOrderShippingPackages` slot hands its fills to render a package as the cart does.
  const Package = useMemo(() => {
    const ShippingRatesControlPackage = ({ packageId, packageData, showItems }: Record<string, unknown>) =>
      typeof packageData === 'object' && packageData !== null && (typeof packageId === 'number' || typeof packageId === 'string') ? (
        <PackageRates
          pkg={{ ...(packageData as ShippingPackage), package_id: packageId as number }}
          showItems={showItems === true}
          includingTax={includingTax}
          busy={false}
          onSelect={selectRate}
        />
      ) : null;
    return ShippingRatesControlPackage;
  }, [includingTax, selectRate]);

  if (!cart.needs_shipping) {
    return null;
  }
  const packages = cart.shipping_rates;
  const several = packages.length > 1;
  const destination = packages[0] ? destinationText(packages[0]) : '';
  const { country, state, city, postcode } = cart.shipping_address;
  return (
    <div className="cart-shipping">
      {packages.length === 0 ? (
        <p className="cart-shipping__no-rates" role="status">
          {cart.has_calculated_shipping
            ? 'No shipping options were found for your address.'
            : 'Shipping options will appear once your address is known.'}
        </p>
      ) : (
        packages.map((pkg) => (
          <PackageRates
            key={String(pkg.package_id)}
            pkg={pkg}
            showItems={several}
            includingTax={includingTax}
            busy={pending.includes(`rate:${String(pkg.package_id)}`)}
            onSelect={selectRate}
          />
        ))
      )}
      <ShippingPackagesSlot
        host={host}
        cart={cart}
        context="woocommerce/cart"
        several={several}
        includingTax={includingTax}
        noResultsMessage="No shipping options were found for your address."
        packageComponent={Package}
      />
      {cart.has_calculated_shipping && destination !== '' && (
        <p className="cart-shipping__destination">
          Shipping to <strong>{destination}</strong>
        </p>
      )}
      <ShippingCalculator
        address={{ country, state, city, postcode }}
        hasAddress={cart.has_calculated_shipping}
        onSubmit={saveAddress}
        {...(loadCountries !== undefined && { loadCountries })}
      />
    </div>
  );
}
