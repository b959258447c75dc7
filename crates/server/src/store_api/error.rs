//! The Store API's one error type. Every failure leaves as WordPress's envelope,
//! `{code, message, data: {status, ...}}`, built here and nowhere else; every code the surface
//! can send is in the table below with its status and default message.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use mercato_core::orders::InvalidParams;
use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::Value;
use serde_json::value::RawValue;
use ts_rs::TS;

use super::respond;

macro_rules! error_codes {
    ($( $(#[$doc:meta])* $name:ident = ($code:literal, $status:ident, $message:literal), )*) => {
        /// Every error code the Store API sends. A code whose status depends on the route gets
        /// one row per status.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ErrorCode {
            $( $(#[$doc])* $name, )*
        }

        impl ErrorCode {
            /// Every code, in table order.
            pub const ALL: &'static [ErrorCode] = &[$(ErrorCode::$name,)*];

            /// The code on the wire.
            pub fn as_str(self) -> &'static str {
                match self { $(ErrorCode::$name => $code,)* }
            }

            /// The HTTP status it is sent with.
            pub fn status(self) -> StatusCode {
                match self { $(ErrorCode::$name => StatusCode::$status,)* }
            }

            /// WooCommerce's message for it.
            pub fn default_message(self) -> &'static str {
                match self { $(ErrorCode::$name => $message,)* }
            }
        }
    };
}

error_codes! {
    /// No route matches the path and method (WordPress core).
    NoRoute = ("rest_no_route", NOT_FOUND, "No route was found matching the URL and request method."),
    /// A query or body parameter failed validation (WordPress core).
    InvalidParam = ("rest_invalid_param", BAD_REQUEST, "Invalid parameter(s)"),
    /// `products/{id}`: no such product (or not published).
    ProductInvalidId = ("woocommerce_rest_product_invalid_id", NOT_FOUND, "Invalid product ID."),
    /// `products/{slug}`: no such product (or not published).
    ProductInvalidSlug = ("woocommerce_rest_product_invalid_slug", NOT_FOUND, "Invalid product slug."),
    /// `products/categories/{id}`: no such category.
    CategoryInvalidId = ("woocommerce_rest_category_invalid_id", NOT_FOUND, "Invalid category ID."),
    /// `products/attributes/{id}`: no such attribute.
    AttributeInvalidId = ("woocommerce_rest_attribute_invalid_id", NOT_FOUND, "Invalid attribute ID."),
    /// `products/attributes/{id}/terms`: no such attribute.
    TaxonomyInvalid = ("woocommerce_rest_taxonomy_invalid", NOT_FOUND, "Attribute does not exist."),
    /// A required parameter is missing (WordPress core).
    MissingParam = ("rest_missing_callback_param", BAD_REQUEST, "Missing parameter(s)"),
    /// The request body is not valid JSON (WordPress core).
    InvalidJson = ("rest_invalid_json", BAD_REQUEST, "Invalid JSON body passed."),
    /// The request body is over the size limit (2 MB). Ours: WordPress leaves this to PHP's
    /// `post_max_size`, which drops the body.
    RequestTooLarge = ("rest_request_too_large", PAYLOAD_TOO_LARGE, "The request body is too large."),
    /// A write without a `Nonce` header (and without a valid Cart-Token).
    MissingNonce = ("woocommerce_rest_missing_nonce", UNAUTHORIZED, "Missing the Nonce header. This endpoint requires a valid nonce."),
    /// A write whose nonce is wrong or expired.
    InvalidNonce = ("woocommerce_rest_invalid_nonce", FORBIDDEN, "Nonce is invalid."),
    /// A rate-limited checkout over its client's limit (400 as WooCommerce, not 429; the
    /// message names the seconds to wait).
    RateLimitExceeded = ("rate_limit_exceeded", BAD_REQUEST, "Too many requests. Please wait before trying again."),
    /// `add-item`: no such product.
    CartInvalidProduct = ("woocommerce_rest_cart_invalid_product", BAD_REQUEST, "Invalid product."),
    /// `update-item`: the line's product no longer exists.
    CartItemProductGone = ("woocommerce_rest_cart_invalid_product", NOT_FOUND, "Cart item is invalid."),
    /// `add-item` or `POST /cart/items` with a `key`.
    CartItemExists = ("woocommerce_rest_cart_item_exists", BAD_REQUEST, "Cannot create an existing cart item."),
    /// A line key the cart does not have (the fresh cart goes in `data.cart`).
    CartInvalidKey = ("woocommerce_rest_cart_invalid_key", CONFLICT, "Cart item does not exist."),
    /// `add-item` with a quantity of zero or less.
    ProductInvalidQuantity = ("woocommerce_rest_product_invalid_quantity", BAD_REQUEST, "Invalid quantity."),
    /// A quantity outside the line's limits.
    InvalidQuantity = ("invalid_quantity", BAD_REQUEST, "Invalid quantity."),
    /// A quantity that cannot change (sold individually).
    ReadonlyQuantity = ("readonly_quantity", BAD_REQUEST, "The quantity cannot be changed."),
    /// `add-item`: a product sold individually is in the cart already (on any line).
    CartProductSoldIndividually = ("woocommerce_rest_cart_product_sold_individually", BAD_REQUEST, "You cannot add another of this product to your cart."),
    /// The product cannot be bought.
    ProductNotPurchasable = ("woocommerce_rest_product_not_purchasable", BAD_REQUEST, "This product cannot be purchased."),
    /// The product is out of stock.
    ProductOutOfStock = ("woocommerce_rest_product_out_of_stock", BAD_REQUEST, "This product is out of stock."),
    /// Not enough stock for the quantity asked.
    ProductPartiallyOutOfStock = ("woocommerce_rest_product_partially_out_of_stock", BAD_REQUEST, "Not enough stock."),
    /// A chosen attribute value the variation does not allow.
    InvalidVariationData = ("woocommerce_rest_invalid_variation_data", BAD_REQUEST, "Invalid variation data."),
    /// An add-on choice the product does not offer, or a required add-on left out (ours:
    /// WooCommerce's add-ons extension answers such a request with a notice).
    InvalidAddonData = ("mercato_rest_invalid_addon_data", BAD_REQUEST, "Invalid add-on data."),
    /// An "any" attribute left without a value.
    MissingVariationData = ("woocommerce_rest_missing_variation_data", BAD_REQUEST, "Missing variation data for variable product."),
    /// No variation matches the chosen options.
    VariationIdFromVariationData = ("woocommerce_rest_variation_id_from_variation_data", BAD_REQUEST, "No matching variation found."),
    /// The shop takes no coupons.
    CouponDisabled = ("woocommerce_rest_cart_coupon_disabled", NOT_FOUND, "Coupons are disabled."),
    /// A coupon cannot be applied (or removed).
    CouponError = ("woocommerce_rest_cart_coupon_error", BAD_REQUEST, "Invalid coupon code."),
    /// `remove-coupon`: the coupon is not applied (the fresh cart goes in `data.cart`).
    CouponNotApplied = ("woocommerce_rest_cart_coupon_invalid_code", CONFLICT, "Coupon cannot be removed because it is not already applied to the cart."),
    /// `cart/coupons/{code}`: the coupon is not in the cart.
    CouponNotInCart = ("woocommerce_rest_cart_coupon_invalid_code", NOT_FOUND, "Coupon does not exist in the cart."),
    /// The shop does not ship.
    ShippingDisabled = ("woocommerce_rest_shipping_disabled", NOT_FOUND, "Shipping is disabled."),
    /// `cart/extensions`: no such namespace, or the extension refused the data.
    CartExtensionsError = ("woocommerce_rest_cart_extensions_error", BAD_REQUEST, "Invalid extension data."),
    /// `batch`: a request outside the Store API.
    InvalidPath = ("woocommerce_rest_invalid_path", BAD_REQUEST, "Invalid path provided."),
    /// `batch`: a route that cannot be batched (WordPress core).
    BatchNotAllowed = ("rest_batch_not_allowed", BAD_REQUEST, "The requested route does not support batch requests."),
    /// Anything unexpected; the cause is logged, never sent.
    /// Placing an order from an empty cart (`data.cart` added).
    CartEmpty = ("woocommerce_rest_cart_empty", CONFLICT, "Cannot place an order, your cart is empty."),
    /// Making a checkout draft from an empty cart.
    CartEmptyDraft = ("woocommerce_rest_cart_empty", BAD_REQUEST, "Cannot create order from empty cart."),
    /// Checkout: a line is out of stock (`data.cart` added).
    CheckoutOutOfStock = ("woocommerce_rest_product_out_of_stock", CONFLICT, "This product is out of stock."),
    /// Checkout: not enough stock for a line (`data.cart` added).
    CheckoutPartiallyOutOfStock = ("woocommerce_rest_product_partially_out_of_stock", CONFLICT, "Not enough stock."),
    /// Checkout: more of a sold-individually product than one.
    CheckoutTooManyInCart = ("woocommerce_rest_product_too_many_in_cart", CONFLICT, "Too many in the cart."),
    /// Checkout: a line changed since the cart was last read (`data.cart` added).
    CheckoutCartItemError = ("woocommerce_rest_cart_item_error", CONFLICT, "There was a problem with an item in your cart."),
    /// Checkout: an applied coupon no longer applies and was removed (`data.cart` added).
    CheckoutCouponError = ("woocommerce_rest_cart_coupon_error", CONFLICT, "A coupon in your cart no longer applies."),
    /// Checkout: a coupon reached its usage limit (`data.cart` added).
    CheckoutCouponErrors = ("woocommerce_rest_cart_coupon_errors", CONFLICT, "There was a problem with the coupons applied to your cart."),
    /// Checkout: no billing email.
    MissingEmailAddress = ("woocommerce_rest_missing_email_address", BAD_REQUEST, "A valid email address is required"),
    /// Checkout: a billing email that is not one.
    InvalidEmailAddress = ("woocommerce_rest_invalid_email_address", BAD_REQUEST, "The provided email address is not valid"),
    /// Checkout: a country the shop does not sell or ship to.
    InvalidAddressCountry = ("woocommerce_rest_invalid_address_country", BAD_REQUEST, "The provided country is not allowed."),
    /// Checkout: required address fields left empty.
    InvalidAddress = ("woocommerce_rest_invalid_address", BAD_REQUEST, "There was a problem with the provided address."),
    /// Checkout: the cart ships but no rate is chosen.
    InvalidShippingOption = ("woocommerce_rest_invalid_shipping_option", BAD_REQUEST, "Sorry, this order requires a shipping option."),
    /// Checkout: the order needs paying and no gateway was chosen.
    MissingPaymentMethod = ("woocommerce_rest_checkout_missing_payment_method", BAD_REQUEST, "Please select a payment method."),
    /// Checkout: the chosen gateway cannot take this order.
    PaymentMethodDisabled = ("woocommerce_rest_checkout_payment_method_disabled", BAD_REQUEST, "This payment method is not available for this order—please choose a different payment method"),
    /// Checkout: the gateway refused what was sent before any charge (a saved card that is
    /// not the customer's).
    ProcessPaymentError = ("woocommerce_rest_checkout_process_payment_error", BAD_REQUEST, "There was a problem processing the payment."),
    /// An order id with a wrong key.
    InvalidOrder = ("woocommerce_rest_invalid_order", UNAUTHORIZED, "Invalid order ID or key provided."),
    /// No order with this id.
    OrderNotFound = ("woocommerce_rest_invalid_order", NOT_FOUND, "Invalid order ID."),
    /// An order read with the wrong billing email.
    InvalidBillingEmail = ("woocommerce_rest_invalid_billing_email", UNAUTHORIZED, "Invalid billing email provided."),
    /// Another customer's order.
    InvalidUser = ("woocommerce_rest_invalid_user", FORBIDDEN, "This order belongs to a different customer."),
    /// `POST /checkout/{id}`: the order is not pending or failed (WooCommerce sets no status
    /// on this error, so WordPress sends 500).
    OrderCannotBePaid = ("invalid_order_update_status", INTERNAL_SERVER_ERROR, "This order cannot be paid for."),
    /// Checkout with `create_account`: the billing email has an account already.
    RegistrationEmailExists = ("registration-error-email-exists", BAD_REQUEST, "An account is already registered with your email address. <a href=\"#\" class=\"showlogin\">Please log in.</a>"),
    /// Checkout with `create_account`: no `customer_password`.
    RegistrationMissingPassword = ("registration-error-missing-password", BAD_REQUEST, "Please enter an account password."),
    /// Checkout with `create_account`: the password breaks the password rule (Mercato's; the
    /// message says why).
    RegistrationWeakPassword = ("registration-error-weak-password", BAD_REQUEST, "Please choose a stronger password."),
    /// Password hashing is at capacity (Mercato's): try again in a moment.
    Busy = ("mercato_rest_busy", SERVICE_UNAVAILABLE, "The shop is busy right now. Please try again in a moment."),
    Internal = ("internal_server_error", INTERNAL_SERVER_ERROR, "Internal Server Error"),
}

/// One parameter that failed validation: WordPress's `data.params` message and
/// `data.details` entry for it.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamError {
    /// The top-level parameter (`per_page`, `attributes`).
    pub param: String,
    /// WordPress's code (`rest_invalid_type`, `rest_out_of_bounds`, `rest_not_in_enum` ...).
    pub code: &'static str,
    /// The message, naming the exact field (`attributes[0][operator] is not one of ...`).
    pub message: String,
    /// The error's own data (`{"param": ...}` or null).
    pub data: Value,
}

