//! The settings every page embeds as JSON (SPEC §3.8–3.9), under the names WooCommerce's
//! scripts use (`wcSettings`, `wc_add_to_cart_params`, `woocommerce_params`, ...).
//!
//! Almost all of it is the same for every request, so it is serialised once at start-up;
//! the per-request values (the current user, the page kind) are spliced in.

use mercato_core::attribution::AttributionScriptSettings;
use mercato_core::orders::LOCAL_PICKUP_METHODS;
use mercato_core::pricing::{ShippingMethod, ShippingSettings};
use mercato_core::settings::ShopSettings;
use serde_json::{Value, json};

use crate::payments::Gateways;
use crate::shop_view::StorePages;

/// The prepared settings.
#[derive(Debug, Clone)]
pub struct PageSettings {
    /// `wcSettings` serialised without its closing brace, ready for per-request keys.
    wc_settings_open: String,
    /// The same with the address data the cart and checkout need (`countryData`, large).
    wc_settings_checkout_open: String,
    /// The other objects, serialised, each with its key: `"name":{...}`.
    others: String,
    /// The same for a user who edits pages.
    others_for_editors: String,
    cart_redirect_after_add: bool,
}

/// What changes from one request to the next.
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestSettings<'a> {
    /// The logged-in customer, 0 for guests.
    pub user_id: i64,
    /// Whether that user is a shop administrator.
    pub is_admin: bool,
    /// Whether that user edits content (the theme's `user.can_edit_pages`).
    pub can_edit_pages: bool,
    /// Whether this page is the cart page.
    pub is_cart: bool,
    /// Whether the page edits addresses with the block forms: adds `countryData` (no page does
    /// yet; the cart page's calculator fetches `/cart/shipping-countries.json` instead).
    pub with_address_data: bool,
    /// The customer's saved cards (`customerPaymentMethods`, JSON); `[]` when not given.
    pub customer_payment_methods: Option<&'a str>,
    /// The Store API nonce and its timestamp for this shopper (`wcBlocksMiddlewareConfig`).
    pub store_api_nonce: Option<(&'a str, i64)>,
    /// The hash of the shopper's cart ("" when empty), so scripts know whether the cart
    /// they hold is current (`cartHash`).
    pub cart_hash: &'a str,
    /// How the cart shows taxes now (the tax settings change without a restart).
    pub tax_display: TaxDisplay,
    /// What the shop's shipping settings offer now (they change without a restart too).
    pub shipping_display: ShippingDisplay,
    /// The page's extensions with scripts, a JSON array of names (`extensions`; web/README.md,
    /// "Extensions"); `None` on pages that load none.
    pub extensions: Option<&'a str>,
}

/// The tax settings scripts need to lay out totals rows as the server does (SPEC §9.3).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TaxDisplay {
    /// `taxesEnabled`.
    pub enabled: bool,
    /// `displayCartPricesIncludingTax`.
    pub including_tax: bool,
    /// `displayItemizedTaxes`.
    pub itemised: bool,
}

impl TaxDisplay {
    /// The display rules of `tax`.
    pub fn of(tax: &mercato_core::pricing::TaxSettings) -> Self {
        TaxDisplay {
            enabled: tax.enabled,
            including_tax: tax.display_cart_including_tax,
            itemised: tax.itemised,
        }
    }
}

/// The shipping settings scripts read (`shippingEnabled`, `localPickupEnabled`, ...): what
/// the cart and checkout blocks show a shipping or pickup choice from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippingDisplay {
    /// `shippingEnabled`: the shop ships at all.
    pub enabled: bool,
    /// `shippingMethodsExist`: some zone (or the rest of the world) has a method switched on.
    pub methods_exist: bool,
    /// `shippingCostRequiresAddress`.
    pub cost_requires_address: bool,
    /// `localPickupEnabled`: a pickup method is switched on with a location to collect from.
    pub local_pickup: bool,
}

impl Default for ShippingDisplay {
    /// What the reference shop offers (the settings a shop without a `shipping` option uses).
    fn default() -> Self {
        Self::of(&crate::cart::settings::reference_shipping())
    }
}

