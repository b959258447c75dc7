// What the shipping block reads from a Store API rate (SPEC §3.16): its radio's name, its
// price text and its pickup location. Text only: amounts are written out, never added.

import type { ShippingPackage, ShippingRate } from '../../../core/cart/types';
import { formatMoney } from '../../../lib/money';

/** The method id of local pickup locations (and WooCommerce's older one). */
const PICKUP_METHODS = ['pickup_location', 'local_pickup'];

/** A rate's meta value, '' when absent. */
export function metaOf(rate: ShippingRate, key: string): string {
  return rate.meta_data.find((meta) => meta.key === key)?.value ?? '';
}

/** Whether the rate is collected from a pickup location. */
export function isPickup(rate: ShippingRate): boolean {
  return PICKUP_METHODS.includes(rate.method_id);
}

/** The radio's name: the pickup location's name for a pickup rate, else the rate's name. */
export function rateLabel(rate: ShippingRate): string {
  const location = isPickup(rate) ? metaOf(rate, 'pickup_location') : '';
  return location !== '' ? location : rate.name;
}

const isZero = (amount: string): boolean => /^-?0*$/.test(amount.trim());

/**
 * The price beside a rate: "Free" at zero; with prices shown including tax, the server's tax
 * is written beside the price rather than added to it here.
 */
export function ratePrice(rate: ShippingRate, includingTax: boolean): string {
  if (isZero(rate.price)) {
    return 'Free';
  }
  const price = formatMoney(rate.price, rate);
  return includingTax && !isZero(rate.taxes) ? `${price} (+ ${formatMoney(rate.taxes, rate)} tax)` : price;
}

/** The selected rate of a package, if any. */
export function selectedRate(pkg: ShippingPackage): ShippingRate | undefined {
  return pkg.shipping_rates.find((rate) => rate.selected);
}

/** "city, state, postcode, country" of a package's destination, '' when none is known. */
export function destinationText(pkg: ShippingPackage): string {
  const d = pkg.destination;
  return [d.city, d.state, d.postcode, d.country].filter((part): part is string => typeof part === 'string' && part !== '').join(', ');
}
