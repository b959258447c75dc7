//! `GET /wc/store/v1/products`: listing, every filter and sort, pagination headers.

use crate::store_api_support;

use axum::http::StatusCode;
use store_api_support::shop;

use store_api_support::fixture::csv;

#[tokio::test]
async fn default_listing_is_newest_first_with_headers() {
    let s = shop().await;
    let reply = s.get("/products").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.ids(), s.listed());
    assert_eq!(
        reply.header("content-type"),
        "application/json; charset=UTF-8"
    );
    assert_eq!(reply.header("cache-control"), "no-store");
    assert_eq!(reply.header("x-wp-total"), "9");
    assert_eq!(reply.header("x-wp-totalpages"), "1");
    assert!(reply.all("link").is_empty());
    assert_eq!(
        reply.header("access-control-expose-headers"),
        "X-WP-Total, X-WP-TotalPages, Link, Cart-Token"
    );
    for item in reply.body.as_array().expect("list") {
        assert!(
            item["permalink"]
                .as_str()
                .expect("permalink")
                .starts_with("http://shop.test/product/")
        );
    }
}

#[tokio::test]
async fn pages_link_to_their_neighbours() {
    let s = shop().await;
    let first = s.get("/products?per_page=3").await;
    assert_eq!(first.ids(), s.listed()[..3]);
    assert_eq!(
        (first.header("x-wp-total"), first.header("x-wp-totalpages")),
        ("9", "3")
    );
    assert_eq!(
        first.all("link"),
        ["<http://shop.test/wp-json/wc/store/v1/products?per_page=3&page=2>; rel=\"next\""]
    );
    let middle = s.get("/products?page=2&per_page=3").await;
    assert_eq!(middle.ids(), s.listed()[3..6]);
    assert_eq!(
        middle.all("link"),
        [
            "<http://shop.test/wp-json/wc/store/v1/products?page=1&per_page=3>; rel=\"prev\"",
            "<http://shop.test/wp-json/wc/store/v1/products?page=3&per_page=3>; rel=\"next\"",
        ]
    );
    let last = s.get("/products?per_page=3&page=3").await;
    assert_eq!(last.ids(), s.listed()[6..]);
    assert_eq!(last.all("link").len(), 1);
    let far = s.get("/products?per_page=3&page=99999999999").await;
    assert_eq!(far.status, StatusCode::OK);
    assert!(far.ids().is_empty());
    assert_eq!(far.header("x-wp-total"), "9");
    assert_eq!(
        far.all("link"),
        ["<http://shop.test/wp-json/wc/store/v1/products?per_page=3&page=3>; rel=\"prev\""]
    );
    let offset = s.get("/products?per_page=2&offset=2").await;
    assert_eq!(offset.ids(), s.listed()[2..4]);
    let all = s.get("/products?per_page=100").await;
    assert_eq!(all.ids(), s.listed());
}

#[tokio::test]
async fn categories_tags_and_operators() {
    let s = shop().await;
    assert_eq!(
        s.ids("/products?category=accessories").await,
        [s.sock, s.scarf, s.beanie]
    );
    // A category includes its subcategories; ids and slugs mix.
    let clothing = s.ids(&format!("/products?category={}", s.clothing)).await;
    assert_eq!(clothing, [s.collection, s.tshirt, s.vneck, s.hoodie]);
    assert_eq!(
        s.ids("/products?category=hoodies,tshirts").await,
        [s.tshirt, s.vneck, s.hoodie]
    );
    assert_eq!(
        s.ids(&format!(
            "/products?category=clothing,{}&category_operator=and",
            s.tshirts
        ))
        .await,
        [s.tshirt, s.vneck]
    );
    assert_eq!(
        s.ids("/products?category=accessories&category_operator=not_in")
            .await,
        [
            s.hidden,
            s.pennant,
            s.collection,
            s.tshirt,
            s.vneck,
            s.hoodie
        ]
    );
    assert!(
        s.ids("/products?category=no-such-category")
            .await
            .is_empty()
    );
    assert!(
        s.ids("/products?category=accessories,nope&category_operator=and")
            .await
            .is_empty()
    );
    // The draft is the only product in Music.
    assert!(s.ids("/products?category=music").await.is_empty());

    assert_eq!(s.ids("/products?tag=cosy").await, [s.tshirt, s.hoodie]);
    assert_eq!(
        s.ids(&format!("/products?tag=cosy,{}&tag_operator=and", s.gift))
            .await,
        [s.tshirt]
    );
    assert_eq!(
        s.ids("/products?tag=gift&tag_operator=not_in").await,
        [
            s.hidden,
            s.sock,
            s.scarf,
            s.pennant,
            s.collection,
            s.vneck,
            s.hoodie
        ]
    );
}

