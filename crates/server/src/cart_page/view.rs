//! What the cart template shows, made from the Store API cart object (one source for the
//! page and the embedded JSON): amounts formatted; the totals rows are the cart's
//! ([`TotalsRowsView`], SPEC §9.3), as on the checkout.

use mercato_core::money::{Currency, Money};
use serde::Serialize;

use super::encode;
use crate::cart::{CartResponse, PricedCart, TotalsRowsView};
use crate::country_lists::shipping_countries;
use crate::layout::CART_PATH;

/// The filled cart.
#[derive(Debug, Serialize)]
pub struct CartView {
    pub items: Vec<ItemView>,
    /// The coupon rows with their remove links.
    pub coupons: Vec<CouponRow>,
    /// Subtotal, shipping, fees, taxes and total.
    pub totals: TotalsRowsView,
    pub packages: Vec<PackageRow>,
    pub needs_shipping: bool,
    pub has_calculated_shipping: bool,
    pub shipping_enabled: bool,
    pub coupons_enabled: bool,
    pub cross_sells: Vec<CrossSell>,
    pub calculator: Calculator,
}

#[derive(Debug, Serialize)]
pub struct ItemView {
    pub key: String,
    pub name: String,
    pub permalink: String,
    pub thumbnail: Option<(String, String)>,
    pub details: Vec<(String, String)>,
    pub price: String,
    pub subtotal: String,
    pub quantity: u32,
    pub min: u32,
    pub max: u32,
    pub step: u32,
    pub editable: bool,
    pub remove_url: String,
}

#[derive(Debug, Serialize)]
pub struct CouponRow {
    pub code: String,
    pub amount: String,
    pub remove_url: String,
}

#[derive(Debug, Serialize)]
pub struct PackageRow {
    pub package_id: u32,
    pub name: String,
    pub destination: String,
    pub rates: Vec<RateRow>,
}

#[derive(Debug, Serialize)]
pub struct RateRow {
    pub id: String,
    pub rate_id: String,
    pub label: String,
    pub price: String,
    pub selected: bool,
    pub pickup_address: String,
}

#[derive(Debug, Serialize)]
pub struct CrossSell {
    pub name: String,
    pub permalink: String,
    pub price_html: String,
    pub thumbnail: Option<(String, String)>,
    pub add_url: Option<String>,
    pub add_text: String,
}

#[derive(Debug, Serialize)]
pub struct Calculator {
    /// Code and name as text ("Curaçao"): the template escapes it once.
    pub countries: Vec<(&'static str, String)>,
    pub country: String,
    pub state: String,
    pub city: String,
    pub postcode: String,
}

fn amount(currency: &Currency, minor: &str) -> String {
    currency.format(Money::from_minor(minor.parse::<i64>().unwrap_or(0)))
}

fn sum(currency: &Currency, a: &str, b: &str, with_b: bool) -> String {
    let a = a.parse::<i64>().unwrap_or(0);
    let b = if with_b {
        b.parse::<i64>().unwrap_or(0)
    } else {
        0
    };
    currency.format(Money::from_minor(a.saturating_add(b)))
}

/// The view of `cart`; `nonce` signs the remove links.
pub fn cart_view(
    cart: &CartResponse,
    priced: &PricedCart,
    currency: &Currency,
    nonce: &str,
    ships_to: Option<&[String]>,
) -> CartView {
    let incl = priced.settings.tax.display_cart_including_tax;
    let items = cart
        .items
        .iter()
        .map(|item| {
            let mut details: Vec<(String, String)> = item
                .variation
                .iter()
                .map(|v| (v.attribute.clone(), v.value.clone()))
                .collect();
            // The add-on options as WooCommerce shows them: the group and the option's `display`.
            details.extend(
                item.item_data
                    .iter()
                    .map(|d| (d.name.clone(), d.display.clone())),
            );
            let limits = &item.quantity_limits;
            ItemView {
                key: item.key.clone(),
                name: item.name.clone(),
                permalink: item.permalink.clone(),
                thumbnail: item
                    .images
                    .first()
                    .map(|i| (i.thumbnail.clone(), i.alt.clone())),
                details,
                price: amount(currency, &item.prices.prices.price),
                subtotal: sum(
                    currency,
                    &item.totals.line_subtotal,
                    &item.totals.line_subtotal_tax,
                    incl,
                ),
                quantity: item.quantity,
                min: limits.minimum,
                max: limits.maximum,
                step: limits.multiple_of.max(1),
                editable: limits.editable,
                remove_url: format!(
                    "{CART_PATH}?remove_item={}&_wpnonce={nonce}",
                    encode(&item.key)
                ),
            }
        })
        .collect();
    let totals = TotalsRowsView::of(priced, currency);
    let coupons = totals
        .coupons
        .iter()
        .map(|c| CouponRow {
            code: c.key.clone(),
            amount: c.amount.clone(),
            remove_url: format!(
                "{CART_PATH}?remove_coupon={}&_wpnonce={nonce}",
                encode(&c.key)
            ),
        })
        .collect();
    let packages = cart
        .shipping_rates
        .iter()
        .map(|p| PackageRow {
            package_id: p.package_id,
            name: p.name.clone(),
            destination: [
                &p.destination.city,
                &p.destination.state,
                &p.destination.postcode,
                &p.destination.country,
            ]
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", "),
            rates: p
                .shipping_rates
                .iter()
                .map(|r| RateRow {
                    id: format!("shipping_method_{}_{}", p.package_id, slug(&r.rate_id)),
                    rate_id: r.rate_id.clone(),
                    label: r.name.clone(),
                    price: if r.price.parse::<i64>().unwrap_or(0) > 0 {
                        sum(currency, &r.price, &r.taxes, incl)
                    } else {
                        String::new()
                    },
                    selected: r.selected,
                    pickup_address: r
                        .meta_data
                        .iter()
                        .find(|m| m.key == "pickup_address")
                        .map(|m| m.value.clone())
                        .unwrap_or_default(),
                })
                .collect(),
        })
        .collect();
    let cross_sells = cart
        .cross_sells
        .iter()
        .map(|p| CrossSell {
            name: p.name.clone(),
            permalink: p.permalink.clone(),
            price_html: p.price_html.clone(),
            thumbnail: p
                .images
                .first()
                .map(|i| (i.thumbnail.clone(), i.alt.clone())),
            add_url: (p.is_purchasable && p.is_in_stock && !p.has_options)
                .then(|| format!("?add-to-cart={}", p.id)),
            add_text: p.add_to_cart.text.clone(),
        })
        .collect();
    let shipping = &priced.document.shipping;
    CartView {
        items,
        coupons,
        totals,
        packages,
        needs_shipping: cart.needs_shipping,
        has_calculated_shipping: cart.has_calculated_shipping,
        shipping_enabled: priced.settings.shipping.enabled,
        coupons_enabled: priced.settings.coupons.enabled,
        cross_sells,
        calculator: Calculator {
            countries: shipping_countries()
                .filter(|c| ships_to.is_none_or(|codes| codes.iter().any(|k| k == c.code)))
                .map(|c| (c.code, c.text_name().into_owned()))
                .collect(),
            country: if shipping.country.is_empty() {
                priced.settings.base.country.clone()
            } else {
                shipping.country.clone()
            },
            state: shipping.state.clone(),
            city: shipping.city.clone(),
            postcode: shipping.postcode.clone(),
        },
    }
}

/// An id-safe version of a rate id (`flat_rate:1` → `flat_rate1`).
fn slug(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect()
}
