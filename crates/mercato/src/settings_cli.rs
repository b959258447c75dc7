//! `mercato settings …` and `mercato coupons …`: the shop's settings and coupons from the
//! command line until an admin screen exists (docs/settings.md).
//!
//! A setting the cart or the shop reads is checked against its core type before it is
//! stored: JSON that does not parse, a wrong type or a field the type does not have is
//! refused with the reason, and what is stored is the parsed value (defaults filled in).

use std::io::Read;

use anyhow::{Context, bail};
use clap::Subcommand;
use mercato_core::catalogue::SwatchSettings;
use mercato_core::home::{self, HomeLayout, SocialFeeds};
use mercato_core::limits::MAX_COUPON_CODE_CHARS;
use mercato_core::menus::MenuSettings;
use mercato_core::pricing::{Coupon, CouponSettings, ShippingSettings, TaxRate, TaxSettings};
use mercato_core::settings::{CheckoutAddresses, CheckoutRateLimit, GatewaySettings, ShopSettings};
use mercato_db::{Db, coupons, options};
use mercato_server::cart::settings as cart_settings;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// `mercato settings`.
#[derive(Debug, Subcommand)]
pub enum SettingsCommand {
    /// Print a setting as JSON (the default in force when it was never set).
    Get {
        /// tax, tax_rates, shipping, coupon_settings, shop, checkout_rate_limit, payment_gateways, swatches, menus, home or social_feeds.
        name: String,
    },
    /// Check and store a setting from a JSON file, or `-` for standard input.
    Set {
        /// tax, tax_rates, shipping, coupon_settings, shop, checkout_rate_limit, payment_gateways, swatches, menus, home or social_feeds.
        name: String,
        /// The JSON file, or `-`.
        file: String,
    },
}

/// `mercato coupons`.
#[derive(Debug, Subcommand)]
pub enum CouponsCommand {
    /// List every coupon: code, type, amount, expiry, uses.
    List,
    /// Create or replace a coupon from a JSON file (or `-`), keyed by its code.
    Set {
        /// The JSON file, or `-`.
        file: String,
    },
    /// Delete the coupon with this code.
    Delete {
        /// The coupon code.
        code: String,
    },
}

/// The settings this command knows.
const KNOWN: &[&str] = &[
    "tax",
    "tax_rates",
    "shipping",
    "coupon_settings",
    "shop",
    CheckoutRateLimit::OPTION,
    CheckoutAddresses::OPTION,
    GatewaySettings::OPTION,
    SwatchSettings::OPTION,
    MenuSettings::OPTION,
    home::OPTION,
    home::FEEDS_OPTION,
];

/// Runs `mercato settings …`; `extension_gateways` are the ids of the installed extensions'
/// gateways, which `payment_gateways` may name too.
pub async fn settings(
    db: &Db,
    command: SettingsCommand,
    extension_gateways: &[String],
) -> anyhow::Result<()> {
    mercato_db::migrate::run(db).await?;
    match command {
        SettingsCommand::Get { name } => {
            let stored = options::get::<Value>(db, &name).await?;
            let value = match stored {
                Some(value) => value,
                None => {
                    let default = default_of(&name)?;
                    eprintln!("{name} is not set; the shop uses this default");
                    default
                }
            };
            println!("{}", serde_json::to_string_pretty(&value)?);
            Ok(())
        }
        SettingsCommand::Set { name, file } => {
            let text = read_input(&file)?;
            let value = check_with(&name, &text, extension_gateways)?;
            options::set(db, &name, &value).await?;
            println!("{name} saved");
            for warning in warnings(&name, &value) {
                eprintln!("warning: {warning}");
            }
            if name == "shop" {
                println!("(a running server reads the {name} setting when it starts: restart it)");
            }
            Ok(())
        }
    }
}

