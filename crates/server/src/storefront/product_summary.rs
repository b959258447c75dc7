//! The top of a product, as the product page and the quick view both show it: the gallery,
//! the title, rating and price, the short description and the add-to-cart form.

use mercato_core::catalogue::{
    Product, ProductFamily, ProductType, SwatchSettings, Variation, ViewContext, product_price_html,
};
use mercato_db::DbResult;
use mercato_db::catalogue::{self as db, Taxonomy};
use serde::Serialize;

use super::cards::{ImageView, RatingView};
use super::product_form::{CartForm, FormInput, NO_MATCH_TEXT, UNAVAILABLE_TEXT, cart_form};
use super::{now, urls};
use crate::state::AppState;

/// `sizes` of the main product image.
pub const MAIN_IMAGE_SIZES: &str = "(min-width: 850px) 600px, 100vw";
/// A notice at the top of the page.
#[derive(Debug, Clone, Serialize)]
pub struct PageNotice {
    /// `info`, `success` or `error`.
    pub kind: &'static str,
    /// Plain text.
    pub text: String,
}

/// One image of the gallery: its thumbnail and the same image as the main image shows it.
#[derive(Debug, Clone, Serialize)]
pub struct GalleryItem {
    thumb: ImageView,
    main: ImageView,
}

/// What a product's add-to-cart form needs besides the product: its variations (variable
/// products), the shop's taxonomy (swatch colours, attribute names) and how attributes are
/// shown (the `swatches` option).
pub async fn load_form_parts(
    state: &AppState,
    product: &Product,
) -> DbResult<(Vec<Variation>, Taxonomy, SwatchSettings)> {
    let variations = if product.kind == ProductType::Variable {
        db::variations_of(&state.db, product.id).await?
    } else {
        Vec::new()
    };
    let taxonomy = db::load_taxonomy(&state.db).await?;
    let swatches =
        mercato_db::options::get_recent::<SwatchSettings>(&state.db, SwatchSettings::OPTION)
            .await?
            .unwrap_or_default();
    Ok((variations, taxonomy, swatches))
}

/// A product and what its add-to-cart form is built from.
pub struct Purchase<'a> {
    /// The product.
    pub product: &'a Product,
    /// Its variations (variable products).
    pub variations: &'a [Variation],
    /// Its children (grouped products).
    pub children: &'a [Product],
    /// The shop's taxonomy.
    pub taxonomy: &'a Taxonomy,
    /// How global attributes are shown.
    pub swatches: &'a SwatchSettings,
}

/// What the top of a product shows: the gallery, the title, rating and price, the short
/// description and the add-to-cart form. The product page and the quick view both show it.
pub struct Summary {
    /// The product as templates read it (`product.name`, `product.price_html`, ...).
    pub product: minijinja::Value,
    /// The main image: the chosen variation's, else the product's first.
    pub main_image: Option<ImageView>,
    /// The gallery's thumbnails (none for a single image).
    pub thumbs: Vec<GalleryItem>,
    /// The add-to-cart form.
    pub form: CartForm,
    /// What the chosen variation calls for (no match, not available).
    pub notices: Vec<PageNotice>,
    /// The time the prices were taken at.
    pub now: i64,
}

/// Builds a product's [`Summary`], the variation chosen by `query` (`attribute_pa_color=…`).
pub fn summary(
    state: &AppState,
    base_url: &str,
    purchase: &Purchase<'_>,
    query: &[(String, String)],
) -> Summary {
    let settings = &state.settings;
    let product = purchase.product;
    let now = now();
    let view = ViewContext {
        base_url,
        currency: &settings.currency,
        settings: &settings.catalogue,
        now,
    };
    let family = ProductFamily::new(product)
        .with_variations(purchase.variations)
        .with_children(purchase.children)
        .hiding_out_of_stock(settings.catalogue.hide_out_of_stock);
    let form: CartForm = cart_form(&FormInput {
        family,
        view,
        taxonomy: purchase.taxonomy,
        swatches: purchase.swatches,
        query,
        max_embedded: settings.max_embedded_variations,
    });
    let matched = form.variable.as_ref().and_then(|v| v.matched.as_ref());
    let mut notices: Vec<PageNotice> = Vec::new();
    if let Some(variable) = &form.variable {
        if variable.no_match {
            notices.push(PageNotice {
                kind: "info",
                text: NO_MATCH_TEXT.to_owned(),
            });
        } else if matched.is_some_and(|m| !m.available) {
            notices.push(PageNotice {
                kind: "info",
                text: UNAVAILABLE_TEXT.to_owned(),
            });
        }
    }
    let images: Vec<ImageView> = product
        .images()
        .map(|i| ImageView::new(i, &product.name, MAIN_IMAGE_SIZES, false))
        .collect();
    let main_image = matched
        .and_then(|m| m.image.clone())
        .or_else(|| images.first().cloned());
    // Each thumbnail carries its image at the main image's size, so the gallery can show it
    // in place without a request to the server; one image needs no thumbnails.
    let thumbs: Vec<GalleryItem> = if images.len() > 1 {
        product
            .images()
            .zip(images.iter())
            .map(|(i, main)| GalleryItem {
                thumb: ImageView::new(i, &product.name, "100px", true),
                main: main.clone(),
            })
            .collect()
    } else {
        Vec::new()
    };
    // The meta shows the chosen (or default) variation's SKU, and keeps the parent's for the
    // variation form to put back when the choice is cleared.
    let sku = matched.map_or_else(|| product.sku.clone(), |m| m.sku.clone());
    let product_value = minijinja::context! {
        id => product.id.0,
        name => &product.name,
        url => urls::product(&product.slug),
        kind => product.kind.as_str(),
        sku => sku,
        parent_sku => &product.sku,
        price_html => product_price_html(&family, &settings.currency, now),
        on_sale => family.is_on_sale(now),
        in_stock => family.is_in_stock(),
        short_description => &product.short_description,
        description => &product.description,
        rating => RatingView::of(product.average_rating, product.review_count),
        review_count => product.review_count,
    };
    Summary {
        product: product_value,
        main_image,
        thumbs,
        form,
        notices,
        now,
    }
}
