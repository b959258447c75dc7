//! A product sold individually is bought once per order (security review 2, N7): add-on
//! options make separate cart lines, but a second line of the same product is refused on every
//! way in, and a cart that holds two anyway (a guest cart merged at login) cannot be placed by
//! either checkout. A variation is "the product" here, as WooCommerce applies its parent's
//! setting to each variation: two different variations may each be bought once.

use crate::cart_page_support::{self, Browser as FormBrowser, cart_json, notices};
use crate::checkout_page::{form, nonce, placed_orders, post};
use crate::store_ajax_support::Browser as AjaxBrowser;
use crate::store_api_cart_support::{Client, RefShop, customer, golden_request};
use crate::store_api_support::assert_wp_error;

use axum::http::StatusCode;
use mercato_core::catalogue::ProductType;
use mercato_core::catalogue::{AddonGroup, AddonOption, AddonPrice, Pricing, Product, ProductId};
use mercato_core::money::Money;
use mercato_db::Backend;
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_server::cart;
use serde_json::{Value, json};

/// The review's mug: $18.00, sold individually, gift wrap No (default) or Yes (+$3.00).
const SOLO_MUG: i64 = 72;

/// WooCommerce's words when a sold-individually product is already in the cart.
const REFUSED: &str = "You cannot add another \"Solo Mug\" to your cart.";

/// The checkout's words for a cart holding it twice.
const TOO_MANY: &str = "There are too many &quot;Solo Mug&quot; in the cart. Only 1 item can be purchased. Please reduce the quantity in your cart.";

async fn shop(backend: Backend) -> RefShop {
    let shop = cart_page_support::cart_shop_on(backend).await;
    let mut mug = Product {
        sold_individually: true,
        pricing: Pricing::regular(Money::from_minor(1800)),
        addons: vec![AddonGroup {
            default: Some("no".into()),
            ..AddonGroup::new(
                "Gift wrap",
                vec![
                    AddonOption::new("No", AddonPrice::Free),
                    AddonOption::new(
                        "Yes",
                        AddonPrice::Flat {
                            amount: Money::from_minor(300),
                        },
                    ),
                ],
            )
        }],
        ..Product::new(ProductId(SOLO_MUG), ProductType::Simple, "Solo Mug")
    };
    let mut writer = CatalogueWriter::begin(&shop.state.db)
        .await
        .expect("writer");
    writer.save_product(&mut mug, &mut []).await.expect("mug");
    writer.commit().await.expect("commit");
    shop
}

fn wrapped(option: &str) -> Value {
    json!({"id": SOLO_MUG, "quantity": 1, "addons": [{"group": "gift-wrap", "option": option}]})
}

async fn store_api_client(shop: &RefShop) -> Client {
    let mut client = Client::new(&shop.app);
    assert_eq!(client.get("/cart").await.status, StatusCode::OK);
    client
}

/// `(id, quantity)` of every line.
fn lines(cart: &Value) -> Vec<(i64, i64)> {
    cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| {
            (
                i["id"].as_i64().expect("id"),
                i["quantity"].as_i64().expect("quantity"),
            )
        })
        .collect()
}

async fn the_store_api_adds_it_once_whatever_the_options(backend: Backend) {
    let shop = shop(backend).await;
    let mut client = store_api_client(&shop).await;
    let first = client.post("/cart/add-item", wrapped("no")).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    for option in ["yes", "no"] {
        let again = client.post("/cart/add-item", wrapped(option)).await;
        assert_wp_error(
            &again,
            400,
            "woocommerce_rest_cart_product_sold_individually",
        );
        assert_eq!(again.body["message"], REFUSED, "gift wrap {option}");
    }
    // `POST /cart/items` and the batch route add through the same check.
    let items = client.post("/cart/items", wrapped("yes")).await;
    assert_wp_error(
        &items,
        400,
        "woocommerce_rest_cart_product_sold_individually",
    );
    let cart = client.get("/cart").await.body;
    assert_eq!(lines(&cart), [(SOLO_MUG, 1)], "{cart}");
    assert_eq!(cart["totals"]["total_items"], "1800");

    // Two different variations of a sold-individually variable product are two products.
    let hoodie = catalogue::product_by_id(&shop.state.db, ProductId(15))
        .await
        .expect("read")
        .expect("hoodie");
    let mut variations = catalogue::variations_of(&shop.state.db, ProductId(15))
        .await
        .expect("variations");
    let mut hoodie = Product {
        sold_individually: true,
        ..hoodie
    };
    let mut writer = CatalogueWriter::begin(&shop.state.db)
        .await
        .expect("writer");
    writer
        .save_product(&mut hoodie, &mut variations)
        .await
        .expect("hoodie");
    writer.commit().await.expect("commit");
    for id in [31, 38] {
        let added = client.post("/cart/add-item", json!({"id": id})).await;
        assert_eq!(added.status, StatusCode::CREATED, "{id}: {}", added.body);
    }
    let again = client.post("/cart/add-item", json!({"id": 38})).await;
    assert_wp_error(
        &again,
        400,
        "woocommerce_rest_cart_product_sold_individually",
    );
    assert_eq!(
        again.body["message"],
        "You cannot add another \"Hoodie - Blue, Yes\" to your cart."
    );
}