/// A Store API error response.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreApiError {
    code: ErrorCode,
    message: String,
    /// Members of `data` after `status`, in order.
    extra: Vec<(&'static str, Extra)>,
    /// The caller's cart hash, when the refusal says what the cart is (`Cart-Hash`).
    cart_hash: Option<String>,
}

/// The shape of a Store API error body for the TypeScript types
/// ([`super::wire_types`]). The body itself is written by `impl Serialize for StoreApiError`
/// (it keeps WordPress's key order); this type describes what that writes: the members `data`
/// can hold are the ones `with_data`, `with_ordered_data` and the parameter errors add.
#[derive(TS)]
#[ts(rename = "StoreApiError")]
#[allow(dead_code)]
pub struct StoreApiErrorBody {
    /// The error code (`woocommerce_rest_cart_invalid_key`).
    code: String,
    /// The message (HTML-escaped text).
    message: String,
    /// The status and what else the error carries.
    data: StoreApiErrorData,
}

/// `data` of a Store API error.
#[derive(TS)]
#[allow(dead_code)]
pub struct StoreApiErrorData {
    /// The HTTP status.
    status: u16,
    /// The caller's cart after the refused write (409s of cart routes, SPEC §7.4).
    #[ts(optional)]
    cart: Option<crate::cart::CartResponse>,
    /// `rest_invalid_param`: message per parameter; `rest_missing_callback_param`: the names.
    #[ts(optional, type = "Record<string, string> | string[]")]
    params: Option<Value>,
    /// `rest_invalid_param`: WordPress's error per parameter.
    #[ts(optional)]
    details: Option<std::collections::HashMap<String, ParamDetail>>,
    /// Checkout: the address problems by address (`{"billing": ["ZIP Code is required"]}`).
    #[ts(optional)]
    errors: Option<std::collections::HashMap<String, Vec<String>>>,
    /// Checkout: the countries the shop sells to, when the address is outside them.
    #[ts(optional)]
    allowed_countries: Option<Vec<String>>,
    /// Checkout: coupon code to the reason it was removed.
    #[ts(optional)]
    removed_coupons: Option<std::collections::HashMap<String, String>>,
    /// WooCommerce's stray `"0": 400` beside the status of an empty cart's checkout (golden 038).
    #[ts(optional, rename = "0")]
    zero: Option<u16>,
}

