//! The Store API against the recorded WooCommerce responses: same keys and types, same
//! errors, same routes under every spelling, and no bad input that gets past a 400.

use crate::store_api_cart_support::{Client, fixture::ref_catalogue};
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use store_api_support::{assert_same_shape, assert_snapshot, assert_wp_error, golden_body, shop};

#[tokio::test]
async fn products_have_woocommerces_shape() {
    let s = shop().await;
    let list = s.get("/products?per_page=100").await;
    // 001 lists an external, a grouped and a simple product; 002 is a variable one.
    let golden_list = golden_body("001");
    let golden_variable = golden_body("002");
    for item in list.body.as_array().expect("list") {
        let kind = item["type"].as_str().expect("type");
        let golden = if kind == "variable" {
            &golden_variable
        } else {
            golden_list
                .as_array()
                .expect("golden list")
                .iter()
                .find(|g| g["type"] == kind)
                .expect("a golden product of this type")
        };
        assert_same_shape(item, golden, &format!("products[{}]", item["id"]));
    }
    let hoodie = s.get(&format!("/products/{}", s.hoodie)).await;
    assert_same_shape(&hoodie.body, &golden_body("002"), "hoodie");
    let vneck = s.get(&format!("/products/{}", s.vneck)).await;
    assert_same_shape(&vneck.body, &golden_body("003"), "vneck");
    assert_eq!(
        vneck.body["variations"][0]["attributes"][1]["value"],
        serde_json::Value::Null
    );
    let beanie = s.get("/products/beanie").await;
    assert_same_shape(&beanie.body, &golden_body("004"), "beanie");
    assert_eq!(beanie.body["low_stock_remaining"], 2);
    assert_snapshot("product-beanie", &beanie.text);
    assert_snapshot("product-hoodie", &hoodie.text);

    let attributes = s.get("/products/attributes").await;
    assert_same_shape(&attributes.body, &golden_body("005"), "attributes");
    let categories = s.get("/products/categories").await;
    assert_same_shape(&categories.body, &golden_body("006"), "categories");
    let missing = s.get("/products/999999").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.body, golden_body("007"));
}

/// Golden 001 replayed on the sample catalogue: the first page of three, newest first, and
/// WordPress's pagination headers as WooCommerce sent them. `X-WP-Total` counts every
/// published product, the hidden Hoodie with Pocket included, as WooCommerce's default
/// listing does (it filters by catalogue visibility only when asked).
#[tokio::test]
async fn the_recorded_first_page_of_products_comes_out_the_same() {
    let shop = ref_catalogue().await;
    let mut client = Client::new(&shop.app);
    let recorded = crate::snapshots::golden_exchange("001");
    let reply = client.get("/products?per_page=3").await;
    assert_eq!(reply.status, StatusCode::OK);
    let ids = |body: &serde_json::Value| {
        body.as_array()
            .expect("list")
            .iter()
            .map(|p| p["id"].as_i64().expect("id"))
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&reply.body), ids(&recorded["response"]["body"]));
    for (ours, theirs) in reply.body.as_array().expect("list").iter().zip(
        recorded["response"]["body"]
            .as_array()
            .expect("golden list"),
    ) {
        assert_same_shape(ours, theirs, &format!("products[{}]", ours["id"]));
    }
    for name in ["x-wp-total", "x-wp-totalpages", "link"] {
        assert_eq!(
            reply.header(name),
            recorded["response"]["headers"][name]
                .as_str()
                .expect("recorded header"),
            "{name}"
        );
    }
    // The hidden product is listed as it is counted.
    let all = ids(&client.get("/products?per_page=100").await.body);
    assert_eq!(all.len(), 18);
    assert!(all.contains(&22), "{all:?}");
    // Asked for the catalogue, the hidden product is neither listed nor counted.
    let catalogue = client
        .get("/products?per_page=3&catalog_visibility=catalog")
        .await;
    assert_eq!(catalogue.header("x-wp-total"), "17");
}