impl ShippingDisplay {
    /// What `shipping` offers.
    pub fn of(shipping: &ShippingSettings) -> Self {
        let methods = || {
            shipping
                .zones
                .iter()
                .flat_map(|zone| &zone.methods)
                .chain(&shipping.rest_of_world)
                .chain(&shipping.everywhere)
                .filter(|method| method.is_enabled())
        };
        let local_pickup = methods().any(|method| match method {
            ShippingMethod::LocalPickup(pickup) => pickup.locations.iter().any(|l| l.enabled),
            _ => false,
        });
        ShippingDisplay {
            enabled: shipping.enabled,
            methods_exist: shipping.enabled && methods().next().is_some(),
            cost_requires_address: shipping.cost_requires_address,
            local_pickup: shipping.enabled && local_pickup,
        }
    }
}

impl PageSettings {
    /// Prepares the settings of `shop`.
    pub fn new(shop: &ShopSettings, gateways: &Gateways) -> Self {
        Self::with_extension_settings(shop, gateways, &serde_json::Map::new())
    }

    /// Prepares the settings of `shop` with the installed extensions' `settings` added to
    /// `wcSettings` (what `wc.wcSettings.getSetting(key)` reads; docs/extensions.md). A key
    /// the shop already sets keeps the shop's value.
    pub fn with_extension_settings(
        shop: &ShopSettings,
        gateways: &Gateways,
        extension_settings: &serde_json::Map<String, Value>,
    ) -> Self {
        // Escaped once here: the per-request values spliced in later are numbers and booleans.
        let mut wc_settings = wc_settings(shop, gateways);
        if let Value::Object(members) = &mut wc_settings {
            for (key, value) in extension_settings {
                members.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
        let wc_settings_open = escape_for_script(&open_object(&wc_settings));
        wc_settings["countryData"] = mercato_core::geo::country_data_json();
        let wc_settings_checkout_open = escape_for_script(&open_object(&wc_settings));
        let others = json!({
            "woocommerce_params": {
                "ajax_url": "/wp-admin/admin-ajax.php",
                "wc_ajax_url": "/?wc-ajax=%%endpoint%%",
                "i18n_password_show": "Show password",
                "i18n_password_hide": "Hide password",
            },
            "wc_cart_fragments_params": {
                "ajax_url": "/wp-admin/admin-ajax.php",
                "wc_ajax_url": "/?wc-ajax=%%endpoint%%",
                "cart_hash_key": "wc_cart_hash",
                "fragment_name": "wc_fragments",
                "request_timeout": 5000,
            },
            // The sourcebuster settings the browser script runs with (SPEC §9.2).
            "wc_order_attribution": AttributionScriptSettings::new(
                "/wp-admin/admin-ajax.php",
                shop.allow_attribution_tracking,
            ),
            "theme": {
                "ajaxurl": "/wp-admin/admin-ajax.php",
                "search_result_latency": 0,
                "sticky_height": 70,
                "rtl": false,
                "is_mini_cart_reveal": shop.mini_cart.reveal_after_add,
                "mini_cart_hide_when_empty": shop.mini_cart.hide_when_empty,
                "lightbox": {"close_markup": "", "close_btn_inside": false},
                "version": env!("CARGO_PKG_VERSION"),
                "user": {"can_edit_pages": false},
            },
        });
        // Kept only as members: they are joined into the page's single settings object. Two
        // copies, for visitors and for staff who edit pages, so a request picks one.
        let members = |value: &Value| {
            let mut text = serde_json::to_string(value).unwrap_or_else(|_| "{}".into());
            text.remove(0);
            text.pop();
            escape_for_script(&text)
        };
        let others_for_editors = {
            let mut value = others.clone();
            value["theme"]["user"]["can_edit_pages"] = Value::Bool(true);
            members(&value)
        };
        let others = members(&others);
        Self {
            wc_settings_open,
            wc_settings_checkout_open,
            others,
            others_for_editors,
            cart_redirect_after_add: shop.cart_redirect_after_add,
        }
    }

    /// The settings JSON for one request, safe to place inside a `<script>` element.
    pub fn render(&self, request: RequestSettings<'_>) -> String {
        let add_to_cart = json!({
            "ajax_url": "/wp-admin/admin-ajax.php",
            "wc_ajax_url": "/?wc-ajax=%%endpoint%%",
            "i18n_view_cart": "View cart",
            "cart_url": "/cart/",
            "is_cart": request.is_cart,
            "cart_redirect_after_add": if self.cart_redirect_after_add { "yes" } else { "no" },
        });
        let middleware = match request.store_api_nonce {
            Some((nonce, timestamp)) => json!({
                "storeApiNonce": nonce,
                "storeApiNonceTimestamp": timestamp,
            }),
            None => json!({}),
        };
        format!(
            "{{\"wcSettings\":{},\"currentUserId\":{},\"currentUserIsAdmin\":{},\"customerPaymentMethods\":{},\"taxesEnabled\":{},\"displayCartPricesIncludingTax\":{},\"displayItemizedTaxes\":{},\"shippingEnabled\":{},\"shippingMethodsExist\":{},\"shippingCostRequiresAddress\":{},\"localPickupEnabled\":{}}},\"wc_add_to_cart_params\":{},\"wcBlocksMiddlewareConfig\":{},\"cartHash\":{},{}{}}}",
            if request.with_address_data {
                &self.wc_settings_checkout_open
            } else {
                &self.wc_settings_open
            },
            request.user_id,
            request.is_admin,
            escape_for_script(request.customer_payment_methods.unwrap_or("[]")),
            request.tax_display.enabled,
            request.tax_display.including_tax,
            request.tax_display.itemised,
            request.shipping_display.enabled,
            request.shipping_display.methods_exist,
            request.shipping_display.cost_requires_address,
            request.shipping_display.local_pickup,
            escape_for_script(&add_to_cart.to_string()),
            escape_for_script(&middleware.to_string()),
            escape_for_script(&Value::from(request.cart_hash).to_string()),
            request
                .extensions
                .map(|names| format!("\"extensions\":{},", escape_for_script(names)))
                .unwrap_or_default(),
            if request.can_edit_pages {
                &self.others_for_editors
            } else {
                &self.others
            }
        )
    }
}

/// WordPress's sprintf pattern for a price: `%1$s` is the symbol, `%2$s` the amount.
fn price_format(currency: &mercato_core::money::Currency) -> &'static str {
    use mercato_core::money::SymbolPosition;
    match currency.symbol_position {
        SymbolPosition::Left => "%1$s%2$s",
        SymbolPosition::Right => "%2$s%1$s",
        SymbolPosition::LeftSpace => "%1$s&nbsp;%2$s",
        SymbolPosition::RightSpace => "%2$s&nbsp;%1$s",
    }
}

/// `value` serialised without its closing brace, ready for more members.
fn open_object(value: &Value) -> String {
    let mut text = serde_json::to_string(value).unwrap_or_else(|_| "{}".into());
    text.pop();
    text
}

/// Makes JSON safe inside `<script>`: no `</script>`, no `<!--`, no stray line separators.
pub fn escape_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

fn wc_settings(shop: &ShopSettings, gateways: &Gateways) -> Value {
    let pages = StorePages::default();
    json!({
        "adminUrl": "/wp-admin/",
        "homeUrl": "/",
        "dashboardUrl": "/my-account/",
        "wpLoginUrl": "/my-account/",
        "siteTitle": shop.title,
        "placeholderImgSrc": "/media/placeholder.svg",
        "wcAssetUrl": "/assets/",
        "wcVersion": "10.0.2",
        "wpVersion": "6.8.2",
        "dateFormat": "F j, Y",
        "countries": mercato_core::geo::countries_json(),
        "currency": {
            "code": shop.currency.code,
            "precision": shop.currency.minor_unit,
            "symbol": shop.currency.symbol,
            "symbolPosition": shop.currency.symbol_position,
            "decimalSeparator": shop.currency.decimal_separator,
            "thousandSeparator": shop.currency.thousand_separator,
            "priceFormat": price_format(&shop.currency),
        },
        "locale": {
            "siteLocale": shop.locale,
            "userLocale": shop.locale,
            "weekdaysShort": ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        },
        "orderStatuses": {
            "pending": "Pending payment",
            "processing": "Processing",
            "on-hold": "On hold",
            "completed": "Completed",
            "cancelled": "Cancelled",
            "refunded": "Refunded",
            "failed": "Failed",
            "checkout-draft": "Draft",
        },
        "storePages": pages,
        "productsSettings": {"cartRedirectAfterAdd": shop.cart_redirect_after_add},
        "paymentMethodData": gateways.method_data(),
        "paymentMethodSortOrder": gateways.enabled_ids(),
        "globalPaymentMethods": gateways
            .enabled()
            .map(|g| json!({"id": g.id, "title": g.title}))
            .collect::<Vec<_>>(),
        "addressFieldsLocations": {
            "address": ["country", "first_name", "last_name", "company", "address_1", "address_2", "city", "state", "postcode", "phone"],
            "contact": ["email"],
            "order": [],
        },
        "taxLabel": "",
        // The methods whose rates are collected rather than shipped, switched on or not (as
        // WooCommerce lists them); `localPickupEnabled` and the other shipping flags are
        // per request (`ShippingDisplay`).
        "collectableMethodIds": LOCAL_PICKUP_METHODS,
        "couponsEnabled": true,
        "checkoutAllowsGuest": true,
        "checkoutAllowsSignup": shop.checkout_allows_signup,
        "checkoutData": {"order_id": 0, "customer_id": 0, "order_key": "", "status": ""},
        "wcBlocksConfig": {
            "pluginUrl": "/assets/",
            "restApiRoutes": {},
            "defaultAvatar": "",
            "wordCountType": "words",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_carry_the_request_values() {
        let settings = PageSettings::new(
            &ShopSettings::default(),
            &Gateways::configure(
                &crate::payments::all_turned_on(),
                &mercato_core::money::Currency::default(),
            ),
        );
        let text = settings.render(RequestSettings {
            user_id: 12,
            is_admin: false,
            can_edit_pages: false,
            is_cart: true,
            with_address_data: false,
            customer_payment_methods: Some(r#"{"cc":[{"tokenId":3}]}"#),
            store_api_nonce: Some(("0a1b2c3d4e", 1_790_000_000)),
            cart_hash: "9f86d081884c7d65",
            tax_display: TaxDisplay {
                enabled: true,
                including_tax: true,
                itemised: false,
            },
            shipping_display: ShippingDisplay {
                enabled: true,
                methods_exist: true,
                cost_requires_address: false,
                local_pickup: true,
            },
            extensions: Some(r#"["dummy","acme</script>"]"#),
        });
        let value: Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(value["extensions"], json!(["dummy", "acme</script>"]));
        assert!(
            !text.contains("</script>"),
            "escaped for the script element"
        );
        assert_eq!(
            value["wcSettings"]["customerPaymentMethods"]["cc"][0]["tokenId"],
            3
        );
        assert_eq!(
            value["wcSettings"]["paymentMethodSortOrder"],
            json!(["bacs", "cheque", "cod", "test_card"])
        );
        assert_eq!(
            value["wcSettings"]["paymentMethodData"]["test_card"]["showSavedCards"],
            true
        );
        assert_eq!(value["wcSettings"]["currentUserId"], 12);
        assert_eq!(value["wcSettings"]["currentUserIsAdmin"], false);
        assert_eq!(value["theme"]["user"]["can_edit_pages"], false);
        assert_eq!(value["wcSettings"]["currency"]["code"], "USD");
        assert_eq!(
            value["wcSettings"]["storePages"]["cart"]["permalink"],
            "/cart/"
        );
        assert_eq!(value["wc_add_to_cart_params"]["is_cart"], true);
        assert_eq!(
            value["wcBlocksMiddlewareConfig"],
            json!({"storeApiNonce": "0a1b2c3d4e", "storeApiNonceTimestamp": 1_790_000_000})
        );
        assert_eq!(value["cartHash"], "9f86d081884c7d65");
        assert_eq!(value["wcSettings"]["taxesEnabled"], true);
        assert_eq!(value["wcSettings"]["displayCartPricesIncludingTax"], true);
        assert_eq!(value["wcSettings"]["displayItemizedTaxes"], false);
        assert_eq!(value["wcSettings"]["localPickupEnabled"], true);
        assert_eq!(value["wcSettings"]["shippingMethodsExist"], true);
        assert_eq!(
            value["wcSettings"]["collectableMethodIds"],
            json!(["local_pickup", "pickup_location"])
        );
        assert_eq!(value["theme"]["is_mini_cart_reveal"], true);
        assert_eq!(value["theme"]["mini_cart_hide_when_empty"], false);
        assert_eq!(
            value["woocommerce_params"]["wc_ajax_url"],
            "/?wc-ajax=%%endpoint%%"
        );
    }

    fn value_of(settings: &PageSettings, with_address_data: bool) -> Value {
        let text = settings.render(RequestSettings {
            with_address_data,
            ..RequestSettings::default()
        });
        serde_json::from_str(&text).expect("valid JSON")
    }

    #[test]
    fn address_data_only_where_addresses_are_edited() {
        let settings = PageSettings::new(&ShopSettings::default(), &Gateways::default());
        assert!(
            value_of(&settings, false)["wcSettings"]
                .get("countryData")
                .is_none()
        );
        assert_eq!(
            value_of(&settings, true)["wcSettings"]["countryData"]["US"]["states"]["CA"],
            "California"
        );
    }

    #[test]
    fn staff_flags_follow_the_request() {
        let settings = PageSettings::new(&ShopSettings::default(), &Gateways::default());
        let staff: Value = serde_json::from_str(&settings.render(RequestSettings {
            user_id: 4,
            is_admin: true,
            can_edit_pages: true,
            ..RequestSettings::default()
        }))
        .expect("valid JSON");
        assert_eq!(staff["wcSettings"]["currentUserIsAdmin"], true);
        assert_eq!(staff["theme"]["user"]["can_edit_pages"], true);
        // The rest of the theme settings are the same for everyone.
        let visitor = value_of(&settings, false);
        assert_eq!(visitor["theme"]["user"]["can_edit_pages"], false);
        assert_eq!(
            visitor["theme"]["sticky_height"],
            staff["theme"]["sticky_height"]
        );
    }

    #[test]
    fn attribution_tracking_follows_the_shop_setting() {
        let value = value_of(
            &PageSettings::new(&ShopSettings::default(), &Gateways::default()),
            false,
        );
        let attribution = &value["wc_order_attribution"];
        assert_eq!(attribution["params"]["allowTracking"], true);
        assert_eq!(attribution["params"]["lifetime"], 1.0e-5);
        assert_eq!(attribution["params"]["session"], 30);
        assert_eq!(attribution["params"]["prefix"], "wc_order_attribution_");
        assert_eq!(attribution["fields"]["utm_id"], "current.id");
        let off = ShopSettings {
            allow_attribution_tracking: false,
            ..ShopSettings::default()
        };
        let value = value_of(&PageSettings::new(&off, &Gateways::default()), false);
        assert_eq!(
            value["wc_order_attribution"]["params"]["allowTracking"],
            false
        );
    }

    #[test]
    fn pickup_is_offered_only_when_a_pickup_method_has_a_location_on() {
        use mercato_core::pricing::LocalPickup;
        let reference = crate::cart::settings::reference_shipping();
        assert_eq!(
            ShippingDisplay::of(&reference),
            ShippingDisplay {
                enabled: true,
                methods_exist: true,
                cost_requires_address: false,
                local_pickup: true,
            }
        );
        let with_pickup = |change: fn(&mut LocalPickup)| {
            let mut shipping = reference.clone();
            for method in &mut shipping.everywhere {
                if let ShippingMethod::LocalPickup(pickup) = method {
                    change(pickup);
                }
            }
            ShippingDisplay::of(&shipping)
        };
        assert!(!with_pickup(|p| p.enabled = false).local_pickup);
        assert!(
            !with_pickup(|p| p.locations.iter_mut().for_each(|l| l.enabled = false)).local_pickup
        );
        assert!(!with_pickup(|p| p.locations.clear()).local_pickup);
        // Pickup only, in a zone: still pickup, and a method exists.
        let mut zone_only = reference.clone();
        let pickup = zone_only.everywhere.remove(0);
        zone_only.zones[0].methods = vec![pickup];
        let display = ShippingDisplay::of(&zone_only);
        assert!(display.local_pickup && display.methods_exist);
        // A shop that does not ship offers nothing, whatever its zones hold.
        let off = ShippingSettings {
            enabled: false,
            ..reference
        };
        let display = ShippingDisplay::of(&off);
        assert!(!display.enabled && !display.methods_exist && !display.local_pickup);
    }

    #[test]
    fn hostile_text_cannot_close_the_script_element() {
        let shop = ShopSettings {
            title: "</script><script>alert(1)</script>".into(),
            ..ShopSettings::default()
        };
        let text =
            PageSettings::new(&shop, &Gateways::default()).render(RequestSettings::default());
        assert!(!text.contains("</script"));
        let value: Value = serde_json::from_str(&text).expect("still valid JSON");
        assert_eq!(value["wcSettings"]["siteTitle"], shop.title);
    }
}
