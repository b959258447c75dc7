// Generated from the Rust types that serialise the Store API (crates/server/src/store_api/wire_types.rs).
// Do not edit: change the Rust type, then run
//   MERCATO_WRITE_WIRE_TYPES=1 cargo test -p mercato-server --test suite wire_types
/* eslint-disable @typescript-eslint/array-type, @typescript-eslint/consistent-type-definitions, @typescript-eslint/consistent-indexed-object-style -- ts-rs's own style */

/**
 * The availability text and CSS class of an item (`{text, class}` in the Store API).
 */
export type Availability = {
/**
 * "2 in stock", "Out of stock", "Available on backorder" or "".
 */
text: string,
/**
 * `in-stock`, `out-of-stock` or `available-on-backorder`.
 */
class: string, };

/**
 * The Store API `billing_address` object (keys in WooCommerce's order).
 */
export type BillingAddressView = {
/**
 * First name.
 */
first_name: string,
/**
 * Last name.
 */
last_name: string,
/**
 * Company.
 */
company: string,
/**
 * Street address.
 */
address_1: string,
/**
 * Apartment, suite, unit.
 */
address_2: string,
/**
 * Town or city.
 */
city: string,
/**
 * State code.
 */
state: string,
/**
 * Postcode.
 */
postcode: string,
/**
 * Country code.
 */
country: string,
/**
 * Email.
 */
email: string,
/**
 * Phone.
 */
phone: string, };

/**
 * A cart item as the Store API sends it.
 */
export type CartItemView = {
/**
 * Cart item key.
 */
key: string,
/**
 * Product or variation id.
 */
id: number,
/**
 * `simple`, `variation` ...
 */
type: string,
/**
 * How many.
 */
quantity: number,
/**
 * Allowed quantities.
 */
quantity_limits: StoreQuantityLimits,
/**
 * Product name (HTML).
 */
name: string,
/**
 * Short description (HTML).
 */
short_description: string,
/**
 * Description (HTML).
 */
description: string,
/**
 * SKU.
 */
sku: string,
/**
 * Stock left when low, else null.
 */
low_stock_remaining: number | null,
/**
 * Whether backorders are allowed.
 */
backorders_allowed: boolean,
/**
 * Whether to show the backorder badge.
 */
show_backorder_badge: boolean,
/**
 * Sold one at a time.
 */
sold_individually: boolean,
/**
 * Product page URL.
 */
permalink: string,
/**
 * Images.
 */
images: Array<StoreImage>,
/**
 * Chosen attributes of a variation.
 */
variation: Array<VariationValueView>,
/**
 * Extension display data (the chosen add-on options).
 */
item_data: Array<ItemDataView>,
/**
 * Unit prices as the cart shows them.
 */
prices: ItemPricesView,
/**
 * The line's amounts.
 */
totals: LineTotalsView,
/**
 * Where the product is listed.
 */
catalog_visibility: string,
/**
 * Extension data.
 */
extensions: { [key in string]: JsonValue }, };

/**
 * An entry of the cart's `errors`.
 */
export type CartNotice = {
/**
 * The error code.
 */
code: string,
/**
 * The message (HTML-escaped).
 */
message: string, };

/**
 * The Store API cart object.
 */
export type CartResponse = {
/**
 * Lines.
 */
items: Array<CartItemView>,
/**
 * Applied coupons.
 */
coupons: Array<CouponView>,
/**
 * Fees.
 */
fees: Array<FeeView>,
/**
 * Totals.
 */
totals: TotalsView,
/**
 * Shipping address.
 */
shipping_address: ShippingAddressView,
/**
 * Billing address.
 */
billing_address: BillingAddressView,
/**
 * Whether anything is to be paid.
 */
needs_payment: boolean,
/**
 * Whether anything ships.
 */
needs_shipping: boolean,
/**
 * Gateway features needed.
 */
payment_requirements: Array<string>,
/**
 * Whether shipping costs are known.
 */
has_calculated_shipping: boolean,
/**
 * Shipping packages and their rates.
 */
shipping_rates: Array<PackageView>,
/**
 * Total quantity.
 */
items_count: number,
/**
 * Total weight in grams.
 */
items_weight: number,
/**
 * Suggested products.
 */
cross_sells: Array<StoreProduct>,
/**
 * Problems with the cart.
 */
errors: Array<CartNotice>,
/**
 * Available gateway ids.
 */
payment_methods: Array<string>,
/**
 * Extension data.
 */
extensions: { [key in string]: JsonValue }, };

