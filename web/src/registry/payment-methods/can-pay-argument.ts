// The one argument every `canMakePayment` and extension callback receives (frontend.md §1.3):
// WooCommerce's shape, camelCase at the top as extensions read it, built once per availability
// check from a copy of the cart and frozen through, so no callback can change what the next
// one sees or what the cart store holds.

import type {
  CartBillingAddress,
  CartCoupon,
  CartFee,
  CartItem,
  CartProblem,
  CartShippingAddress,
  CartTotals,
  ShippingPackage,
  StoreCart,
} from '../../core/cart/types';

/** The `cart` member: the cart's data as WooCommerce's `useStoreCart()` gives it. */
export interface CanPayCart {
  readonly cartCoupons: readonly CartCoupon[];
  readonly cartItems: readonly CartItem[];
  readonly crossSellsProducts: StoreCart['cross_sells'];
  readonly cartFees: readonly CartFee[];
  readonly cartItemsCount: number;
  readonly cartItemsWeight: number;
  readonly cartNeedsPayment: boolean;
  readonly cartNeedsShipping: boolean;
  readonly cartItemErrors: readonly CartProblem[];
  readonly cartTotals: CartTotals;
  readonly cartIsLoading: boolean;
  readonly cartErrors: readonly CartProblem[];
  readonly billingData: CartBillingAddress;
  readonly billingAddress: CartBillingAddress;
  readonly shippingAddress: CartShippingAddress;
  readonly extensions: StoreCart['extensions'];
  readonly shippingRates: readonly ShippingPackage[];
  readonly isLoadingRates: boolean;
  readonly cartHasCalculatedShipping: boolean;
  readonly paymentRequirements: readonly string[];
}

/** The argument of `canMakePayment` and of extension callbacks. */
export interface CanPayArgument {
  readonly cart: CanPayCart;
  readonly cartTotals: CartTotals;
  readonly cartNeedsShipping: boolean;
  readonly billingAddress: CartBillingAddress;
  /** The same object as `billingAddress` (WooCommerce's older name). */
  readonly billingData: CartBillingAddress;
  readonly shippingAddress: CartShippingAddress;
  /** Package id → the selected rate's id. */
  readonly selectedShippingMethods: Readonly<Record<string, string>>;
  /** The methods the server allows for this cart (`payment_methods`). */
  readonly paymentMethods: readonly string[];
  readonly paymentRequirements: readonly string[];
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) {
      deepFreeze(member);
    }
  }
  return value;
}

/** The selected rate of each package. */
export function selectedShippingMethods(packages: readonly ShippingPackage[]): Record<string, string> {
  return Object.fromEntries(
    packages.flatMap((pkg) => {
      const selected = pkg.shipping_rates.find((rate) => rate.selected);
      return selected === undefined ? [] : [[String(pkg.package_id), selected.rate_id]];
    }),
  );
}

/** Builds the frozen argument from a copy of `source` (the store's cart is left as it is). */
export function canPayArgument(source: StoreCart, options: { isLoadingRates?: boolean } = {}): CanPayArgument {
  const cart = structuredClone(source);
  const billingAddress = cart.billing_address;
  const shippingAddress = cart.shipping_address;
  return deepFreeze({
    cart: {
      cartCoupons: cart.coupons,
      cartItems: cart.items,
      crossSellsProducts: cart.cross_sells,
      cartFees: cart.fees,
      cartItemsCount: cart.items_count,
      cartItemsWeight: cart.items_weight,
      cartNeedsPayment: cart.needs_payment,
      cartNeedsShipping: cart.needs_shipping,
      cartItemErrors: [],
      cartTotals: cart.totals,
      cartIsLoading: false,
      cartErrors: cart.errors,
      billingData: billingAddress,
      billingAddress,
      shippingAddress,
      extensions: cart.extensions,
      shippingRates: cart.shipping_rates,
      isLoadingRates: options.isLoadingRates ?? false,
      cartHasCalculatedShipping: cart.has_calculated_shipping,
      paymentRequirements: cart.payment_requirements,
    },
    cartTotals: cart.totals,
    cartNeedsShipping: cart.needs_shipping,
    billingAddress,
    billingData: billingAddress,
    shippingAddress,
    selectedShippingMethods: selectedShippingMethods(cart.shipping_rates),
    paymentMethods: cart.payment_methods,
    paymentRequirements: cart.payment_requirements,
  });
}