/// The members [`StoreApiErrorData`] declares after `status`. Adding a member to an error's
/// `data` that is not here fails a debug assertion, so the TypeScript shape cannot fall
/// behind what the errors carry.
const DATA_KEYS: &[&str] = &[
    "cart",
    "params",
    "details",
    "errors",
    "allowed_countries",
    "removed_coupons",
    "0",
];

/// Whether `key` may be a member of `data` (see [`DATA_KEYS`]).
fn declared(key: &str) -> bool {
    DATA_KEYS.contains(&key)
}

/// An entry of `data.details`.
#[derive(TS)]
#[allow(dead_code)]
pub struct ParamDetail {
    /// WordPress's code (`rest_invalid_type`).
    code: String,
    /// The message.
    message: String,
    /// The error's own data, often null.
    data: Value,
    /// Further errors of the same parameter (address fields).
    #[ts(optional)]
    additional_errors: Option<Vec<ParamDetail>>,
}

/// A member of `data`. Parameter errors keep WordPress's key order (serde_json's map would
/// sort them).
#[derive(Debug, Clone, PartialEq)]
enum Extra {
    Json(Value),
    /// JSON already written, kept with its key order (a cart in `data.cart`).
    Raw(RawJson),
    /// `params` of an address validation: `{param: messages joined}`.
    FieldParams(InvalidParams),
    /// `details` of an address validation: `{param: {code, message, data, additional_errors}}`.
    FieldDetails(InvalidParams),
    /// `params`: `{param: message}`.
    Params(Vec<ParamError>),
    /// `details`: `{param: {code, message, data}}`.
    Details(Vec<ParamError>),
}

