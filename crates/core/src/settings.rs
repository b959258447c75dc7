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

/// Rate limiting of every way of placing or paying for an order (the Store API's
/// `POST /checkout` and `POST /checkout/{id}`, the classic checkout form and its express
/// button), stored as the [`CheckoutRateLimit::OPTION`] option. WooCommerce's Store API rate
/// limits, with two differences: it is on by default (25 checkouts a minute per client: no
/// shopper needs more, a card tester or an email bomber is slowed), and behind a proxy the
/// client is the right-most address of the proxy's header that is not a trusted proxy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CheckoutRateLimit {
    /// Whether checkouts are limited at all.
    pub enabled: bool,
    /// Checkouts allowed per client in one window.
    pub limit: u32,
    /// The window's length in seconds.
    pub seconds: u32,
    /// Whether the shop is behind a reverse proxy, so a guest's address comes from the
    /// proxy's header ([`Self::proxy_header`]) rather than from the connection.
    pub proxy_support: bool,
    /// The header the proxy names the client in: `x-forwarded-for` (default), `forwarded`,
    /// `x-real-ip` or `client-ip`. Only this one is read; others are the client's own words.
    pub proxy_header: String,
    /// The proxies in front of the shop beyond the one it is connected to, as addresses or
    /// networks (`10.0.0.0/8`). In a list header (`X-Forwarded-For`, `Forwarded`) the client
    /// is the right-most entry that is not one of them.
    pub trusted_proxies: Vec<String>,
}

/// The proxy headers [`CheckoutRateLimit::proxy_header`] may name.
pub const PROXY_HEADERS: [&str; 4] = ["x-forwarded-for", "forwarded", "x-real-ip", "client-ip"];

impl CheckoutRateLimit {
    /// The option it is stored as.
    pub const OPTION: &'static str = "checkout_rate_limit";

    /// Why the settings cannot be used, if they cannot.
    pub fn problem(&self) -> Option<&'static str> {
        if self.limit == 0 {
            Some("limit must be at least 1")
        } else if self.seconds == 0 {
            Some("seconds must be at least 1")
        } else if !PROXY_HEADERS.contains(&self.proxy_header.as_str()) {
            Some("proxy_header must be one of x-forwarded-for, forwarded, x-real-ip, client-ip")
        } else if self
            .trusted_proxies
            .iter()
            .any(|entry| crate::net::IpNetwork::parse(entry).is_none())
        {
            Some("trusted_proxies must be addresses or networks such as 10.0.0.0/8")
        } else {
            None
        }
    }

    /// The trusted proxies, read (entries that do not parse are left out; [`Self::problem`]
    /// refuses them on the way in).
    pub fn trusted_networks(&self) -> Vec<crate::net::IpNetwork> {
        self.trusted_proxies
            .iter()
            .filter_map(|entry| crate::net::IpNetwork::parse(entry))
            .collect()
    }
}

impl Default for CheckoutRateLimit {
    fn default() -> Self {
        Self {
            enabled: true,
            limit: 25,
            seconds: 60,
            proxy_support: false,
            proxy_header: PROXY_HEADERS[0].to_owned(),
            trusted_proxies: Vec::new(),
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
    fn checkout_rate_limit_is_on_and_generous_by_default() {
        let limits: CheckoutRateLimit = serde_json::from_str(r#"{"limit":5}"#).expect("parse");
        assert_eq!(
            limits,
            CheckoutRateLimit {
                enabled: true,
                limit: 5,
                seconds: 60,
                proxy_support: false,
                proxy_header: "x-forwarded-for".into(),
                trusted_proxies: vec![],
            }
        );
        assert!(CheckoutRateLimit::default().enabled);
        assert_eq!(limits.problem(), None);
        let zero = CheckoutRateLimit {
            seconds: 0,
            ..limits.clone()
        };
        assert_eq!(zero.problem(), Some("seconds must be at least 1"));
        let header = CheckoutRateLimit {
            proxy_header: "x-client".into(),
            ..limits.clone()
        };
        assert!(header.problem().is_some());
        let proxies = CheckoutRateLimit {
            trusted_proxies: vec!["10.0.0.0/8".into(), "proxy.internal".into()],
            ..limits
        };
        assert!(proxies.problem().is_some());
        assert_eq!(proxies.trusted_networks().len(), 1);
    }
}
