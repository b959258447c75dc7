// The shipping method step (SPEC §2.6, §3.16): each package's rates as radios (a pickup
// location by its name, its price beside it), chosen through the cart store, so the summary
// follows. The cart island's rate helpers live in that island (islands do not import each
// other), so the few lines that name and price a rate are repeated here.

import { RadioChoiceList } from '../../components/RadioChoiceList';
import type { ShippingPackage, ShippingRate } from '../../core';
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

function PackageRates({ pkg, several, includingTax }: { pkg: ShippingPackage; several: boolean; includingTax: boolean }) {
  const store = useCartRuntime().cart;
  const busy = useCart((s) => s.pendingIntents.includes(`rate:${String(pkg.package_id)}`));
  const selected = pkg.shipping_rates.find((rate) => rate.selected)?.rate_id ?? null;
  if (pkg.shipping_rates.length === 0) {
    return (
      <p className="checkout-shipping__no-rates" role="status">
        There are no shipping options available. Please check your shipping address.
      </p>
    );
  }
  return (
    <RadioChoiceList
      name={`shipping-rate-${String(pkg.package_id)}`}
      legend={several ? `Shipping method for ${pkg.name}` : 'Shipping method'}
      legendHidden
      options={pkg.shipping_rates.map((rate) => ({
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

export function ShippingMethods({ packages, includingTax }: { packages: readonly ShippingPackage[]; includingTax: boolean }) {
  if (packages.length === 0) {
    return (
      <p className="checkout-shipping__no-rates" role="status">
        Shipping options will appear here after entering your full shipping address.
      </p>
    );
  }
  return (
    <div className="checkout-shipping">
      {packages.map((pkg) => (
        <PackageRates key={String(pkg.package_id)} pkg={pkg} several={packages.length > 1} includingTax={includingTax} />
      ))}
    </div>
  );
}
