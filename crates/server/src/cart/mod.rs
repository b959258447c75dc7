//! The cart: one domain module that every cart surface shares (the Store API, the classic
//! `?wc-ajax=` endpoints and `/cart/` page, the checkout). Surfaces decide *which* cart a
//! request uses and how to answer; everything about what a cart holds and costs is here.
//!
//! # Which cart
//!
//! A cart is a document in `mercato_db::carts` under a key: `t_…` for a guest (kept in the
//! session as `session.data["cart_key"]`), the user id for a customer. [`CartRef`] names
//! one. [`session::cart_key_of`] reads a session's cart (reads never make a session:
//! browsing costs nothing); [`session::cart_for_write`] gives a classic request its cart,
//! making the session, its cookie and the cart key on the first write
//! ([`session::attach_cart`] does the last part for callers that keep their own session).
//! The Store API does the same through its own caller (`store_api::cart::Caller`),
//! which also honours Cart-Tokens. Logging in calls [`merge_guest_cart_into_customer`].
//! After any read or write, send [`session::cart_cookies`] (the items-in-cart and cart-hash
//! cookies, set or removed to match [`PricedCart::hash`]). Storage is reached only through
//! [`store`], which keeps every written cart for its owner's lifetime
//! ([`CartRef::lifetime_secs`]: a guest's 48 hours, a customer's 30 days) by the services'
//! clock.
//!
//! # Reading
//!
//! [`price`] loads a cart, keeps it true to the catalogue (lines whose product is gone are
//! dropped, quantities follow stock, invalid coupons are removed: written back when
//! something changed) and prices it: a [`PricedCart`] with the document, the catalogue
//! records, the totals ([`mercato_core::pricing::CartTotals`]), the `errors` to report, and
//! [`PricedCart::hash`] / [`PricedCart::items_count`] for the cart cookies
//! ([`session::cart_cookies`]). [`cart_response`] turns it into the Store API cart object;
//! [`PricedCart::totals_rows`] gives the rows under its lines (subtotal to total) and
//! [`TotalsRowsView`] writes them for the pages (cart, classic checkout, mini cart).
//!
//! # Changing
//!
//! Each change checks against the cart as read (a refused change writes nothing), then
//! writes through the revision-checked store, so concurrent requests lose nothing:
//!
//! | function | does |
//! |---|---|
//! | [`add_item`] (`AddItem {id, quantity, variation}`) | adds to a line (same product and options sum); returns the line key |
//! | [`ops::set_quantity`] | sets a line's quantity within its limits |
//! | [`ops::remove_item`] / [`ops::empty`] | removes a line / everything |
//! | [`ops::apply_coupon`] / [`ops::remove_coupon`] / [`ops::remove_all_coupons`] | coupons |
//! | [`ops::select_shipping_rate`] | the shipping choice (a rate not offered changes nothing) |
//! | [`ops::update_customer`] | merges checked address fields (`orders::check_address_params`) |
//! | [`ops::update_extension`] | runs an extension's callback ([`crate::services::extensions::ExtensionRegistry`]) |
//!
//! Failures are [`CartError`]s carrying WooCommerce's messages; the Store API maps them to
//! its error codes, the classic surfaces show the message as a notice.
//!
//! The rules themselves are core's, and this module only applies them to stored lines:
//! quantity limits, their checking order and the rounding to a step
//! ([`mercato_core::quantity::QuantityLimits`]: `check`, `normalize`), stock left after
//! other checkouts' holds ([`mercato_core::catalogue::Stock::has_enough`]) and a variation's
//! title ([`mercato_core::catalogue::Variation::title`]).
//!
//! Where the cart knowingly differs from WooCommerce 10: a line whose product is gone or can
//! no longer be bought is dropped when the cart is read and reported once in `errors` as
//! `woocommerce_rest_cart_item_error`; a changed price is reported once the same way
//! (WooCommerce says nothing); removing a line does not yet release a checkout draft's
//! stock holds (the checkout owns those).
//!
//! Pricing configuration comes from [`settings::PricingSettings`] (options `tax`,
//! `tax_rates`, `shipping`, `coupon_settings`, read per request). Shared services (the
//! signing secret, extension callbacks, fee sources) are [`crate::services::CartServices`],
//! in the [`crate::services::Services`] that every function here takes.

mod add;
pub mod catalogue;
pub mod checks;
pub mod document;
mod error;
pub mod identity;
pub mod lines;
mod merge;
pub mod ops;
mod priced;
pub mod settings;
pub mod store;
pub mod token;
mod totals_rows;
mod view;
mod view_item;

pub use add::{AddItem, Added, add, add_item};
pub use checks::CartNotice;
pub use document::{CartDocument, ItemAttribute, StoredItem, item_key, line_key};
pub use error::{CartError, escape_html, html_message_text};
pub use merge::{merge_guest_cart_into_customer, merge_into};
pub use priced::{PricedCart, effective_address, price, price_added};
pub use totals_rows::{RowView, TotalsRowsView};
pub use view::{CartResponse, CouponView, cart_response, coupon_view};
pub use view_item::CartItemView;

/// How long a guest cart lives without being written (as WooCommerce's session: 48 hours).
pub const CART_TTL_SECS: i64 = 48 * 3600;

/// How long a customer's cart lives without being written (it follows them across devices).
pub const CUSTOMER_CART_TTL_SECS: i64 = 30 * 24 * 3600;

/// Names a stored cart: its key and, for a customer's cart, the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartRef<'a> {
    /// The cart key (`t_…` or the user id).
    pub key: &'a str,
    /// The customer, for a customer's cart.
    pub user_id: Option<i64>,
}

impl CartRef<'_> {
    /// How long the cart lives after a write: a customer's cart 30 days, a guest's 48 hours.
    /// A customer's cart is keyed by their id (`carts::customer_key`) and a guest's by
    /// `t_…`, so the key alone says whose it is, even in a reference without the user.
    pub fn lifetime_secs(&self) -> i64 {
        if self.user_id.is_some() || !self.key.starts_with("t_") {
            CUSTOMER_CART_TTL_SECS
        } else {
            CART_TTL_SECS
        }
    }
}

/// Now, in unix seconds.
pub fn now() -> i64 {
    mercato_db::now()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_owner_decides_the_lifetime() {
        let guest = CartRef {
            key: "t_0123456789abcdef0123456789abcd",
            user_id: None,
        };
        assert_eq!(guest.lifetime_secs(), CART_TTL_SECS);
        let customer = CartRef {
            key: "42",
            user_id: Some(42),
        };
        assert_eq!(customer.lifetime_secs(), CUSTOMER_CART_TTL_SECS);
        // A customer's cart named without its user keeps the customer's lifetime.
        let by_key = CartRef {
            key: "42",
            user_id: None,
        };
        assert_eq!(by_key.lifetime_secs(), CUSTOMER_CART_TTL_SECS);
    }
}
