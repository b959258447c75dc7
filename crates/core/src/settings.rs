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
    /// The header's mini cart.
    pub mini_cart: MiniCartSettings,
    /// The header's scrolling behaviours: sticky, hiding, back to top.
    pub header: HeaderSettings,
    /// Whether the browser may classify visits and keep the `sbjs_*` cookies without asking
    /// (WooCommerce's `wc_order_attribution_allow_tracking`, `allowTracking` in the page
    /// settings). Off, the cookies are deleted and orders carry no attribution unless the
    /// visitor consents through the consent hook (docs/order-attribution.md).
    pub allow_attribution_tracking: bool,
}

/// How the header's mini cart behaves (SPEC §2.4, §4.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MiniCartSettings {
    /// Open the mini cart for 5 s after an add to cart without reload, and when a page loads
    /// with an added-to-cart notice (the theme's `is_mini_cart_reveal`).
    pub reveal_after_add: bool,
    /// Hide the header cart while the cart is empty (the items-in-cart cookie is 0).
    pub hide_when_empty: bool,
}

impl Default for MiniCartSettings {
    fn default() -> Self {
        Self {
            reveal_after_add: true,
            hide_when_empty: false,
        }
    }
}

/// How the header behaves as the shopper scrolls (SPEC §2.1, §4.11, §9.7; docs/theming.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HeaderSettings {
    /// Whether the header sticks to the top of the viewport once the page is scrolled.
    pub sticky: bool,
    /// How far (px) the page must be scrolled before the header sticks (the theme's
    /// `sticky_height`).
    pub sticky_height: u32,
    /// Whether the stuck header hides while the shopper scrolls down (and comes back on the
    /// way up).
    pub hide_on_scroll_down: bool,
    /// Whether a `Back to top` button appears once the page is scrolled past one viewport.
    pub back_to_top: bool,
}

impl Default for HeaderSettings {
    fn default() -> Self {
        Self {
            sticky: true,
            sticky_height: 100,
            hide_on_scroll_down: false,
            back_to_top: true,
        }
    }
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
            mini_cart: MiniCartSettings::default(),
            header: HeaderSettings::default(),
            allow_attribution_tracking: true,
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

/// Where the shop sells and ships and which optional address fields its checkouts ask for,
/// stored as the [`CheckoutAddresses::OPTION`] option (WooCommerce's "Selling location(s)",
/// "Shipping location(s)" and checkout field settings). Every checkout (Store API, classic
/// form, pay for order) and the account's address form read it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CheckoutAddresses {
    /// The countries the shop sells to (billing addresses); empty: every country.
    pub sell_to: Vec<String>,
    /// The countries the shop ships to; empty: the countries it sells to.
    pub ship_to: Vec<String>,
    /// Whether company, apartment and phone are hidden, optional or required.
    pub fields: crate::orders::AddressFieldSettings,
}

impl CheckoutAddresses {
    /// The option it is stored as.
    pub const OPTION: &'static str = "checkout_addresses";

    /// The countries orders may be billed and shipped to.
    pub fn allowed(&self) -> crate::orders::AllowedCountries {
        let mut allowed = crate::orders::AllowedCountries::all();
        if !self.sell_to.is_empty() {
            allowed.billing.retain(|c| self.sell_to.contains(c));
        }
        let ship_to = if self.ship_to.is_empty() {
            &self.sell_to
        } else {
            &self.ship_to
        };
        if !ship_to.is_empty() {
            allowed.shipping.retain(|c| ship_to.contains(c));
        }
        allowed
    }

    /// Why the settings cannot be used, if they cannot: a code that names no country.
    pub fn problem(&self) -> Option<String> {
        self.sell_to
            .iter()
            .chain(&self.ship_to)
            .find(|code| crate::geo::Country::find(code).is_none_or(|c| c.code != code.as_str()))
            .map(|code| format!("{code:?} is not a country code (upper case, such as \"GB\")"))
    }
}

#[cfg(test)]
mod checkout_addresses_tests {
    use super::CheckoutAddresses;

    #[test]
    fn sells_and_ships_where_the_merchant_says() {
        let every = CheckoutAddresses::default().allowed();
        assert_eq!(every, crate::orders::AllowedCountries::all());
        let uk_only = CheckoutAddresses {
            sell_to: vec!["GB".into(), "IE".into()],
            ship_to: vec!["GB".into()],
            ..CheckoutAddresses::default()
        };
        let allowed = uk_only.allowed();
        assert_eq!(allowed.billing.len(), 2);
        assert!(allowed.billing.iter().all(|c| c == "GB" || c == "IE"));
        assert_eq!(allowed.shipping, ["GB"]);
        let sells_ships_same = CheckoutAddresses {
            sell_to: vec!["FR".into()],
            ..CheckoutAddresses::default()
        };
        assert_eq!(sells_ships_same.allowed().shipping, ["FR"]);
        let bad = CheckoutAddresses {
            ship_to: vec!["gb".into()],
            ..CheckoutAddresses::default()
        };
        assert!(bad.problem().is_some());
        assert_eq!(uk_only.problem(), None);
    }
}