#[tokio::test]
async fn single_products_by_id_and_slug() {
    let s = shop().await;
    let by_id = s.get(&format!("/products/{}", s.beanie)).await;
    let by_slug = s.get("/products/beanie").await;
    assert_eq!(by_id.status, StatusCode::OK);
    assert_eq!(by_id.body, by_slug.body);
    assert_eq!(by_id.body["prices"]["price"], "1800");
    assert_eq!(by_id.body["on_sale"], true);

    let variation = s.get(&format!("/products/{}", s.hoodie_red)).await;
    assert_eq!(variation.body["type"], "variation");
    assert_eq!(variation.body["parent"], s.hoodie);
    assert_eq!(variation.body["prices"]["price"], "4200");

    // Hidden products open by link; drafts do not exist for shoppers.
    assert_eq!(
        s.get(&format!("/products/{}", s.hidden)).await.status,
        StatusCode::OK
    );
    assert_eq!(s.get("/products/hidden-mug").await.status, StatusCode::OK);
    assert_wp_error(
        &s.get(&format!("/products/{}", s.draft)).await,
        404,
        "woocommerce_rest_product_invalid_id",
    );
    assert_wp_error(
        &s.get("/products/secret-hoodie").await,
        404,
        "woocommerce_rest_product_invalid_slug",
    );
    assert_wp_error(
        &s.get("/products/0").await,
        404,
        "woocommerce_rest_product_invalid_id",
    );
    assert_wp_error(
        &s.get("/products/99999999999999999999999").await,
        404,
        "woocommerce_rest_product_invalid_id",
    );
    for slug in [
        "no-such-thing",
        "%FF%FE",
        "..%2F..%2Fetc%2Fpasswd",
        "%3Cscript%3E",
        "beanie%27%20OR%20%271%27%3D%271",
    ] {
        let reply = s.get(&format!("/products/{slug}")).await;
        assert_wp_error(&reply, 404, "woocommerce_rest_product_invalid_slug");
    }
    let missing = s.get("/products/no-such-thing").await;
    assert_snapshot("error-invalid-slug", &missing.text);
}

#[tokio::test]
async fn every_namespace_spelling_reaches_the_same_routes() {
    let s = shop().await;
    let versioned = s.get("/products?per_page=3").await;
    let alias = s
        .call(Method::GET, "/wp-json/wc/store/products?per_page=3")
        .await;
    assert_eq!(alias.body, versioned.body);
    assert_eq!(
        alias.all("link"),
        ["<http://shop.test/wp-json/wc/store/products?per_page=3&page=2>; rel=\"next\""]
    );
    let fallback = s
        .call(Method::GET, "/?rest_route=/wc/store/v1/products&per_page=3")
        .await;
    assert_eq!(fallback.status, StatusCode::OK);
    assert_eq!(fallback.body, versioned.body);
    assert_eq!(fallback.all("link"), versioned.all("link"));
    assert_eq!(fallback.header("cache-control"), "no-store");
    let slash = s
        .call(Method::GET, "/wp-json/wc/store/v1/products/?per_page=3")
        .await;
    assert_eq!(slash.body, versioned.body);
    let encoded = s
        .call(
            Method::GET,
            "/?rest_route=%2Fwc%2Fstore%2Fv1%2Fproducts%2Fbeanie",
        )
        .await;
    assert_eq!(encoded.body["slug"], "beanie");
    assert_wp_error(
        &s.call(Method::GET, "/?rest_route=/wc/store/v1/nope").await,
        404,
        "rest_no_route",
    );
    assert_wp_error(
        &s.call(Method::GET, "/wp-json/wc/store/categories").await,
        404,
        "rest_no_route",
    );
}