/// Pre-written JSON, compared by its text.
#[derive(Debug, Clone)]
struct RawJson(Box<RawValue>);

impl PartialEq for RawJson {
    fn eq(&self, other: &Self) -> bool {
        self.0.get() == other.0.get()
    }
}

/// An address error entry of `details` (WordPress's `rest_convert_error_to_response`).
#[derive(Serialize)]
struct FieldDetail<'a> {
    code: &'a str,
    message: &'a str,
    data: Option<()>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    additional_errors: Vec<FieldDetail<'a>>,
}

#[derive(Serialize)]
struct Detail<'a> {
    code: &'a str,
    message: &'a str,
    data: &'a Value,
}

impl Serialize for Extra {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Extra::Json(value) => value.serialize(serializer),
            Extra::Raw(raw) => raw.0.serialize(serializer),
            Extra::FieldParams(invalid) => {
                let mut map = serializer.serialize_map(Some(invalid.entries().len()))?;
                for (param, errors) in invalid.entries() {
                    let messages: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
                    map.serialize_entry(param, &messages.join(" "))?;
                }
                map.end()
            }
            Extra::FieldDetails(invalid) => {
                let mut map = serializer.serialize_map(Some(invalid.entries().len()))?;
                for (param, errors) in invalid.entries() {
                    if let Some((first, rest)) = errors.split_first() {
                        let detail = FieldDetail {
                            code: &first.code,
                            message: &first.message,
                            data: None,
                            additional_errors: rest
                                .iter()
                                .map(|e| FieldDetail {
                                    code: &e.code,
                                    message: &e.message,
                                    data: None,
                                    additional_errors: Vec::new(),
                                })
                                .collect(),
                        };
                        map.serialize_entry(param, &detail)?;
                    }
                }
                map.end()
            }
            Extra::Params(errors) => {
                let mut map = serializer.serialize_map(Some(errors.len()))?;
                for e in errors {
                    map.serialize_entry(&e.param, &e.message)?;
                }
                map.end()
            }
            Extra::Details(errors) => {
                let mut map = serializer.serialize_map(Some(errors.len()))?;
                for e in errors {
                    let detail = Detail {
                        code: e.code,
                        message: &e.message,
                        data: &e.data,
                    };
                    map.serialize_entry(&e.param, &detail)?;
                }
                map.end()
            }
        }
    }
}