/// The merchant's settings of one payment gateway. The `payment_gateways` option
/// ([`GatewaySettings::OPTION`]) is a list of them; a gateway not listed, and a field left
/// out, keeps the gateway's default.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GatewaySettings {
    /// The gateway's id (`bacs`, `cheque`, `cod`, `test_card`, ...).
    pub id: String,
    /// Whether shoppers are offered it.
    pub enabled: Option<bool>,
    /// The name shoppers see.
    pub title: Option<String>,
    /// The text under the name.
    pub description: Option<String>,
    /// Its place in the list: lower first; gateways without one keep the registry's order
    /// after those with one.
    pub order: Option<i32>,
    /// Offered only from this order total up, in the shop's currency (`"10.00"`).
    pub min_amount: Option<String>,
    /// Offered only up to this order total.
    pub max_amount: Option<String>,
    /// Offered only for billing addresses in these countries (ISO codes).
    pub countries: Option<Vec<String>>,
    /// Offered only with these shipping methods (`flat_rate`) or rates (`flat_rate:1`).
    pub shipping_methods: Option<Vec<String>>,
    /// Offered for orders that need no shipping.
    pub enable_for_virtual: Option<bool>,
    /// What the order-received page and the order email tell a shopper who chose it: where
    /// to send a check, what reference to put on a transfer (WooCommerce's `instructions`).
    pub instructions: Option<String>,
    /// The bank accounts a transfer goes to (`bacs`), shown on the order-received page and
    /// in the order email.
    pub accounts: Option<Vec<BankAccount>>,
}

/// A bank account shown to customers paying by bank transfer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BankAccount {
    /// Account name.
    pub account_name: String,
    /// Bank name.
    pub bank_name: String,
    /// Account number.
    pub account_number: String,
    /// Sort code (routing number, BSB, ...).
    pub sort_code: String,
    /// IBAN.
    pub iban: String,
    /// BIC / SWIFT.
    pub bic: String,
}

impl BankAccount {
    /// Whether a transfer can be made to it: it has an account number or an IBAN.
    pub fn is_usable(&self) -> bool {
        !self.account_number.trim().is_empty() || !self.iban.trim().is_empty()
    }
}

impl GatewaySettings {
    /// The option the list is stored as.
    pub const OPTION: &'static str = "payment_gateways";

    /// `defaults` with these settings applied; amounts read in `currency` (an amount that does
    /// not parse is left out; [`Self::problem`] refuses it on the way in).
    pub fn availability(
        &self,
        currency: &Currency,
        defaults: &crate::payments::Availability,
    ) -> crate::payments::Availability {
        let amount = |text: &Option<String>| {
            text.as_deref()
                .and_then(|t| currency.parse_decimal(t.trim()).ok())
        };
        crate::payments::Availability {
            min_total: amount(&self.min_amount).or(defaults.min_total),
            max_total: amount(&self.max_amount).or(defaults.max_total),
            countries: self
                .countries
                .clone()
                .unwrap_or_else(|| defaults.countries.clone()),
            shipping_methods: self
                .shipping_methods
                .clone()
                .unwrap_or_else(|| defaults.shipping_methods.clone()),
            not_for_virtual: self
                .enable_for_virtual
                .map_or(defaults.not_for_virtual, |on| !on),
        }
    }

    /// What an enabled offline gateway leaves shoppers without (`mercato settings` prints
    /// them): bank transfer with no usable account, a check with no address to send it to
    /// (no instructions, or WooCommerce's placeholder address still in the description).
    /// Gateways that are off, or left at their default (off), are not looked at.
    pub fn gaps(list: &[GatewaySettings]) -> Vec<String> {
        let mut gaps = Vec::new();
        for gateway in list.iter().filter(|g| g.enabled == Some(true)) {
            let id = gateway.id.as_str();
            let instructions = gateway
                .instructions
                .as_deref()
                .is_some_and(|t| !t.trim().is_empty());
            match id {
                "bacs"
                    if !gateway
                        .accounts
                        .iter()
                        .flatten()
                        .any(BankAccount::is_usable) =>
                {
                    gaps.push(
                        "bacs: enabled without a bank account (accounts, each with an account_number or an iban): shoppers paying by transfer are not told where to pay".to_owned(),
                    );
                }
                "cheque" => {
                    if !instructions {
                        gaps.push(
                            "cheque: enabled without instructions: shoppers paying by check are not told where to send it".to_owned(),
                        );
                    }
                    if gateway.description.is_none() {
                        gaps.push(
                            "cheque: the description is still WooCommerce's placeholder (\"send a check to Store Name, Store Street…\"): set one".to_owned(),
                        );
                    }
                }
                _ => {}
            }
        }
        gaps
    }