#[tokio::test]
async fn unknown_routes_and_methods_get_rest_no_route() {
    let s = shop().await;
    for path in [
        // (The namespace itself answers with its routes: store_api_discovery.)
        "/wp-json/wc/store/v1/nope",
        "/wp-json/wc/store/v1/products/1/extra",
        "/wp-json/wc/store/v1/products/attributes/1/terms/2",
        "/wp-json/wc/store/v2/products",
    ] {
        let reply = s.call(Method::GET, path).await;
        assert_wp_error(&reply, 404, "rest_no_route");
        assert_eq!(
            reply.body["message"],
            "No route was found matching the URL and request method."
        );
    }
    for method in [Method::POST, Method::PUT, Method::PATCH, Method::DELETE] {
        for path in [
            "/products",
            "/products/1",
            "/products/categories",
            "/products/collection-data",
        ] {
            let reply = s
                .call(method.clone(), &format!("/wp-json/wc/store/v1{path}"))
                .await;
            assert_wp_error(&reply, 404, "rest_no_route");
        }
    }
    let options = s
        .call(Method::OPTIONS, "/wp-json/wc/store/v1/products")
        .await;
    assert_eq!(options.status, StatusCode::OK);
    assert_eq!(options.header("allow"), "GET");
    let missing = s.call(Method::GET, "/wp-json/wc/store/v1/nope").await;
    assert_snapshot("error-no-route", &missing.text);
}

/// Each bad value with the parameter WordPress blames and its detail code.
const BAD_INPUT: &[(&str, &str, &str)] = &[
    ("per_page=0", "per_page", "rest_out_of_bounds"),
    ("per_page=1000", "per_page", "rest_out_of_bounds"),
    ("per_page=abc", "per_page", "rest_invalid_type"),
    ("per_page=1.5", "per_page", "rest_invalid_type"),
    ("per_page[]=5", "per_page", "rest_invalid_type"),
    ("page=-1", "page", "rest_out_of_bounds"),
    ("page=0", "page", "rest_out_of_bounds"),
    ("page=one", "page", "rest_invalid_type"),
    ("order=up", "order", "rest_not_in_enum"),
    ("orderby=random", "orderby", "rest_not_in_enum"),
    ("type=bundle", "type", "rest_not_in_enum"),
    ("stock_status=sold", "stock_status", "rest_not_in_enum"),
    ("on_sale=maybe", "on_sale", "rest_invalid_type"),
    ("featured=2", "featured", "rest_invalid_type"),
    (
        "catalog_visibility=secret",
        "catalog_visibility",
        "rest_not_in_enum",
    ),
    (
        "category_operator=or",
        "category_operator",
        "rest_not_in_enum",
    ),
    ("tag_operator=xor", "tag_operator", "rest_not_in_enum"),
    ("attributes=red", "attributes", "rest_invalid_type"),
    ("attributes[color]=red", "attributes", "rest_invalid_type"),
    (
        "attributes[0][operator]=or",
        "attributes",
        "rest_not_in_enum",
    ),
    (
        "attributes[0][term_id]=blue",
        "attributes",
        "rest_invalid_type",
    ),
    (
        "attributes[0][slug][x][y]=1",
        "attributes",
        "rest_invalid_type",
    ),
    ("min_price=cheap", "min_price", "rest_invalid_type"),
    ("max_price=-1", "max_price", "rest_invalid_type"),
    ("offset=abc", "offset", "rest_invalid_type"),
    ("search[]=hat", "search", "rest_invalid_type"),
    (
        "attribute_relation=or",
        "attribute_relation",
        "rest_not_in_enum",
    ),
];

#[tokio::test]
async fn bad_parameters_get_wordpress_errors() {
    let s = shop().await;
    for (query, param, code) in BAD_INPUT {
        let reply = s.get(&format!("/products?{query}")).await;
        assert_wp_error(&reply, 400, "rest_invalid_param");
        assert_eq!(
            reply.body["message"],
            format!("Invalid parameter(s): {param}"),
            "{query}"
        );
        assert!(
            reply.body["data"]["params"][param].is_string(),
            "{query}: {}",
            reply.body
        );
        assert_eq!(
            reply.body["data"]["details"][param]["code"], *code,
            "{query}: {}",
            reply.body
        );
    }
    let reply = s.get("/products?per_page=0").await;
    assert_eq!(
        reply.body["data"]["params"]["per_page"],
        "per_page must be between 1 (inclusive) and 100 (inclusive)"
    );
    assert_snapshot("error-invalid-param", &reply.text);
    let both = s.get("/products?per_page=abc&page=-1&orderby=nope").await;
    assert_eq!(
        both.body["message"],
        "Invalid parameter(s): page, per_page, orderby"
    );
    let ids: String = (1..=101)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let reply = s.get(&format!("/products?include={ids}")).await;
    assert_eq!(
        reply.body["data"]["details"]["include"]["code"],
        "rest_too_many_items"
    );
}

