//! The cart against a changing shop: stock held by other checkouts, products that go out of
//! stock, change price or disappear, coupons that stop being valid, limits (sold
//! individually, minimums and steps), cross-sells, customers' carts and the merge at login.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::StatusCode;
use mercato_core::catalogue::{Product, ProductId, PurchaseLimits, Stock};
use mercato_core::money::Money;
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::{carts, coupons};
use mercato_server::cart::{self, CartDocument};
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, ref_shop};
use store_api_support::{assert_same_shape, golden_body};

async fn edit(shop: &RefShop, id: i64, change: impl FnOnce(&mut Product)) {
    let db = &shop.state.db;
    let mut product = catalogue::product_by_id(db, ProductId(id))
        .await
        .expect("read")
        .expect("product");
    let mut variations = catalogue::variations_of(db, ProductId(id))
        .await
        .expect("variations");
    change(&mut product);
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer
        .save_product(&mut product, &mut variations)
        .await
        .expect("save");
    writer.commit().await.expect("commit");
}

async fn cart_with(shop: &RefShop, items: &[(i64, i64)]) -> Client {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    for (id, quantity) in items {
        let reply = client
            .post("/cart/add-item", json!({"id": id, "quantity": quantity}))
            .await;
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    }
    client
}

fn codes(cart: &Value) -> Vec<String> {
    cart["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["code"].as_str().expect("code").to_owned())
        .collect()
}

fn line(cart: &Value, id: i64) -> &Value {
    cart["items"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["id"] == id))
        .unwrap_or_else(|| panic!("no line {id}: {cart}"))
}

async fn hold(shop: &RefShop, order_cart_key: &str, product_id: i64, quantity: i64) {
    let pool = shop.state.db.pool();
    let now = mercato_db::now();
    let id: i64 = sqlx::query_scalar(
        "insert into orders (order_key, status, cart_key, currency, total, created_via, data, created_at, updated_at)
         values ($1, 'checkout-draft', $2, 'USD', 0, 'store-api', '{}', $3, $3) returning id",
    )
    .bind(format!("wc_order_{order_cart_key}"))
    .bind(order_cart_key.to_owned())
    .bind(now)
    .fetch_one(pool)
    .await
    .expect("order");
    sqlx::query("insert into stock_holds (order_id, product_id, quantity, expires_at) values ($1, $2, $3, $4)")
        .bind(id)
        .bind(product_id)
        .bind(quantity)
        .bind(now + 600)
        .execute(pool)
        .await
        .expect("hold");
}

#[tokio::test]
async fn stock_held_by_other_checkouts_is_not_for_sale() {
    let shop = ref_shop().await;
    hold(&shop, "t_000000000000000000000000000000", 18, 1).await;
    let mut client = cart_with(&shop, &[(18, 1)]).await;
    let cart = client.get("/cart").await.body;
    assert_eq!(line(&cart, 18)["quantity_limits"]["maximum"], 1);
    assert_eq!(line(&cart, 18)["low_stock_remaining"], 1);
    let reply = client
        .post("/cart/add-item", json!({"id": 18, "quantity": 1}))
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        reply.body["message"],
        "You cannot add that amount of &quot;Beanie&quot; to the cart because there is not enough stock (1 remaining)."
    );
    // The shopper's own draft holds nothing against them.
    let key = cart_key(&client, &shop).await;
    hold(&shop, &key, 18, 1).await;
    let cart = client.get("/cart").await.body;
    assert_eq!(
        line(&cart, 18)["quantity_limits"]["maximum"],
        1,
        "only the other draft counts"
    );
}

async fn cart_key(client: &Client, shop: &RefShop) -> String {
    let session = client.cookies.get("mercato_session").expect("session");
    let session = mercato_db::sessions::load(&shop.state.db, session)
        .await
        .expect("load")
        .expect("live");
    cart::identity::cart_key_of(&session).expect("cart key")
}

