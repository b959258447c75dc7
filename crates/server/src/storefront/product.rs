//! The single product page: loaded by [`load_product`] in a fixed handful of queries,
//! rendered by [`render_product`]. `POST` to the page carries the review form and the
//! add-to-cart form (`crate::cart_page::add`).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::catalogue::{
    CatalogVisibility, Product, ProductFamily, ProductId, ProductType, Review, SwatchSettings,
    Variation, ViewContext,
};
use mercato_db::DbResult;
use mercato_db::catalogue::{
    self as db, ProductOrder, ProductQuery, ReviewQuery, Taxonomy, Visibility,
};
use serde::Serialize;

use super::cards::{self, CardContext, Relatives};
use super::listing::load_relatives;
use super::product_form::{NO_MATCH_TEXT, UNAVAILABLE_TEXT};
// The product page's names for what it shares with the quick view.
pub use super::product_summary::{MAIN_IMAGE_SIZES, PageNotice};
use super::product_summary::{Purchase, load_form_parts, summary};
use super::reviews::{self, ReviewFormView};
use super::{Crumb, structured_data, urls};
use crate::input::{FormFields, query_pairs};
use crate::layout::{self, PageContext, PageResult, Shopper, render_cacheable};
use crate::page_cache::{Lookup, PageKey};
use crate::state::AppState;

/// Related products shown under the product.
const RELATED_COUNT: u32 = 4;
/// Reviews listed on the page.
const REVIEWS_SHOWN: u32 = 50;

/// Everything the product page shows.
#[derive(Debug, Clone)]
pub struct ProductData {
    /// The product.
    pub product: Product,
    /// Its variations (variable products).
    pub variations: Vec<Variation>,
    /// Its children (grouped products).
    pub children: Vec<Product>,
    /// The shop's taxonomy.
    pub taxonomy: Taxonomy,
    /// How global attributes are shown (the `swatches` option).
    pub swatches: SwatchSettings,
    /// Approved reviews, newest first.
    pub reviews: Vec<Review>,
    /// Related products (same category).
    pub related: Vec<Product>,
    /// Upsells.
    pub upsells: Vec<Product>,
    /// Variations and children pricing the related products and upsells.
    pub relatives: Relatives,
}

/// Loads the published product with this slug and what its page shows.
pub async fn load_product(state: &AppState, slug: &str) -> DbResult<Option<ProductData>> {
    let db = &state.db;
    let Some(product) = db::product_by_slug(db, slug).await? else {
        return Ok(None);
    };
    if !product.is_published() {
        return Ok(None);
    }
    let (variations, taxonomy, swatches) = load_form_parts(state, &product).await?;
    let (reviews, _) = db::reviews(
        db,
        &ReviewQuery {
            product_ids: vec![product.id],
            page: 1,
            per_page: REVIEWS_SHOWN,
            ..ReviewQuery::default()
        },
    )
    .await?;
    let related_ids = if product.category_ids.is_empty() {
        Vec::new()
    } else {
        let mut exclude = vec![product.id.0];
        exclude.extend(product.upsell_ids.iter().map(|p| p.0));
        let query = ProductQuery {
            visibility: Visibility::Catalogue,
            hide_out_of_stock: state.settings.catalogue.hide_out_of_stock,
            category_ids: product.category_ids.iter().map(|c| c.0).collect(),
            exclude,
            order: ProductOrder::Popularity,
            page: 1,
            per_page: RELATED_COUNT,
            ..ProductQuery::default()
        };
        db::find_products(db, &query).await?.ids
    };
    // Related products, upsells and grouped children in one query.
    let mut wanted: Vec<ProductId> = related_ids.clone();
    wanted.extend(product.upsell_ids.iter().copied());
    if product.kind == ProductType::Grouped {
        wanted.extend(product.grouped_ids.iter().copied());
    }
    wanted.sort_unstable();
    wanted.dedup();
    let found = db::products_by_ids(db, &wanted).await?;
    let pick = |ids: &[ProductId], listed_only: bool| -> Vec<Product> {
        ids.iter()
            .filter_map(|id| found.iter().find(|p| p.id == *id))
            .filter(|p| {
                !listed_only
                    || (p.is_published() && p.catalog_visibility != CatalogVisibility::Hidden)
            })
            .cloned()
            .collect()
    };
    let related = pick(&related_ids, true);
    let upsells = pick(&product.upsell_ids, true);
    let children = if product.kind == ProductType::Grouped {
        pick(&product.grouped_ids, false)
    } else {
        Vec::new()
    };
    let shown: Vec<Product> = related.iter().chain(upsells.iter()).cloned().collect();
    let relatives = load_relatives(db, &shown).await?;
    Ok(Some(ProductData {
        product,
        variations,
        children,
        taxonomy,
        swatches,
        reviews,
        related,
        upsells,
        relatives,
    }))
}