/// Runs `mercato coupons …`.
pub async fn coupons(db: &Db, command: CouponsCommand) -> anyhow::Result<()> {
    mercato_db::migrate::run(db).await?;
    match command {
        CouponsCommand::List => {
            let all = coupons::list(db).await?;
            if all.is_empty() {
                eprintln!("no coupons");
            }
            for coupon in all {
                println!("{}", coupon_line(&coupon));
            }
            Ok(())
        }
        CouponsCommand::Set { file } => {
            let text = read_input(&file)?;
            let coupon: Coupon = parse_strict("coupon", &text)?;
            // Shoppers cannot type a longer code (mercato_core::limits).
            if mercato_core::limits::exceeds(coupon.code.trim(), MAX_COUPON_CODE_CHARS) {
                bail!("a coupon code has at most {MAX_COUPON_CODE_CHARS} characters");
            }
            let id = coupons::save(db, &coupon).await?;
            println!(
                "coupon {} saved (id {id})",
                coupon.code.trim().to_lowercase()
            );
            Ok(())
        }
        CouponsCommand::Delete { code } => {
            if coupons::delete(db, &code).await? {
                println!("coupon {code} deleted");
                Ok(())
            } else {
                bail!("no coupon has the code {code:?}")
            }
        }
    }
}

fn coupon_line(coupon: &Coupon) -> String {
    let mut notes = Vec::new();
    if let Some(at) = coupon.expires_at {
        notes.push(format!("expires_at={at}"));
    }
    if coupon.free_shipping {
        notes.push("free_shipping".to_owned());
    }
    if coupon.individual_use {
        notes.push("individual_use".to_owned());
    }
    if !coupon.category_ids.is_empty() {
        let ids: Vec<String> = coupon
            .category_ids
            .iter()
            .map(|c| c.0.to_string())
            .collect();
        notes.push(format!("categories={}", ids.join(",")));
    }
    format!(
        "{}\t{}\t{}\tused {}\t{}",
        mercato::terminal::inert(&coupon.code),
        coupon.kind.as_str(),
        coupon.amount,
        coupon.usage_count,
        notes.join(" ")
    )
}

/// The file's text, or standard input's for `-`.
fn read_input(file: &str) -> anyhow::Result<String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        return Ok(text);
    }
    std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))
}

/// The default in force for a setting never stored.
fn default_of(name: &str) -> anyhow::Result<Value> {
    let shop = ShopSettings::default();
    Ok(match name {
        "tax" => serde_json::to_value(TaxSettings::default())?,
        "tax_rates" => serde_json::to_value(cart_settings::reference_tax_rates())?,
        "shipping" => serde_json::to_value(cart_settings::reference_shipping())?,
        "coupon_settings" => serde_json::to_value(CouponSettings::default())?,
        "shop" => serde_json::to_value(shop)?,
        CheckoutRateLimit::OPTION => serde_json::to_value(CheckoutRateLimit::default())?,
        CheckoutAddresses::OPTION => serde_json::to_value(CheckoutAddresses::default())?,
        GatewaySettings::OPTION => serde_json::to_value(Vec::<GatewaySettings>::new())?,
        SwatchSettings::OPTION => serde_json::to_value(SwatchSettings::default())?,
        MenuSettings::OPTION => serde_json::to_value(MenuSettings::default())?,
        home::OPTION => serde_json::to_value(HomeLayout::default())?,
        home::FEEDS_OPTION => serde_json::to_value(SocialFeeds::default())?,
        _ => bail!("{name} is not set"),
    })
}

/// What a checked setting `value` of `name` leaves shoppers without, though it can be stored:
/// an offline gateway turned on without the details its shoppers need to pay
/// ([`GatewaySettings::gaps`]).
pub fn warnings(name: &str, value: &Value) -> Vec<String> {
    if name != GatewaySettings::OPTION {
        return Vec::new();
    }
    serde_json::from_value::<Vec<GatewaySettings>>(value.clone())
        .map(|list| {
            GatewaySettings::gaps(&list)
                .into_iter()
                .map(|gap| format!("{name}: {gap}"))
                .collect()
        })
        .unwrap_or_default()
}

/// Parses `text` as the type of setting `name` and returns the value to store.
#[cfg(test)]
pub fn check(name: &str, text: &str) -> anyhow::Result<Value> {
    check_with(name, text, &[])
}

