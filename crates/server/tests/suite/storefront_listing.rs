//! Listing pages through the whole router: the shop, categories, tags, sorting, filters and
//! pagination, good input and bad.

use crate::storefront_support as support;

use axum::http::StatusCode;
use support::{assert_csp_clean, get, listed_names, shop, shop_with};

const CATALOGUE: [&str; 7] = [
    "Hoodie",
    "Beanie",
    "Cap",
    "Logo T-shirt",
    "Sold-out T-shirt",
    "Cold Weather Bundle",
    "Partner Scarf",
];

async fn all_names(app: &axum::Router, first_page: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut next = Some(first_page.to_owned());
    while let Some(url) = next {
        let reply = get(app, &url).await;
        assert_eq!(reply.status, StatusCode::OK, "{url}");
        names.extend(listed_names(&reply.body));
        next = reply
            .body
            .split("class=\"next page-numbers\" href=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .map(support::html_decode);
    }
    names
}

#[tokio::test]
async fn the_shop_lists_catalogue_products_as_cards() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let reply = get(&shop.app, "/shop/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_csp_clean(&reply.body);
    let body = &reply.body;
    assert_eq!(
        listed_names(body),
        CATALOGUE,
        "hidden, draft and search-only products stay out"
    );
    assert!(body.contains("<ul class=\"products columns-4\" data-infinite-scroll>"));
    // The region the browser swaps when a filter changes holds the heading and the sidebar.
    let region = body
        .find("<div class=\"listing\" data-behaviour=\"listing\">")
        .expect("the listing region");
    assert!(region < body.find("<h1 ").expect("the heading"));
    assert!(region < body.find("data-shop-filters").expect("the sidebar"));
    assert!(body.contains("Showing all 7 results"));
    let beanie = shop.ids.beanie.0;
    assert!(body.contains(&format!(
        "<a href=\"?add-to-cart={beanie}\" data-quantity=\"1\" class=\"button product_type_simple add_to_cart_button ajax_add_to_cart\" data-product_id=\"{beanie}\""
    )));
    assert!(body.contains("href=\"/product/hoodie/\" data-quantity=\"1\" class=\"button product_type_variable add_to_cart_button\""));
    assert!(body.contains(">Select options<"));
    assert!(body.contains(">View products<"), "grouped");
    assert!(
        body.contains("href=\"https://partner.example/scarf\""),
        "external"
    );
    assert!(
        body.contains("Read more about \u{201c}Sold-out T-shirt\u{201d}"),
        "out of stock: no add to cart"
    );
    // The sale as del/ins, the range of a variable product.
    assert!(body.contains("<del aria-hidden=\"true\"><span class=\"woocommerce-Price-amount amount\"><bdi><span class=\"woocommerce-Price-currencySymbol\">&#36;</span>20.00"));
    assert!(body.contains("<ins aria-hidden=\"true\"><span class=\"woocommerce-Price-amount amount\"><bdi><span class=\"woocommerce-Price-currencySymbol\">&#36;</span>18.00"));
    assert!(body.contains("Price range: &#036;40.00 through &#036;45.00"));
    assert!(body.contains("srcset=\"/media/beanie-300.jpg 300w, /media/beanie.jpg 1000w\""));
    assert!(body.contains("sizes=\"(min-width: 850px) 18vw"));
    assert!(body.contains("aria-label=\"Rated 4.50 out of 5\""), "stars");
    assert!(body.contains("<span class=\"onsale\">Sale!</span>"));
    assert!(body.contains("data-prod=\""), "quick view hook");
    // The no-JS ordering form.
    assert!(body.contains("<select name=\"orderby\""));
    assert!(body.contains("<option value=\"menu_order\" selected>Default sorting</option>"));
    assert!(body.contains("<option value=\"price-desc\">Sort by price: high to low</option>"));
    assert!(
        body.contains("<button type=\"submit\" class=\"button ordering-submit\">Sort</button>")
    );
    // The sidebar: categories with counts, attribute terms, price, rating, stock.
    // Counts are the storage's listed products (search-only ones included), children rolled up.
    assert!(body.contains("<a href=\"/product-category/accessories/\">Accessories</a> <span class=\"count\">(5)</span>"));
    assert!(body.contains(
        "<a href=\"/product-category/clothing/\">Clothing</a> <span class=\"count\">(3)</span>"
    ));
    let sidebar = &body[body.find("<aside class=\"shop-sidebar\"").expect("sidebar")..];
    let sidebar = &sidebar[..sidebar.find("</aside>").expect("sidebar end")];
    assert!(
        !sidebar.contains(">Posters<"),
        "empty categories are left out (the header's menu may still name them)"
    );
    assert!(body.contains("href=\"/shop/?filter_color=blue&amp;query_type_color=or\""));
    assert!(body.contains("data-swatch-color=\"#1e40af\""));
    assert!(body.contains("name=\"min_price\""));
    assert!(body.contains("href=\"/shop/?rating_filter=5\""));
    assert!(body.contains("href=\"/shop/?stock_status=instock\""));
}

#[tokio::test]
async fn pagination_links_pages_and_refuses_absurd_numbers() {
    let shop = shop().await;
    let first = get(&shop.app, "/shop/").await;
    assert_eq!(listed_names(&first.body), CATALOGUE[..4]);
    assert!(first.body.contains("Showing 1\u{2013}4 of 7 results"));
    assert!(
        first
            .body
            .contains("<a class=\"next page-numbers\" href=\"/shop/page/2/\" rel=\"next\">")
    );
    assert!(
        first
            .body
            .contains("<link rel=\"next\" href=\"/shop/page/2/\">")
    );
    assert!(!first.body.contains("rel=\"prev\""));

    let second = get(&shop.app, "/shop/page/2/").await;
    assert_eq!(second.status, StatusCode::OK);
    assert_eq!(listed_names(&second.body), CATALOGUE[4..]);
    assert!(second.body.contains("Showing 5\u{2013}7 of 7 results"));
    assert!(
        second
            .body
            .contains("<a class=\"prev page-numbers\" href=\"/shop/\" rel=\"prev\">")
    );
    assert!(second.body.contains("<link rel=\"prev\" href=\"/shop/\">"));
    assert!(!second.body.contains("class=\"next page-numbers\""));
    assert!(
        second
            .body
            .contains("<span aria-current=\"page\" class=\"page-numbers current\">2</span>")
    );

    let one = get(&shop.app, "/shop/page/1/?orderby=price").await;
    assert_eq!(one.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(one.location(), "/shop/?orderby=price");
    assert_eq!(get(&shop.app, "/shop").await.location(), "/shop/");
    for absurd in [
        "/shop/page/3/",
        "/shop/page/99999/",
        "/shop/page/0/",
        "/shop/page/-1/",
        "/shop/page/abc/",
        "/shop/page/99999999999999999999/",
    ] {
        let reply = get(&shop.app, absurd).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{absurd}");
        assert!(
            reply.body.contains("role=\"search\""),
            "the 404 page helps: {absurd}"
        );
        assert!(reply.body.contains("Go to the shop"));
    }
}

#[tokio::test]
async fn sorting_orders_and_keeps_the_filters() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let by_price = get(&shop.app, "/shop/?orderby=price").await;
    assert_eq!(
        listed_names(&by_price.body),
        [
            "Cap",
            "Beanie",
            "Sold-out T-shirt",
            "Logo T-shirt",
            "Partner Scarf",
            "Hoodie",
            "Cold Weather Bundle"
        ]
    );
    assert!(by_price.body.contains("<option value=\"price\" selected>"));
    let dearest = get(&shop.app, "/shop/?orderby=price-desc").await;
    assert_eq!(
        listed_names(&dearest.body)[..2],
        ["Hoodie", "Partner Scarf"]
    );
    let popular = get(&shop.app, "/shop/?orderby=popularity").await;
    assert_eq!(listed_names(&popular.body)[0], "Beanie");
    let rated = get(&shop.app, "/shop/?orderby=rating").await;
    assert_eq!(listed_names(&rated.body)[0], "Beanie");
    let unknown = get(&shop.app, "/shop/?orderby=%3Cscript%3E").await;
    assert_eq!(unknown.status, StatusCode::OK);
    assert_eq!(listed_names(&unknown.body), CATALOGUE);

    let filtered = get(&shop.app, "/shop/?filter_color=blue&orderby=price").await;
    assert_eq!(listed_names(&filtered.body), ["Cap", "Hoodie"]);
    let ordering = filtered
        .body
        .split("class=\"woocommerce-ordering\"")
        .nth(1)
        .and_then(|rest| rest.split("</form>").next())
        .expect("ordering form");
    assert!(
        ordering.contains("<input type=\"hidden\" name=\"filter_color\" value=\"blue\">"),
        "the ordering form keeps the filter"
    );
    assert!(!ordering.contains("name=\"orderby\" value"));
}

#[tokio::test]
async fn filters_combine_and_show_counts_and_remove_links() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let app = &shop.app;
    let blue = get(app, "/shop/?filter_color=blue").await;
    assert_eq!(listed_names(&blue.body), ["Hoodie", "Cap"]);
    assert!(blue.body.contains("Active filters"));
    assert!(blue.body.contains(
        "<a href=\"/shop/\" rel=\"nofollow\" aria-label=\"Remove filter: Color: Blue\">"
    ));
    // Other colours are counted without the colour filter, so they can be added.
    assert!(blue.body.contains("href=\"/shop/?filter_color=blue,red&amp;query_type_color=or\" rel=\"nofollow\" data-swatch-color=\"#b91c1c\">Red</a> <span class=\"count\">(2)</span>"));

    let both_all = get(app, "/shop/?filter_color=blue,red").await;
    assert_eq!(
        listed_names(&both_all.body),
        ["Hoodie"],
        "and by default, as WooCommerce"
    );
    let both_any = get(app, "/shop/?filter_color=blue,red&query_type_color=or").await;
    assert_eq!(listed_names(&both_any.body), ["Hoodie", "Beanie", "Cap"]);

    let priced = get(app, "/shop/?min_price=20&max_price=30").await;
    assert_eq!(
        listed_names(&priced.body),
        ["Logo T-shirt", "Sold-out T-shirt", "Partner Scarf"]
    );
    assert!(priced.body.contains("value=\"20\""));
    assert!(priced.body.contains("Price: $20.00 – $30.00"));

    let rated = get(app, "/shop/?rating_filter=5").await;
    assert_eq!(listed_names(&rated.body), ["Beanie"]);
    let in_stock = get(app, "/shop/?stock_status=instock").await;
    assert!(!listed_names(&in_stock.body).contains(&"Sold-out T-shirt".to_owned()));

    let combined = get(
        app,
        "/shop/?filter_color=green&stock_status=instock&max_price=100",
    )
    .await;
    assert_eq!(listed_names(&combined.body), ["Hoodie", "Logo T-shirt"]);
    assert!(combined.body.contains("Clear all"));

    let nothing = get(app, "/shop/?filter_color=blue&max_price=1").await;
    assert_eq!(nothing.status, StatusCode::OK);
    assert!(
        nothing
            .body
            .contains("No products were found matching your selection.")
    );
    assert!(nothing.body.contains("Clear the filters"));
}

