// The checkout's pickup slot (issue 25): `ExperimentalOrderLocalPickupPackages` with
// WooCommerce's fill props (its pickup options block): `extensions`, `cart`, `components`
// (`ShippingRatesControlPackage`, `LocalPickupSelect`) and `renderPickupLocation`.

import type { ShippingRate } from '../core/cart/types';
import { slotCartForExtensions } from '../registry/cart-shapes';
import { ExtensionSlot } from './ExtensionSlot';
import { RadioChoiceList } from './RadioChoiceList';
import { rateOption, type RateOption, type ShippingPackagesSlotProps } from './ShippingPackagesSlot';

/** The props WooCommerce's `LocalPickupSelect` takes (those an extension passes). */
interface LocalPickupSelectProps {
  readonly title?: string;
  readonly pickupLocations?: readonly ShippingRate[];
  readonly selectedOption?: string;
  readonly renderPickupLocation?: (rate: ShippingRate, packageCount: number) => RateOption;
  readonly packageCount?: number;
  readonly onChange?: (rateId: string) => void;
  readonly onSelectRate?: (rateId: string) => void;
  readonly setSelectedOption?: (rateId: string) => void;
}

/** A list of pickup locations as radios, for fills that render their own (WooCommerce's `LocalPickupSelect`). */
export function LocalPickupSelect({
  title = 'Pickup location',
  pickupLocations = [],
  selectedOption = '',
  renderPickupLocation,
  packageCount = 1,
  onChange,
  onSelectRate,
  setSelectedOption,
}: LocalPickupSelectProps) {
  const options = pickupLocations.map((rate) => {
    const option = renderPickupLocation?.(rate, packageCount) ?? { value: rate.rate_id, label: rate.name };
    return {
      value: option.value,
      label: typeof option.label === 'string' ? option.label : rate.name,
      ...(option.description !== undefined && { description: option.description }),
      ...(option.secondaryLabel !== undefined && { secondaryLabel: option.secondaryLabel }),
      ...(option.secondaryDescription !== undefined && { secondaryDescription: option.secondaryDescription }),
    };
  });
  return (
    <RadioChoiceList
      name={`pickup-${title.replace(/\W+/g, '-').toLowerCase()}`}
      legend={title}
      legendHidden
      options={options}
      selected={selectedOption === '' ? null : selectedOption}
      onChange={(value) => {
        setSelectedOption?.(value);
        (onChange ?? onSelectRate)?.(value);
      }}
      className="wc-block-components-local-pickup-select"
    />
  );
}

export function LocalPickupPackagesSlot({
  host,
  cart,
  includingTax,
  packageComponent,
}: Pick<ShippingPackagesSlotProps, 'host' | 'cart' | 'includingTax' | 'packageComponent'>) {
  if (host === null) {
    return null;
  }
  return (
    <ExtensionSlot
      host={host}
      name="ExperimentalOrderLocalPickupPackages"
      className="wc-block-components-local-pickup-rates-control"
      fillProps={{
        extensions: cart.extensions,
        cart: slotCartForExtensions(cart),
        components: { ShippingRatesControlPackage: packageComponent, LocalPickupSelect },
        renderPickupLocation: rateOption(includingTax),
      }}
    />
  );
}
