//! Product cards: the small tiles of listings, related products and upsells.

use std::collections::HashMap;

use mercato_core::catalogue::{
    AverageRating, ExternalLink, Image, Product, ProductFamily, ProductId, ProductType, Variation,
    product_price_html,
};
use mercato_core::money::Currency;
use serde::Serialize;

use super::card_swatches::{
    CardSwatchGroup, CardSwatchSource, card_swatch_variations, card_swatches,
};
use super::urls;

/// What building cards needs besides the products.
#[derive(Debug, Clone, Copy)]
pub struct CardContext<'a> {
    /// The shop currency.
    pub currency: &'a Currency,
    /// Unix time, for sale schedules.
    pub now: i64,
    /// The store hides out-of-stock items.
    pub hide_out_of_stock: bool,
    /// Products per row on large screens (for the images' `sizes`).
    pub per_row: u32,
    /// Where swatches on cards come from; `None` draws cards without them.
    pub swatches: Option<CardSwatchSource<'a>>,
}

/// An image as `<img>` attributes.
#[derive(Debug, Clone, Serialize)]
pub struct ImageView {
    /// The URL shown by browsers without `srcset`.
    pub src: String,
    /// Candidates with width or density descriptors.
    pub srcset: String,
    /// How wide the image is drawn.
    pub sizes: String,
    /// Alternative text.
    pub alt: String,
    /// The full-size URL (gallery links).
    pub full: String,
    /// Intrinsic width, when known.
    pub width: Option<u32>,
    /// Intrinsic height, when known.
    pub height: Option<u32>,
}

impl ImageView {
    /// The attributes for `image`, drawn `sizes` wide; `small` prefers the thumbnail.
    pub fn new(image: &Image, fallback_alt: &str, sizes: &str, small: bool) -> Self {
        let thumbnail = image
            .thumbnail
            .as_deref()
            .filter(|t| !t.is_empty() && *t != image.src);
        let (src, srcset) = match (image.width, thumbnail) {
            // WooCommerce's catalogue thumbnail is 300 pixels wide.
            (Some(width), Some(thumb)) => (
                if small { thumb } else { image.src.as_str() }.to_owned(),
                format!("{thumb} 300w, {} {width}w", image.src),
            ),
            (Some(width), None) => (image.src.clone(), format!("{} {width}w", image.src)),
            (None, Some(thumb)) if small => {
                (thumb.to_owned(), format!("{thumb} 1x, {} 2x", image.src))
            }
            _ => (image.src.clone(), format!("{} 1x", image.src)),
        };
        let alt = [image.alt.as_str(), fallback_alt]
            .into_iter()
            .find(|a| !a.is_empty())
            .unwrap_or_default()
            .to_owned();
        ImageView {
            src,
            srcset,
            sizes: sizes.to_owned(),
            alt,
            full: image.src.clone(),
            width: image.width,
            height: image.height,
        }
    }
}

/// Star rating display: the average as text and a fill in half stars (a class, not a style).
#[derive(Debug, Clone, Serialize)]
pub struct RatingView {
    /// `4.50`.
    pub average: String,
    /// 0–10 half stars, for the `star-rating--N` class.
    pub halves: u16,
    /// Approved reviews.
    pub count: u32,
}

impl RatingView {
    /// The rating of a product, `None` without reviews.
    pub fn of(average: AverageRating, count: u32) -> Option<Self> {
        (count > 0 && average.0 > 0).then(|| RatingView {
            average: average.to_string(),
            halves: ((average.0 + 25) / 50).min(10),
            count,
        })
    }

    /// The display of a whole number of stars.
    pub fn stars(stars: u8) -> Self {
        RatingView {
            average: format!("{stars}.00"),
            halves: u16::from(stars.min(5)) * 2,
            count: 1,
        }
    }
}

/// The card's button (WooCommerce's loop add-to-cart link).
#[derive(Debug, Clone, Serialize)]
pub struct CardButton {
    /// Where it goes without JavaScript.
    pub href: String,
    /// Its text.
    pub text: String,
    /// `aria-label`: begins with the text, so that the name a voice user speaks (the visible
    /// text) matches it (WCAG 2.5.3).
    pub label: String,
    /// Its classes.
    pub class: String,
    /// An add to cart the islands may do without a reload (`ajax_add_to_cart`).
    pub ajax: bool,
    /// External link.
    pub external: bool,
}

