//! The shop's own settings: what a merchant decides about the storefront as a whole.

use serde::{Deserialize, Serialize};

use crate::catalogue::CatalogueSettings;
use crate::money::Currency;

/// Storefront settings, stored as the `shop` option. Every field has a default, so a
/// stored value from an older version still loads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShopSettings {
    /// The shop's name, in the header and page titles.
    pub title: String,
    /// A one-line description for the home page.
    pub tagline: String,
    /// The site locale, such as `en_US`.
    pub locale: String,
    /// The country the shop sells from (default customer country), ISO code.
    pub base_country: String,
    /// The state or county the shop sells from, a code of `base_country`.
    pub base_state: String,
    /// The store-wide notice banner; `None` hides it.
    pub store_notice: Option<String>,
    /// Products on one listing page.
    pub products_per_page: u32,
    /// Products in one listing row.
    pub products_per_row: u32,
    /// Whether adding to the cart goes to the cart page.
    pub cart_redirect_after_add: bool,
    /// The shop currency.
    pub currency: Currency,
    /// Catalogue display settings (units, stock display, hiding out-of-stock products).
    pub catalogue: CatalogueSettings,
    /// Variable products with more variations than this embed none in their page; the form
    /// asks the server per choice instead (WooCommerce's cliff is 30; ours is much higher).
    pub max_embedded_variations: u32,
    /// Hold reviews from guests (not logged in) for moderation.
    pub moderate_guest_reviews: bool,
    /// Whether a guest may open an account while checking out (WooCommerce's
    /// `woocommerce_enable_signup_and_login_from_checkout`, `checkoutAllowsSignup`).
    pub checkout_allows_signup: bool,
    /// How long a checkout draft holds its stock for the shopper, in minutes (WooCommerce
    /// reserves for 10); 0 holds nothing.
    pub stock_hold_minutes: u32,
}

impl Default for ShopSettings {
    fn default() -> Self {
        Self {
            title: "Mercato".to_owned(),
            tagline: "Merchandise worth wearing".to_owned(),
            locale: "en_US".to_owned(),
            base_country: "US".to_owned(),
            base_state: "CA".to_owned(),
            store_notice: Some(
                "Free shipping on orders over $100. New designs every week.".to_owned(),
            ),
            products_per_page: 16,
            products_per_row: 4,
            cart_redirect_after_add: false,
            currency: Currency::default(),
            catalogue: CatalogueSettings::default(),
            max_embedded_variations: 500,
            moderate_guest_reviews: true,
            checkout_allows_signup: true,
            stock_hold_minutes: 10,
        }
    }
}

impl ShopSettings {
    /// The notice's id: it changes when the text changes, so a new notice shows again
    /// to shoppers who dismissed the old one (the `store_notice{id}` cookie).
    pub fn store_notice_id(&self) -> Option<String> {
        self.store_notice
            .as_deref()
            .map(|text| format!("{:08x}", fnv1a32(text.as_bytes())))
    }

    /// How long a checkout draft holds its stock, in seconds.
    pub fn stock_hold_secs(&self) -> i64 {
        i64::from(self.stock_hold_minutes) * 60
    }

    /// The `lang` attribute for pages: `en_US` → `en-US`.
    pub fn html_lang(&self) -> String {
        self.locale.replace('_', "-")
    }
}

/// Rate limiting of `POST /checkout` (WooCommerce's Store API rate limits, set there through
/// the `woocommerce_store_api_rate_limit_options` filter), stored as the
/// [`CheckoutRateLimit::OPTION`] option. Off by default; every field has WooCommerce's default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CheckoutRateLimit {
    /// Whether checkouts are limited at all.
    pub enabled: bool,
    /// Checkouts allowed per client in one window.
    pub limit: u32,
    /// The window's length in seconds.
    pub seconds: u32,
    /// Whether a guest's address comes from the proxy's headers (`X-Real-IP`, `Client-IP`,
    /// `X-Forwarded-For`, `Forwarded`) rather than from the connection.
    pub proxy_support: bool,
}

impl CheckoutRateLimit {
    /// The option it is stored as.
    pub const OPTION: &'static str = "checkout_rate_limit";

    /// Why the settings cannot be used (a zero limit or window), if they cannot.
    pub fn problem(&self) -> Option<&'static str> {
        if self.limit == 0 {
            Some("limit must be at least 1")
        } else if self.seconds == 0 {
            Some("seconds must be at least 1")
        } else {
            None
        }
    }
}

impl Default for CheckoutRateLimit {
    fn default() -> Self {
        Self {
            enabled: false,
            limit: 25,
            seconds: 10,
            proxy_support: false,
        }
    }
}

/// FNV-1a, 32 bits: a stable short fingerprint (not a security measure).
fn fnv1a32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |hash, b| {
        (hash ^ u32::from(*b)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notice_id_follows_the_text() {
        let mut settings = ShopSettings::default();
        let first = settings.store_notice_id().expect("id");
        assert_eq!(first.len(), 8);
        assert_eq!(settings.store_notice_id(), Some(first.clone()), "stable");
        settings.store_notice = Some("Another notice".into());
        assert_ne!(settings.store_notice_id(), Some(first));
        settings.store_notice = None;
        assert_eq!(settings.store_notice_id(), None);
    }

    #[test]
    fn partial_stored_settings_fill_in_defaults() {
        let settings: ShopSettings = serde_json::from_str(r#"{"title":"Acme"}"#).expect("parse");
        assert_eq!(settings.title, "Acme");
        assert_eq!(settings.products_per_page, 16);
    }

    #[test]
    fn checkout_rate_limit_is_off_with_woocommerce_defaults() {
        let limits: CheckoutRateLimit = serde_json::from_str(r#"{"enabled":true}"#).expect("parse");
        assert_eq!(
            limits,
            CheckoutRateLimit {
                enabled: true,
                limit: 25,
                seconds: 10,
                proxy_support: false
            }
        );
        assert!(!CheckoutRateLimit::default().enabled);
        assert_eq!(limits.problem(), None);
        let zero = CheckoutRateLimit {
            seconds: 0,
            ..limits
        };
        assert_eq!(zero.problem(), Some("seconds must be at least 1"));
    }
}
