//! Product search (`/?s=…&post_type=product`) and the theme's AJAX endpoint.

use crate::storefront_support as support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use support::{HOST, assert_csp_clean, get, listed_names, send, shop, shop_with};

async fn ajax(app: &axum::Router, query: &str) -> (StatusCode, String) {
    let reply = get(app, &format!("/wp-admin/admin-ajax.php?{query}")).await;
    (reply.status, reply.body)
}

fn suggestions(body: &str) -> Vec<serde_json::Value> {
    let json: serde_json::Value = serde_json::from_str(body).expect("JSON");
    json["suggestions"].as_array().expect("suggestions").clone()
}

#[tokio::test]
async fn search_finds_by_name_and_sku_and_ranks_name_hits_first() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let app = &shop.app;
    let tees = get(app, "/?s=t-shirt&post_type=product").await;
    assert_eq!(tees.status, StatusCode::OK);
    assert_csp_clean(&tees.body);
    assert_eq!(
        listed_names(&tees.body),
        ["Logo T-shirt", "Sold-out T-shirt"]
    );
    assert!(
        tees.body
            .contains("Search results: \u{201c}t-shirt\u{201d}")
    );
    assert!(
        tees.body
            .contains("<option value=\"relevance\" selected>Relevance</option>")
    );
    assert!(
        tees.body.contains("value=\"t-shirt\""),
        "the search box keeps the term"
    );
    assert!(
        tees.body
            .contains("<input type=\"hidden\" name=\"s\" value=\"t-shirt\">"),
        "sorting keeps the search"
    );

    // One hit goes straight to the product, as WooCommerce does.
    let one = get(app, "/?s=beanie&post_type=product").await;
    assert_eq!(one.status, StatusCode::FOUND);
    assert_eq!(one.location(), "/product/beanie/");
    let sku = get(app, "/?s=BEANIE-1&post_type=product").await;
    assert_eq!(sku.location(), "/product/beanie/");
    let variation_sku = get(app, "/?s=HOOD-RD&post_type=product").await;
    assert_eq!(
        variation_sku.location(),
        "/product/hoodie/",
        "a variation's SKU finds its parent"
    );
    let search_only = get(app, "/?s=secret&post_type=product").await;
    assert_eq!(
        search_only.location(),
        "/product/secret-sticker/",
        "search-only products are found"
    );
    let hidden = get(app, "/?s=hidden+mug&post_type=product").await;
    assert_eq!(hidden.status, StatusCode::OK);
    assert!(
        hidden
            .body
            .contains("No products were found matching your search")
    );
    assert!(hidden.body.contains("Browse all products"));

    let in_category = get(app, "/?s=t&post_type=product&product_cat=t-shirts").await;
    assert_eq!(
        listed_names(&in_category.body),
        ["Logo T-shirt", "Sold-out T-shirt"]
    );
    let filtered = get(app, "/?s=shirt&post_type=product&stock_status=instock").await;
    assert_eq!(
        listed_names(&filtered.body),
        ["Logo T-shirt"],
        "filters apply to search, no redirect"
    );
}

