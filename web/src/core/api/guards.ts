// The runtime checks of Store API replies, one per generated type (storeapi.generated.ts).
// Every key of every type is checked, down to the leaves; `Shape<T>` makes a key the Rust side
// adds fail type-checking here until it is checked. The contract test runs the server's pinned
// replies (crates/server/tests/snapshots/store_api) through them.

import type {
  Availability,
  BillingAddressView,
  CartItemView,
  CartNotice,
  CartResponse,
  CheckoutView,
  CouponAmounts,
  CouponView,
  CurrencyFields,
  DestinationView,
  FeeAmounts,
  FeeView,
  ItemDataView,
  ItemPricesView,
  JsonValue,
  LineTotalsView,
  PackageItem,
  PackageView,
  ParamDetail,
  PaymentDetail,
  PaymentResult,
  RateMeta,
  RateView,
  RawPricesView,
  ShippingAddressView,
  StoreAddToCart,
  StoreApiError,
  StoreApiErrorData,
  StoreAttribute,
  StoreAttributeTerm,
  StoreImage,
  StorePriceRange,
  StorePrices,
  StoreProduct,
  StoreQuantityLimits,
  StoreTermLink,
  StoreVariationRef,
  StoreVariationValue,
  TaxLineView,
  TotalsView,
  VariationValueView,
} from './storeapi.generated';
import {
  array,
  boolean,
  type Check,
  either,
  fits,
  nullable,
  number,
  object,
  optional,
  record,
  type Shape,
  string,
} from './shape';

/** Any JSON value: extension data, passed on untouched. */
const json: Check<JsonValue> = (value, path) => (value === undefined ? path : '');
const extensions = record(json);

const currency: Shape<CurrencyFields> = {
  currency_code: string,
  currency_symbol: string,
  currency_minor_unit: number,
  currency_decimal_separator: string,
  currency_thousand_separator: string,
  currency_prefix: string,
  currency_suffix: string,
};

const quantityLimits = object<StoreQuantityLimits>({
  minimum: number,
  maximum: number,
  multiple_of: number,
  editable: boolean,
});

const image = object<StoreImage>({
  id: number,
  src: string,
  thumbnail: string,
  srcset: string,
  sizes: string,
  name: string,
  alt: string,
});

const variationValue = object<VariationValueView>({ attribute: string, value: string });
const itemData = object<ItemDataView>({ name: string, value: string, display: string });
const priceRange = object<StorePriceRange>({ min_amount: string, max_amount: string });
const prices: Shape<StorePrices> = {
  price: string,
  regular_price: string,
  sale_price: string,
  price_range: nullable(priceRange),
  ...currency,
};
const rawPrices = object<RawPricesView>({ precision: number, price: string, regular_price: string, sale_price: string });
const itemPrices = object<ItemPricesView>({ ...prices, raw_prices: rawPrices });
const lineTotals = object<LineTotalsView>({
  line_subtotal: string,
  line_subtotal_tax: string,
  line_total: string,
  line_total_tax: string,
  ...currency,
});

const cartItem = object<CartItemView>({
  key: string,
  id: number,
  type: string,
  quantity: number,
  quantity_limits: quantityLimits,
  name: string,
  short_description: string,
  description: string,
  sku: string,
  low_stock_remaining: nullable(number),
  backorders_allowed: boolean,
  show_backorder_badge: boolean,
  sold_individually: boolean,
  permalink: string,
  images: array(image),
  variation: array(variationValue),
  item_data: array(itemData),
  prices: itemPrices,
  totals: lineTotals,
  catalog_visibility: string,
  extensions,
});

const coupon = object<CouponView>({
  code: string,
  discount_type: string,
  totals: object<CouponAmounts>({ total_discount: string, total_discount_tax: string, ...currency }),
});

const fee = object<FeeView>({
  id: string,
  key: string,
  name: string,
  totals: object<FeeAmounts>({ total: string, total_tax: string, ...currency }),
});

const totals = object<TotalsView>({
  total_items: string,
  total_items_tax: string,
  total_fees: string,
  total_fees_tax: string,
  total_discount: string,
  total_discount_tax: string,
  total_shipping: nullable(string),
  total_shipping_tax: nullable(string),
  total_price: string,
  total_tax: string,
  tax_lines: array(object<TaxLineView>({ name: string, price: string, rate: string })),
  ...currency,
});

const shippingAddressShape: Shape<ShippingAddressView> = {
  first_name: string,
  last_name: string,
  company: string,
  address_1: string,
  address_2: string,
  city: string,
  state: string,
  postcode: string,
  country: string,
  phone: string,
};
const billingAddress = object<BillingAddressView>({ ...shippingAddressShape, email: string });

const rate = object<RateView>({
  rate_id: string,
  name: string,
  description: string,
  delivery_time: string,
  price: string,
  taxes: string,
  instance_id: number,
  method_id: string,
  meta_data: array(object<RateMeta>({ key: string, value: string })),
  selected: boolean,
  ...currency,
});