#[tokio::test]
async fn a_cart_reports_what_changed_since_it_was_filled() {
    let shop = ref_shop().await;
    let mut client = cart_with(&shop, &[(17, 1), (18, 2), (20, 1)]).await;
    edit(&shop, 17, |p| {
        p.pricing.regular = Some(Money::from_minor(2000))
    })
    .await;
    edit(&shop, 18, |p| p.stock = Stock::managed(0)).await;
    catalogue::delete_product(&shop.state.db, ProductId(20))
        .await
        .expect("delete");

    let cart = client.get("/cart").await.body;
    assert_eq!(
        codes(&cart),
        [
            "woocommerce_rest_product_out_of_stock",
            "woocommerce_rest_cart_item_error",
            "woocommerce_rest_cart_item_error",
        ],
        "{}",
        cart["errors"]
    );
    let messages: Vec<&str> = cart["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["message"].as_str().expect("message"))
        .collect();
    assert_eq!(
        messages[0],
        "&quot;Beanie&quot; is out of stock and cannot be purchased. Please remove it from your cart."
    );
    assert!(
        messages
            .iter()
            .any(|m| m.contains("The price of &quot;T-Shirt&quot; has changed"))
    );
    assert!(
        messages
            .iter()
            .any(|m| m.starts_with("Cap has been removed from your cart"))
    );
    assert_eq!(line(&cart, 17)["prices"]["price"], "2000");
    assert_eq!(line(&cart, 18)["quantity"], 1, "brought within the stock");
    assert!(
        cart["items"]
            .as_array()
            .expect("items")
            .iter()
            .all(|i| i["id"] != 20)
    );

    // Told once: the next read only still has the stock problem.
    let cart = client.get("/cart").await.body;
    assert_eq!(codes(&cart), ["woocommerce_rest_product_out_of_stock"]);
}

#[tokio::test]
async fn a_coupon_that_stops_applying_is_removed_and_reported() {
    let shop = ref_shop().await;
    let mut client = cart_with(&shop, &[(17, 1)]).await;
    let reply = client
        .post("/cart/apply-coupon", json!({"code": "TEN "}))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["coupons"][0]["code"], "ten");
    let mut coupon = coupons::get_by_code(&shop.state.db, "ten")
        .await
        .expect("read")
        .expect("coupon");
    coupon.expires_at = Some(1_577_836_800);
    coupons::save(&shop.state.db, &coupon).await.expect("save");
    let cart = client.get("/cart").await.body;
    assert_eq!(cart["coupons"], json!([]));
    assert_eq!(codes(&cart), ["woocommerce_rest_cart_coupon_error"]);
    assert_eq!(
        cart["errors"][0]["message"],
        "The \"ten\" coupon has been removed from your cart: Coupon &quot;ten&quot; has expired."
    );
    assert_eq!(client.get("/cart").await.body["errors"], json!([]));
}

#[tokio::test]
async fn limits_are_kept_when_adding() {
    let shop = ref_shop().await;
    edit(&shop, 19, |p| {
        p.purchase_limits = PurchaseLimits {
            minimum: Some(2),
            maximum: Some(10),
            multiple_of: Some(2),
        };
    })
    .await;
    edit(&shop, 20, |p| p.sold_individually = true).await;
    let mut client = cart_with(&shop, &[]).await;
    let reply = client
        .post("/cart/add-item", json!({"id": 19, "quantity": 5}))
        .await;
    assert_eq!(
        line(&reply.body, 19)["quantity"],
        6,
        "to the nearest multiple"
    );
    assert_eq!(
        line(&reply.body, 19)["quantity_limits"],
        json!({"minimum": 2, "maximum": 10, "multiple_of": 2, "editable": true})
    );
    let reply = client
        .post("/cart/add-item", json!({"id": 19, "quantity": 1}))
        .await;
    assert_eq!(reply.body["code"], "invalid_quantity");
    assert_eq!(
        reply.body["message"],
        "The quantity of &quot;Belt&quot; must be a multiple of 2"
    );
    let reply = client
        .post("/cart/add-item", json!({"id": 20, "quantity": 5}))
        .await;
    assert_eq!(line(&reply.body, 20)["quantity"], 1, "sold individually");
    assert_eq!(line(&reply.body, 20)["quantity_limits"]["editable"], false);
    // Adding it again is WooCommerce's refusal of a second one, not a quantity change.
    let reply = client.post("/cart/add-item", json!({"id": 20})).await;
    assert_eq!(
        reply.body["code"],
        "woocommerce_rest_cart_product_sold_individually"
    );
    assert_eq!(
        reply.body["message"],
        "You cannot add another \"Cap\" to your cart."
    );
    let key = line(&client.get("/cart").await.body, 20)["key"].clone();
    let reply = client
        .post("/cart/update-item", json!({"key": key, "quantity": 2}))
        .await;
    assert_eq!(reply.body["code"], "readonly_quantity");
}

#[tokio::test]
async fn cross_sells_are_store_api_products_not_in_the_cart() {
    let shop = ref_shop().await;
    edit(&shop, 17, |p| {
        p.cross_sell_ids = vec![ProductId(19), ProductId(20), ProductId(999)]
    })
    .await;
    let mut client = cart_with(&shop, &[(17, 1), (20, 1)]).await;
    let cart = client.get("/cart").await.body;
    let ids: Vec<i64> = cart["cross_sells"]
        .as_array()
        .expect("cross sells")
        .iter()
        .map(|p| p["id"].as_i64().expect("id"))
        .collect();
    assert_eq!(ids, [19]);
    assert_same_shape(
        &cart["cross_sells"][0],
        &golden_body("004"),
        "cross_sells[0]",
    );
}

