// The SPEC §8.3 notices: what the server changed in the lines the shopper did not touch. They
// are worked out only from a reply, so they travel with the reply checks (../api/checks.ts),
// in the chunk a page loads with its first Store API reply.

import type { ShopperChanges } from './overlay';
import type { CartItem, StoreCart } from './types';

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