#[tokio::test]
async fn attribute_filters_in_every_shape() {
    let s = shop().await;
    let by_slug = "/products?attributes[0][attribute]=pa_color&attributes[0][slug][]=blue";
    assert_eq!(s.ids(by_slug).await, [s.hoodie]);
    let by_id = format!(
        "/products?attributes[0][attribute]=pa_color&attributes[0][term_id]={}",
        s.red
    );
    assert_eq!(s.ids(&by_id).await, [s.vneck, s.hoodie, s.beanie]);
    let all_of = format!(
        "/products?attributes[0][attribute]=pa_color&attributes[0][term_id][]={}&attributes[0][term_id][]={}\
         &attributes[0][operator]=and",
        s.red, s.green
    );
    assert_eq!(s.ids(&all_of).await, [s.vneck]);
    let none_of = "/products?attributes[0][attribute]=pa_color&attributes[0][slug]=blue&attributes[0][operator]=not_in";
    assert_eq!(
        s.ids(none_of).await,
        [
            s.hidden,
            s.sock,
            s.scarf,
            s.pennant,
            s.collection,
            s.tshirt,
            s.vneck,
            s.beanie
        ]
    );
    let two = "/products?attributes[0][attribute]=pa_color&attributes[0][slug]=red\
               &attributes[1][attribute]=pa_size&attributes[1][slug]=small&attribute_relation=and";
    assert_eq!(s.ids(two).await, [s.vneck]);
    let legacy = format!("/products?attribute=pa_color&attribute_term={}", s.green);
    assert_eq!(s.ids(&legacy).await, [s.vneck]);
    // Unknown attributes are skipped, as WooCommerce does; unknown terms match nothing.
    assert_eq!(
        s.ids("/products?attributes[0][attribute]=pa_nope&attributes[0][slug]=x")
            .await,
        s.listed()
    );
    assert!(
        s.ids("/products?attributes[0][attribute]=pa_color&attributes[0][slug]=mauve")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn price_stock_sale_featured_type_and_rating() {
    let s = shop().await;
    assert_eq!(
        s.ids("/products?min_price=2000").await,
        [s.scarf, s.vneck, s.hoodie]
    );
    assert_eq!(
        s.ids("/products?max_price=1500").await,
        [s.hidden, s.sock, s.pennant, s.vneck]
    );
    assert_eq!(
        s.ids("/products?min_price=1800&max_price=1800").await,
        [s.tshirt, s.vneck, s.beanie]
    );
    assert_eq!(
        s.ids("/products?stock_status[]=outofstock").await,
        [s.scarf]
    );
    assert_eq!(
        s.ids("/products?stock_status=outofstock,onbackorder").await,
        [s.scarf]
    );
    assert_eq!(s.ids("/products?on_sale=true").await, [s.hoodie, s.beanie]);
    assert_eq!(s.ids("/products?on_sale=0").await.len(), 7);
    assert_eq!(s.ids("/products?featured=1").await, [s.beanie]);
    assert_eq!(s.ids("/products?featured=false").await.len(), 8);
    assert_eq!(s.ids("/products?type=variable").await, [s.vneck, s.hoodie]);
    assert_eq!(s.ids("/products?type=grouped").await, [s.collection]);
    assert_eq!(s.ids("/products?type=external").await, [s.pennant]);
    // Hoodie averages 4.5 stars (shown as 5), the beanie 3; held reviews do not count.
    assert_eq!(s.ids("/products?rating=5").await, [s.hoodie]);
    assert_eq!(
        s.ids("/products?rating[]=3&rating[]=5").await,
        [s.hoodie, s.beanie]
    );
    assert!(s.ids("/products?rating=9").await.is_empty());
}

#[tokio::test]
async fn variations_list_as_products() {
    let s = shop().await;
    let reply = s.get("/products?type=variation").await;
    assert_eq!(reply.header("x-wp-total"), "5");
    assert!(
        reply
            .body
            .as_array()
            .expect("list")
            .iter()
            .all(|v| v["type"] == "variation")
    );
    let hoodie = s
        .ids(&format!(
            "/products?type=variation&parent={}&order=asc",
            s.hoodie
        ))
        .await;
    assert_eq!(
        hoodie,
        [s.hoodie_red, s.hoodie_blue_logo, s.hoodie_blue_any]
    );
    let cheap = s
        .ids("/products?type=variation&orderby=price&order=asc&per_page=2")
        .await;
    assert_eq!(cheap.len(), 2);
    let on_sale = s.ids("/products?type=variation&on_sale=true").await;
    assert_eq!(on_sale, [s.hoodie_red]);
    // A variation's SKU finds the variation itself.
    let by_sku = s.get("/products?sku=woo-hoodie-red").await;
    assert_eq!(by_sku.ids(), [s.hoodie_red]);
    assert_eq!(by_sku.body[0]["parent"], s.hoodie);
    assert_eq!(by_sku.body[0]["variation"], "Color: Red, Logo: No");
}

#[tokio::test]
async fn ids_slugs_skus_parents_and_visibility() {
    let s = shop().await;
    assert_eq!(
        s.ids(&format!(
            "/products?include={}",
            csv(&[s.beanie, s.hidden, s.draft])
        ))
        .await,
        [s.hidden, s.beanie]
    );
    assert_eq!(
        s.ids(&format!("/products?exclude={}", s.beanie))
            .await
            .len(),
        8
    );
    assert!(s.ids("/products?include=abc").await.is_empty());
    assert_eq!(
        s.ids("/products?slug=beanie,t-shirt").await,
        [s.tshirt, s.beanie]
    );
    assert_eq!(s.ids("/products?slug=hidden-mug").await, [s.hidden]);
    assert!(s.ids("/products?slug=secret-hoodie").await.is_empty());
    assert_eq!(
        s.ids("/products?sku=woo-beanie,woo-tshirt").await,
        [s.tshirt, s.beanie]
    );
    assert!(s.ids("/products?sku=nope").await.is_empty());
    assert_eq!(s.ids("/products?parent=0").await, s.listed());
    assert!(
        s.ids(&format!("/products?parent={}", s.hoodie))
            .await
            .is_empty()
    );
    assert!(s.ids("/products?parent_exclude=0").await.is_empty());

    // listed() is the hidden mug, the search-only sock, then the products shown everywhere.
    let visible = s.ids("/products?catalog_visibility=visible").await;
    assert_eq!(visible, s.listed()[2..]);
    assert_eq!(
        s.ids("/products?catalog_visibility=catalog").await,
        s.listed()[2..]
    );
    assert_eq!(
        s.ids("/products?catalog_visibility=search").await,
        s.listed()[1..]
    );
    assert_eq!(
        s.ids("/products?catalog_visibility=hidden").await,
        [s.hidden]
    );
    // Asked nothing, every published product is listed, hidden ones too, as WooCommerce
    // lists and counts them (golden 001); `any` says the same.
    assert_eq!(s.ids("/products?catalog_visibility=any").await, s.listed());
    assert_eq!(s.ids("/products").await, s.listed());
}
