//! The cart follows the merchant's settings (options `tax`, `shipping`, `coupon_settings`,
//! read on every request) and the catalogue's state when adding: products that cannot be
//! bought or are out of stock are refused with WooCommerce's errors, each pinned.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::StatusCode;
use mercato_core::catalogue::{ProductId, Stock};
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::options;
use serde_json::json;
use store_api_cart_support::{Client, RefShop, ref_shop};
use store_api_support::{assert_snapshot, assert_wp_error};

async fn edit(shop: &RefShop, id: i64, change: impl FnOnce(&mut mercato_core::catalogue::Product)) {
    let db = &shop.state.db;
    let mut product = catalogue::product_by_id(db, ProductId(id))
        .await
        .expect("read")
        .expect("product");
    change(&mut product);
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer
        .save_product(&mut product, &mut [])
        .await
        .expect("save");
    writer.commit().await.expect("commit");
}

async fn cart_with_tshirt(shop: &RefShop) -> Client {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    client
}

#[tokio::test]
async fn coupons_shipping_and_taxes_follow_the_settings() {
    let shop = ref_shop().await;
    let db = &shop.state.db;
    let mut client = cart_with_tshirt(&shop).await;
    options::set(db, "coupon_settings", &json!({"enabled": false}))
        .await
        .expect("set");
    let reply = client
        .post("/cart/apply-coupon", json!({"code": "ten"}))
        .await;
    assert_wp_error(&reply, 404, "woocommerce_rest_cart_coupon_disabled");
    assert_snapshot("cart-error-coupon-disabled", &reply.text);

    options::set(db, "shipping", &json!({"enabled": false}))
        .await
        .expect("set");
    let reply = client
        .post(
            "/cart/select-shipping-rate",
            json!({"rate_id": "flat_rate:1"}),
        )
        .await;
    assert_wp_error(&reply, 404, "woocommerce_rest_shipping_disabled");
    assert_snapshot("cart-error-shipping-disabled", &reply.text);
    let cart = client.get("/cart").await.body;
    assert_eq!(cart["needs_shipping"], false);
    assert_eq!(cart["shipping_rates"], json!([]));

    options::set(db, "tax", &json!({"enabled": false}))
        .await
        .expect("set");
    let cart = client.get("/cart").await.body;
    assert_eq!(cart["totals"]["total_tax"], "0");
    assert_eq!(cart["totals"]["total_price"], "1800");

    // A merchant's own zone and rate replace the reference shop's.
    options::set(db, "tax", &json!({"enabled": true}))
        .await
        .expect("set");
    options::set(
        db,
        "tax_rates",
        &json!([{"id": 7, "country": "US", "rate": "10", "name": "Sales tax"}]),
    )
    .await
    .expect("set");
    options::set(
        db,
        "shipping",
        &json!({"zones": [{"id": 3, "name": "Everywhere", "methods": [
            {"method_id": "flat_rate", "instance_id": 4, "cost": "4.50"}
        ]}]}),
    )
    .await
    .expect("set");
    let cart = client.get("/cart").await.body;
    let rates = &cart["shipping_rates"][0]["shipping_rates"];
    assert_eq!(rates[0]["rate_id"], "flat_rate:4");
    assert_eq!(rates[0]["price"], "450");
    assert_eq!(cart["totals"]["tax_lines"][0]["name"], "Sales tax");
    assert_eq!(cart["totals"]["total_price"], "2475");
}

#[tokio::test]
async fn products_that_cannot_be_bought_are_refused() {
    let shop = ref_shop().await;
    edit(&shop, 19, |p| p.pricing.regular = None).await;
    edit(&shop, 18, |p| p.stock = Stock::managed(0)).await;
    let mut client = cart_with_tshirt(&shop).await;
    let reply = client.post("/cart/add-item", json!({"id": 19})).await;
    assert_wp_error(&reply, 400, "woocommerce_rest_product_not_purchasable");
    assert_eq!(
        reply.body["message"],
        "&quot;Belt&quot; is not available for purchase."
    );
    assert_snapshot("cart-error-not-purchasable", &reply.text);
    let reply = client.post("/cart/add-item", json!({"id": 18})).await;
    assert_wp_error(&reply, 400, "woocommerce_rest_product_out_of_stock");
    assert_snapshot("cart-error-out-of-stock", &reply.text);
    // The variable parent itself is never a line; a disabled variation is not for sale.
    let reply = client
        .post(
            "/cart/add-item",
            json!({"id": 15, "variation": [{"attribute": "Color", "value": "red"}]}),
        )
        .await;
    assert_wp_error(
        &reply,
        400,
        "woocommerce_rest_variation_id_from_variation_data",
    );
    let reply = client
        .post("/cart/items", json!({"id": 17, "key": "x"}))
        .await;
    assert_wp_error(&reply, 400, "woocommerce_rest_cart_item_exists");
    assert_snapshot("cart-error-item-exists", &reply.text);
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 0}))
        .await;
    assert_wp_error(&reply, 400, "woocommerce_rest_product_invalid_quantity");
    assert_snapshot("cart-error-invalid-quantity-zero", &reply.text);
    let key = "70efdf2ec9b086079795c442636b55fb";
    let reply = client
        .post("/cart/update-item", json!({"key": key, "quantity": 0}))
        .await;
    assert_wp_error(&reply, 400, "invalid_quantity");
    assert_snapshot("cart-error-quantity-below-minimum", &reply.text);
    edit(&shop, 17, |p| p.sold_individually = true).await;
    let reply = client
        .post("/cart/update-item", json!({"key": key, "quantity": 1}))
        .await;
    assert_wp_error(&reply, 400, "readonly_quantity");
    assert_snapshot("cart-error-readonly-quantity", &reply.text);
    let reply = client
        .post("/cart/remove-coupon", json!({"code": "ten"}))
        .await;
    assert_wp_error(&reply, 409, "woocommerce_rest_cart_coupon_invalid_code");
    assert!(reply.body["data"]["cart"]["items"].is_array());
}
