//! The cart page for the block cart (issue 23): the editor's sample cart (SPEC §9.5) is
//! embedded only for staff who edit pages and ask for it with `?preview=sample`; the page no
//! longer carries the checkout's `countryData`, and the shipping calculator's countries come
//! from `/cart/shipping-countries.json` as plain text.

use crate::account_pages::register;
use crate::cart_page_support::{Browser, Page, cart_json, cart_shop};

use axum::http::StatusCode;
use mercato_db::users;
use serde_json::{Value, json};

const PREVIEW: &str = "<script type=\"application/json\" id=\"mercato-cart-preview\">";

/// The sample cart the page embeds, if any.
fn preview(page: &Page) -> Option<Value> {
    let start = page.body.find(PREVIEW)? + PREVIEW.len();
    let end = page.body[start..].find("</script>")? + start;
    Some(serde_json::from_str(&page.body[start..end]).expect("sample cart json"))
}

#[tokio::test]
async fn only_staff_who_edit_pages_get_the_sample_cart() {
    let shop = cart_shop().await;
    let mut guest = Browser::new(&shop);
    let page = guest.get("/cart/?preview=sample").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(preview(&page), None, "a visitor gets the usual cart");
    assert!(!page.body.contains("Sample cart"));

    let mut browser = Browser::new(&shop);
    register(&mut browser, "editor@example.com", &[]).await;
    let account = users::find_by_email(&shop.state.db, "editor@example.com")
        .await
        .expect("read")
        .expect("registered");
    assert_eq!(
        preview(&browser.get("/cart/?preview=sample").await),
        None,
        "a customer gets the usual cart"
    );

    users::set_role(&shop.state.db, account.id, "administrator")
        .await
        .expect("set role");
    assert_eq!(
        preview(&browser.get("/cart/").await),
        None,
        "staff see their own cart unless they ask"
    );
    assert_eq!(preview(&browser.get("/cart/?preview=other").await), None);
    let page = browser.get("/cart/?preview=sample").await;
    let sample = preview(&page).expect("the sample cart for an administrator");
    assert!(
        page.body
            .contains("Sample cart, shown to staff for styling")
    );
    let items = sample["items"].as_array().expect("items");
    assert_eq!(items.len(), 2);
    for item in items {
        assert_eq!(
            item["quantity_limits"],
            json!({"minimum": 1, "maximum": 99, "multiple_of": 1, "editable": true})
        );
    }
    assert_eq!(sample["totals"]["tax_lines"][0]["rate"], "20%");
    assert_eq!(sample["payment_methods"], json!(["cod", "bacs", "cheque"]));

    // Previewing wrote nothing to the account's cart.
    assert_eq!(preview(&browser.get("/cart/").await), None);
    let cart = browser.get("/wp-json/wc/store/v1/cart").await;
    let live: Value = serde_json::from_str(&cart.body).expect("cart json");
    assert_eq!(live["items_count"], 0);

    users::set_role(&shop.state.db, account.id, "shop_manager")
        .await
        .expect("set role");
    assert!(preview(&browser.get("/cart/?preview=sample").await).is_some());
}

#[tokio::test]
async fn the_cart_page_leaves_the_country_data_to_the_calculator() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    browser.get("/shop/?add-to-cart=17").await;
    let page = browser.get("/cart/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(cart_json(&page.body)["items_count"].as_u64() > Some(0));
    assert!(
        !page.body.contains("countryData"),
        "no countryData on the cart page"
    );

    let countries = browser.get("/cart/shipping-countries.json").await;
    assert_eq!(countries.status, StatusCode::OK);
    let body: Value = serde_json::from_str(&countries.body).expect("json");
    let list = body["countries"].as_array().expect("countries");
    let curacao = list.iter().find(|c| c["code"] == "CW").expect("CW");
    assert_eq!(curacao["name"], "Curaçao");
    assert!(list.iter().any(|c| {
        c["code"] == "US"
            && c["states"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(["CA", "California"])))
    }));
}