    /// Why the list cannot be used, if it cannot: an unknown or repeated id, an empty title,
    /// an amount that is not one, a country that does not exist, a minimum over the maximum.
    pub fn problem(
        list: &[GatewaySettings],
        known: &[&str],
        currency: &Currency,
    ) -> Option<String> {
        let mut seen: Vec<&str> = Vec::new();
        for gateway in list {
            let id = gateway.id.as_str();
            if !known.contains(&id) {
                return Some(format!(
                    "unknown gateway {id:?}: the shop has {}",
                    known.join(", ")
                ));
            }
            if seen.contains(&id) {
                return Some(format!("gateway {id} is listed twice"));
            }
            seen.push(id);
            if gateway
                .title
                .as_deref()
                .is_some_and(|t| t.trim().is_empty())
            {
                return Some(format!("{id}: the title cannot be empty"));
            }
            let mut bounds = [None, None];
            for (bound, (name, text)) in bounds.iter_mut().zip([
                ("min_amount", &gateway.min_amount),
                ("max_amount", &gateway.max_amount),
            ]) {
                if let Some(text) = text {
                    match currency.parse_decimal(text.trim()) {
                        Ok(money) if money >= crate::money::Money::ZERO => *bound = Some(money),
                        _ => return Some(format!("{id}: {name} {text:?} is not an amount")),
                    }
                }
            }
            if let [Some(min), Some(max)] = bounds
                && min > max
            {
                return Some(format!("{id}: min_amount is over max_amount"));
            }
            for country in gateway.countries.iter().flatten() {
                if crate::geo::country_name(country).is_none() {
                    return Some(format!("{id}: {country:?} is not a country code"));
                }
            }
        }
        None
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
    fn offline_gateways_without_payment_details_are_flagged() {
        let on = |id: &str| GatewaySettings {
            id: id.into(),
            enabled: Some(true),
            ..GatewaySettings::default()
        };
        let gaps = GatewaySettings::gaps(&[on("bacs"), on("cheque"), on("cod")]);
        assert_eq!(gaps.len(), 3, "{gaps:?}");
        assert!(gaps[0].starts_with("bacs: enabled without a bank account"));
        assert!(gaps[1].starts_with("cheque: enabled without instructions"));
        assert!(gaps[2].contains("placeholder"));
        // An account without a number or an IBAN is not one to pay into.
        let named_only = GatewaySettings {
            accounts: Some(vec![BankAccount {
                account_name: "Mercato".into(),
                ..BankAccount::default()
            }]),
            ..on("bacs")
        };
        assert_eq!(GatewaySettings::gaps(&[named_only]).len(), 1);
        let complete = [
            GatewaySettings {
                accounts: Some(vec![BankAccount {
                    iban: "GB33BUKB20201555555555".into(),
                    ..BankAccount::default()
                }]),
                ..on("bacs")
            },
            GatewaySettings {
                description: Some("Pay by check.".into()),
                instructions: Some("Send it to 1 Main Street.".into()),
                ..on("cheque")
            },
            // Off: nothing to tell shoppers.
            GatewaySettings {
                enabled: Some(false),
                ..on("bacs")
            },
        ];
        assert_eq!(GatewaySettings::gaps(&complete), Vec::<String>::new());
    }

    #[test]
    fn gateway_settings_apply_over_defaults_and_are_checked() {
        let usd = Currency::default();
        let cod = GatewaySettings {
            id: "cod".into(),
            min_amount: Some("10.00".into()),
            enable_for_virtual: Some(false),
            ..GatewaySettings::default()
        };
        let rules = cod.availability(&usd, &crate::payments::Availability::default());
        assert_eq!(rules.min_total, Some(crate::money::Money::from_minor(1000)));
        assert!(rules.not_for_virtual);
        assert!(rules.shipping_methods.is_empty());
        let known = ["bacs", "cod"];
        assert_eq!(
            GatewaySettings::problem(std::slice::from_ref(&cod), &known, &usd),
            None
        );
        let problem = |g: GatewaySettings| GatewaySettings::problem(&[g], &known, &usd);
        assert!(
            problem(GatewaySettings {
                id: "paypal".into(),
                ..GatewaySettings::default()
            })
            .is_some_and(|p| p.contains("unknown gateway"))
        );
        assert!(
            problem(GatewaySettings {
                title: Some(" ".into()),
                ..cod.clone()
            })
            .is_some()
        );
        assert!(
            problem(GatewaySettings {
                max_amount: Some("ten".into()),
                ..cod.clone()
            })
            .is_some()
        );
        assert!(
            problem(GatewaySettings {
                max_amount: Some("5".into()),
                ..cod.clone()
            })
            .is_some()
        );
        assert!(
            problem(GatewaySettings {
                countries: Some(vec!["XX".into()]),
                ..cod.clone()
            })
            .is_some()
        );
        assert!(GatewaySettings::problem(&[cod.clone(), cod], &known, &usd).is_some());
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
