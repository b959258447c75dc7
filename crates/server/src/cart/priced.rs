//! Reading a cart: load it, keep it true to the catalogue, price it. What every surface shows
//! (the Store API cart, the cart page, the mini cart) is made from a [`PricedCart`].

use mercato_core::catalogue::ProductId;
use mercato_core::money::Money;
use mercato_core::orders::Address;
use mercato_core::pricing::{
    self, AppliedCoupon, CartInput, CartTotals, Coupon, Customer, FeeSource, PricingContext,
};
use mercato_db::coupons;

use super::add::Added;
use super::catalogue::CartCatalogue;
use super::checks::{self, CartNotice};
use super::document::{CartDocument, hex_md5};
use super::lines::Line;
use super::settings::PricingSettings;
use super::{CartError, CartRef, store};
use crate::services::Services;

/// A cart as it stands now, priced.
#[derive(Debug, Clone)]
pub struct PricedCart {
    /// The stored document (normalised).
    pub document: CartDocument,
    /// The catalogue records its lines refer to.
    pub catalogue: CartCatalogue,
    /// The pricing configuration used.
    pub settings: PricingSettings,
    /// The applied coupons' records, in the order applied.
    pub coupons: Vec<Coupon>,
    /// Everything pricing worked out.
    pub totals: CartTotals,
    /// Problems to report in the cart's `errors`.
    pub errors: Vec<CartNotice>,
    /// Coupons this reading took off the cart (no longer valid for it): code and reason.
    pub removed_coupons: Vec<(String, String)>,
    /// When it was priced (unix seconds).
    pub now: i64,
}

/// Loads, normalises and prices the cart `cart` (an unknown or absent key is an empty cart).
/// A normalisation that changed the cart (a product gone, stock fallen, a coupon no longer
/// valid) is written back.
pub async fn price(state: &Services, cart: Option<CartRef<'_>>) -> Result<PricedCart, CartError> {
    let db = &state.db;
    let settings = PricingSettings::load(db, &state.settings).await?;
    let document = match cart {
        Some(cart) => store::load_document(state, cart.key).await?,
        None => CartDocument::default(),
    };
    let key = cart.map(|c| c.key);
    let catalogue = CartCatalogue::load(db, &document.items, key, state.clock.now()).await?;
    price_loaded(state, cart, settings, document, catalogue).await
}

/// Prices the cart `cart` right after [`super::add`] wrote it, as [`price`] would, from what
/// adding read and wrote: the document as stored and the added product's records are not
/// read again (only the other lines' records and the held stock are).
pub async fn price_added(
    state: &Services,
    cart: CartRef<'_>,
    added: Added,
) -> Result<PricedCart, CartError> {
    let db = &state.db;
    let settings = PricingSettings::load(db, &state.settings).await?;
    let document = added.document;
    let catalogue = added
        .records
        .complete(db, &document.items, Some(cart.key), state.clock.now())
        .await?;
    price_loaded(state, Some(cart), settings, document, catalogue).await
}

/// Normalises and prices a loaded cart (writing back what normalising changed).
async fn price_loaded(
    state: &Services,
    cart: Option<CartRef<'_>>,
    settings: PricingSettings,
    mut document: CartDocument,
    catalogue: CartCatalogue,
) -> Result<PricedCart, CartError> {
    let db = &state.db;
    let at = state.clock.now();
    let stored_items = document.items.clone();
    let mut errors = checks::normalize(&mut document, &catalogue, at);
    let lines_changed = document.items != stored_items;
    let coupon_records = coupons::get_many(db, &document.coupons).await?;
    let mut totals = calculate(state, &settings, &document, &catalogue, &coupon_records, at);
    let mut removed_coupons = Vec::new();
    if !totals.coupon_errors.is_empty() {
        let removed: Vec<String> = totals
            .coupon_errors
            .iter()
            .map(|e| pricing::format_coupon_code(e.coupon_code()))
            .collect();
        for error in &totals.coupon_errors {
            errors.push(CartNotice::new(
                pricing::COUPON_ERROR_CODE,
                error.removed_message(),
            ));
            removed_coupons.push((
                pricing::format_coupon_code(error.coupon_code()),
                error.message(),
            ));
        }
        document.coupons.retain(|code| !removed.contains(code));
        totals = calculate(state, &settings, &document, &catalogue, &coupon_records, at);
        if let Some(cart) = cart {
            store::update(state, cart, |doc| {
                doc.coupons.retain(|code| !removed.contains(code));
            })
            .await?;
        }
    }
    if lines_changed && let Some(cart) = cart {
        // Something about the lines changed: keep the fixed version (the same fix applied to
        // whatever is stored now, in case another request wrote meanwhile). The write keeps
        // the cart's own lifetime: a customer's cart stays a customer's.
        store::update(state, cart, |doc| {
            checks::normalize(doc, &catalogue, at);
        })
        .await?;
    }
    errors.splice(0..0, checks::stock_errors(&document, &catalogue));
    Ok(PricedCart {
        document,
        catalogue,
        settings,
        coupons: coupon_records,
        totals,
        errors,
        removed_coupons,
        now: at,
    })
}

