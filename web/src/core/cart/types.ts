// The Store API cart as the server sends it (snake_case, SPEC §3.12–3.14; recorded shapes in
// shared/reference/wc-golden/). Money amounts are strings of integer minor units ("1800" =
// $18.00): the browser shows them, it never adds them up.

import { isRecord } from '../../lib/guards';

/** The currency fields the Store API adds to every object that holds amounts (SPEC §3.13). */
export interface CurrencyInfo {
  currency_code: string;
  currency_symbol: string;
  currency_minor_unit: number;
  currency_decimal_separator: string;
  currency_thousand_separator: string;
  currency_prefix: string;
  currency_suffix: string;
}

/** One tax line of the cart totals, for example `{name: 'CA Tax', rate: '8.25%', price: '620'}`. */
export interface TaxLine {
  name: string;
  rate: string;
  price: string;
}

/** The cart's totals (SPEC §3.13), all amounts in minor units. */
export interface CartTotals extends CurrencyInfo {
  total_items: string;
  total_items_tax: string;
  total_fees: string;
  total_fees_tax: string;
  total_discount: string;
  total_discount_tax: string;
  /** null while shipping has not been calculated. */
  total_shipping: string | null;
  total_shipping_tax: string | null;
  total_price: string;
  total_tax: string;
  tax_lines: TaxLine[];
}

/** The limits the server enforces on a line's quantity (SPEC §5.1). */
export interface QuantityLimits {
  minimum: number;
  maximum: number;
  multiple_of: number;
  editable: boolean;
}

/** A product image as the Store API describes it. */
export interface CartItemImage {
  id: number;
  src: string;
  thumbnail: string;
  srcset: string;
  sizes: string;
  name: string;
  alt: string;
}

/** A chosen attribute of a variation: `{attribute: 'Color', value: 'red'}`. */
export interface VariationAttribute {
  attribute: string;
  value: string;
}

/** Extra data shown under a line (`name`/`key` and a value that may hold HTML). */
export interface CartItemData {
  key?: string;
  name?: string;
  value: string;
  display?: string;
}

/** A line's unit prices. `raw_prices` carry 6 decimals (SPEC §9.4). */
export interface CartItemPrices extends CurrencyInfo {
  price: string;
  regular_price: string;
  sale_price: string;
  price_range: { min_amount: string; max_amount: string } | null;
  raw_prices: { precision: number; price: string; regular_price: string; sale_price: string };
}

/** A line's totals. */
export interface CartItemTotals extends CurrencyInfo {
  line_subtotal: string;
  line_subtotal_tax: string;
  line_total: string;
  line_total_tax: string;
}

/** One cart line (SPEC §3.14). `key` identifies the line; `id` is the product or variation. */
export interface CartItem {
  key: string;
  id: number;
  type: string;
  quantity: number;
  quantity_limits: QuantityLimits;
  name: string;
  summary?: string;
  short_description: string;
  description: string;
  sku: string;
  low_stock_remaining: number | null;
  backorders_allowed: boolean;
  show_backorder_badge: boolean;
  sold_individually: boolean;
  permalink: string;
  images: CartItemImage[];
  variation: VariationAttribute[];
  item_data: CartItemData[];
  prices: CartItemPrices;
  totals: CartItemTotals;
  catalog_visibility: string;
  extensions: Record<string, unknown>;
}

/** An applied coupon and the discount it gives. */
export interface CartCoupon {
  code: string;
  discount_type: string;
  totals: CurrencyInfo & { total_discount: string; total_discount_tax: string };
}

/** A fee added to the cart. */
export interface CartFee {
  key: string;
  name: string;
  totals: CurrencyInfo & { total: string; total_tax: string };
}

/** A shipping address as the cart holds it. */
export interface CartShippingAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
}

/** A billing address: the shipping fields plus the email. */
export interface CartBillingAddress extends CartShippingAddress {
  email: string;
}

