import type { JSX } from 'react';
import type { StoreCart } from '../../../core/cart/types';

/**
 * The shipping part of the cart totals (rates per package, pickup, the calculator). A
 * placeholder with the agreed signature: the cart-shipping branch supplies the real one.
 * It is rendered in the order summary after the discounts and fees, before the taxes
 * (SPEC §9.3), as block content (not table rows).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the agreed signature; the placeholder reads nothing
export function CartShipping(_props: { cart: StoreCart }): JSX.Element | null {
  return null;
}