impl StoreApiError {
    /// `code` with its default message.
    pub fn new(code: ErrorCode) -> Self {
        Self {
            code,
            message: code.default_message().to_owned(),
            extra: Vec::new(),
            cart_hash: None,
        }
    }

    /// The same error with another message.
    pub fn with_message(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }

    /// The same error with one more member in `data` (a cart, allowed countries ...).
    pub fn with_data(mut self, key: &'static str, value: Value) -> Self {
        debug_assert!(declared(key), "data.{key} is not in StoreApiErrorData");
        self.extra.push((key, Extra::Json(value)));
        self
    }

    /// A 404 of `code` with its default message.
    pub fn not_found(code: ErrorCode) -> Self {
        debug_assert_eq!(
            code.status(),
            StatusCode::NOT_FOUND,
            "{code:?} is not a 404"
        );
        Self::new(code)
    }

    /// WordPress's answer to a path or method no route serves.
    pub fn no_route() -> Self {
        Self::new(ErrorCode::NoRoute)
    }

    /// One invalid parameter.
    pub fn invalid_param(error: ParamError) -> Self {
        Self::invalid_params(vec![error])
    }

    /// `rest_invalid_param` naming every parameter in `errors` (WordPress reports them all).
    pub fn invalid_params(errors: Vec<ParamError>) -> Self {
        let names: Vec<&str> = errors.iter().map(|e| e.param.as_str()).collect();
        let message = format!("Invalid parameter(s): {}", names.join(", "));
        let mut error = Self::new(ErrorCode::InvalidParam).with_message(message);
        error.extra.push(("params", Extra::Params(errors.clone())));
        error.extra.push(("details", Extra::Details(errors)));
        error
    }