#[tokio::test]
async fn the_store_api_adds_it_once_whatever_the_options_on_sqlite() {
    the_store_api_adds_it_once_whatever_the_options(Backend::Sqlite).await;
}

#[tokio::test]
async fn the_store_api_adds_it_once_whatever_the_options_on_postgres() {
    the_store_api_adds_it_once_whatever_the_options(Backend::Postgres).await;
}

async fn the_classic_form_and_store_ajax_add_it_once(backend: Backend) {
    let shop = shop(backend).await;
    let mut browser = FormBrowser::new(&shop);
    let add = |option: &'static str| [("addon[gift-wrap]", option), ("add-to-cart", "72")];
    let added = browser.post("/product/solo-mug/", &add("no")).await;
    browser.follow(added).await;
    let refused = browser.post("/product/solo-mug/", &add("yes")).await;
    let page = browser.follow(refused).await;
    assert_eq!(
        notices(&page.body),
        [format!(
            "<a href=\"/cart/\">View cart</a> {}",
            REFUSED.replace('"', "&quot;")
        )],
        "WooCommerce's notice, led by a link to the cart"
    );
    let cart = cart_json(&browser.get("/cart/").await.body);
    assert_eq!(lines(&cart), [(SOLO_MUG, 1)], "{cart}");

    // `?wc-ajax=add_to_cart` (the product page with JavaScript, the listings) refuses in its
    // own format, sending the shopper to the product page.
    let mut ajax = AjaxBrowser::new(&shop.app);
    ajax.cookies = browser.cookies.clone();
    let refused = ajax
        .ajax(
            "add_to_cart",
            &[("product_id", "72"), ("addon[gift-wrap]", "yes")],
        )
        .await;
    assert_eq!(refused.json()["error"], true, "{}", refused.text);
    let url = refused.json()["product_url"].clone();
    assert!(
        url.as_str()
            .is_some_and(|u| u.ends_with("/product/solo-mug/")),
        "{url}"
    );
    let cart = cart_json(&browser.get("/cart/").await.body);
    assert_eq!(lines(&cart), [(SOLO_MUG, 1)], "{cart}");
}

#[tokio::test]
async fn the_classic_form_and_store_ajax_add_it_once_on_sqlite() {
    the_classic_form_and_store_ajax_add_it_once(Backend::Sqlite).await;
}

#[tokio::test]
async fn the_classic_form_and_store_ajax_add_it_once_on_postgres() {
    the_classic_form_and_store_ajax_add_it_once(Backend::Postgres).await;
}

async fn a_merged_cart_holding_it_twice_is_not_placed(backend: Backend) {
    let shop = shop(backend).await;
    let db = &shop.state.db;
    let user = customer(&shop, "jane.doe@example.com").await;
    let session = mercato_db::sessions::create(db, Some(user.id), 3600)
        .await
        .expect("session");
    // The customer's cart from another device holds the mug without gift wrap ...
    let mut client = Client::new(&shop.app);
    client
        .cookies
        .insert("mercato_session".into(), session.id.clone());
    client.get("/cart").await;
    let added = client.post("/cart/add-item", wrapped("no")).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    // ... and their guest cart holds it wrapped: logging in joins the two.
    let mut guest = store_api_client(&shop).await;
    let added = guest.post("/cart/add-item", wrapped("yes")).await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    let guest_session = mercato_db::sessions::load(db, &guest.cookies["mercato_session"])
        .await
        .expect("load")
        .expect("live");
    let guest_key = cart::identity::cart_key_of(&guest_session).expect("guest cart");
    cart::merge_guest_cart_into_customer(&shop.state, &guest_key, user.id)
        .await
        .expect("merge");

    let cart = client.get("/cart").await.body;
    assert_eq!(lines(&cart), [(SOLO_MUG, 1), (SOLO_MUG, 1)], "{cart}");
    assert_eq!(
        cart["errors"][0]["code"],
        "woocommerce_rest_product_too_many_in_cart"
    );
    assert_eq!(cart["errors"][0]["message"], TOO_MANY);

    // The Store API checkout refuses it ...
    let placed = client.post("/checkout", golden_request("034")).await;
    assert_wp_error(&placed, 409, "woocommerce_rest_product_too_many_in_cart");
    assert_eq!(placed.body["message"], TOO_MANY);
    // ... and so does the classic checkout form.
    let mut browser = FormBrowser::new(&shop);
    browser.cookies = client.cookies.clone();
    let page = browser.get("/checkout/").await;
    let refused = post(&mut browser, &form(&nonce(&page), &[])).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused
            .body
            .contains("There are too many &quot;Solo Mug&quot; in the cart."),
        "{}",
        refused.body
    );
    assert_eq!(placed_orders(&shop).await, 0);

    // With one line removed the order goes through, with one mug.
    let key = cart["items"][1]["key"].as_str().expect("key").to_owned();
    let removed = client.post("/cart/remove-item", json!({"key": key})).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    let placed = client.post("/checkout", golden_request("034")).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    assert_eq!(placed_orders(&shop).await, 1);
}

#[tokio::test]
async fn a_merged_cart_holding_it_twice_is_not_placed_on_sqlite() {
    a_merged_cart_holding_it_twice_is_not_placed(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_merged_cart_holding_it_twice_is_not_placed_on_postgres() {
    a_merged_cart_holding_it_twice_is_not_placed(Backend::Postgres).await;
}