#[tokio::test]
async fn search_pages_and_hostile_terms() {
    let shop = shop_with(|s| s.products_per_page = 1).await;
    let app = &shop.app;
    let second = get(app, "/page/2/?s=t-shirt&post_type=product").await;
    assert_eq!(second.status, StatusCode::OK);
    assert_eq!(listed_names(&second.body), ["Sold-out T-shirt"]);
    assert!(
        second
            .body
            .contains("href=\"/?s=t-shirt&amp;post_type=product\" rel=\"prev\"")
    );
    assert_eq!(
        get(app, "/page/9/?s=t-shirt&post_type=product")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(get(app, "/page/2/").await.status, StatusCode::NOT_FOUND);

    for term in [
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "%22%3E%3Cimg+src%3Dx+onerror%3Dalert(1)%3E",
        "%25%25%25_%5C",
        "%27%3B+drop+table+products%3B+--",
        &"a".repeat(3000),
    ] {
        let reply = get(app, &format!("/?s={term}&post_type=product")).await;
        assert_eq!(reply.status, StatusCode::OK, "{term}");
        assert!(!reply.body.contains("<script>alert"), "{term}");
        assert!(!reply.body.contains("<img src=x"), "{term}");
        assert!(reply.body.contains("No products were found"), "{term}");
    }
    // Nothing left to search for lists everything, as WordPress does.
    for blank in ["", "%01", "+++"] {
        let reply = get(app, &format!("/?s={blank}&post_type=product")).await;
        assert_eq!(reply.status, StatusCode::OK, "{blank}");
        assert!(reply.body.contains("Showing 1\u{2013}1 of"), "{blank}");
    }
    // A NUL character is refused where the URL is read (security review F6).
    let reply = get(app, "/?s=%00%01&post_type=product").await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn live_search_suggests_products() {
    let shop = shop().await;
    let app = &shop.app;
    let (status, body) = ajax(app, "action=mercato_ajax_search_products&query=shirt").await;
    assert_eq!(status, StatusCode::OK);
    let list = suggestions(&body);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["type"], "product");
    assert_eq!(list[0]["value"], "Logo T-shirt");
    assert_eq!(list[0]["id"], shop.ids.tee.0);
    assert_eq!(list[0]["url"], "http://shop.test/product/logo-t-shirt/");
    assert!(
        list[0]["price"]
            .as_str()
            .is_some_and(|p| p.contains("25.00"))
    );

    let (_, body) = ajax(app, "action=mercato_ajax_search_products&query=beanie").await;
    assert_eq!(
        suggestions(&body)[0]["img"],
        "http://shop.test/media/beanie-300.jpg"
    );
    let (_, body) = ajax(app, "action=mercato_ajax_search_products&query=CAP-BL").await;
    assert_eq!(suggestions(&body)[0]["value"], "Cap", "by SKU prefix");
    let (_, body) = ajax(
        app,
        "action=mercato_ajax_search_products&query=shirt&product_cat=accessories",
    )
    .await;
    assert_eq!(suggestions(&body)[0]["id"], -1);

    for query in [
        "query=ab",
        "query=",
        "query=zzzzzz",
        "query=%3Cscript%3E",
        "",
    ] {
        let (status, body) =
            ajax(app, &format!("action=mercato_ajax_search_products&{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        let list = suggestions(&body);
        assert_eq!(list.len(), 1, "{query}");
        assert_eq!(list[0]["id"], -1);
        assert_eq!(list[0]["value"], "No products found.");
        assert_eq!(list[0]["url"], "#");
    }
}

#[tokio::test]
async fn live_search_suggests_by_sku() {
    let shop = shop().await;
    let app = &shop.app;
    let first = |query: &'static str| async move {
        let (status, body) = ajax(
            app,
            &format!("action=mercato_ajax_search_products&query={query}"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{query}");
        suggestions(&body)[0]["value"].clone()
    };
    // A whole SKU, in any case, and the start of one.
    assert_eq!(first("CAP-BLUE").await, "Cap");
    assert_eq!(first("cap-blue").await, "Cap");
    assert_eq!(first("bean").await, "Beanie");
    // A variation's SKU suggests its product.
    assert_eq!(first("HOOD-RD").await, "Hoodie");
    assert_eq!(first("hood-bl-l").await, "Hoodie");
    // A product listed in search only (not in the shop) is found by its SKU too.
    assert_eq!(first("STICK-1").await, "Secret Sticker");
}

#[tokio::test]
async fn unknown_actions_get_wordpress_zero() {
    let shop = shop().await;
    for query in ["action=nope", "", "action=%3Cscript%3E"] {
        let (status, body) = ajax(&shop.app, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(body, "0");
    }
    // The action may come in a POST body, as with WordPress.
    let reply = send(
        &shop.app,
        Request::post("/wp-admin/admin-ajax.php")
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(
                "action=mercato_ajax_search_products&query=hoodie",
            ))
            .expect("request"),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(suggestions(&reply.body)[0]["value"], "Hoodie");
}