/// One product card.
#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    /// Product id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Product page.
    pub url: String,
    /// SKU.
    pub sku: String,
    /// `<li>` classes, WooCommerce's (`product type-product instock sale ...`).
    pub class: String,
    /// Main image.
    pub image: Option<ImageView>,
    /// Price HTML from core (safe).
    pub price_html: String,
    /// Rating, when reviewed.
    pub rating: Option<RatingView>,
    /// On sale.
    pub on_sale: bool,
    /// In stock.
    pub in_stock: bool,
    /// The button.
    pub button: CardButton,
    /// Swatch groups under the card (variable products, when the setting asks).
    pub swatches: Vec<CardSwatchGroup>,
    /// With more than one swatch group: the variations with their own picture, as JSON, so
    /// the card shows the picture of the one matching every chosen value.
    pub swatch_variations: Option<String>,
}

/// Variations grouped by parent, as `variations_of_many` returns them.
pub fn group_variations(variations: Vec<Variation>) -> HashMap<ProductId, Vec<Variation>> {
    let mut map: HashMap<ProductId, Vec<Variation>> = HashMap::new();
    for v in variations {
        map.entry(v.parent_id).or_default().push(v);
    }
    map
}

/// The relatives needed to price cards: variations by parent, grouped children by id.
#[derive(Debug, Clone, Default)]
pub struct Relatives {
    /// Variations by parent.
    pub variations: HashMap<ProductId, Vec<Variation>>,
    /// Children of grouped products.
    pub children: Vec<Product>,
}

impl Relatives {
    /// The variations of `product`.
    pub fn variations_of(&self, product: &Product) -> &[Variation] {
        self.variations
            .get(&product.id)
            .map_or(&[][..], Vec::as_slice)
    }

    /// The children of a grouped `product`, in its order.
    pub fn children_of(&self, product: &Product) -> Vec<Product> {
        if product.kind != ProductType::Grouped {
            return Vec::new();
        }
        product
            .grouped_ids
            .iter()
            .filter_map(|id| self.children.iter().find(|c| c.id == *id))
            .cloned()
            .collect()
    }
}

