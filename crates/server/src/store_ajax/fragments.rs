//! The cart fragments (SPEC §3.6): the mini-cart widget and the header's cart count and
//! total, rendered by the macros of `partials/mini_cart.html` (the same ones the page uses)
//! and keyed by the CSS selector of the element each replaces, as WooCommerce keys them.

use mercato_core::catalogue::{ViewContext, amount_html, variation_permalink};
use mercato_core::money::Money;
use minijinja::Value;
use serde::Serialize;

use crate::cart::PricedCart;
use crate::layout::shopper::HeaderCart;
use crate::state::AppState;

/// The template holding the widget and header macros.
pub const TEMPLATE: &str = "partials/mini_cart.html";

/// One line of the mini cart (SPEC §3.3).
#[derive(Debug, Clone, Serialize)]
pub struct MiniCartLine {
    /// The cart item key.
    pub key: String,
    /// The product (the parent, for a variation), as WooCommerce's `data-product_id`.
    pub product_id: i64,
    /// SKU.
    pub sku: String,
    /// The line's title ("Hoodie - Blue, Yes").
    pub name: String,
    /// The product page (with the variation's choice in the query).
    pub permalink: String,
    /// Thumbnail URL, when the product has an image.
    pub thumbnail: Option<String>,
    /// The image's alternative text.
    pub alt: String,
    /// How many.
    pub quantity: u32,
    /// The price of one as shown in the cart (trusted HTML from core's `wc_price`).
    pub price_html: String,
    /// The no-JavaScript remove link.
    pub remove_url: String,
    /// Chosen add-on options: group name and option as shown (`Yes (+$3.00)`).
    pub addons: Vec<(String, String)>,
}

/// The mini cart widget.
#[derive(Debug, Clone, Serialize)]
pub struct MiniCart {
    /// The lines, in cart order (empty: "No products in the cart.").
    pub lines: Vec<MiniCartLine>,
    /// The subtotal as shown in the cart (trusted HTML).
    pub subtotal_html: String,
    /// The cart page.
    pub cart_url: String,
    /// The checkout page.
    pub checkout_url: String,
}

/// The mini cart and header values of `priced`; `base_url` makes links absolute, `nonce`
/// is the cart page's nonce for the remove links.
pub fn views(
    state: &AppState,
    priced: &PricedCart,
    base_url: &str,
    nonce: &str,
) -> (MiniCart, HeaderCart) {
    let currency = &state.settings.currency;
    let view = ViewContext {
        base_url,
        currency,
        settings: &state.settings.catalogue,
        now: priced.now,
    };
    let including_tax = priced.settings.tax.display_cart_including_tax;
    let page = |value: &serde_json::Value| format!("{base_url}{}", value.as_str().unwrap_or("/"));
    let pages = crate::shop_view::StorePages::default();
    let cart_url = page(&pages.cart.permalink);
    let lines = priced
        .lines()
        .map(|line| {
            let product = line.product;
            let totals = priced.totals.line(&line.item.key);
            let quantity = line.item.quantity;
            let unit = match totals {
                Some(t) if quantity > 0 => {
                    let tax = if including_tax {
                        t.line_subtotal_tax
                    } else {
                        Money::ZERO
                    };
                    let sum = t.line_subtotal.minor().saturating_add(tax.minor());
                    Money::from_minor(sum / i64::from(quantity))
                }
                _ => line.unit_price(priced.now).unwrap_or_default(),
            };
            let (sku, permalink, image) = match line.variation {
                Some(variation) => (
                    variation.effective_sku(product).to_owned(),
                    variation_permalink(&view, product, variation),
                    variation.effective_image(product),
                ),
                None => (
                    product.sku.clone(),
                    view.product_url(&product.slug),
                    product.images().next(),
                ),
            };
            MiniCartLine {
                key: line.item.key.clone(),
                product_id: product.id.0,
                sku,
                name: line.title(),
                permalink,
                thumbnail: image.map(|i| i.thumbnail_src().to_owned()),
                alt: image.map(|i| i.alt.clone()).unwrap_or_default(),
                quantity,
                price_html: amount_html(unit, currency, false),
                remove_url: format!("{cart_url}?remove_item={}&_wpnonce={nonce}", line.item.key),
                addons: line
                    .addons()
                    .unwrap_or_default()
                    .iter()
                    .map(|a| (a.group.name.clone(), a.option.display(currency)))
                    .collect(),
            }
        })
        .collect();
    // The cart's subtotal row, as the cart page and the checkout show it.
    let subtotal = priced.totals_rows().subtotal();
    let mini = MiniCart {
        lines,
        subtotal_html: amount_html(subtotal, currency, false),
        cart_url,
        checkout_url: page(&pages.checkout.permalink),
    };
    let header = HeaderCart::of(state, priced);
    (mini, header)
}

/// The fragments of `priced`: selector → HTML.
pub fn render(
    state: &AppState,
    priced: &PricedCart,
    base_url: &str,
    nonce: &str,
) -> Result<serde_json::Map<String, serde_json::Value>, minijinja::Error> {
    let (mini, header) = views(state, priced, base_url, nonce);
    let template = state.templates.get_template(TEMPLATE)?;
    let captured = template.render_captured(())?;
    let macros = captured.state();
    let mini = Value::from_serialize(&mini);
    let header = Value::from_serialize(&header);
    let mut fragments = serde_json::Map::new();
    for (selector, name, arg) in [
        ("div.widget_shopping_cart_content", "widget", &mini),
        (".header-cart__count", "header_count", &header),
        (".header-cart__total", "header_total", &header),
    ] {
        let html = macros.call_macro(name, std::slice::from_ref(arg))?;
        fragments.insert(selector.to_owned(), html.into());
    }
    Ok(fragments)
}
