// The Store API cart as the server sends it (snake_case, SPEC §3.12–3.14). The types are the
// ones generated from the Rust structs that serialise them (../api/storeapi.generated.ts);
// this module gives them the names the rest of web/ uses. Money amounts are strings of integer
// minor units ("1800" = $18.00): the browser shows them, it never adds them up.

import type {
  BillingAddressView,
  CartItemView,
  CartNotice,
  CartResponse,
  CouponView,
  CurrencyFields,
  FeeView,
  ItemDataView,
  ItemPricesView,
  LineTotalsView,
  PackageView,
  RateView,
  ShippingAddressView,
  StoreApiError as StoreApiErrorBody,
  StoreApiErrorData as StoreApiErrorDataBody,
  StoreImage,
  StoreQuantityLimits,
  TaxLineView,
  TotalsView,
  VariationValueView,
} from '../api/storeapi.generated';

/** The currency fields the Store API adds to every object that holds amounts (SPEC §3.13). */
export type CurrencyInfo = CurrencyFields;
/** One tax line of the cart totals, for example `{name: 'CA Tax', rate: '8.25%', price: '620'}`. */
export type TaxLine = TaxLineView;
/** The cart's totals (SPEC §3.13), all amounts in minor units; shipping null until calculated. */
export type CartTotals = TotalsView;
/** The limits the server enforces on a line's quantity (SPEC §5.1). */
export type QuantityLimits = StoreQuantityLimits;
/** A product image as the Store API describes it. */
export type CartItemImage = StoreImage;
/** A chosen attribute of a variation: `{attribute: 'Color', value: 'red'}`. */
export type VariationAttribute = VariationValueView;
/** Extra data shown under a line (a chosen add-on option). */
export type CartItemData = ItemDataView;
/** A line's unit prices. `raw_prices` carry 6 decimals (SPEC §9.4). */
export type CartItemPrices = ItemPricesView;
/** A line's totals. */
export type CartItemTotals = LineTotalsView;
/** One cart line (SPEC §3.14). `key` identifies the line; `id` is the product or variation. */
export type CartItem = CartItemView;
/** An applied coupon and the discount it gives. */
export type CartCoupon = CouponView;
/** A fee added to the cart. */
export type CartFee = FeeView;
/** A shipping address as the cart holds it. */
export type CartShippingAddress = ShippingAddressView;
/** A billing address: the shipping fields plus the email. */
export type CartBillingAddress = BillingAddressView;
/** One shipping option of a package; `selected` marks the chosen one. */
export type ShippingRate = RateView;
/** A shipping package (SPEC §3.16) and its rates. */
export type ShippingPackage = PackageView;
/** A problem with the cart that the server reports inside a cart reply (SPEC §8.4). */
export type CartProblem = CartNotice;
/** The Store API cart (`GET /cart` and every cart write). */
export type StoreCart = CartResponse;
/** `data` of a Store API error: the HTTP status, and for some errors the fresh cart. */
export type StoreApiErrorData = StoreApiErrorDataBody;
/** A Store API error body: `{code, message, data: {status, ...}}`. */
export type StoreApiError = StoreApiErrorBody;

/** A write the client sends to the Store API, path relative to the namespace (`/cart/add-item`). */
export interface StoreApiRequest {
  path: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown>;
}
