// One shipping package (SPEC §3.16): its rates as a radio list named "Shipping options", the
// selected rate's extra content (a pickup location's address and details), the package's items
// when the cart ships in several packages, and a message when no rate applies.

import type { ShippingPackage, ShippingRate } from '../../../core/cart/types';
import { RadioChoiceList, type RadioChoice } from '../../../components/RadioChoiceList';
import { destinationText, isPickup, metaOf, rateLabel, ratePrice } from './rates';

export interface PackageRatesProps {
  pkg: ShippingPackage;
  /** Show the package's name and items (the cart has several packages). */
  showItems: boolean;
  includingTax: boolean;
  /** A rate of this package is being saved. */
  busy: boolean;
  onSelect: (packageId: number | string, rateId: string) => void;
}

function PickupLocation({ rate }: { rate: ShippingRate }) {
  const address = metaOf(rate, 'pickup_address');
  const details = metaOf(rate, 'pickup_details');
  if (address === '' && details === '') {
    return null;
  }
  return (
    <div className="cart-shipping__pickup">
      {address !== '' && <address className="cart-shipping__pickup-address">{address}</address>}
      {details !== '' && <p className="cart-shipping__pickup-details">{details}</p>}
    </div>
  );
}

function choiceOf(rate: ShippingRate, includingTax: boolean): RadioChoice {
  const choice: RadioChoice = {
    value: rate.rate_id,
    label: rateLabel(rate),
    secondaryLabel: ratePrice(rate, includingTax),
  };
  if (rate.delivery_time !== '') {
    choice.description = rate.delivery_time;
  }
  if (rate.description !== '') {
    choice.secondaryDescription = rate.description;
  }
  if (isPickup(rate)) {
    choice.content = <PickupLocation rate={rate} />;
  }
  return choice;
}

export function PackageRates({ pkg, showItems, includingTax, busy, onSelect }: PackageRatesProps) {
  const selected = pkg.shipping_rates.find((rate) => rate.selected)?.rate_id ?? null;
  const destination = destinationText(pkg);
  return (
    <div className="cart-shipping__package">
      {showItems && (
        <div className="cart-shipping__package-header">
          <p className="cart-shipping__package-name">{pkg.name}</p>
          <ul className="cart-shipping__package-items">
            {pkg.items.map((item) => (
              <li key={item.key}>
                {item.name} × {item.quantity}
              </li>
            ))}
          </ul>
        </div>
      )}
      {pkg.shipping_rates.length > 0 ? (
        <RadioChoiceList
          name={`shipping-rate-${String(pkg.package_id)}`}
          legend={showItems ? `Shipping options for ${pkg.name}` : 'Shipping options'}
          legendHidden
          options={pkg.shipping_rates.map((rate) => choiceOf(rate, includingTax))}
          selected={selected}
          busy={busy}
          onChange={(rateId) => {
            onSelect(pkg.package_id, rateId);
          }}
          className="cart-shipping__rates"
        />
      ) : (
        <p className="cart-shipping__no-rates" role="status">
          {destination !== ''
            ? `No shipping options were found for ${destination}.`
            : 'No shipping options were found. Enter your address to see the options.'}
        </p>
      )}
    </div>
  );
}