#[tokio::test]
async fn gift_wrap_is_an_extension_and_a_fee() {
    let shop = ref_shop().await;
    let mut client = cart_with(&shop, &[(17, 1)]).await;
    let reply = client
        .post(
            "/cart/extensions",
            json!({"namespace": "mercato", "data": {"gift_wrap": true}}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(
        reply.body["extensions"],
        json!({"mercato": {"gift_wrap": true}})
    );
    let fee = &reply.body["fees"][0];
    assert_eq!(fee["key"], "gift-wrap");
    assert_eq!(fee["name"], "Gift wrap");
    assert_eq!(fee["totals"]["total"], "500");
    assert_eq!(fee["totals"]["total_tax"], "41");
    assert_eq!(reply.body["totals"]["total_fees"], "500");
    let reply = client
        .post(
            "/cart/extensions",
            json!({"namespace": "mercato", "data": {"gift_wrap": false}}),
        )
        .await;
    assert_eq!(reply.body["fees"], json!([]));
}

#[tokio::test]
async fn a_customer_has_their_own_cart_and_a_guest_cart_joins_it_at_login() {
    let shop = ref_shop().await;
    let db = &shop.state.db;
    // The customer's cart from another device: T-Shirt 1, Beanie 1.
    let session = mercato_db::sessions::create(db, Some(42), 3600)
        .await
        .expect("session");
    let mut customer = Client::new(&shop.app);
    customer
        .cookies
        .insert("mercato_session".into(), session.id.clone());
    customer.get("/cart").await;
    customer
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    let reply = customer
        .post("/cart/add-item", json!({"id": 18, "quantity": 1}))
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    assert_eq!(reply.header("user-id"), "42");
    let stored = carts::load::<CartDocument>(db, "42", mercato_db::now())
        .await
        .expect("load")
        .expect("cart");
    assert_eq!(stored.user_id, Some(42));

    // As a guest: T-Shirt 2, Beanie 2 (stock 2), Cap 1, coupon ten.
    let mut guest = cart_with(&shop, &[(17, 2), (18, 2), (20, 1)]).await;
    guest
        .post("/cart/apply-coupon", json!({"code": "ten"}))
        .await;
    let guest_key = cart_key(&guest, &shop).await;
    cart::merge_guest_cart_into_customer(&shop.state, &guest_key, 42)
        .await
        .expect("merge");

    let merged = customer.get("/cart").await.body;
    assert_eq!(line(&merged, 17)["quantity"], 3, "summed");
    assert_eq!(
        line(&merged, 18)["quantity"],
        2,
        "summed, then limited to the stock"
    );
    assert_eq!(line(&merged, 20)["quantity"], 1);
    assert_eq!(merged["coupons"][0]["code"], "ten");
    assert!(
        carts::load::<CartDocument>(db, &guest_key, mercato_db::now())
            .await
            .expect("load")
            .is_none()
    );
    // Merging again (or a missing guest cart) changes nothing.
    cart::merge_guest_cart_into_customer(&shop.state, &guest_key, 42)
        .await
        .expect("merge");
    assert_eq!(customer.get("/cart").await.body["items_count"], 6);
}

#[tokio::test]
async fn a_classic_write_gets_a_session_and_a_cart_once() {
    use axum_extra::extract::cookie::CookieJar;
    let shop = ref_shop().await;
    let headers = axum::http::HeaderMap::new();
    let (key, user, jar) = cart::identity::cart_for_write(&shop.state, CookieJar::new(), &headers)
        .await
        .expect("cart");
    assert!(carts::is_well_formed(&key) && key.starts_with("t_"));
    assert_eq!(user, None);
    let cookie = jar.get("mercato_session").expect("session cookie").clone();
    let again = CookieJar::new().add(cookie);
    let (same, _, _) = cart::identity::cart_for_write(&shop.state, again, &headers)
        .await
        .expect("cart");
    assert_eq!(same, key, "the session keeps its cart");
}

/// `add-item` prices its answer from what adding read and wrote (the stored cart and the
/// added product's records), not from a fresh read: the answer must be the cart a fresh read
/// gives, line for line, for simple products, variations of one product side by side, stock
/// held by another checkout, a line added to twice and an applied coupon.
#[tokio::test]
async fn an_add_answers_with_the_cart_a_fresh_read_gives() {
    let shop = ref_shop().await;
    hold(&shop, "t_000000000000000000000000000000", 18, 1).await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let hoodie_red = json!({"id": 15, "quantity": 2, "variation": [
        {"attribute": "Color", "value": "red"}, {"attribute": "Logo", "value": "No"}]});
    let vneck = json!({"id": 14, "quantity": 1, "variation": [
        {"attribute": "Color", "value": "red"}, {"attribute": "Size", "value": "large"}]});
    let adds = [
        json!({"id": 17, "quantity": 2}),
        json!({"id": 18, "quantity": 1}),
        store_api_cart_support::golden_request("010"),
        hoodie_red,
        json!({"id": 17, "quantity": 1}),
        vneck,
    ];
    for (i, add) in adds.into_iter().enumerate() {
        if i == 3 {
            let applied = client
                .post("/cart/apply-coupon", json!({"code": "ten"}))
                .await;
            assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);
        }
        let added = client.post("/cart/add-item", add).await;
        assert_eq!(added.status, StatusCode::CREATED, "add {i}: {}", added.body);
        let read = client.get("/cart").await;
        assert_eq!(added.body, read.body, "add {i}");
        assert_eq!(
            added.header("cart-hash"),
            read.header("cart-hash"),
            "add {i}"
        );
    }
    let cart = client.get("/cart").await.body;
    assert_eq!(cart["items"].as_array().map(Vec::len), Some(5));
    assert_eq!(line(&cart, 18)["quantity_limits"]["maximum"], 1);
}
