// Pure functions over a server cart: the optimistic overlay of pending intents (quantities,
// removals, the chosen rate, typed addresses: never money, which only the server computes),
// and the SPEC §8.3 notices for what the server changed on its own.

import type {
  CartBillingAddress,
  CartItem,
  CartShippingAddress,
  StoreCart,
} from './types';

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

/** A notice the cart core raises about a line (SPEC §8.3). */
export interface LineNotice {
  id: string;
  content: string;
}

function changedQuantityMessage(before: CartItem, after: CartItem): string {
  const { minimum, maximum, multiple_of: multiple } = after.quantity_limits;
  const wanted = before.quantity;
  const name = after.name;
  if (multiple > 1 && wanted % multiple !== 0 && after.quantity === Math.floor(wanted / multiple) * multiple) {
    return `The quantity of "${name}" was changed to ${after.quantity}. You must purchase this product in groups of ${multiple}.`;
  }
  if (wanted < minimum && after.quantity === minimum) {
    return `The quantity of "${name}" was increased to ${minimum}. This is the minimum required quantity.`;
  }
  if (wanted > maximum && after.quantity === maximum) {
    return `The quantity of "${name}" was decreased to ${maximum}. This is the maximum allowed quantity.`;
  }
  return `The quantity of "${name}" was changed to ${after.quantity}.`;
}

/**
 * SPEC §8.3: for lines that were in `before`, the quantity the server changed and the lines it
 * dropped, leaving out what the shopper asked for. Ids are `<key>-quantity-update` and
 * `<key>-removed`, so a repeated notice replaces the earlier one.
 */
export function lineNotices(before: StoreCart, after: StoreCart, asked: ShopperChanges): LineNotice[] {
  const notices: LineNotice[] = [];
  for (const old of before.items) {
    if (asked.keys.has(old.key)) {
      continue;
    }
    const now = after.items.find((item) => item.key === old.key);
    if (now === undefined) {
      notices.push({ id: `${old.key}-removed`, content: `"${old.name}" was removed from your cart.` });
      continue;
    }
    const added = asked.addedIds.has(now.id) || (asked.addedByAttributes && now.variation.length > 0);
    if (now.quantity !== old.quantity && !added) {
      notices.push({ id: `${now.key}-quantity-update`, content: changedQuantityMessage(old, now) });
    }
  }
  return notices;
}