/// Prices a document as it is.
pub fn calculate(
    state: &Services,
    settings: &PricingSettings,
    document: &CartDocument,
    catalogue: &CartCatalogue,
    coupon_records: &[Coupon],
    at: i64,
) -> CartTotals {
    let input = pricing_input(settings, document, catalogue, coupon_records, at);
    let sources: Vec<&dyn FeeSource> = state
        .cart
        .fee_sources
        .iter()
        .map(|source| source.as_ref())
        .collect();
    let ctx = pricing_context(state, settings, &sources, at);
    pricing::calculate(&input, &ctx)
}

/// The pricing context of the shop.
pub fn pricing_context<'a>(
    state: &'a Services,
    settings: &'a PricingSettings,
    fee_sources: &'a [&'a dyn FeeSource],
    at: i64,
) -> PricingContext<'a> {
    PricingContext {
        currency: &state.settings.currency,
        tax: &settings.tax,
        tax_rates: &settings.tax_rates,
        shipping: &settings.shipping,
        coupons: &settings.coupons,
        base_address: &settings.base,
        fee_sources,
        now: at,
    }
}

/// The cart as the pricing rules see it.
pub fn pricing_input(
    settings: &PricingSettings,
    document: &CartDocument,
    catalogue: &CartCatalogue,
    coupon_records: &[Coupon],
    at: i64,
) -> CartInput {
    let lines = document
        .items
        .iter()
        .filter_map(|item| catalogue.line(item))
        .map(|line| line.pricing_line(at))
        .collect();
    let coupons = document
        .coupons
        .iter()
        .map(|code| AppliedCoupon {
            code: code.clone(),
            coupon: coupon_records
                .iter()
                .find(|c| c.matches_code(code))
                .cloned(),
        })
        .collect();
    let billing = effective_address(&document.billing, &settings.base);
    let shipping = effective_address(&document.shipping, &settings.base);
    CartInput {
        lines,
        coupons,
        customer: Customer {
            email: billing.email.clone(),
            billing: pricing_address(&billing),
            shipping: pricing_address(&shipping),
            ..Customer::default()
        },
        chosen_rates: document.chosen_rates.clone(),
        extensions: document.extensions.clone(),
        ..CartInput::default()
    }
}

/// An address as shown: a customer who gave no country is taken to be in the shop's base
/// country and state (WooCommerce's default customer location).
pub fn effective_address(address: &Address, base: &pricing::Address) -> Address {
    let mut shown = address.clone();
    if shown.country.is_empty() {
        shown.country.clone_from(&base.country);
        if shown.state.is_empty() {
            shown.state.clone_from(&base.state);
        }
    }
    shown
}

fn pricing_address(address: &Address) -> pricing::Address {
    pricing::Address {
        address_1: address.address_1.clone(),
        address_2: address.address_2.clone(),
        city: address.city.clone(),
        state: address.state.clone(),
        postcode: address.postcode.clone(),
        country: address.country.clone(),
    }
}

impl PricedCart {
    /// The chosen rate id of every package (none for a cart that ships nothing); `None` when
    /// a cart that ships has a package without a chosen rate, or no package at all.
    pub fn chosen_rates(&self) -> Option<Vec<String>> {
        if !self.totals.needs_shipping {
            return Some(Vec::new());
        }
        let packages = &self.totals.packages;
        let chosen: Vec<String> = packages
            .iter()
            .filter_map(|p| p.selected_rate().map(|r| r.rate_id.clone()))
            .collect();
        (!packages.is_empty() && chosen.len() == packages.len()).then_some(chosen)
    }

    /// The lines with their records, in cart order.
    pub fn lines(&self) -> impl Iterator<Item = Line<'_>> {
        self.document
            .items
            .iter()
            .filter_map(|item| self.catalogue.line(item))
    }

    /// Total quantity.
    pub fn items_count(&self) -> u64 {
        self.document.items_count()
    }

    /// Whether the cart has no lines.
    pub fn is_empty(&self) -> bool {
        self.document.items.is_empty()
    }

    /// What the shopper pays.
    pub fn total(&self) -> Money {
        self.totals.totals.total_price
    }

    /// A fingerprint of the contents and total: changes whenever the cart does; "" for an
    /// empty cart (the `Cart-Hash` header and the `woocommerce_cart_hash` cookie).
    pub fn hash(&self) -> String {
        if self.is_empty() {
            return String::new();
        }
        let mut text = String::new();
        for item in &self.document.items {
            text.push_str(&format!("{}:{};", item.key, item.quantity));
        }
        text.push_str(&self.document.coupons.join(","));
        text.push_str(&format!("|{}", self.total().minor()));
        hex_md5(text.as_bytes())
    }

    /// Cross-sells of the lines' products that are not in the cart themselves, in order.
    pub fn cross_sell_ids(&self) -> Vec<ProductId> {
        let in_cart: Vec<i64> = self
            .lines()
            .flat_map(|line| [line.product.id.0, line.item_id()])
            .collect();
        let mut ids: Vec<ProductId> = Vec::new();
        for line in self.lines() {
            for id in &line.product.cross_sell_ids {
                if !in_cart.contains(&id.0) && !ids.contains(id) {
                    ids.push(*id);
                }
            }
        }
        ids
    }

    /// The effective billing address.
    pub fn billing(&self) -> Address {
        effective_address(&self.document.billing, &self.settings.base)
    }

    /// The effective shipping address.
    pub fn shipping(&self) -> Address {
        effective_address(&self.document.shipping, &self.settings.base)
    }
}