/** One shipping option of a package; `selected` marks the chosen one. */
export interface ShippingRate extends CurrencyInfo {
  rate_id: string;
  name: string;
  description: string;
  delivery_time: string;
  price: string;
  taxes: string;
  instance_id: number;
  method_id: string;
  meta_data: { key: string; value: string }[];
  selected: boolean;
}

/** A shipping package (SPEC §3.16) and its rates. */
export interface ShippingPackage {
  package_id: number | string;
  name: string;
  destination: Partial<CartShippingAddress>;
  items: { key: string; name: string; quantity: number }[];
  shipping_rates: ShippingRate[];
}

/** A problem with the cart that the server reports inside a cart reply (SPEC §8.4). */
export interface CartProblem {
  code: string;
  message: string;
}

/** The Store API cart (`GET /cart` and every cart write). */
export interface StoreCart {
  items: CartItem[];
  coupons: CartCoupon[];
  fees: CartFee[];
  totals: CartTotals;
  shipping_address: CartShippingAddress;
  billing_address: CartBillingAddress;
  needs_payment: boolean;
  needs_shipping: boolean;
  payment_requirements: string[];
  has_calculated_shipping: boolean;
  shipping_rates: ShippingPackage[];
  items_count: number;
  items_weight: number;
  cross_sells: unknown[];
  errors: CartProblem[];
  payment_methods: string[];
  extensions: Record<string, unknown>;
}

/** `data` of a Store API error: the HTTP status, and for some errors the fresh cart. */
export interface StoreApiErrorData {
  status: number;
  /** The cart after the failed request; it replaces the client's cart (SPEC §7.4). */
  cart?: StoreCart;
  /** `rest_invalid_param`: one entry per parameter. */
  details?: Record<string, { code: string; message: string; data?: unknown }>;
  /** `rest_invalid_param`: parameter name → message. */
  params?: Record<string, string>;
}

/** A Store API error body: `{code, message, data: {status, ...}}`. */
export interface StoreApiError {
  code: string;
  message: string;
  data?: StoreApiErrorData;
}

/** A write the client sends to the Store API, path relative to the namespace (`/cart/add-item`). */
export interface StoreApiRequest {
  path: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Record<string, unknown>;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isCartItem(value: unknown): value is CartItem {
  if (!isRecord(value) || !isRecord(value.quantity_limits)) {
    return false;
  }
  const limits = value.quantity_limits;
  return (
    isString(value.key) &&
    isNumber(value.id) &&
    isNumber(value.quantity) &&
    isString(value.name) &&
    isNumber(limits.minimum) &&
    isNumber(limits.maximum) &&
    isNumber(limits.multiple_of) &&
    Array.isArray(value.variation) &&
    isRecord(value.prices) &&
    isRecord(value.totals)
  );
}

/**
 * Whether a reply is a Store API cart. Checks what the core and the islands read without a
 * second look (lines, quantities and their limits, totals, rates, counts, errors); the rest is
 * display data that the islands render as text.
 */
export function isStoreCart(value: unknown): value is StoreCart {
  if (!isRecord(value) || !isRecord(value.totals)) {
    return false;
  }
  return (
    Array.isArray(value.items) &&
    value.items.every(isCartItem) &&
    Array.isArray(value.coupons) &&
    Array.isArray(value.shipping_rates) &&
    value.shipping_rates.every((p) => isRecord(p) && Array.isArray(p.shipping_rates)) &&
    Array.isArray(value.errors) &&
    isNumber(value.items_count) &&
    typeof value.needs_shipping === 'boolean' &&
    typeof value.needs_payment === 'boolean' &&
    isString(value.totals.total_price) &&
    isString(value.totals.currency_code)
  );
}

/** Whether a reply is a Store API error body (`code` and `message` strings). */
export function isStoreApiError(value: unknown): value is StoreApiError {
  return isRecord(value) && isString(value.code) && isString(value.message);
}
