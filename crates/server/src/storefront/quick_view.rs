//! The theme's quick view (SPEC §2.2, §7.2 item 4): admin-ajax `action=mercato_quickview`
//! with `product=<id>` answers an HTML fragment, the top of the product page (gallery, title,
//! rating, price, short description, the add-to-cart form) and a link to the full page, for
//! the storefront to show in a popup.
//!
//! A refusal answers as `wp_send_json_error($data, $status)` does: `{"success": false,
//! "data": {"message": …}}` with 400 for a missing or malformed id and 404 for a product the
//! catalogue does not show (unknown, not published, or hidden from the catalogue). The
//! fragment holds nothing of the shopper's, so it is answered to GET as well as POST; it is
//! not kept by shared caches (`no-cache, private`, as the product page). See
//! `docs/quick-view.md`.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use mercato_core::catalogue::{CatalogVisibility, Product, ProductId, ProductType};
use mercato_db::DbResult;
use mercato_db::catalogue as db;

use super::product_summary::{Purchase, load_form_parts, summary};
use super::server_error;
use crate::state::AppState;
use crate::store_ajax::AjaxRequest;

/// Where failures are logged from.
const PATH: &str = "/wp-admin/admin-ajax.php";

/// The message for an id that names nothing the catalogue shows.
pub const NOT_FOUND_TEXT: &str = "This product is not available.";
/// The message for a request without a usable id.
pub const BAD_ID_TEXT: &str = "The product id must be a whole number above 0.";

/// `wp_send_json_error(['message' => …], $status)`.
fn refused(status: StatusCode, message: &str) -> Response {
    let body = serde_json::json!({ "success": false, "data": { "message": message } });
    let mut response = (status, axum::Json(body)).into_response();
    no_store_headers(&mut response);
    response
}

fn no_store_headers(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache, private"),
    );
}

/// `product=<id>`: digits only (surrounding spaces allowed), above 0.
fn product_id(raw: &str) -> Option<ProductId> {
    let digits = raw.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(ProductId)
}

/// At most this many `attribute_…` fields are read from a quick-view request.
const MAX_CHOICE_FIELDS: usize = 20;

/// The choice a card's swatches passed along (`attribute_pa_color=navy`), as the product page
/// reads it from its URL. Only `attribute_…` fields, a bounded number of them: the form keeps
/// only values that are options of the product, so anything else is dropped there.
fn preselected(fields: &[(String, String)]) -> Vec<(String, String)> {
    fields
        .iter()
        .filter(|(key, value)| {
            key.starts_with("attribute_") && key.len() <= 64 && value.len() <= 200
        })
        .take(MAX_CHOICE_FIELDS)
        .cloned()
        .collect()
}

/// What the quick view shows of a product: the product with its variations or children and
/// the taxonomy; `None` when the catalogue does not show it.
struct Loaded {
    product: Product,
    variations: Vec<mercato_core::catalogue::Variation>,
    children: Vec<Product>,
    taxonomy: mercato_db::catalogue::Taxonomy,
    swatches: mercato_core::catalogue::SwatchSettings,
}

async fn load(state: &AppState, id: ProductId) -> DbResult<Option<Loaded>> {
    let Some(product) = db::product_by_id(&state.db, id).await? else {
        return Ok(None);
    };
    if !product.is_published() || product.catalog_visibility == CatalogVisibility::Hidden {
        return Ok(None);
    }
    let (variations, taxonomy, swatches) = load_form_parts(state, &product).await?;
    let children = if product.kind == ProductType::Grouped {
        let found = db::products_by_ids(&state.db, &product.grouped_ids).await?;
        // In the merchant's order, as the product page lists them.
        product
            .grouped_ids
            .iter()
            .filter_map(|id| found.iter().find(|p| p.id == *id))
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    Ok(Some(Loaded {
        product,
        variations,
        children,
        taxonomy,
        swatches,
    }))
}

/// `GET|POST /wp-admin/admin-ajax.php` `action=mercato_quickview` `product=<id>`.
pub async fn quick_view(state: AppState, request: AjaxRequest) -> Response {
    let Some(id) = request.field("product").and_then(product_id) else {
        return refused(StatusCode::BAD_REQUEST, BAD_ID_TEXT);
    };
    let loaded = match load(&state, id).await {
        Ok(Some(loaded)) => loaded,
        Ok(None) => return refused(StatusCode::NOT_FOUND, NOT_FOUND_TEXT),
        Err(e) => return server_error(&e, PATH),
    };
    let base_url = state.config.base_url(&request.headers);
    let choice = preselected(&request.fields);
    let mut shown = summary(
        &state,
        &base_url,
        &Purchase {
            product: &loaded.product,
            variations: &loaded.variations,
            children: &loaded.children,
            taxonomy: &loaded.taxonomy,
            swatches: &loaded.swatches,
        },
        &choice,
    );
    // The popup may open over a product page whose own form has these ids.
    if let Some(variable) = shown.form.variable.as_mut() {
        for select in &mut variable.selects {
            select.id = format!("quick-view-{}-{}", id.0, select.id);
        }
    }
    let rendered = state
        .templates
        .get_template("shop/quick_view.html")
        .and_then(|t| {
            t.render(minijinja::context! {
                product => shown.product,
                main_image => shown.main_image,
                thumbs => shown.thumbs,
                form => shown.form,
                notices => shown.notices,
                title_id => format!("quick-view-title-{}", id.0),
                quick_view => true,
            })
        });
    match rendered {
        Ok(html) => {
            let mut response = Html(html).into_response();
            no_store_headers(&mut response);
            response
        }
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "quick view template failed");
            crate::layout::server_error()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_positive_whole_numbers_are_ids() {
        assert_eq!(product_id("42"), Some(ProductId(42)));
        assert_eq!(product_id(" 7 "), Some(ProductId(7)));
        for bad in [
            "",
            "  ",
            "0",
            "-3",
            "+3",
            "3.0",
            "1e3",
            "0x10",
            "abc",
            "99999999999999999999",
        ] {
            assert_eq!(product_id(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn only_attribute_fields_preselect() {
        let fields = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        assert_eq!(
            preselected(&fields(&[
                ("action", "mercato_quickview"),
                ("product", "12"),
                ("attribute_pa_color", "navy"),
            ])),
            fields(&[("attribute_pa_color", "navy")])
        );
        let many: Vec<(String, String)> = (0..50)
            .map(|i| (format!("attribute_{i}"), "x".to_owned()))
            .collect();
        assert_eq!(preselected(&many).len(), MAX_CHOICE_FIELDS);
    }
}