    /// The same error with `value` in `data` under `key`, keeping its key order (a cart).
    pub fn with_ordered_data<T: Serialize>(mut self, key: &'static str, value: &T) -> Self {
        debug_assert!(declared(key), "data.{key} is not in StoreApiErrorData");
        match serde_json::value::to_raw_value(value) {
            Ok(raw) => self.extra.push((key, Extra::Raw(RawJson(raw)))),
            Err(error) => tracing::error!(error = %error, "error data did not serialise"),
        }
        self
    }

    /// `rest_invalid_param` for checked addresses (`billing_address`, `shipping_address`):
    /// `data.params` and `data.details` per address, as the checkout routes them.
    pub fn invalid_fields(invalid: InvalidParams) -> Self {
        let mut error = Self::new(ErrorCode::InvalidParam).with_message(invalid.message());
        error
            .extra
            .push(("params", Extra::FieldParams(invalid.clone())));
        error.extra.push(("details", Extra::FieldDetails(invalid)));
        error
    }

    /// `rest_missing_callback_param`: `data.params` lists the missing names.
    pub fn missing_params(names: &[&str]) -> Self {
        Self::new(ErrorCode::MissingParam)
            .with_message(format!("Missing parameter(s): {}", names.join(", ")))
            .with_data("params", Value::from(names.to_vec()))
    }

    /// A 500 for `cause`, which is logged here, once, and never sent.
    pub fn internal(cause: &dyn std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "store api request failed");
        Self::new(ErrorCode::Internal)
    }

    /// The same error saying what the caller's cart is (`Cart-Hash`, and the cart cookies).
    pub fn with_cart_hash(mut self, hash: String) -> Self {
        self.cart_hash = Some(hash);
        self
    }

    /// The cart hash the error says, if any.
    pub fn cart_hash(&self) -> Option<&str> {
        self.cart_hash.as_deref()
    }

    /// The code.
    pub fn code(&self) -> ErrorCode {
        self.code
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<mercato_db::DbError> for StoreApiError {
    fn from(error: mercato_db::DbError) -> Self {
        Self::internal(&error)
    }
}

/// A cart operation's refusal as its Store API error: the code WooCommerce sends for it, with
/// the cart's message; storage failures are 500s. A line or coupon the cart does not have is
/// a 409 that also carries the cart: routes that change the cart answer refusals through
/// `cart::reply::refusal`, which adds it.
impl From<crate::cart::CartError> for StoreApiError {
    fn from(error: crate::cart::CartError) -> Self {
        use crate::cart::CartError;
        let code = match &error {
            CartError::Storage(cause) => return Self::internal(cause),
            CartError::UnknownItem => ErrorCode::CartInvalidKey,
            CartError::CouponNotApplied => ErrorCode::CouponNotApplied,
            CartError::UnknownProduct(_) => ErrorCode::CartInvalidProduct,
            CartError::NotPurchasable(_) => ErrorCode::ProductNotPurchasable,
            CartError::QuantityNotPositive(_) => ErrorCode::ProductInvalidQuantity,
            CartError::OutOfStock(_) => ErrorCode::ProductOutOfStock,
            CartError::NotEnoughStock { .. } => ErrorCode::ProductPartiallyOutOfStock,
            CartError::NoMatchingVariation => ErrorCode::VariationIdFromVariationData,
            CartError::MissingVariationData(_) => ErrorCode::MissingVariationData,
            CartError::InvalidVariationData(_) => ErrorCode::InvalidVariationData,
            CartError::InvalidAddon(_) => ErrorCode::InvalidAddonData,
            CartError::InvalidQuantity(_) => ErrorCode::InvalidQuantity,
            CartError::ReadonlyQuantity(_) => ErrorCode::ReadonlyQuantity,
            CartError::SoldIndividually(_) => ErrorCode::CartProductSoldIndividually,
            CartError::ItemProductGone => ErrorCode::CartItemProductGone,
            CartError::Coupon(_) | CartError::InvalidCouponCode => ErrorCode::CouponError,
            CartError::CouponsDisabled => ErrorCode::CouponDisabled,
            CartError::ShippingDisabled => ErrorCode::ShippingDisabled,
            CartError::Extension(_) => ErrorCode::CartExtensionsError,
        };
        Self::new(code).with_message(error.message())
    }
}

struct Data<'a>(&'a StoreApiError);