/// Parses `text` as the type of setting `name` and returns the value to store, with
/// `extension_gateways` known to `payment_gateways` besides the built-in ones.
pub fn check_with(name: &str, text: &str, extension_gateways: &[String]) -> anyhow::Result<Value> {
    match name {
        "tax" => typed::<TaxSettings>(name, text),
        "tax_rates" => typed::<Vec<TaxRate>>(name, text),
        "shipping" => typed::<ShippingSettings>(name, text),
        "coupon_settings" => typed::<CouponSettings>(name, text),
        "shop" => typed::<ShopSettings>(name, text),
        GatewaySettings::OPTION => {
            let list: Vec<GatewaySettings> = parse_strict(name, text)?;
            let known = mercato_server::payments::registered_ids();
            let known: Vec<&str> = known
                .iter()
                .chain(extension_gateways)
                .map(String::as_str)
                .collect();
            // Amounts are checked in the default currency's minor unit (two decimals).
            let currency = ShopSettings::default().currency;
            if let Some(problem) = GatewaySettings::problem(&list, &known, &currency) {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(list)?)
        }
        SwatchSettings::OPTION => {
            let swatches: SwatchSettings = parse_strict(name, text)?;
            if let Some(problem) = swatches.problem() {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(swatches)?)
        }
        MenuSettings::OPTION => {
            let menus: MenuSettings = parse_strict(name, text)?;
            if let Some(problem) = menus.problem() {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(menus.trimmed())?)
        }
        home::OPTION => {
            let layout: HomeLayout = parse_strict(name, text)?;
            if let Some(problem) = layout.problem() {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(layout)?)
        }
        home::FEEDS_OPTION => {
            let feeds: SocialFeeds = parse_strict(name, text)?;
            if let Some(problem) = feeds.problem() {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(feeds)?)
        }
        CheckoutAddresses::OPTION => {
            let addresses: CheckoutAddresses = parse_strict(name, text)?;
            if let Some(problem) = addresses.problem() {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(addresses)?)
        }
        CheckoutRateLimit::OPTION => {
            let limits: CheckoutRateLimit = parse_strict(name, text)?;
            if let Some(problem) = limits.problem() {
                bail!("{name}: {problem}");
            }
            Ok(serde_json::to_value(limits)?)
        }
        _ => bail!(
            "unknown setting {name:?}: this command sets {}",
            KNOWN.join(", ")
        ),
    }
}

fn typed<T: DeserializeOwned + Serialize>(name: &str, text: &str) -> anyhow::Result<Value> {
    let parsed: T = parse_strict(name, text)?;
    Ok(serde_json::to_value(parsed)?)
}

/// Parses `text` as `T`, refusing invalid JSON, wrong types and fields `T` does not have
/// (the core types fill in missing fields, so a misspelt one would otherwise be dropped
/// silently).
fn parse_strict<T: DeserializeOwned + Serialize>(what: &str, text: &str) -> anyhow::Result<T> {
    let raw: Value =
        serde_json::from_str(text).map_err(|e| anyhow::anyhow!("{what}: invalid JSON: {e}"))?;
    let parsed: T = serde_json::from_value(raw.clone())
        .map_err(|e| anyhow::anyhow!("{what}: not a valid {what} setting: {e}"))?;
    let back = serde_json::to_value(&parsed)?;
    let mut unknown = Vec::new();
    unknown_fields(&raw, &back, "", &mut unknown);
    if !unknown.is_empty() {
        bail!("{what}: unknown field(s): {}", unknown.join(", "));
    }
    Ok(parsed)
}

