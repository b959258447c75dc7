//! Saved cards and express payment on the classic checkout page: a logged-in customer ticks
//! "save the card", sees it listed next time (and in `customerPaymentMethods`), pays with it
//! by choosing it, and then buys with one click of the express button, which uses the default
//! card and the addresses their last order saved. Guests see none of it, and another
//! customer's card id posted by hand is refused on the payment field with nothing written.

use crate::cart_page_support;
use crate::checkout_page::{beanie_stock, form, nonce, post, rates};
use crate::store_api_cart_support::customer;

use axum::http::StatusCode;
use cart_page_support::{Browser, Page, RefShop, attribute_after, cart_shop};
use mercato_core::orders::OrderStatus;
use mercato_core::payments::{CardBrand, Expiry};
use mercato_db::payment_tokens::{self, NewToken};
use mercato_db::users::User;
use mercato_db::{orders, sessions};
use mercato_server::session::COOKIE;
use serde_json::Value;

async fn logged_in(shop: &RefShop, user: &User) -> Browser {
    let session = sessions::create(&shop.state.db, Some(user.id), 3600)
        .await
        .expect("session");
    let mut browser = Browser::new(shop);
    browser.cookies.insert(COOKIE.to_owned(), session.id);
    browser
}

async fn add_beanie(browser: &mut Browser) {
    let added = browser.get("/shop/?add-to-cart=18").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
}

fn order_id(page: &Page) -> i64 {
    page.location
        .strip_prefix("/checkout/order-received/")
        .and_then(|rest| rest.split('/').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("not the order-received page: {}", page.location))
}

/// The page's settings JSON.
fn settings(page: &Page) -> Value {
    let start = page
        .body
        .find("<script type=\"application/json\" id=\"mercato-settings\">")
        .map(|i| i + "<script type=\"application/json\" id=\"mercato-settings\">".len())
        .expect("settings script");
    let end = page.body[start..].find("</script>").expect("end") + start;
    serde_json::from_str(&page.body[start..end]).expect("settings json")
}

const CARD: [(&str, &str); 4] = [
    ("payment_method", "test_card"),
    ("test_card-card-number", "4242 4242 4242 4242"),
    ("test_card-card-expiry", "12/40"),
    ("test_card-card-cvc", "123"),
];