/**
 * The checkout object, with WooCommerce's keys and key order.
 */
export type CheckoutView = {
/**
 * Order id.
 */
order_id: number,
/**
 * Order status (`checkout-draft` before the order is placed).
 */
status: string,
/**
 * Order key.
 */
order_key: string,
/**
 * Order number.
 */
order_number: string,
/**
 * The customer's note.
 */
customer_note: string,
/**
 * Customer user id, 0 for guests.
 */
customer_id: number,
/**
 * Billing address.
 */
billing_address: BillingAddressView,
/**
 * Shipping address.
 */
shipping_address: ShippingAddressView,
/**
 * Chosen gateway id.
 */
payment_method: string,
/**
 * The payment's result; empty before payment, null for `PUT /checkout`.
 */
payment_result: PaymentResult | null,
/**
 * Registered additional checkout fields (none yet: `{}`).
 */
additional_fields: { [key in string]: JsonValue },
/**
 * The cart, when asked for with `__experimental_calc_totals` (else null).
 */
__experimentalCart: JsonValue | null,
/**
 * Extension data (`{}`).
 */
extensions: { [key in string]: JsonValue }, };

/**
 * `totals` of a coupon.
 */
export type CouponAmounts = {
/**
 * Discount excluding tax.
 */
total_discount: string,
/**
 * Tax taken off.
 */
total_discount_tax: string,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * An applied coupon.
 */
export type CouponView = {
/**
 * The code.
 */
code: string,
/**
 * `percent`, `fixed_cart` or `fixed_product`.
 */
discount_type: string,
/**
 * What it takes off.
 */
totals: CouponAmounts, };

/**
 * The seven currency fields every money-bearing Store API object carries.
 */
export type CurrencyFields = {
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * A package's destination.
 */
export type DestinationView = {
/**
 * Street.
 */
address_1: string,
/**
 * Apartment.
 */
address_2: string,
/**
 * City.
 */
city: string,
/**
 * State code.
 */
state: string,
/**
 * Postcode.
 */
postcode: string,
/**
 * Country code.
 */
country: string, };

/**
 * `totals` of a fee.
 */
export type FeeAmounts = {
/**
 * Amount excluding tax.
 */
total: string,
/**
 * Its tax.
 */
total_tax: string,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * A fee.
 */
export type FeeView = {
/**
 * The fee's id (SPEC §3.15).
 */
id: string,
/**
 * The fee's key (what WooCommerce sends).
 */
key: string,
/**
 * Name.
 */
name: string,
/**
 * Amounts.
 */
totals: FeeAmounts, };

/**
 * An `item_data` entry: a chosen add-on option as WooCommerce's add-ons extension lists it.
 */
export type ItemDataView = {
/**
 * The add-on group ("Gift wrap").
 */
name: string,
/**
 * The chosen option ("Yes").
 */
value: string,
/**
 * The option as shown, with its price ("Yes (+$3.00)"; plain text).
 */
display: string, };

/**
 * `prices` of an order line: the product's prices and `raw_prices`.
 */
export type ItemPricesView = {
/**
 * The prices with six decimals.
 */
raw_prices: RawPricesView,
/**
 * Current price.
 */
price: string,
/**
 * Regular price.
 */
regular_price: string,
/**
 * Sale price (the current price when there is no sale).
 */
sale_price: string,
/**
 * Lowest and highest price of a variable or grouped product.
 */
price_range: StorePriceRange | null,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * `totals` of an order line.
 */
export type LineTotalsView = {
/**
 * Before coupons.
 */
line_subtotal: string,
/**
 * Tax before coupons.
 */
line_subtotal_tax: string,
/**
 * After coupons.
 */
line_total: string,
/**
 * Tax after coupons.
 */
line_total_tax: string,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * One line of a package's contents.
 */
export type PackageItem = {
/**
 * The cart item key.
 */
key: string,
/**
 * The line's name.
 */
name: string,
/**
 * How many.
 */
quantity: number, };

/**
 * A shipping package (SPEC §3.16).
 */
export type PackageView = {
/**
 * Package id.
 */
package_id: number,
/**
 * "Shipment 1".
 */
name: string,
/**
 * Where it goes.
 */
destination: DestinationView,
/**
 * What is in it.
 */
items: Array<PackageItem>,
/**
 * The rates offered.
 */
shipping_rates: Array<RateView>, };

/**
 * An entry of `data.details`.
 */
export type ParamDetail = {
/**
 * WordPress's code (`rest_invalid_type`).
 */
code: string,
/**
 * The message.
 */
message: string,
/**
 * The error's own data, often null.
 */
data: JsonValue,
/**
 * Further errors of the same parameter (address fields).
 */
additional_errors?: Array<ParamDetail>, };

/**
 * One `{key, value}` entry of `payment_result.payment_details`.
 */
export type PaymentDetail = {
/**
 * Key.
 */
key: string,
/**
 * Value.
 */
value: string, };

/**
 * The checkout response's `payment_result`.
 */
export type PaymentResult = {
/**
 * `success`, `pending`, `failure`, `error` or `""`.
 */
payment_status: 'success' | 'pending' | 'failure' | 'error' | '',
/**
 * The gateway's result as key/value pairs.
 */
payment_details: Array<PaymentDetail>,
/**
 * Where the browser goes next ("" when it stays).
 */
redirect_url: string, };

/**
 * A key and value shown with a rate (`pickup_location`, `Items`).
 */
export type RateMeta = {
/**
 * The key.
 */
key: string,
/**
 * The value (HTML, as WooCommerce stores it).
 */
value: string, };

/**
 * A shipping rate.
 */
export type RateView = {
/**
 * `flat_rate:1`.
 */
rate_id: string,
/**
 * Name.
 */
name: string,
/**
 * Description.
 */
description: string,
/**
 * Delivery time.
 */
delivery_time: string,
/**
 * Cost excluding tax.
 */
price: string,
/**
 * Tax on the cost.
 */
taxes: string,
/**
 * Method instance.
 */
instance_id: number,
/**
 * `flat_rate`.
 */
method_id: string,
/**
 * Extra data.
 */
meta_data: Array<RateMeta>,
/**
 * Whether it is the chosen rate.
 */
selected: boolean,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * `raw_prices`.
 */
export type RawPricesView = {
/**
 * 6.
 */
precision: number,
/**
 * Price.
 */
price: string,
/**
 * Regular price.
 */
regular_price: string,
/**
 * Sale price.
 */
sale_price: string, };

/**
 * The Store API `shipping_address` object.
 */
export type ShippingAddressView = {
/**
 * First name.
 */
first_name: string,
/**
 * Last name.
 */
last_name: string,
/**
 * Company.
 */
company: string,
/**
 * Street address.
 */
address_1: string,
/**
 * Apartment, suite, unit.
 */
address_2: string,
/**
 * Town or city.
 */
city: string,
/**
 * State code.
 */
state: string,
/**
 * Postcode.
 */
postcode: string,
/**
 * Country code.
 */
country: string,
/**
 * Phone.
 */
phone: string, };

/**
 * `add_to_cart` of a product.
 */
export type StoreAddToCart = {
/**
 * Button text in listings.
 */
text: string,
/**
 * Accessible description (HTML entities).
 */
description: string,
/**
 * Where the button leads.
 */
url: string,
/**
 * Button text on the product page.
 */
single_text: string,
/**
 * Smallest quantity.
 */
minimum: number,
/**
 * Largest quantity.
 */
maximum: number,
/**
 * Step.
 */
multiple_of: number, };

/**
 * The shape of a Store API error body for the TypeScript types
 * ([`super::wire_types`]). The body itself is written by `impl Serialize for StoreApiError`
 * (it keeps WordPress's key order); this type describes what that writes: the members `data`
 * can hold are the ones `with_data`, `with_ordered_data` and the parameter errors add.
 */
export type StoreApiError = {
/**
 * The error code (`woocommerce_rest_cart_invalid_key`).
 */
code: string,
/**
 * The message (HTML-escaped text).
 */
message: string,
/**
 * The status and what else the error carries.
 */
data: StoreApiErrorData, };

/**
 * `data` of a Store API error.
 */
export type StoreApiErrorData = {
/**
 * The HTTP status.
 */
status: number,
/**
 * The caller's cart after the refused write (409s of cart routes, SPEC §7.4).
 */
cart?: CartResponse,
/**
 * `rest_invalid_param`: message per parameter; `rest_missing_callback_param`: the names.
 */
params?: Record<string, string> | string[],
/**
 * `rest_invalid_param`: WordPress's error per parameter.
 */
details?: { [key in string]: ParamDetail },
/**
 * Checkout: the address problems by address (`{"billing": ["ZIP Code is required"]}`).
 */
errors?: { [key in string]: Array<string> },
/**
 * Checkout: the countries the shop sells to, when the address is outside them.
 */
allowed_countries?: Array<string>,
/**
 * Checkout: coupon code to the reason it was removed.
 */
removed_coupons?: { [key in string]: string },
/**
 * WooCommerce's stray `"0": 400` beside the status of an empty cart's checkout (golden 038).
 */
"0"?: number, };

/**
 * A product attribute with the options the product offers.
 */
export type StoreAttribute = {
/**
 * Global attribute id, 0 for local ones.
 */
id: number,
/**
 * Label.
 */
name: string,
/**
 * `pa_color`, or null for local attributes.
 */
taxonomy: string | null,
/**
 * Used for variations.
 */
has_variations: boolean,
/**
 * The options.
 */
terms: Array<StoreAttributeTerm>, };

/**
 * One option of a [`StoreAttribute`].
 */
export type StoreAttributeTerm = {
/**
 * Term id, 0 for local values.
 */
id: number,
/**
 * Name.
 */
name: string,
/**
 * Slug (the value itself for local attributes).
 */
slug: string,
/**
 * Present only when the product has a default for the attribute.
 */
default?: boolean, };

/**
 * An image in the Store API.
 */
export type StoreImage = {
/**
 * Upload id.
 */
id: number,
/**
 * Full-size URL.
 */
src: string,
/**
 * Thumbnail URL.
 */
thumbnail: string,
/**
 * Responsive sources ("" when none).
 */
srcset: string,
/**
 * Responsive sizes ("" when none).
 */
sizes: string,
/**
 * Title.
 */
name: string,
/**
 * Alternative text.
 */
alt: string, };

/**
 * `price_range` of [`StorePrices`].
 */
export type StorePriceRange = {
/**
 * Lowest price.
 */
min_amount: string,
/**
 * Highest price.
 */
max_amount: string, };

/**
 * `prices` of a product or cart item: minor-unit strings and the currency fields.
 */
export type StorePrices = {
/**
 * Current price.
 */
price: string,
/**
 * Regular price.
 */
regular_price: string,
/**
 * Sale price (the current price when there is no sale).
 */
sale_price: string,
/**
 * Lowest and highest price of a variable or grouped product.
 */
price_range: StorePriceRange | null,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * The Store API product object.
 */
export type StoreProduct = {
/**
 * Id.
 */
id: number,
/**
 * Name (HTML).
 */
name: string,
/**
 * Slug.
 */
slug: string,
/**
 * Parent id (variations), else 0.
 */
parent: number,
/**
 * `simple`, `variable`, `grouped`, `external` or `variation`.
 */
type: string,
/**
 * "Color: Blue, Logo: Yes" for variations, else "".
 */
variation: string,
/**
 * Product page URL.
 */
permalink: string,
/**
 * SKU.
 */
sku: string,
/**
 * Short description (HTML).
 */
short_description: string,
/**
 * Description (HTML).
 */
description: string,
/**
 * On sale now.
 */
on_sale: boolean,
/**
 * Prices.
 */
prices: StorePrices,
/**
 * Price HTML.
 */
price_html: string,
/**
 * Average rating as text ("0", "4.50").
 */
average_rating: string,
/**
 * Approved reviews.
 */
review_count: number,
/**
 * Main image, then gallery.
 */
images: Array<StoreImage>,
/**
 * Categories.
 */
categories: Array<StoreTermLink>,
/**
 * Tags.
 */
tags: Array<StoreTermLink>,
/**
 * Brands (none in Mercato yet).
 */
brands: Array<StoreTermLink>,
/**
 * Visible and variation attributes.
 */
attributes: Array<StoreAttribute>,
/**
 * Visible variations of a variable product.
 */
variations: Array<StoreVariationRef>,
/**
 * Children of a grouped product.
 */
grouped_products: Array<number>,
/**
 * Options must be chosen first.
 */
has_options: boolean,
/**
 * Can be bought.
 */
is_purchasable: boolean,
/**
 * In stock.
 */
is_in_stock: boolean,
/**
 * On backorder.
 */
is_on_backorder: boolean,
/**
 * Stock left when low.
 */
low_stock_remaining: number | null,
/**
 * Availability text and class.
 */
stock_availability: Availability,
/**
 * One per order.
 */
sold_individually: boolean,
/**
 * Button data.
 */
add_to_cart: StoreAddToCart,
/**
 * Extension data (`{}`).
 */
extensions: { [key in string]: JsonValue }, };

/**
 * The `quantity_limits` object of a Store API cart item, with a numeric maximum.
 */
export type StoreQuantityLimits = {
/**
 * Smallest quantity.
 */
minimum: number,
/**
 * Largest quantity.
 */
maximum: number,
/**
 * Step.
 */
multiple_of: number,
/**
 * Whether the quantity can be changed.
 */
editable: boolean, };

/**
 * A category, tag or brand reference of a product.
 */
export type StoreTermLink = {
/**
 * Id.
 */
id: number,
/**
 * Name.
 */
name: string,
/**
 * Slug.
 */
slug: string,
/**
 * Archive page URL.
 */
link: string, };

/**
 * A variation reference of a variable product.
 */
export type StoreVariationRef = {
/**
 * Variation id.
 */
id: number,
/**
 * Its value per attribute.
 */
attributes: Array<StoreVariationValue>, };

/**
 * `{name, value}`; a null value means any.
 */
export type StoreVariationValue = {
/**
 * Attribute label.
 */
name: string,
/**
 * Stored value, or null for any.
 */
value: string | null, };

/**
 * One tax line.
 */
export type TaxLineView = {
/**
 * Rate label.
 */
name: string,
/**
 * Amount.
 */
price: string,
/**
 * Rate as a percentage.
 */
rate: string, };

/**
 * The cart totals (SPEC §3.13).
 */
export type TotalsView = {
/**
 * Items before discounts.
 */
total_items: string,
/**
 * Their tax.
 */
total_items_tax: string,
/**
 * Fees.
 */
total_fees: string,
/**
 * Their tax.
 */
total_fees_tax: string,
/**
 * Discounts.
 */
total_discount: string,
/**
 * Tax taken off by discounts.
 */
total_discount_tax: string,
/**
 * Shipping, null until calculated.
 */
total_shipping: string | null,
/**
 * Its tax, null until calculated.
 */
total_shipping_tax: string | null,
/**
 * What the shopper pays.
 */
total_price: string,
/**
 * All tax.
 */
total_tax: string,
/**
 * Taxes per rate.
 */
tax_lines: Array<TaxLineView>,
/**
 * ISO code.
 */
currency_code: string,
/**
 * Plain-text symbol.
 */
currency_symbol: string,
/**
 * Decimals of the minor unit.
 */
currency_minor_unit: number,
/**
 * Decimal separator.
 */
currency_decimal_separator: string,
/**
 * Thousand separator.
 */
currency_thousand_separator: string,
/**
 * Text before the amount.
 */
currency_prefix: string,
/**
 * Text after the amount.
 */
currency_suffix: string, };

/**
 * `{attribute, value}`: "Color" / "Blue".
 */
export type VariationValueView = {
/**
 * Attribute label.
 */
attribute: string,
/**
 * Value as shown.
 */
value: string, };
