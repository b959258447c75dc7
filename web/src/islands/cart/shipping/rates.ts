// What the shipping block reads from a Store API rate (SPEC §3.16): its radio's name, its
// price text and its pickup location. Amounts are written out; the one sum is a rate's price
// and its tax when prices are shown including tax.

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

const minor = (amount: string): bigint => {
  const text = amount.trim();
  return /^-?\d+$/.test(text) ? BigInt(text) : 0n;
};

/**
 * The price beside a rate: "Free" at zero; else its price, with its tax when the shop shows
 * cart prices including tax (SPEC §9.3's rule for the subtotal and fees, and the classic
 * cart's rate label). The sum is the server's two amounts added in integer minor units, as
 * the totals rows add an amount and its tax (core/cart/totals-rows.ts).
 */
export function ratePrice(rate: ShippingRate, includingTax: boolean): string {
  const shown = includingTax ? minor(rate.price) + minor(rate.taxes) : minor(rate.price);
  return shown === 0n ? 'Free' : formatMoney(String(shown), rate);
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