#[tokio::test]
async fn malformed_filters_are_ignored_and_never_echoed_raw() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    for query in [
        "filter_color=%3Cscript%3Ealert(1)%3C/script%3E",
        "filter_nope=blue",
        "min_price=abc&max_price=%22%3E%3Cimg",
        "rating_filter=x,9,-1",
        "stock_status=%3Cb%3E",
        "query_type_color=%3Cscript%3E",
        "filter_color=blue&filter_color=",
        "%%%=%%&&=&a",
    ] {
        let reply = get(&shop.app, &format!("/shop/?{query}")).await;
        assert_eq!(reply.status, StatusCode::OK, "{query}");
        assert!(!reply.body.contains("<script>alert"), "{query}");
        assert!(!reply.body.contains("\"><img"), "{query}");
        assert!(!reply.body.contains("<b>"), "{query}");
    }
    let ignored = get(&shop.app, "/shop/?filter_color=%3Cscript%3E&min_price=abc").await;
    assert_eq!(listed_names(&ignored.body), CATALOGUE);
}

#[tokio::test]
async fn categories_nest_redirect_to_their_path_and_paginate() {
    let shop = shop_with(|s| s.products_per_page = 1).await;
    let app = &shop.app;
    let hoodies = get(app, "/product-category/clothing/hoodies/").await;
    assert_eq!(hoodies.status, StatusCode::OK);
    assert_eq!(listed_names(&hoodies.body), ["Hoodie"]);
    assert!(
        hoodies
            .body
            .contains("<h1 class=\"woocommerce-products-header__title page-title\">Hoodies</h1>")
    );
    assert!(
        hoodies
            .body
            .contains("<a href=\"/product-category/clothing/\">Clothing</a>"),
        "breadcrumb"
    );
    assert!(
        hoodies
            .body
            .contains("<span aria-current=\"page\">Hoodies</span>")
    );
    assert!(hoodies.body.contains("current-cat"));

    assert_eq!(
        all_names(app, "/product-category/clothing/").await,
        ["Hoodie", "Logo T-shirt", "Sold-out T-shirt"]
    );
    let page_two = get(app, "/product-category/clothing/page/2/").await;
    assert_eq!(listed_names(&page_two.body), ["Logo T-shirt"]);
    assert!(
        page_two
            .body
            .contains("href=\"/product-category/clothing/page/3/\" rel=\"next\"")
    );

    let moved = get(app, "/product-category/hoodies/?orderby=price").await;
    assert_eq!(moved.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(
        moved.location(),
        "/product-category/clothing/hoodies/?orderby=price"
    );
    assert_eq!(
        get(app, "/product-category/clothing").await.location(),
        "/product-category/clothing/"
    );
    assert_eq!(
        get(app, "/product-category/clothing/page/1/?orderby=price")
            .await
            .location(),
        "/product-category/clothing/?orderby=price"
    );
    for missing in [
        "/product-category/nope/",
        "/product-category/clothing/page/9/",
        "/product-category/clothing/page/0/",
        "/product-category/",
        "/product-tag/nope/",
        "/product-tag/new/extra/",
    ] {
        let reply = get(app, missing).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{missing}");
        assert!(reply.body.contains("Page not found"));
    }
}

#[tokio::test]
async fn tags_list_their_products() {
    let shop = shop().await;
    let reply = get(&shop.app, "/product-tag/new/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(listed_names(&reply.body), ["Hoodie"]);
    assert!(reply.body.contains("Products tagged \u{201c}New\u{201d}"));
    assert!(reply.body.contains("Showing the single result"));
}