/// `GET /product/{slug}/`.
pub async fn page(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> PageResult {
    let key =
        PageKey::of_request(&state.db, state.web.shop_view.generation(), &headers, &uri).await;
    // Held until the page is kept: others asking for it meanwhile wait for it.
    let _flight = match state.web.page_cache.lookup(key.as_ref()).await {
        Lookup::Hit(cached) => {
            return Ok(layout::render_cached(
                &state, &shopper, &jar, &headers, &cached,
            ));
        }
        Lookup::Miss(flight) => flight,
    };
    Ok(match load_product(&state, &slug).await? {
        Some(data) => {
            let query = query_pairs(&uri);
            let review = ReviewFormView::from_query(&query);
            let form = ProductRequest {
                query: &query,
                review: &review,
                status: StatusCode::OK,
                cache: key,
            };
            render_product(&state, &shopper, &jar, &headers, &data, form)
        }
        None => layout::not_found_page(&state, &shopper, &jar, uri.path()),
    })
}

/// `POST /product/{slug}/`: the review form, or the add-to-cart form. Its pages (a 404, a
/// refused review) show no shopper: a post pays for no session read or cart pricing.
pub async fn post(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
    FormFields(fields): FormFields,
) -> PageResult {
    let shopper = Shopper::default();
    let Some(data) = load_product(&state, &slug).await? else {
        return Ok(layout::not_found_page(&state, &shopper, &jar, uri.path()));
    };
    if fields.iter().any(|(k, _)| k == "add-to-cart") {
        let url = urls::product(&data.product.slug);
        return Ok(crate::cart_page::add::from_form(&state, jar, &headers, &url, &fields).await);
    }
    reviews::submit(&state, &shopper, &jar, &headers, &data, &fields).await
}

/// A link to a category or tag.
#[derive(Debug, Clone, Serialize)]
struct TermLink {
    name: String,
    href: String,
}

/// A row of the additional information table.
#[derive(Debug, Clone, Serialize)]
struct InfoRow {
    /// `weight`, `dimensions` or `attribute_<key>`: the row's class, which the variation
    /// form uses to show the chosen variation's weight and dimensions.
    key: String,
    label: String,
    /// Text, or trusted HTML from core's formatters when `html` is set.
    value: String,
    html: bool,
}

/// What one request asks of the product page.
pub struct ProductRequest<'a> {
    /// The query string's fields (the variation chosen without JavaScript).
    pub query: &'a [(String, String)],
    /// The review form's state (blank, or with errors).
    pub review: &'a ReviewFormView,
    /// The answer's status.
    pub status: StatusCode,
    /// Where to keep the rendered page (`None`: not cacheable, such as a form's answer).
    pub cache: Option<PageKey>,
}