#[tokio::test]
async fn nothing_a_client_sends_makes_a_500() {
    let s = shop().await;
    let long = "x".repeat(20_000);
    let hostile = [
        "/products?%ZZ=1&%=%&&&==&[]=1",
        "/products?attributes[0][slug][0][0][0][0][0][0][0][0]=x",
        "/products?attributes[][attribute]=pa_color&attributes[][slug]=red",
        "/products?category=%27%3B--&tag=%00&sku=%FF&slug=..%2F",
        "/products?min_price=99999999999999999999999&max_price=0",
        "/products?page=99999999999&per_page=100",
        "/products?offset=99999999999999999999",
        "/products?rating=-1,0,6,abc",
        "/products?include=0&exclude=-5",
        "/products?orderby=include",
        "/products?type=variation&parent=abc&offset=3",
        "/products/reviews?product_id=%27&category_id=abc&page=99999999999",
        "/products/categories?page=99999999999&per_page=100&parent=abc",
        "/products/attributes/1/terms?include=%27&search=%25",
        "/products/collection-data?calculate_attribute_counts=pa_color",
        "/products/collection-data?calculate_attribute_counts[0]=",
    ];
    let long_search = format!("/products?search={long}");
    for path in hostile.iter().copied().chain([long_search.as_str()]) {
        let reply = s
            .call(Method::GET, &format!("/wp-json/wc/store/v1{path}"))
            .await;
        assert!(
            matches!(reply.status.as_u16(), 200 | 400 | 404),
            "{path}: {} {}",
            reply.status,
            reply.body
        );
        if reply.status != StatusCode::OK {
            assert!(reply.body["code"].is_string(), "{path}: {}", reply.body);
            assert_eq!(
                reply.body["data"]["status"],
                reply.status.as_u16(),
                "{path}"
            );
        }
    }
}

#[tokio::test]
async fn the_same_story_on_postgresql() {
    let test_db = mercato_db::testing::TestDb::postgres()
        .await
        .expect("postgres");
    let s = store_api_support::shop_on(test_db, Default::default()).await;
    assert_eq!(s.ids("/products").await.len(), 9);
    assert_eq!(
        s.ids(&format!(
            "/products?category=clothing,{}&category_operator=and",
            s.tshirts
        ))
        .await,
        [s.tshirt, s.vneck]
    );
    assert_eq!(
        s.ids("/products?tag=gift&tag_operator=not_in&per_page=2")
            .await
            .len(),
        2
    );
    let not_blue = "/products?attributes[0][attribute]=pa_color&attributes[0][slug]=blue&attributes[0][operator]=not_in";
    assert_eq!(s.ids(not_blue).await.len(), 8);
    assert_eq!(s.ids("/products?orderby=slug&order=asc").await[0], s.beanie);
    assert_eq!(s.ids("/products?orderby=comment_count").await[0], s.hoodie);
    assert_eq!(s.ids("/products?catalog_visibility=visible").await.len(), 7);
    let categories = s.get("/products/categories").await;
    assert_eq!(categories.body[1]["count"], 4);
    assert_eq!(categories.body[1]["review_count"], 2);
    let reviews = s.get("/products/reviews").await;
    assert_eq!(reviews.header("x-wp-total"), "3");
    let counts = s
        .get("/products/collection-data?calculate_price_range=1&calculate_stock_status_counts=1&calculate_rating_counts=1&calculate_attribute_counts[0][taxonomy]=pa_color")
        .await;
    assert_eq!(counts.body["price_range"]["max_price"], "4800");
    assert_eq!(counts.body["attribute_counts"][0]["count"], 3);
}
