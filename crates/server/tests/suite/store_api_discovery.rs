//! What SPEC §7.4 leaves to the Store API besides the cart calls: route discovery
//! (`GET /wp-json/wc/store/v1` lists the namespace's routes as WordPress's REST index does) and
//! the `Last-Modified` of the product collection (Unix seconds, as WooCommerce sends it in
//! golden 001), which moves with every catalogue change.

use axum::http::{Method, StatusCode};
use serde_json::Value;

use crate::store_api_cart_support::{Client, ref_shop};

/// A route key with its parameters filled in with values that exist in the reference shop or
/// at least have the right form.
fn concrete(route: &str) -> String {
    let mut path = route.to_owned();
    for (pattern, value) in [
        ("(?P<code>[\\w-]+)", "ten"),
        ("(?P<key>[\\w-]{32})", "0123456789abcdef0123456789abcdef"),
        ("(?P<attribute_id>[\\d]+)", "1"),
        ("(?P<id>[\\d]+)", "17"),
        ("(?P<slug>[\\S]+)", "t-shirt"),
    ] {
        path = path.replace(pattern, value);
    }
    assert!(!path.contains("(?P<"), "no example for {route}");
    path
}

#[tokio::test]
async fn the_namespace_lists_its_routes_and_each_is_served() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    let index = client
        .send(Method::GET, "/wp-json/wc/store/v1", None, None, &[])
        .await;
    assert_eq!(index.status, StatusCode::OK, "{}", index.body);
    assert_eq!(index.header("cache-control"), "no-store");
    assert_eq!(index.body["namespace"], "wc/store/v1");
    let routes = index.body["routes"].as_object().expect("routes");
    let own = &routes["/wc/store/v1"];
    assert_eq!(own["methods"], serde_json::json!(["GET"]));
    assert_eq!(
        own["_links"]["self"][0]["href"],
        "http://127.0.0.1:8091/wp-json/wc/store/v1"
    );
    let cart = &routes["/wc/store/v1/cart"];
    assert_eq!(cart["namespace"], "wc/store/v1");
    assert_eq!(cart["endpoints"][0]["methods"], serde_json::json!(["GET"]));
    assert_eq!(
        cart["_links"]["self"][0]["href"],
        "http://127.0.0.1:8091/wp-json/wc/store/v1/cart"
    );
    // A route with parameters keeps WordPress's pattern and has no link.
    let item = &routes["/wc/store/v1/cart/items/(?P<key>[\\w-]{32})"];
    assert_eq!(
        item["methods"],
        serde_json::json!(["GET", "PUT", "PATCH", "DELETE"])
    );
    assert_eq!(item.get("_links"), None);
    for expected in [
        "/wc/store/v1/batch",
        "/wc/store/v1/cart/extensions",
        "/wc/store/v1/checkout",
        "/wc/store/v1/checkout/(?P<id>[\\d]+)",
        "/wc/store/v1/order/(?P<id>[\\d]+)",
        "/wc/store/v1/products",
        "/wc/store/v1/products/(?P<id>[\\d]+)",
        "/wc/store/v1/products/attributes/(?P<attribute_id>[\\d]+)/terms",
        "/wc/store/v1/products/collection-data",
    ] {
        assert!(routes.contains_key(expected), "{expected} is not listed");
    }

    // Every route listed answers every method it lists (without a nonce a write is refused
    // for that, never for want of a route), and its methods are a route's own.
    for (route, entry) in routes {
        let path = concrete(route);
        let methods = entry["methods"].as_array().expect("methods");
        assert!(!methods.is_empty(), "{route}");
        for method in methods {
            let method: Method = method.as_str().expect("name").parse().expect("method");
            let reply = client
                .send(method.clone(), &format!("/wp-json{path}"), None, None, &[])
                .await;
            assert_ne!(
                reply.body["code"], "rest_no_route",
                "{method} {path} is listed but not served"
            );
        }
    }
    // A route that does not exist is not served (the check above can fail).
    let missing = client
        .send(
            Method::GET,
            "/wp-json/wc/store/v1/wishlist",
            None,
            None,
            &[],
        )
        .await;
    assert_eq!(missing.body["code"], "rest_no_route");

    // The unversioned alias is WooCommerce's `wc/store` namespace, with the same routes.
    let alias = client
        .send(Method::GET, "/wp-json/wc/store", None, None, &[])
        .await;
    assert_eq!(alias.status, StatusCode::OK, "{}", alias.body);
    assert_eq!(alias.body["namespace"], "wc/store");
    let aliased = alias.body["routes"].as_object().expect("routes");
    assert_eq!(aliased.len(), routes.len());
    assert!(aliased.contains_key("/wc/store/cart/items/(?P<key>[\\w-]{32})"));
    // WordPress's fallback address reaches the same index.
    let fallback = client
        .send(Method::GET, "/?rest_route=/wc/store/v1", None, None, &[])
        .await;
    assert_eq!(fallback.body["namespace"], "wc/store/v1");
    let slash = client
        .send(Method::GET, "/wp-json/wc/store/v1/", None, None, &[])
        .await;
    assert_eq!(slash.body["namespace"], "wc/store/v1");
}

/// `Last-Modified` of `GET /products` as a number.
fn last_modified(reply: &crate::store_api_support::Reply) -> i64 {
    reply
        .header("last-modified")
        .parse()
        .unwrap_or_else(|_| panic!("Last-Modified {:?}", reply.header("last-modified")))
}

#[tokio::test]
async fn the_product_collection_says_when_the_catalogue_last_changed() {
    let shop = ref_shop().await;
    let db = &shop.state.db;
    let mut client = Client::new(&shop.app);
    let listed = client.get("/products?per_page=3").await;
    assert_eq!(listed.status, StatusCode::OK);
    assert!(last_modified(&listed) > 0, "the catalogue was written");
    assert_eq!(
        last_modified(&listed),
        mercato_db::catalogue::last_modified(db)
            .await
            .expect("read")
    );

    // Long ago, then a sale takes stock: the collection is newer. (Ageing the time by hand
    // moves no version, as no catalogue write does, so the page asked for above is still the
    // kept answer: another page is made afresh.)
    sqlx::query("update options set updated_at = 1000 where name = 'catalogue_version'")
        .execute(db.pool())
        .await
        .expect("age");
    let old = client.get("/products?per_page=2").await;
    assert_eq!(old.header("last-modified"), "1000");
    // The Beanie (id 18) manages its stock.
    assert!(
        mercato_db::catalogue::take_stock_now(db, 18, 1)
            .await
            .expect("take")
    );
    let newer = client.get("/products?per_page=3").await;
    assert!(
        last_modified(&newer) > 1000,
        "{}",
        newer.header("last-modified")
    );
    // Single products and term collections carry none, as in WooCommerce (goldens 002, 005).
    let single = client.get("/products/17").await;
    assert_eq!(single.header("last-modified"), "");
    let categories = client.get("/products/categories").await;
    assert_eq!(categories.header("last-modified"), "");
    // No conditional GET: the Store API is never cached (`no-store`), so a client's
    // If-Modified-Since still gets the collection.
    let conditional = client
        .send(
            Method::GET,
            "/wp-json/wc/store/v1/products?per_page=3",
            None,
            None,
            &[("if-modified-since", "999999999999")],
        )
        .await;
    assert_eq!(conditional.status, StatusCode::OK);
    assert!(matches!(conditional.body, Value::Array(ref a) if a.len() == 3));
}
