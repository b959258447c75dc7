// Pure functions over a server cart: the optimistic overlay of pending intents (quantities,
// removals, the chosen rate, typed addresses: never money, which only the server computes).
// The SPEC §8.3 notices for what the server changed on its own are ./line-notices.ts.

import type { CartBillingAddress, CartShippingAddress, StoreCart } from './types';

/** The cart with line `key` at `quantity` (0 removes it). `items_count` follows; totals do not. */
export function withQuantity(cart: StoreCart, key: string, quantity: number): StoreCart {
  const line = cart.items.find((item) => item.key === key);
  if (line === undefined) {
    return cart;
  }
  if (quantity <= 0) {
    return withoutItem(cart, key);
  }
  return {
    ...cart,
    items: cart.items.map((item) => (item.key === key ? { ...item, quantity } : item)),
    items_count: Math.max(0, cart.items_count + quantity - line.quantity),
  };
}

/** The cart without line `key`. */
export function withoutItem(cart: StoreCart, key: string): StoreCart {
  const line = cart.items.find((item) => item.key === key);
  if (line === undefined) {
    return cart;
  }
  return {
    ...cart,
    items: cart.items.filter((item) => item.key !== key),
    items_count: Math.max(0, cart.items_count - line.quantity),
  };
}

/** The cart with rate `rateId` marked selected in package `packageId`. */
export function withSelectedRate(cart: StoreCart, packageId: number | string, rateId: string): StoreCart {
  return {
    ...cart,
    shipping_rates: cart.shipping_rates.map((pkg) =>
      String(pkg.package_id) === String(packageId)
        ? {
            ...pkg,
            shipping_rates: pkg.shipping_rates.map((rate) => ({ ...rate, selected: rate.rate_id === rateId })),
          }
        : pkg,
    ),
  };
}

/** Address fields sent with `update-customer`: only those that changed. */
export interface CustomerUpdate {
  billing_address?: Partial<CartBillingAddress>;
  shipping_address?: Partial<CartShippingAddress>;
}

/** The cart with the typed address fields in place, so fields do not flicker back. */
export function withCustomer(cart: StoreCart, update: CustomerUpdate): StoreCart {
  return {
    ...cart,
    billing_address: { ...cart.billing_address, ...update.billing_address },
    shipping_address: { ...cart.shipping_address, ...update.shipping_address },
  };
}

/** Two customer updates as one: the later value of each field wins. */
export function mergeCustomerUpdates(first: CustomerUpdate, second: CustomerUpdate): CustomerUpdate {
  const merged: CustomerUpdate = {};
  if (first.billing_address || second.billing_address) {
    merged.billing_address = { ...first.billing_address, ...second.billing_address };
  }
  if (first.shipping_address || second.shipping_address) {
    merged.shipping_address = { ...first.shipping_address, ...second.shipping_address };
  }
  return merged;
}

/** What the shopper asked for, so it is not reported back as the server's doing. */
export interface ShopperChanges {
  /** Lines with a quantity change or removal sent, in flight or queued. */
  keys: ReadonlySet<string>;
  /** Products (or variations) an add-item was sent for: their lines grow by the shopper's hand. */
  addedIds: ReadonlySet<number>;
  /** An add-item named its variation by attributes, so its line id is not known. */
  addedByAttributes: boolean;
}
