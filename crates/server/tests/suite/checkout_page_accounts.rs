//! The classic checkout's account fields (`createaccount`, `account_password`): an account
//! opened from the form logs the browser in; a missing password or an address with an
//! account comes back on its field with what was typed, and nothing is written.

use crate::cart_page_support;
use crate::checkout_page::{beanie_stock, form, nonce, post, rates, with_beanie};

use axum::http::StatusCode;
use cart_page_support::{RefShop, cart_shop};
use mercato_core::orders::Address;
use mercato_db::users::{self, NewUser};
use mercato_db::{orders, sessions};
use mercato_server::session::COOKIE;

/// The form's billing email.
const EMAIL: &str = "jane@example.com";

const PASSWORD: &str = "correct horse battery staple";

async fn user_count(shop: &RefShop) -> i64 {
    users::count(&shop.state.db).await.expect("count")
}

#[tokio::test]
async fn an_account_opened_from_the_form_logs_the_browser_in() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    for part in [
        "<input type=\"checkbox\" class=\"woocommerce-form__input woocommerce-form__input-checkbox input-checkbox\" name=\"createaccount\" id=\"createaccount\" value=\"1\">",
        "<label for=\"createaccount\" class=\"woocommerce-form__label woocommerce-form__label-for-checkbox checkbox\">Create an account?</label>",
        "<label for=\"account_password\">Create account password",
        "type=\"password\" class=\"input-text\" name=\"account_password\" id=\"account_password\"",
        "autocomplete=\"new-password\"",
    ] {
        assert!(page.body.contains(part), "missing {part}: {}", page.body);
    }
    assert!(!page.body.contains("Accounts come later"));
    let guest_session = browser.cookies.get(COOKIE).cloned().expect("guest session");

    let rate = rates(&page.body).into_iter().next().expect("a rate");
    let fields = form(
        &nonce(&page),
        &[
            ("shipping_method[0]", &rate),
            ("createaccount", "1"),
            ("account_password", PASSWORD),
        ],
    );
    let placed = post(&mut browser, &fields).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert!(placed.location.starts_with("/checkout/order-received/"));
    let id: i64 = placed.location["/checkout/order-received/".len()..]
        .split('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("order id");

    let user = users::find_by_email(&shop.state.db, EMAIL)
        .await
        .expect("find")
        .expect("account");
    assert_eq!(user.display_name, "Jane Doe");
    assert!(mercato_server::accounts::verify_password(
        PASSWORD,
        &user.password_hash
    ));
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.customer_id, user.id);
    assert_eq!(beanie_stock(&shop).await, Some(1));

    // Logged in: a new session id names the customer, and the old one is gone.
    let session_id = browser.cookies.get(COOKIE).cloned().expect("session");
    assert_ne!(session_id, guest_session);
    let session = sessions::load(&shop.state.db, &session_id)
        .await
        .expect("load")
        .expect("live session");
    assert_eq!(session.user_id, Some(user.id));
    assert!(
        sessions::load(&shop.state.db, &guest_session)
            .await
            .expect("load")
            .is_none()
    );
    let received = browser.get(&placed.location).await;
    assert_eq!(received.status, StatusCode::OK);

    // The customer's next checkout offers no account.
    let added = browser.get("/shop/?add-to-cart=18").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Beanie"));
    assert!(
        !page.body.contains("name=\"createaccount\""),
        "{}",
        page.body
    );
    assert!(!page.body.contains("name=\"account_password\""));
}

#[tokio::test]
async fn a_missing_password_is_shown_on_its_field_and_the_form_kept() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let fields = form(
        &nonce(&page),
        &[("createaccount", "1"), ("account_password", "")],
    );
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = &again.body;
    assert!(body.contains("role=\"alert\""), "{body}");
    assert!(
        body.contains("<span class=\"checkout-field-error\" id=\"account_password_error\">Create account password is a required field.</span>"),
        "{body}"
    );
    assert!(
        body.contains("id=\"account_password\" placeholder=\"Password\" value=\"\" autocomplete=\"new-password\" aria-invalid=\"true\""),
        "{body}"
    );
    assert!(
        body.contains("id=\"createaccount\" value=\"1\" checked>"),
        "the box stays ticked"
    );
    assert!(body.contains("value=\"Jane\""), "typed values kept");
    assert!(body.contains("Leave at the door</textarea>"), "note kept");
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));
    assert_eq!(user_count(&shop).await, 0);

    // A typed password is never written back into the page.
    let fields = form(
        &nonce(&again),
        &[
            ("createaccount", "1"),
            ("account_password", PASSWORD),
            ("terms", ""),
        ],
    );
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.body.contains("id=\"terms_error\""), "{}", again.body);
    assert!(!again.body.contains(PASSWORD));
    assert_eq!(user_count(&shop).await, 0);
}

#[tokio::test]
async fn an_address_with_an_account_is_shown_on_the_email_field() {
    let shop = cart_shop().await;
    let billing = Address::default();
    users::create(
        &shop.state.db,
        NewUser {
            email: "JANE@example.com",
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
            display_name: "Jane",
            billing: &billing,
            shipping: &billing,
        },
    )
    .await
    .expect("existing account");
    let mut browser = with_beanie(&shop).await;
    let guest_session = browser.cookies.get(COOKIE).cloned();
    let page = browser.get("/checkout/").await;
    let fields = form(
        &nonce(&page),
        &[("createaccount", "1"), ("account_password", PASSWORD)],
    );
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        again.body.contains("<span class=\"checkout-field-error\" id=\"billing_email_error\">An account is already registered with your email address. Please log in.</span>"),
        "{}",
        again.body
    );
    assert!(again.body.contains("value=\"jane@example.com\""));
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));
    assert_eq!(user_count(&shop).await, 1);
    assert_eq!(browser.cookies.get(COOKIE).cloned(), guest_session);
}

#[tokio::test]
async fn a_declined_card_still_logs_the_new_customer_in_and_they_can_pay_again() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let guest_session = browser.cookies.get(COOKIE).cloned();
    let page = browser.get("/checkout/").await;
    let card = |number: &'static str| {
        [
            ("payment_method", "test_card"),
            ("test_card-card-number", number),
            ("test_card-card-expiry", "12 / 40"),
            ("test_card-card-cvc", "123"),
        ]
    };
    let mut changes = card("4000 0000 0000 0002").to_vec();
    changes.extend([("createaccount", "1"), ("account_password", PASSWORD)]);
    let failed = post(&mut browser, &form(&nonce(&page), &changes)).await;
    assert_eq!(
        failed.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        failed.body
    );
    assert!(failed.body.contains("declined"), "{}", failed.body);
    // The account stays (the failed order names it) and the browser is its customer, who is
    // offered no second account and keeps the cart.
    let user = users::find_by_email(&shop.state.db, EMAIL)
        .await
        .expect("find")
        .expect("account");
    assert_ne!(browser.cookies.get(COOKIE).cloned(), guest_session);
    assert!(!failed.body.contains("name=\"createaccount\""));
    assert!(failed.body.contains("Beanie"));

    // The form shown again carries a nonce for the new session: paying works.
    let paid = post(
        &mut browser,
        &form(&nonce(&failed), &card("4242 4242 4242 4242")),
    )
    .await;
    assert_eq!(paid.status, StatusCode::SEE_OTHER, "{}", paid.body);
    let id: i64 = paid.location["/checkout/order-received/".len()..]
        .split('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("order id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.customer_id, user.id);
    assert_eq!(user_count(&shop).await, 1);
    assert_eq!(beanie_stock(&shop).await, Some(1));
}