#[tokio::test]
async fn a_customer_saves_a_card_pays_with_it_and_then_pays_with_one_click() {
    let shop = cart_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let mut browser = logged_in(&shop, &jane).await;
    add_beanie(&mut browser).await;

    // First visit: no saved card, no express button, the save box offered.
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains("name=\"wc-test_card-new-payment-method\"")
    );
    assert!(!page.body.contains("name=\"wc-test_card-payment-token\""));
    assert!(!page.body.contains("action=\"/checkout/express/\""));
    assert_eq!(
        settings(&page)["wcSettings"]["customerPaymentMethods"],
        serde_json::json!([])
    );
    assert_eq!(settings(&page)["wcSettings"]["currentUserId"], jane.id);

    let rate = rates(&page.body).into_iter().next().expect("a rate");
    let mut changes = CARD.to_vec();
    changes.push(("shipping_method[0]", &rate));
    changes.push(("wc-test_card-new-payment-method", "true"));
    let placed = post(&mut browser, &form(&nonce(&page), &changes)).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    order_id(&placed);
    let cards = payment_tokens::list(&shop.state.db, jane.id)
        .await
        .expect("list");
    assert_eq!(cards.len(), 1);
    let token = cards[0].card.id;

    // Next visit: the card is listed (chosen), in the settings too, and express is offered
    // with the address the first order saved.
    add_beanie(&mut browser).await;
    let page = browser.get("/checkout/").await;
    let label = "Visa ending in 4242 (expires 12/40)";
    assert!(page.body.contains(label), "{}", page.body);
    assert!(page.body.contains(&format!(
        "<input id=\"wc-test_card-payment-token-{token}\" type=\"radio\" name=\"wc-test_card-payment-token\" value=\"{token}\" checked>"
    )));
    let setting = &settings(&page)["wcSettings"]["customerPaymentMethods"]["cc"][0];
    assert_eq!(setting["tokenId"], token);
    assert_eq!(setting["method"]["last4"], "4242");
    assert!(page.body.contains("action=\"/checkout/express/\""));
    assert!(
        page.body
            .contains("Visa ending in 4242, to Jane Doe, 1 Main Street, Springfield, CA 90210"),
        "{}",
        page.body
    );

    // Paying with the saved card: no card details sent.
    let rate = rates(&page.body).into_iter().next().expect("a rate");
    let token_text = token.to_string();
    let changes = [
        ("payment_method", "test_card"),
        ("wc-test_card-payment-token", token_text.as_str()),
        ("shipping_method[0]", rate.as_str()),
    ];
    let placed = post(&mut browser, &form(&nonce(&page), &changes)).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    let id = order_id(&placed);
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(order.transaction_id, format!("test_{id}_4242"));
    assert_eq!(beanie_stock(&shop).await, Some(0));

    // Express: one click with only the nonce. The Beanies are gone: a Cap this time.
    let added = browser.get("/?add-to-cart=20").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = browser.get("/checkout/").await;
    let express_nonce = attribute_after(
        &page.body,
        "action=\"/checkout/express/\">\n  <input type=\"hidden\" name=\"_wpnonce\" value=\"",
    )
    .expect("express nonce");
    let placed = browser
        .post(
            "/checkout/express/",
            &[("_wpnonce", express_nonce.as_str())],
        )
        .await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    let id = order_id(&placed);
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(order.customer_id, jane.id);
    assert_eq!(order.billing.address_1, "1 Main Street");
    assert_eq!(order.billing.email, "jane@example.com");
    assert_eq!(order.payment_method, "test_card");
    assert_eq!(order.transaction_id, format!("test_{id}_4242"));
    assert_eq!(order.line_items[0].product_id.0, 20);
    let cart = browser.get("/cart/").await;
    assert!(
        !cart.body.contains("woocommerce-cart-form__cart-item"),
        "the cart is emptied"
    );

    // Express without a valid nonce places nothing.
    let added = browser.get("/?add-to-cart=20").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let before = crate::checkout_page::placed_orders(&shop).await;
    let refused = browser
        .post("/checkout/express/", &[("_wpnonce", "0000000000")])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, before);
}

#[tokio::test]
async fn guests_see_no_saved_cards_and_cannot_use_express() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    add_beanie(&mut browser).await;
    let page = browser.get("/checkout/").await;
    assert!(!page.body.contains("name=\"wc-test_card-payment-token\""));
    assert!(!page.body.contains("action=\"/checkout/express/\""));
    let express = browser
        .post("/checkout/express/", &[("_wpnonce", nonce(&page).as_str())])
        .await;
    assert_eq!(express.status, StatusCode::SEE_OTHER);
    assert_eq!(express.location, "/checkout/");
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
}

#[tokio::test]
async fn another_customers_card_is_refused_on_the_payment_field() {
    let shop = cart_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let janes = payment_tokens::save(
        &shop.state.db,
        NewToken {
            user_id: jane.id,
            gateway: "test_card",
            reference: "card_1",
            brand: CardBrand::Visa,
            last4: "1881",
            expiry: Expiry {
                year: 2040,
                month: 1,
            },
        },
    )
    .await
    .expect("token");
    let john = customer(&shop, "john@example.com").await;
    let mut browser = logged_in(&shop, &john).await;
    add_beanie(&mut browser).await;
    let page = browser.get("/checkout/").await;
    assert!(
        !page.body.contains("1881"),
        "Jane's card is not shown to John"
    );
    let rate = rates(&page.body).into_iter().next().expect("a rate");
    let token = janes.card.id.to_string();
    let changes = [
        ("payment_method", "test_card"),
        ("wc-test_card-payment-token", token.as_str()),
        ("shipping_method[0]", rate.as_str()),
    ];
    let again = post(&mut browser, &form(&nonce(&page), &changes)).await;
    assert_eq!(
        again.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        again.body
    );
    assert!(again.body.contains("The saved card could not be found."));
    assert!(
        again
            .body
            .contains("aria-describedby=\"payment_method_error\"")
    );
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));
}
