//! Route discovery: `GET /wp-json/wc/store/v1` (and `/wp-json/wc/store`) answers WordPress's
//! namespace index, `{"namespace", "routes"}`, each route keyed by its path with WordPress's
//! parameter patterns (`/wc/store/v1/cart/items/(?P<key>[\w-]{32})`, as WooCommerce
//! registers them), with its methods and, for a path without parameters, a `self` link. The
//! block client's schema store reads the keys and turns each `(?P<name>…)` into `{name}`
//! (SPEC §7.4, "Route discovery").
//!
//! [`ROUTES`] is the list of what [`super::routes`] serves; a test asks every route it names
//! for `OPTIONS` and checks the methods it answers. Route arguments (`args`) are not
//! described, and the index has no `up` link (Mercato serves no `/wp-json/` root).

use axum::extract::{OriginalUri, State};
use axum::http::HeaderMap;
use serde_json::{Map, Value, json};

use super::respond::Reply;
use crate::state::AppState;

/// Every route of the namespace, as WordPress's index keys it (without the namespace), and
/// the methods it serves.
pub const ROUTES: &[(&str, &[&str])] = &[
    ("/batch", &["POST"]),
    ("/cart", &["GET"]),
    ("/cart/add-item", &["POST"]),
    ("/cart/apply-coupon", &["POST"]),
    ("/cart/coupons", &["GET", "POST", "DELETE"]),
    ("/cart/coupons/(?P<code>[\\w-]+)", &["GET", "DELETE"]),
    ("/cart/extensions", &["POST"]),
    ("/cart/items", &["GET", "POST", "DELETE"]),
    (
        "/cart/items/(?P<key>[\\w-]{32})",
        &["GET", "PUT", "PATCH", "DELETE"],
    ),
    ("/cart/remove-coupon", &["POST"]),
    ("/cart/remove-item", &["POST"]),
    ("/cart/select-shipping-rate", &["POST"]),
    ("/cart/update-customer", &["POST"]),
    ("/cart/update-item", &["POST"]),
    ("/checkout", &["GET", "POST", "PUT", "PATCH"]),
    ("/checkout/(?P<id>[\\d]+)", &["POST"]),
    ("/order/(?P<id>[\\d]+)", &["GET"]),
    ("/products", &["GET"]),
    ("/products/(?P<id>[\\d]+)", &["GET"]),
    ("/products/(?P<slug>[\\S]+)", &["GET"]),
    ("/products/attributes", &["GET"]),
    ("/products/attributes/(?P<id>[\\d]+)", &["GET"]),
    (
        "/products/attributes/(?P<attribute_id>[\\d]+)/terms",
        &["GET"],
    ),
    ("/products/categories", &["GET"]),
    ("/products/categories/(?P<id>[\\d]+)", &["GET"]),
    ("/products/collection-data", &["GET"]),
    ("/products/reviews", &["GET"]),
    ("/products/tags", &["GET"]),
];

/// `GET /wp-json/wc/store/v1` and `GET /wp-json/wc/store`: the namespace's index.
pub async fn index(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
) -> Reply {
    let namespace = if uri.path().trim_end_matches('/').ends_with("/v1") {
        "wc/store/v1"
    } else {
        "wc/store"
    };
    Reply::ok(&namespace_index(
        namespace,
        &state.config.base_url(&headers),
    ))
}

/// The index of `namespace` (`wc/store/v1`) on the shop at `base_url`.
pub fn namespace_index(namespace: &str, base_url: &str) -> Value {
    let href = |route: &str| json!({"self": [{"href": format!("{base_url}/wp-json{route}")}]});
    let mut routes = Map::new();
    let own = format!("/{namespace}");
    routes.insert(
        own.clone(),
        json!({
            "namespace": namespace,
            "methods": ["GET"],
            "endpoints": [{
                "methods": ["GET"],
                "args": {
                    "namespace": {"default": namespace, "required": false},
                    "context": {"default": "view", "required": false},
                },
            }],
            "_links": href(&own),
        }),
    );
    for (path, methods) in ROUTES {
        let route = format!("{own}{path}");
        let mut entry = json!({
            "namespace": namespace,
            "methods": methods,
            "endpoints": [{"methods": methods}],
        });
        // WordPress links only the routes without parameters.
        if !route.contains("(?P<") {
            entry["_links"] = href(&route);
        }
        routes.insert(route, entry);
    }
    json!({"namespace": namespace, "routes": routes})
}
