//! `GET /wc/store/v1/products`: search and every sort order.

use crate::store_api_support;

use axum::http::StatusCode;
use store_api_support::fixture::csv;
use store_api_support::shop;

#[tokio::test]
async fn search_finds_names_and_skus_and_survives_hostile_text() {
    let s = shop().await;
    assert_eq!(s.ids("/products?search=hood").await, [s.hoodie]);
    assert_eq!(s.ids("/products?search=WOO-VNECK").await, [s.vneck]);
    assert_eq!(s.ids("/products?search=hoodie-blue").await, [s.hoodie]);
    for hostile in [
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "%27%20OR%201%3D1%20--",
        "%22%3B%20DROP%20TABLE%20products%3B%20--",
        "%25%25%5F%5C",
        "%01%FF",
        "a%27b%22c%60d",
    ] {
        let reply = s.get(&format!("/products?search={hostile}")).await;
        assert_eq!(reply.status, StatusCode::OK, "{hostile}: {}", reply.body);
        assert!(reply.body.is_array());
    }
    // A NUL character is refused where the URL is read (security review F6).
    let reply = s.get("/products?search=%00%01%FF").await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(reply.body["code"], "rest_invalid_param");
    assert!(reply.body["data"]["params"]["search"].is_string());
    // Tags are stripped before searching, so a script alone searches for nothing.
    assert_eq!(
        s.ids("/products?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            .await,
        s.listed()
    );
    assert!(
        s.ids("/products?search=%27%20OR%201%3D1%20--")
            .await
            .is_empty()
    );
    assert_eq!(
        s.ids("/products?search=hoodie&orderby=relevance").await,
        [s.hoodie]
    );
}

#[tokio::test]
async fn every_sort_order() {
    let s = shop().await;
    assert_eq!(
        s.ids("/products?orderby=title&order=asc").await,
        [
            s.beanie,
            s.hidden,
            s.hoodie,
            s.collection,
            s.scarf,
            s.sock,
            s.tshirt,
            s.vneck,
            s.pennant
        ]
    );
    assert_eq!(
        s.ids("/products?orderby=date&order=asc").await,
        s.listed().into_iter().rev().collect::<Vec<_>>()
    );
    assert_eq!(
        s.ids("/products?orderby=price&order=asc").await,
        [
            s.sock,
            s.hidden,
            s.pennant,
            s.vneck,
            s.beanie,
            s.tshirt,
            s.scarf,
            s.hoodie,
            s.collection
        ]
    );
    assert_eq!(
        s.ids("/products?orderby=price").await,
        [
            s.hoodie,
            s.scarf,
            s.vneck,
            s.tshirt,
            s.beanie,
            s.pennant,
            s.hidden,
            s.sock,
            s.collection
        ]
    );
    assert_eq!(s.ids("/products?orderby=popularity").await[0], s.tshirt);
    assert_eq!(
        s.ids("/products?orderby=rating").await[..2],
        [s.hoodie, s.beanie]
    );
    assert_eq!(
        s.ids("/products?orderby=comment_count").await[..2],
        [s.hoodie, s.beanie]
    );
    assert_eq!(
        s.ids("/products?orderby=id&order=asc").await,
        s.listed().into_iter().rev().collect::<Vec<_>>()
    );
    assert_eq!(
        s.ids("/products?orderby=slug&order=asc").await,
        [
            s.beanie,
            s.hidden,
            s.hoodie,
            s.collection,
            s.scarf,
            s.sock,
            s.tshirt,
            s.vneck,
            s.pennant
        ]
    );
    assert_eq!(s.ids("/products?orderby=menu_order").await.len(), 9);
    assert_eq!(s.ids("/products?orderby=modified").await.len(), 9);
    let include = csv(&[s.tshirt, s.beanie, s.hoodie]);
    assert_eq!(
        s.ids(&format!("/products?include={include}&orderby=include"))
            .await,
        [s.tshirt, s.beanie, s.hoodie]
    );
    let paged = s
        .get(&format!(
            "/products?include={include}&orderby=include&per_page=2&page=2"
        ))
        .await;
    assert_eq!(
        (paged.ids(), paged.header("x-wp-total")),
        (vec![s.hoodie], "3")
    );
}