/// Paths of the non-null fields of `raw` that `parsed` does not have.
fn unknown_fields(raw: &Value, parsed: &Value, path: &str, out: &mut Vec<String>) {
    match (raw, parsed) {
        (Value::Object(raw), Value::Object(parsed)) => {
            for (key, value) in raw {
                let here = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                match parsed.get(key) {
                    Some(found) => unknown_fields(value, found, &here, out),
                    None if !value.is_null() => out.push(here),
                    None => {}
                }
            }
        }
        (Value::Array(raw), Value::Array(parsed)) => {
            for (i, (a, b)) in raw.iter().zip(parsed).enumerate() {
                unknown_fields(a, b, &format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_layout_is_checked_before_it_is_stored() {
        let value = check(
            "home",
            r#"{"sections": [{"type": "product_grid", "heading": "New", "source": "newest"}]}"#,
        )
        .expect("a valid layout");
        assert_eq!(value["sections"][0]["limit"], 8, "defaults are filled in");
        let e = check(
            "home",
            r#"{"sections": [{"type": "product_grid", "heading": "New", "source": "newest", "colour": "red"}]}"#,
        )
        .expect_err("unknown field");
        assert!(e.to_string().contains("sections[0].colour"), "{e}");
        let e = check(
            "home",
            r#"{"sections": [{"type": "counters", "heading": "", "items": [{"value": 1, "label": "x"}]}]}"#,
        )
        .expect_err("empty heading");
        assert_eq!(
            e.to_string(),
            "home: sections[0].heading: must not be empty"
        );
        assert!(default_of("home").expect("default")["sections"].is_array());
    }

    #[test]
    fn settings_are_checked_against_their_type() {
        assert!(check("tax", r#"{"enabled": false}"#).is_ok());
        let e = check("tax", "{nope").expect_err("invalid JSON");
        assert!(e.to_string().contains("invalid JSON"), "{e}");
        let e = check("tax", r#"{"enabeld": false}"#).expect_err("typo");
        assert!(e.to_string().contains("enabeld"), "{e}");
        let e = check("tax_rates", r#"{"rate": 1}"#).expect_err("not a list");
        assert!(e.to_string().contains("not a valid"), "{e}");
        assert!(check("colour", "{}").is_err());
    }

    #[test]
    fn offline_gateways_without_payment_details_are_flagged() {
        let value = check(
            "payment_gateways",
            r#"[{"id": "bacs", "enabled": true}, {"id": "cheque", "enabled": true}]"#,
        )
        .expect("stored, with warnings");
        let flagged = warnings("payment_gateways", &value);
        assert_eq!(flagged.len(), 3, "{flagged:?}");
        assert!(flagged[0].contains("bacs: enabled without a bank account"));
        assert!(flagged[1].contains("cheque: enabled without instructions"));
        assert!(flagged[2].contains("placeholder"));
        let value = check(
            "payment_gateways",
            r#"[{"id": "bacs", "enabled": true, "accounts": [{"account_name": "Acme", "iban": "GB33BUKB20201555555555"}]}]"#,
        )
        .expect("valid");
        assert_eq!(warnings("payment_gateways", &value), Vec::<String>::new());
        let e = check(
            "payment_gateways",
            r#"[{"id": "bacs", "accounts": [{"acount_name": "Acme"}]}]"#,
        )
        .expect_err("typo");
        assert!(e.to_string().contains("acount_name"), "{e}");
        // The demo's gateways have every detail.
        let demo = serde_json::to_value(crate::demo::demo_gateways()).expect("JSON");
        assert_eq!(warnings("payment_gateways", &demo), Vec::<String>::new());
    }

    #[test]
    fn payment_gateways_name_known_gateways_with_sane_values() {
        let value = check(
            "payment_gateways",
            r#"[{"id": "cod", "enabled": false}, {"id": "bacs", "order": 1, "min_amount": "10"}]"#,
        )
        .expect("valid");
        assert_eq!(value[0]["id"], "cod");
        assert_eq!(value[1]["min_amount"], "10");
        for (text, says) in [
            (r#"[{"id": "paypal"}]"#, "unknown gateway"),
            (r#"[{"id": "cod"}, {"id": "cod"}]"#, "twice"),
            (r#"[{"id": "cod", "title": ""}]"#, "title"),
            (r#"[{"id": "cod", "max_amount": "lots"}]"#, "not an amount"),
            (r#"[{"id": "cod", "countries": ["Narnia"]}]"#, "country"),
            (r#"[{"id": "cod", "enabeld": false}]"#, "enabeld"),
        ] {
            let e = check("payment_gateways", text).expect_err(text);
            assert!(e.to_string().contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn swatches_are_checked_and_filled_in() {
        let value = check(
            "swatches",
            r#"{"attributes": {"pa_size": {"display_type": "button"}}}"#,
        )
        .expect("valid");
        assert_eq!(value["attributes"]["pa_size"]["display_type"], "button");
        assert_eq!(value["attributes"]["pa_size"]["show_title"], true);
        let e = check("swatches", r#"{"attributes": {"size": {}}}"#).expect_err("not pa_");
        assert!(e.to_string().contains("pa_"), "{e}");
        let e = check(
            "swatches",
            r#"{"attributes": {"pa_size": {"display": "button"}}}"#,
        )
        .expect_err("typo");
        assert!(e.to_string().contains("display"), "{e}");
        let e = check(
            "swatches",
            r#"{"attributes": {"pa_size": {"display_type": "radio"}}}"#,
        )
        .expect_err("unknown type");
        assert!(e.to_string().contains("radio"), "{e}");

        // Swatches on cards: filled in, checked, typos refused.
        let value = check("swatches", r#"{"archive": {"enabled": true}}"#).expect("valid");
        assert_eq!(value["archive"]["limit"], 5);
        assert_eq!(value["archive"]["attributes"], serde_json::Value::Null);
        let e = check("swatches", r#"{"archive": {"enabled": true, "limit": 0}}"#)
            .expect_err("no swatches at all");
        assert!(e.to_string().contains("archive.limit"), "{e}");
        let e =
            check("swatches", r#"{"archive": {"attributes": ["color"]}}"#).expect_err("not pa_");
        assert!(e.to_string().contains("archive.attributes"), "{e}");
        let e = check("swatches", r#"{"archive": {"enable": true}}"#).expect_err("typo");
        assert!(e.to_string().contains("enable"), "{e}");
    }

    #[test]
    fn menus_are_checked_trimmed_and_filled_in() {
        let value = check(
            "menus",
            r#"{"main": [{"label": " Sale ", "url": "/sale/", "children": [{"label": "Mugs", "url": "https://example.com/mugs"}]}]}"#,
        )
        .expect("valid");
        assert_eq!(value["main"][0]["label"], "Sale");
        assert_eq!(
            value["main"][0]["children"][0]["children"],
            serde_json::json!([])
        );
        assert_eq!(
            value["footer"][0]["title"], "Shop",
            "the default footer is kept"
        );
        for (text, says) in [
            (
                r#"{"main": [{"label": "X", "url": "javascript:alert(1)"}]}"#,
                "not a path",
            ),
            (r#"{"main": [{"label": "", "url": "/"}]}"#, "empty"),
            (
                r#"{"main": [{"label": "X", "url": "/", "childs": []}]}"#,
                "childs",
            ),
            (r#"{"footer": [{"title": "Help", "links": []}]}"#, "links"),
            (r#"{"main": [{"label": "X"}]}"#, "url"),
        ] {
            let e = check("menus", text).expect_err(text);
            assert!(e.to_string().contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn the_checkout_rate_limit_is_checked_and_filled_in() {
        let value =
            check("checkout_rate_limit", r#"{"enabled": true, "limit": 3}"#).expect("valid");
        assert_eq!(
            value,
            serde_json::json!({
                "enabled": true, "limit": 3, "seconds": 60, "proxy_support": false,
                "proxy_header": "x-forwarded-for", "trusted_proxies": []
            })
        );
        let e = check(
            "checkout_rate_limit",
            r#"{"trusted_proxies": ["lb.internal"]}"#,
        )
        .expect_err("not an address");
        assert!(e.to_string().contains("trusted_proxies"), "{e}");
        let e = check("checkout_rate_limit", r#"{"limit": 0}"#).expect_err("zero limit");
        assert!(e.to_string().contains("limit must be at least 1"), "{e}");
        let e = check("checkout_rate_limit", r#"{"enable": true}"#).expect_err("typo");
        assert!(e.to_string().contains("enable"), "{e}");
    }
}
