// Pickup or delivery (SPEC §4.8): whether the shopper prefers to collect the order, and which
// rates are collected. Unless the shopper chose explicitly (the checkout store's
// `prefersCollection`), they prefer collection when the shop has local pickup on and the first
// package's selected rate is one of its collectable methods (`collectableMethodIds`).

import type { ShippingPackage, ShippingRate } from '../cart/types';

/** The page settings the rule reads (`localPickupEnabled`, `collectableMethodIds`). */
export interface CollectionSettings {
  readonly localPickupEnabled: boolean;
  readonly collectableMethodIds: readonly string[];
}

/** Whether the shopper collects the order when `rate` is chosen. */
export function isCollectable(rate: Pick<ShippingRate, 'method_id'>, settings: CollectionSettings): boolean {
  return settings.collectableMethodIds.includes(rate.method_id);
}

/** SPEC §4.8: the explicit choice, else what the first package's selected rate says. */
export function prefersCollection(
  explicit: boolean | undefined,
  settings: CollectionSettings,
  packages: readonly Pick<ShippingPackage, 'shipping_rates'>[],
): boolean {
  if (explicit !== undefined) {
    return explicit;
  }
  if (!settings.localPickupEnabled) {
    return false;
  }
  const selected = packages[0]?.shipping_rates.find((rate) => rate.selected);
  return selected !== undefined && isCollectable(selected, settings);
}

/** Whether the Ship / Pickup choice is offered: pickup is on and the cart offers a collectable rate. */
export function offersPickupChoice(settings: CollectionSettings, packages: readonly Pick<ShippingPackage, 'shipping_rates'>[]): boolean {
  return settings.localPickupEnabled && packages.some((pkg) => pkg.shipping_rates.some((rate) => isCollectable(rate, settings)));
}

/**
 * The rate to choose in a package when the shopper switches to collecting (`collect`) or to
 * delivery: none when the selected one already fits, else the first that does (none when no
 * rate fits).
 */
export function rateForChoice(
  pkg: Pick<ShippingPackage, 'shipping_rates'>,
  collect: boolean,
  settings: CollectionSettings,
): string | null {
  const fits = (rate: ShippingRate): boolean => isCollectable(rate, settings) === collect;
  const selected = pkg.shipping_rates.find((rate) => rate.selected);
  if (selected !== undefined && fits(selected)) {
    return null;
  }
  return pkg.shipping_rates.find(fits)?.rate_id ?? null;
}

/** Whether the order is collected: the choice is offered and the shopper prefers collection. */
export function collectsOrder(
  explicit: boolean | undefined,
  settings: CollectionSettings,
  packages: readonly Pick<ShippingPackage, 'shipping_rates'>[],
): boolean {
  return offersPickupChoice(settings, packages) && prefersCollection(explicit, settings, packages);
}