/// Renders the product page.
pub fn render_product(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    data: &ProductData,
    request: ProductRequest<'_>,
) -> Response {
    let ProductRequest {
        query,
        review,
        status,
        cache,
    } = request;
    let settings = &state.settings;
    let product = &data.product;
    let base_url = state.config.base_url(headers);
    let summary = summary(
        state,
        &base_url,
        &Purchase {
            product,
            variations: &data.variations,
            children: &data.children,
            taxonomy: &data.taxonomy,
            swatches: &data.swatches,
        },
        query,
    );
    let now = summary.now;
    let view = ViewContext {
        base_url: &base_url,
        currency: &settings.currency,
        settings: &settings.catalogue,
        now,
    };
    let mut notices = summary.notices;
    notices.extend(review.notice());

    let tree = &data.taxonomy.categories;
    let categories: Vec<TermLink> = product
        .category_ids
        .iter()
        .filter_map(|id| tree.get(*id))
        .map(|c| TermLink {
            name: c.name.clone(),
            href: urls::category(&tree.slug_path(c.id)),
        })
        .collect();
    let tags: Vec<TermLink> = product
        .tag_ids
        .iter()
        .filter_map(|id| data.taxonomy.tags.iter().find(|t| t.id == *id))
        .map(|t| TermLink {
            name: t.name.clone(),
            href: urls::tag(&t.slug),
        })
        .collect();
    let mut crumbs = vec![Crumb::link("Home", "/"), Crumb::link("Shop", "/shop/")];
    if let Some(primary) = product.category_ids.first() {
        crumbs.extend(
            tree.path(*primary)
                .iter()
                .map(|c| Crumb::link(&c.name, &urls::category(&tree.slug_path(c.id)))),
        );
    }
    crumbs.push(Crumb::here(&product.name));
    let family = ProductFamily::new(product)
        .with_variations(&data.variations)
        .with_children(&data.children)
        .hiding_out_of_stock(settings.catalogue.hide_out_of_stock);
    let seo = structured_data::product_meta(
        &family,
        &base_url,
        &urls::product(&product.slug),
        &crumbs,
        &settings.currency,
        now,
    );

    let card_ctx = CardContext {
        currency: &settings.currency,
        now,
        hide_out_of_stock: settings.catalogue.hide_out_of_stock,
        per_row: settings.products_per_row,
        // Swatches belong to catalogue cards; beside the page's own variation form they would
        // be a second "Color" choice that changes nothing the shopper is buying here.
        swatches: None,
    };
    let related = cards::cards(&data.related, &data.relatives, &card_ctx);
    let upsells = cards::cards(&data.upsells, &data.relatives, &card_ctx);
    let info = additional_information(product, &view);

    let context = PageContext::new(state, jar, &product.name, &urls::product(&product.slug))
        .with_body_class(&format!(
            "woocommerce single single-product postid-{} product-type-{}",
            product.id.0,
            product.kind.as_str()
        ));
    render_cacheable(
        state,
        shopper,
        "shop/product.html",
        status,
        &context,
        minijinja::context! {
            product => summary.product,
            breadcrumbs => crumbs,
            main_image => summary.main_image,
            thumbs => summary.thumbs,
            form => summary.form,
            categories => categories,
            tags => tags,
            info => info,
            reviews => reviews::review_views(&data.reviews),
            review_form => review,
            related => related,
            upsells => upsells,
            columns => settings.products_per_row.clamp(1, 8),
            product_notices => notices,
            product_settings => product_settings_json(),
            seo => seo,
        },
        cache,
    )
}

fn additional_information(product: &Product, view: &ViewContext<'_>) -> Vec<InfoRow> {
    let mut rows = Vec::new();
    if !product.weight.trim().is_empty() {
        rows.push(InfoRow {
            key: "weight".to_owned(),
            label: "Weight".to_owned(),
            value: view.weight_html(&product.weight),
            html: true,
        });
    }
    let dims = &product.dimensions;
    if [&dims.length, &dims.width, &dims.height]
        .iter()
        .any(|d| !d.trim().is_empty())
    {
        rows.push(InfoRow {
            key: "dimensions".to_owned(),
            label: "Dimensions".to_owned(),
            value: view.dimensions_html(dims),
            html: true,
        });
    }
    let mut attributes: Vec<_> = product.attributes.iter().filter(|a| a.visible).collect();
    attributes.sort_by_key(|a| a.position);
    for attribute in attributes {
        let names: Vec<&str> = attribute.options.iter().map(|o| o.name.as_str()).collect();
        rows.push(InfoRow {
            key: format!("attribute_{}", attribute.key()),
            label: attribute.name.clone(),
            value: names.join(", "),
            html: false,
        });
    }
    rows
}

/// The single-product texts the later islands read (WooCommerce's
/// `wc_add_to_cart_variation_params` and `wc_single_product_params`), as script-safe JSON.
fn product_settings_json() -> String {
    let json = serde_json::json!({
        "wc_add_to_cart_variation_params": {
            "wc_ajax_url": "/?wc-ajax=%%endpoint%%",
            "i18n_no_matching_variations_text": NO_MATCH_TEXT,
            "i18n_make_a_selection_text": super::product_form::MAKE_A_SELECTION_TEXT,
            "i18n_unavailable_text": UNAVAILABLE_TEXT,
            "i18n_reset_alert_text": "Your selection has been reset. Please select some product options before adding this product to your cart.",
        },
        "wc_single_product_params": {
            "i18n_required_rating_text": "Please select a rating",
            "i18n_rating_options": ["1 of 5 stars", "2 of 5 stars", "3 of 5 stars", "4 of 5 stars", "5 of 5 stars"],
            "i18n_product_gallery_trigger_text": "View full-screen image gallery",
            "review_rating_required": "yes",
            "zoom_enabled": "1",
            "photoswipe_enabled": "1",
        },
    });
    crate::page_settings::escape_for_script(&json.to_string())
}