/// The ids of grouped products' children among `products`.
pub fn grouped_child_ids(products: &[Product]) -> Vec<ProductId> {
    let mut ids: Vec<ProductId> = products
        .iter()
        .filter(|p| p.kind == ProductType::Grouped)
        .flat_map(|p| p.grouped_ids.iter().copied())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The ids of variable products among `products`.
pub fn variable_ids(products: &[Product]) -> Vec<ProductId> {
    products
        .iter()
        .filter(|p| p.kind == ProductType::Variable)
        .map(|p| p.id)
        .collect()
}

/// `sizes` for a card image in a grid of `per_row` columns beside the sidebar.
fn card_sizes(per_row: u32) -> String {
    let large = 75 / per_row.clamp(1, 8);
    format!("(min-width: 850px) {large}vw, (min-width: 550px) 33vw, 50vw")
}

/// The cards of `products`, in order.
pub fn cards(products: &[Product], relatives: &Relatives, ctx: &CardContext<'_>) -> Vec<CardView> {
    let sizes = card_sizes(ctx.per_row);
    products
        .iter()
        .map(|product| {
            let children = relatives.children_of(product);
            let family = ProductFamily::new(product)
                .with_variations(relatives.variations_of(product))
                .with_children(&children)
                .hiding_out_of_stock(ctx.hide_out_of_stock);
            card(&family, ctx, &sizes)
        })
        .collect()
}

fn card(family: &ProductFamily<'_>, ctx: &CardContext<'_>, sizes: &str) -> CardView {
    let product = family.product;
    let on_sale = family.is_on_sale(ctx.now);
    let stock = family.stock_status();
    let in_stock = family.is_in_stock();
    let mut class = format!(
        "product type-product post-{} {} product-type-{}",
        product.id.0,
        stock.as_str(),
        product.kind.as_str()
    );
    if on_sale {
        class.push_str(" sale");
    }
    if product.featured {
        class.push_str(" featured");
    }
    if product.image.is_some() {
        class.push_str(" has-post-thumbnail");
    }
    let url = urls::product(&product.slug);
    let swatches = ctx
        .swatches
        .map(|source| card_swatches(family, &source, sizes, &url))
        .unwrap_or_default();
    CardView {
        id: product.id.0,
        name: product.name.clone(),
        sku: product.sku.clone(),
        class,
        image: product
            .image
            .as_ref()
            .map(|i| ImageView::new(i, &product.name, sizes, true)),
        price_html: product_price_html(family, ctx.currency, ctx.now),
        rating: RatingView::of(product.average_rating, product.review_count),
        on_sale,
        in_stock,
        button: button(family, &url, ctx.now),
        swatch_variations: card_swatch_variations(family, &swatches, sizes),
        swatches,
        url,
    }
}

fn button(family: &ProductFamily<'_>, url: &str, now: i64) -> CardButton {
    let product = family.product;
    let name = &product.name;
    let kind = product.kind.as_str();
    let plain = |text: &'static str, label: String, extra: &str| CardButton {
        href: url.to_owned(),
        text: text.to_owned(),
        label,
        class: format!("button product_type_{kind}{extra}"),
        ajax: false,
        external: false,
    };
    match product.kind {
        ProductType::Simple
            if family.is_purchasable(now)
                && family.is_in_stock()
                && product.needs_addon_choice() =>
        {
            plain(
                "Select options",
                format!("Select options for \u{201c}{name}\u{201d}"),
                " add_to_cart_button",
            )
        }
        ProductType::Simple if family.is_purchasable(now) && family.is_in_stock() => CardButton {
            href: format!("?add-to-cart={}", product.id.0),
            text: "Add to cart".to_owned(),
            label: format!("Add to cart: \u{201c}{name}\u{201d}"),
            class: format!("button product_type_{kind} add_to_cart_button ajax_add_to_cart"),
            ajax: true,
            external: false,
        },
        ProductType::Variable if family.is_purchasable(now) => plain(
            "Select options",
            format!("Select options for \u{201c}{name}\u{201d}"),
            " add_to_cart_button",
        ),
        ProductType::Grouped => plain(
            "View products",
            format!("View products in the \u{201c}{name}\u{201d} group"),
            "",
        ),
        ProductType::External => match product.external.as_ref().and_then(ExternalLink::safe_url) {
            Some(href) => CardButton {
                href,
                // The product's own text ("Buy at Field & Co."), as on its page.
                text: product.external_button_text().to_owned(),
                label: format!("{}: \u{201c}{name}\u{201d}", product.external_button_text()),
                class: format!("button product_type_{kind}"),
                ajax: false,
                external: true,
            },
            None => plain(
                "Read more",
                format!("Read more about \u{201c}{name}\u{201d}"),
                "",
            ),
        },
        _ => plain(
            "Read more",
            format!("Read more about \u{201c}{name}\u{201d}"),
            "",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_candidates() {
        let mut image = Image {
            src: "/media/a.jpg".into(),
            thumbnail: Some("/media/a-300.jpg".into()),
            width: Some(1200),
            ..Image::default()
        };
        let view = ImageView::new(&image, "Cap", "50vw", true);
        assert_eq!(view.src, "/media/a-300.jpg");
        assert_eq!(view.srcset, "/media/a-300.jpg 300w, /media/a.jpg 1200w");
        assert_eq!(view.alt, "Cap");
        image.width = None;
        assert_eq!(
            ImageView::new(&image, "", "", true).srcset,
            "/media/a-300.jpg 1x, /media/a.jpg 2x"
        );
        image.thumbnail = None;
        assert_eq!(
            ImageView::new(&image, "", "", true).srcset,
            "/media/a.jpg 1x"
        );
    }

    #[test]
    fn rating_fill_in_half_stars() {
        assert_eq!(
            RatingView::of(AverageRating(450), 2).map(|r| r.halves),
            Some(9)
        );
        assert_eq!(
            RatingView::of(AverageRating(424), 2).map(|r| r.halves),
            Some(8)
        );
        assert_eq!(
            RatingView::of(AverageRating(500), 1).map(|r| r.halves),
            Some(10)
        );
        assert!(RatingView::of(AverageRating(0), 0).is_none());
    }
}