const shippingPackage = object<PackageView>({
  package_id: number,
  name: string,
  destination: object<DestinationView>({
    address_1: string,
    address_2: string,
    city: string,
    state: string,
    postcode: string,
    country: string,
  }),
  items: array(object<PackageItem>({ key: string, name: string, quantity: number })),
  shipping_rates: array(rate),
});

const termLink = object<StoreTermLink>({ id: number, name: string, slug: string, link: string });

/** A Store API product (cart cross-sells). */
export const checkStoreProduct = object<StoreProduct>({
  id: number,
  name: string,
  slug: string,
  parent: number,
  type: string,
  variation: string,
  permalink: string,
  sku: string,
  short_description: string,
  description: string,
  on_sale: boolean,
  prices: object<StorePrices>(prices),
  price_html: string,
  average_rating: string,
  review_count: number,
  images: array(image),
  categories: array(termLink),
  tags: array(termLink),
  brands: array(termLink),
  attributes: array(
    object<StoreAttribute>({
      id: number,
      name: string,
      taxonomy: nullable(string),
      has_variations: boolean,
      terms: array(
        object<StoreAttributeTerm>({ id: number, name: string, slug: string, default: optional(boolean) }),
      ),
    }),
  ),
  variations: array(
    object<StoreVariationRef>({
      id: number,
      attributes: array(object<StoreVariationValue>({ name: string, value: nullable(string) })),
    }),
  ),
  grouped_products: array(number),
  has_options: boolean,
  is_purchasable: boolean,
  is_in_stock: boolean,
  is_on_backorder: boolean,
  low_stock_remaining: nullable(number),
  stock_availability: object<Availability>({ text: string, class: string }),
  sold_individually: boolean,
  add_to_cart: object<StoreAddToCart>({
    text: string,
    description: string,
    url: string,
    single_text: string,
    minimum: number,
    maximum: number,
    multiple_of: number,
  }),
  extensions,
});

/** The Store API cart (`GET /cart`, every cart write, `data.cart` of a 409). */
export const checkStoreCart = object<CartResponse>({
  items: array(cartItem),
  coupons: array(coupon),
  fees: array(fee),
  totals,
  shipping_address: object<ShippingAddressView>(shippingAddressShape),
  billing_address: billingAddress,
  needs_payment: boolean,
  needs_shipping: boolean,
  payment_requirements: array(string),
  has_calculated_shipping: boolean,
  shipping_rates: array(shippingPackage),
  items_count: number,
  items_weight: number,
  cross_sells: array(checkStoreProduct),
  errors: array(object<CartNotice>({ code: string, message: string })),
  payment_methods: array(string),
  extensions,
});

/** `data.cart` of an error: read through `isStoreCart` where it is used (`CartError.cart`), so
 * a cart that does not fit leaves the error itself readable. */
const attachedCart = json as unknown as Check<CartResponse>;

const paramDetail: Check<ParamDetail> = (value, path) =>
  object<ParamDetail>({
    code: string,
    message: string,
    data: json,
    additional_errors: optional(array(paramDetail)),
  })(value, path);

/** A Store API error body: `{code, message, data: {status, ...}}`. */
export const checkStoreApiError = object<StoreApiError>({
  code: string,
  message: string,
  data: object<StoreApiErrorData>({
    status: number,
    cart: optional(attachedCart),
    params: optional(either(record(string), array(string))),
    details: optional(record(paramDetail)),
    errors: optional(record(array(string))),
    allowed_countries: optional(array(string)),
    removed_coupons: optional(record(string)),
    '0': optional(number),
  }),
});

const paymentStatuses: readonly string[] = ['success', 'pending', 'failure', 'error', ''];
const paymentStatus: Check<PaymentResult['payment_status']> = (value, path) =>
  typeof value === 'string' && paymentStatuses.includes(value) ? '' : path;

/** The Store API checkout object (`GET`/`PUT`/`POST /checkout`). */
export const checkCheckout = object<CheckoutView>({
  order_id: number,
  status: string,
  order_key: string,
  order_number: string,
  customer_note: string,
  customer_id: number,
  billing_address: billingAddress,
  shipping_address: object<ShippingAddressView>(shippingAddressShape),
  payment_method: string,
  payment_result: nullable(
    object<PaymentResult>({
      payment_status: paymentStatus,
      payment_details: array(object<PaymentDetail>({ key: string, value: string })),
      redirect_url: string,
    }),
  ),
  additional_fields: extensions,
  __experimentalCart: json,
  extensions,
});

/** Whether a reply is a Store API cart, every field of it. */
export function isStoreCart(value: unknown): value is CartResponse {
  return fits(checkStoreCart, value);
}

/** Whether a reply is a Store API error body. */
export function isStoreApiError(value: unknown): value is StoreApiError {
  return fits(checkStoreApiError, value);
}