impl Serialize for Data<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1 + self.0.extra.len()))?;
        map.serialize_entry("status", &self.0.code.status().as_u16())?;
        for (key, value) in &self.0.extra {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl Serialize for StoreApiError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("code", self.code.as_str())?;
        map.serialize_entry("message", &self.message)?;
        map.serialize_entry("data", &Data(self))?;
        map.end()
    }
}

impl IntoResponse for StoreApiError {
    fn into_response(self) -> Response {
        let mut response = respond::json(self.code.status(), &self);
        if let Some(hash) = self.cart_hash {
            response.extensions_mut().insert(respond::Edge {
                cart_hash: Some(hash),
                caller: None,
            });
        }
        response
    }
}

impl std::fmt::Display for StoreApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_data_members_are_the_typescript_shapes() {
        let decl = StoreApiErrorData::decl(&ts_rs::Config::new());
        for key in DATA_KEYS {
            let member = if key.chars().all(|c| c.is_ascii_digit()) {
                format!("\"{key}\"?:")
            } else {
                format!("{key}?:")
            };
            assert!(decl.contains(&member), "{member} missing from {decl}");
        }
        // status, and nothing the list lacks.
        assert_eq!(decl.matches("?:").count(), DATA_KEYS.len(), "{decl}");
    }

    #[test]
    fn codes_are_unique() {
        for (i, a) in ErrorCode::ALL.iter().enumerate() {
            for b in &ErrorCode::ALL[i + 1..] {
                assert!(
                    a.as_str() != b.as_str() || a.status() != b.status(),
                    "{a:?} and {b:?} are the same row"
                );
            }
        }
    }

    /// STYLE rule 1: a code in the table that no route sends is a code to delete.
    #[test]
    fn every_code_is_used() {
        let dir =
            std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"))
                .join("src/store_api");
        let mut sources = String::new();
        let mut pending = vec![dir];
        while let Some(path) = pending.pop() {
            for entry in std::fs::read_dir(&path).expect("store_api sources") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    pending.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    sources.push_str(&std::fs::read_to_string(&path).expect("source"));
                }
            }
        }
        for code in ErrorCode::ALL {
            let reference = format!("ErrorCode::{code:?}");
            assert!(
                sources.matches(&reference).count() >= 1,
                "{} is in the table but nothing sends it",
                code.as_str()
            );
        }
    }

    #[test]
    fn envelope_keeps_wordpress_key_order() {
        let error = StoreApiError::invalid_params(vec![ParamError {
            param: "per_page".into(),
            code: "rest_out_of_bounds",
            message: "per_page must be between 1 (inclusive) and 100 (inclusive)".into(),
            data: Value::Null,
        }]);
        let text = serde_json::to_string(&error).expect("serialises");
        assert_eq!(
            text,
            r#"{"code":"rest_invalid_param","message":"Invalid parameter(s): per_page","data":{"status":400,"params":{"per_page":"per_page must be between 1 (inclusive) and 100 (inclusive)"},"details":{"per_page":{"code":"rest_out_of_bounds","message":"per_page must be between 1 (inclusive) and 100 (inclusive)","data":null}}}}"#
        );
    }
}
