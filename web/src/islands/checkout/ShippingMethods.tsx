// The shipping method steps (SPEC §2.6, §3.16, §4.8): each package's rates as radios, chosen
// through the cart store, so the summary follows. With the Ship / Pickup choice, "Shipping
// options" lists the rates that ship and "Pickup locations" the ones collected (a location by
// its name, its address as the description); without it, every rate is listed. The cart
// island's rate helpers live in that island (islands do not import each other), so the few
// lines that name and price a rate are repeated here.

import { useMemo } from 'react';
import { useExtensionHost } from '../../components/extension-filters';
import { RadioChoiceList } from '../../components/RadioChoiceList';
import { LocalPickupPackagesSlot } from '../../components/LocalPickupPackagesSlot';
import { ShippingPackagesSlot } from '../../components/ShippingPackagesSlot';
import type { ShippingPackage, ShippingRate } from '../../core';
import { isCollectable, type CollectionSettings } from '../../core/checkout/collection';
import { useCart, useCartRuntime } from '../../core/react/useCart';
import { formatMoney } from '../../lib/money';

const PICKUP_METHODS = ['pickup_location', 'local_pickup'];

const metaOf = (rate: ShippingRate, key: string): string => rate.meta_data.find((meta) => meta.key === key)?.value ?? '';

function rateLabel(rate: ShippingRate): string {
  const location = PICKUP_METHODS.includes(rate.method_id) ? metaOf(rate, 'pickup_location') : '';
  return location !== '' ? location : rate.name;
}

const isZero = (amount: string): boolean => /^-?0*$/.test(amount.trim());

function ratePrice(rate: ShippingRate, includingTax: boolean): string {
  if (isZero(rate.price)) {
    return 'Free';
  }
  const price = formatMoney(rate.price, rate);
  return includingTax && !isZero(rate.taxes) ? `${price} (+ ${formatMoney(rate.taxes, rate)} tax)` : price;
}

/** Which rates a list shows: all of them, the ones that ship, or the ones collected. */
export type RateKind = 'all' | 'ship' | 'collect';

interface PackageRatesProps {
  readonly pkg: ShippingPackage;
  readonly several: boolean;
  readonly includingTax: boolean;
  readonly kind: RateKind;
  readonly collection: CollectionSettings;
}

function PackageRates({ pkg, several, includingTax, kind, collection }: PackageRatesProps) {
  const store = useCartRuntime().cart;
  const busy = useCart((s) => s.pendingIntents.includes(`rate:${String(pkg.package_id)}`));
  const rates = pkg.shipping_rates.filter((rate) => kind === 'all' || isCollectable(rate, collection) === (kind === 'collect'));
  const selected = rates.find((rate) => rate.selected)?.rate_id ?? null;
  if (rates.length === 0) {
    return (
      <p className="checkout-shipping__no-rates" role="status">
        {kind === 'collect'
          ? 'There are no pickup locations available.'
          : 'There are no shipping options available. Please check your shipping address.'}
      </p>
    );
  }
  const what = kind === 'collect' ? 'Pickup location' : 'Shipping method';
  return (
    <RadioChoiceList
      name={`shipping-rate-${String(pkg.package_id)}`}
      legend={several ? `${what} for ${pkg.name}` : what}
      legendHidden
      options={rates.map((rate) => ({
        value: rate.rate_id,
        label: rateLabel(rate),
        secondaryLabel: ratePrice(rate, includingTax),
        ...(metaOf(rate, 'pickup_address') !== '' && { description: metaOf(rate, 'pickup_address') }),
      }))}
      selected={selected}
      busy={busy}
      onChange={(rateId) => {
        void store.selectShippingRate(pkg.package_id, rateId).catch(() => undefined);
      }}
      className="wc-block-components-shipping-rates-control checkout-shipping__rates"
    />
  );
}

export interface ShippingMethodsProps {
  readonly packages: readonly ShippingPackage[];
  readonly includingTax: boolean;
  readonly kind: RateKind;
  readonly collection: CollectionSettings;
}

/**
 * The slots extensions fill beside the packages (issue 25): `ExperimentalOrderLocalPickupPackages`
 * in the pickup step, `ExperimentalOrderShippingPackages` in the shipping step; their
 * `ShippingRatesControlPackage` renders a package as this step does.
 */
function PackagesSlot({ several, includingTax, kind, collection }: { readonly several: boolean; readonly includingTax: boolean; readonly kind: RateKind; readonly collection: CollectionSettings }) {
  const host = useExtensionHost();
  const cart = useCart((s) => s.cart);
  const Package = useMemo(() => {
    const ShippingRatesControlPackage = ({ packageId, packageData, showItems }: Record<string, unknown>) =>
      typeof packageData === 'object' && packageData !== null && (typeof packageId === 'number' || typeof packageId === 'string') ? (
        <PackageRates
          pkg={{ ...(packageData as ShippingPackage), package_id: packageId as number }}
          several={showItems === true}
          includingTax={includingTax}
          kind={kind}
          collection={collection}
        />
      ) : null;
    return ShippingRatesControlPackage;
  }, [includingTax, kind, collection]);
  if (host === null || cart === null) {
    return null;
  }
  return kind === 'collect' ? (
    <LocalPickupPackagesSlot host={host} cart={cart} includingTax={includingTax} packageComponent={Package} />
  ) : (
    <ShippingPackagesSlot
      host={host}
      cart={cart}
      context="woocommerce/checkout"
      several={several}
      includingTax={includingTax}
      noResultsMessage="There are no shipping options available. Please check your shipping address."
      packageComponent={Package}
    />
  );
}

export function ShippingMethods({ packages, includingTax, kind, collection }: ShippingMethodsProps) {
  if (packages.length === 0) {
    return (
      <>
        <p className="checkout-shipping__no-rates" role="status">
          Shipping options will appear here after entering your full shipping address.
        </p>
        <PackagesSlot several={false} includingTax={includingTax} kind={kind} collection={collection} />
      </>
    );
  }
  return (
    <div className="checkout-shipping">
      {packages.map((pkg) => (
        <PackageRates
          key={String(pkg.package_id)}
          pkg={pkg}
          several={packages.length > 1}
          includingTax={includingTax}
          kind={kind}
          collection={collection}
        />
      ))}
      <PackagesSlot several={packages.length > 1} includingTax={includingTax} kind={kind} collection={collection} />
    </div>
  );
}
