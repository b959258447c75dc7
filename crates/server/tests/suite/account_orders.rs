//! The account's addresses, order actions and cards (issue 13), on SQLite and PostgreSQL:
//! editing an address with the checkout's checks (a bad postcode shows the form again with
//! everything typed), the saved address prefilling the checkout; cancelling a pending order
//! (stock back, a note on it), paying for a failed one on the order-pay page, ordering a paid
//! one again; nobody but the owner can do any of it; adding a card from the account.

use crate::cart_page_support::{Browser, Page, RefShop, attribute_after, cart_json, cart_shop_on};
use crate::checkout_page::{form, nonce, post, with_beanie};

use axum::http::StatusCode;
use mercato_core::catalogue::ProductId;
use mercato_core::orders::{Order, OrderStatus};
use mercato_db::{Backend, catalogue, orders, payment_tokens, sessions, users};
use mercato_server::checkout::order_actions;
use mercato_server::session::COOKIE;

const PASSWORD: &str = "correct horse battery staple";
/// The Beanie (id 18) has 2 in stock.
const BEANIE: i64 = 18;

fn field_value(page: &Page, name: &str) -> String {
    attribute_after(&page.body, &format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} in {}", page.body))
}

/// The `href` of the link whose markup holds `marker` (e.g. its `aria-label`).
fn link_with(body: &str, marker: &str) -> Option<String> {
    let at = body.find(marker)?;
    let start = body[..at].rfind("<a href=\"")? + "<a href=\"".len();
    let end = start + body[start..].find('"')?;
    Some(body[start..end].replace("&amp;", "&"))
}

async fn register(browser: &mut Browser, email: &str) {
    let page = browser.get("/my-account/").await;
    let nonce = field_value(&page, "woocommerce-register-nonce");
    let made = browser
        .post(
            "/my-account/",
            &[
                ("email", email),
                ("password", PASSWORD),
                ("woocommerce-register-nonce", nonce.as_str()),
                ("register", "Register"),
            ],
        )
        .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
}

async fn user_id(shop: &RefShop, email: &str) -> i64 {
    users::find_by_email(&shop.state.db, email)
        .await
        .expect("find")
        .expect("account")
        .id
}

async fn load(shop: &RefShop, id: i64) -> Order {
    orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order")
}

async fn beanie_stock(shop: &RefShop) -> Option<i64> {
    catalogue::product_by_id(&shop.state.db, ProductId(BEANIE))
        .await
        .expect("read")
        .expect("beanie")
        .stock
        .quantity
}

fn notices_text(page: &Page) -> String {
    crate::cart_page_support::notices(&page.body).join(" | ")
}

const BILLING: [(&str, &str); 9] = [
    ("billing_first_name", "Ada"),
    ("billing_last_name", "Lovelace"),
    ("billing_address_1", "1 Main Street"),
    ("billing_city", "Springfield"),
    ("billing_state", "CA"),
    ("billing_postcode", "ABC"),
    ("billing_country", "US"),
    ("billing_phone", "555-0100"),
    ("billing_email", "ada@example.com"),
];

async fn address_book(shop: RefShop) {
    let mut ada = Browser::new(&shop);
    register(&mut ada, "ada@example.com").await;
    let id = user_id(&shop, "ada@example.com").await;

    let overview = ada.get("/my-account/edit-address/").await;
    assert_eq!(overview.status, StatusCode::OK);
    assert!(
        overview.body.contains(">Add Billing address</a>"),
        "{}",
        overview.body
    );

    let page = ada.get("/my-account/edit-address/billing/").await;
    assert_eq!(page.status, StatusCode::OK);
    // The checkout's inputs, in the country's order, with its state list.
    assert!(
        page.body
            .contains("<label for=\"billing_postcode\">ZIP Code"),
        "{}",
        page.body
    );
    assert!(page.body.contains("<option value=\"CA\""), "{}", page.body);
    assert!(
        page.body.contains("value=\"ada@example.com\""),
        "the account email to start with"
    );
    let nonce = field_value(&page, "woocommerce-edit-address-nonce");
    let mut fields: Vec<(&str, &str)> = BILLING.to_vec();
    fields.push(("woocommerce-edit-address-nonce", &nonce));
    fields.push(("save_address", "Save address"));

    // A bad postcode: the form again, the error under the input, nothing lost or saved.
    let refused = ada.post("/my-account/edit-address/billing/", &fields).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(
        refused
            .body
            .contains("The provided postcode / ZIP is not valid")
    );
    assert!(
        refused
            .body
            .contains("aria-invalid=\"true\" aria-describedby=\"billing_postcode_error\""),
        "{}",
        refused.body
    );
    for (name, value) in BILLING {
        assert!(
            refused
                .body
                .contains(&format!("name=\"{name}\" id=\"{name}\" value=\"{value}\""))
                || refused
                    .body
                    .contains(&format!("<option value=\"{value}\" selected")),
            "{name} kept: {}",
            refused.body
        );
    }
    let saved = users::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("user");
    assert!(saved.billing.address_1.is_empty(), "nothing saved");

    // A required field left empty is named.
    let mut no_city = fields.clone();
    no_city.retain(|(k, _)| *k != "billing_city");
    no_city.push(("billing_city", " "));
    let refused = ada
        .post("/my-account/edit-address/billing/", &no_city)
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.body.contains("Town / City is a required field."),
        "{}",
        refused.body
    );

    // Without the nonce: refused, nothing saved.
    let mut forged = fields.clone();
    forged.retain(|(k, _)| *k != "woocommerce-edit-address-nonce");
    forged.retain(|(k, _)| *k != "billing_postcode");
    forged.push(("billing_postcode", "90210"));
    let refused = ada.post("/my-account/edit-address/billing/", &forged).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let saved = users::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("user");
    assert!(saved.billing.address_1.is_empty(), "nothing saved");

    // The good postcode is saved.
    let mut good = fields.clone();
    good.retain(|(k, _)| *k != "billing_postcode");
    good.push(("billing_postcode", "90210"));
    let done = ada.post("/my-account/edit-address/billing/", &good).await;
    assert_eq!(
        (done.status, done.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/edit-address/"),
        "{}",
        done.body
    );
    let overview = ada.follow(done).await;
    assert!(notices_text(&overview).contains("Address changed successfully."));
    assert!(overview.body.contains("1 Main Street"), "{}", overview.body);
    assert!(overview.body.contains(">Edit Billing address</a>"));
    let saved = users::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("user");
    assert_eq!(
        (
            saved.billing.postcode.as_str(),
            saved.billing.state.as_str()
        ),
        ("90210", "CA")
    );
    assert_eq!(saved.billing.email, "ada@example.com");

    // Shipping: the country's own rules and format (a UK postcode), no email or phone.
    let page = ada.get("/my-account/edit-address/shipping/").await;
    assert!(!page.body.contains("name=\"shipping_email\""));
    assert!(!page.body.contains("name=\"shipping_phone\""));
    let nonce = field_value(&page, "woocommerce-edit-address-nonce");
    let done = ada
        .post(
            "/my-account/edit-address/shipping/",
            &[
                ("shipping_first_name", "Ada"),
                ("shipping_last_name", "Lovelace"),
                ("shipping_address_1", "10 Downing Street"),
                ("shipping_city", "London"),
                ("shipping_postcode", "sw1a2aa"),
                ("shipping_country", "GB"),
                ("woocommerce-edit-address-nonce", &nonce),
            ],
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let saved = users::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("user");
    assert_eq!(saved.shipping.postcode, "SW1A 2AA");
    assert_eq!(saved.billing.address_1, "1 Main Street", "billing kept");

    // The next checkout starts from the saved billing address.
    let added = ada.get("/shop/?add-to-cart=18").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    let checkout = ada.get("/checkout/").await;
    assert!(
        checkout.body.contains(
            "name=\"billing_address_1\" id=\"billing_address_1\" value=\"1 Main Street\""
        ),
        "{}",
        checkout.body
    );

    // No third kind of address; a guest is sent to log in.
    assert_eq!(
        ada.get("/my-account/edit-address/other/").await.status,
        StatusCode::NOT_FOUND
    );
    let guest = Browser::new(&shop)
        .get("/my-account/edit-address/billing/")
        .await;
    assert_eq!(
        (guest.status, guest.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/")
    );
}

#[tokio::test]
async fn addresses_are_checked_and_saved_on_sqlite() {
    address_book(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn addresses_are_checked_and_saved_on_postgres() {
    address_book(cart_shop_on(Backend::Postgres).await).await;
}

/// The card fields of the test gateway with `number`.
fn card(number: &str) -> [(&'static str, String); 4] {
    [
        ("payment_method", "test_card".to_owned()),
        ("test_card-card-number", number.to_owned()),
        ("test_card-card-expiry", "12/40".to_owned()),
        ("test_card-card-cvc", "123".to_owned()),
    ]
}

/// The newest order of `user`.
async fn newest(shop: &RefShop, user: i64) -> Order {
    let (list, _) = orders::for_customer(&shop.state.db, user, 1, 10)
        .await
        .expect("orders");
    list.into_iter().next().expect("an order")
}

/// A nonce for `action` in the session of `browser` (what only pages of that session hold).
async fn nonce_of(shop: &RefShop, browser: &Browser, action: &str) -> String {
    let id = browser.cookies.get(COOKIE).expect("session cookie");
    let session = sessions::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("session");
    mercato_server::forms::nonce_for(&shop.state, action, &session)
        .await
        .expect("nonce")
}

async fn order_actions_for_the_owner(shop: RefShop) {
    // Jane opens an account at checkout with a card that asks for confirmation: the order
    // waits for payment, its stock taken.
    let mut jane = with_beanie(&shop).await;
    let page = jane.get("/checkout/").await;
    let mut changes: Vec<(&str, String)> = card("4000 0000 0000 3220").to_vec();
    changes.push(("createaccount", "1".to_owned()));
    changes.push(("account_password", PASSWORD.to_owned()));
    let changes: Vec<(&str, &str)> = changes.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let placed = post(&mut jane, &form(&nonce(&page), &changes)).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert!(placed.location.contains("/checkout/confirm-card/"));
    let jane_id = user_id(&shop, "jane@example.com").await;
    let pending = newest(&shop, jane_id).await;
    assert_eq!(pending.status, OrderStatus::Pending);
    assert_eq!(beanie_stock(&shop).await, Some(1));

    let list = jane.get("/my-account/orders/").await;
    assert_eq!(list.status, StatusCode::OK);
    let number = pending.id;
    let pay = link_with(
        &list.body,
        &format!("aria-label=\"Pay for order number {number}\""),
    )
    .expect("Pay");
    assert_eq!(
        pay,
        format!(
            "/checkout/order-pay/{number}/?pay_for_order=true&key={}",
            pending.order_key.as_str()
        )
    );
    let cancel = link_with(
        &list.body,
        &format!("aria-label=\"Cancel order number {number}\""),
    )
    .expect("Cancel");
    assert!(
        cancel.starts_with("/cart/?cancel_order=true&order=wc_order_"),
        "{cancel}"
    );
    let view = format!("/my-account/view-order/{number}/");
    let shown = jane.get(&view).await;
    assert!(
        !shown.body.contains(">Order again</a>"),
        "not for an unpaid order"
    );

    // Mallory, another customer, can neither see, pay for nor cancel it: not with Jane's
    // link, not with a nonce of her own.
    let mut mallory = Browser::new(&shop);
    register(&mut mallory, "mallory@example.com").await;
    assert_eq!(mallory.get(&view).await.status, StatusCode::NOT_FOUND);
    let theirs = mallory.get(&pay).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    assert!(!theirs.body.contains("1 Main Street"));
    let refused = mallory.get(&cancel).await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER);
    let after = mallory.follow(refused).await;
    assert!(
        notices_text(&after).contains("link you followed has expired"),
        "{}",
        notices_text(&after)
    );
    let own = nonce_of(&shop, &mallory, &order_actions::cancel_nonce_action(number)).await;
    let forged = format!(
        "/cart/?cancel_order=true&order={}&order_id={number}&_wpnonce={own}",
        pending.order_key.as_str()
    );
    let refused = mallory.get(&forged).await;
    let after = mallory.follow(refused).await;
    assert!(
        notices_text(&after).contains("Invalid order."),
        "{}",
        notices_text(&after)
    );
    let own = nonce_of(&shop, &mallory, &format!("woocommerce-pay-{number}")).await;
    let mut pay_fields: Vec<(&str, String)> = card("4242 4242 4242 4242").to_vec();
    pay_fields.push(("woocommerce-pay-nonce", own));
    let pay_refs: Vec<(&str, &str)> = pay_fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(
        mallory.post(&pay, &pay_refs).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(load(&shop, number).await.status, OrderStatus::Pending);
    // A guest is asked to log in.
    let guest = Browser::new(&shop).get(&pay).await;
    assert_eq!(
        (guest.status, guest.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/")
    );

    // Jane cancels: stock back, a note on the order, and a second try is too late.
    let done = jane.get(&cancel).await;
    assert_eq!(
        (done.status, done.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/orders/")
    );
    let after = jane.follow(done).await;
    assert!(notices_text(&after).contains("Your order was cancelled."));
    let cancelled = load(&shop, number).await;
    assert_eq!(cancelled.status, OrderStatus::Cancelled);
    assert!(
        cancelled
            .notes
            .iter()
            .any(|n| n.text == order_actions::CANCELLED_NOTE),
        "{:?}",
        cancelled.notes
    );
    assert_eq!(beanie_stock(&shop).await, Some(2), "the stock is back");
    let again = jane.get(&cancel).await;
    let after = jane.follow(again).await;
    assert!(notices_text(&after).contains("can no longer be cancelled"));
    assert!(link_with(&after.body, &format!("Cancel order number {number}\"")).is_none());

    // A declined card fails the next order; Jane pays for it on the order-pay page.
    let page = jane.get("/checkout/").await;
    let changes: Vec<(String, String)> = card("4000 0000 0000 0002")
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v))
        .collect();
    let refs: Vec<(&str, &str)> = changes
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let declined = post(&mut jane, &form(&nonce(&page), &refs)).await;
    assert_eq!(
        declined.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        declined.body
    );
    let failed = newest(&shop, jane_id).await;
    assert_eq!(failed.status, OrderStatus::Failed);
    let list = jane.get("/my-account/orders/").await;
    let pay = link_with(&list.body, &format!("Pay for order number {}\"", failed.id)).expect("Pay");
    let form_page = jane.get(&pay).await;
    assert_eq!(form_page.status, StatusCode::OK, "{}", form_page.body);
    assert!(form_page.body.contains(">Pay for order</button>"));
    let pay_nonce = field_value(&form_page, "woocommerce-pay-nonce");
    // Refused before any payment, the form comes back with the reason and the order unpaid:
    // a stale nonce (403), a payment method the shop does not offer (422).
    let mut fields: Vec<(&str, String)> = card("4242 4242 4242 4242").to_vec();
    fields.push(("woocommerce-pay-nonce", "stale".to_owned()));
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let stale = jane.post(&pay, &refs).await;
    assert_eq!(stale.status, StatusCode::FORBIDDEN, "{}", stale.body);
    assert!(stale.body.contains("The link you followed has expired."));
    assert!(stale.body.contains(">Pay for order</button>"));
    let mut fields: Vec<(&str, String)> = card("4242 4242 4242 4242").to_vec();
    fields[0].1 = "no_such_gateway".to_owned();
    fields.push(("woocommerce-pay-nonce", pay_nonce.clone()));
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let unknown = jane.post(&pay, &refs).await;
    assert_eq!(
        unknown.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unknown.body
    );
    assert!(unknown.body.contains(">Pay for order</button>"));
    assert_eq!(load(&shop, failed.id).await.status, OrderStatus::Failed);
    // Declined again: the page again with the gateway's words.
    let mut fields: Vec<(&str, String)> = card("4000 0000 0000 0002").to_vec();
    fields.push(("woocommerce-pay-nonce", pay_nonce.clone()));
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let declined = jane.post(&pay, &refs).await;
    assert_eq!(declined.status, StatusCode::PAYMENT_REQUIRED);
    assert!(declined.body.contains("Your card was declined."));
    assert!(
        !declined.body.contains("4000 0000 0000 0002"),
        "card details not shown again"
    );
    let mut fields: Vec<(&str, String)> = card("4242 4242 4242 4242").to_vec();
    fields.push(("woocommerce-pay-nonce", pay_nonce));
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let paid = jane.post(&pay, &refs).await;
    assert_eq!(paid.status, StatusCode::SEE_OTHER, "{}", paid.body);
    assert!(
        paid.location
            .starts_with(&format!("/checkout/order-received/{}/", failed.id))
    );
    let paid = load(&shop, failed.id).await;
    assert_eq!(paid.status, OrderStatus::Processing);
    assert_eq!(beanie_stock(&shop).await, Some(1));
    // Paid: no more Pay or Cancel, and the order-pay page sends to the order.
    let list = jane.get("/my-account/orders/").await;
    assert!(link_with(&list.body, &format!("Pay for order number {}\"", paid.id)).is_none());
    assert_eq!(jane.get(&pay).await.status, StatusCode::SEE_OTHER);

    // Order again: Jane's cart still holds the Beanie from before and only one is left, so
    // the line is skipped with the reason; with the cart emptied it is added.
    let view = jane
        .get(&format!("/my-account/view-order/{}/", paid.id))
        .await;
    let again = link_with(&view.body, ">Order again</a>").expect("Order again");
    assert!(again.starts_with(&format!("/cart/?order_again={}&_wpnonce=", paid.id)));
    let refused = jane.get(&again).await;
    assert_eq!(refused.location, "/cart/");
    let cart = jane.follow(refused).await;
    assert!(
        notices_text(&cart).contains("not enough stock"),
        "{}",
        notices_text(&cart)
    );
    assert!(!notices_text(&cart).contains("The cart has been filled"));
    assert_eq!(cart_json(&cart.body)["items"][0]["quantity"], 1);
    let remove = link_with(&cart.body, "remove_item=")
        .or_else(|| {
            let at = cart.body.find("?remove_item=")?;
            let start = cart.body[..at].rfind('"')? + 1;
            let end = at + cart.body[at..].find('"')?;
            Some(cart.body[start..end].replace("&amp;", "&"))
        })
        .expect("remove link");
    let emptied = jane.get(&remove).await;
    assert_eq!(emptied.status, StatusCode::SEE_OTHER);
    let refilled = jane.get(&again).await;
    let cart = jane.follow(refilled).await;
    assert!(
        notices_text(&cart)
            .contains("The cart has been filled with the items from your previous order."),
        "{}",
        notices_text(&cart)
    );
    let items = &cart_json(&cart.body)["items"];
    assert_eq!(
        (items[0]["id"].as_i64(), items[0]["quantity"].as_i64()),
        (Some(BEANIE), Some(1))
    );

    // Mallory cannot order Jane's order again, even with a nonce of her own.
    let own = nonce_of(
        &shop,
        &mallory,
        &order_actions::order_again_nonce_action(paid.id),
    )
    .await;
    let refused = mallory
        .get(&format!("/cart/?order_again={}&_wpnonce={own}", paid.id))
        .await;
    let after = mallory.follow(refused).await;
    assert!(notices_text(&after).contains("Invalid order."));
}

#[tokio::test]
async fn owners_cancel_pay_and_order_again_on_sqlite() {
    order_actions_for_the_owner(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn owners_cancel_pay_and_order_again_on_postgres() {
    order_actions_for_the_owner(cart_shop_on(Backend::Postgres).await).await;
}

async fn add_cards(shop: RefShop) {
    let mut ada = Browser::new(&shop);
    register(&mut ada, "ada@example.com").await;
    let id = user_id(&shop, "ada@example.com").await;
    let methods = ada.get("/my-account/payment-methods/").await;
    assert!(
        methods
            .body
            .contains("href=\"/my-account/add-payment-method/\">Add payment method</a>")
    );
    let page = ada.get("/my-account/add-payment-method/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains("<label for=\"test_card-card-number\">Card number</label>")
    );
    assert!(
        !page.body.contains("payment_method_cod"),
        "only gateways that can add cards"
    );
    let nonce = field_value(&page, "woocommerce-add-payment-method-nonce");
    let send = |number: &str, nonce: &str| {
        let mut fields: Vec<(String, String)> = card(number)
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect();
        fields.push((
            "woocommerce-add-payment-method-nonce".to_owned(),
            nonce.to_owned(),
        ));
        fields
    };
    let refs = |fields: &[(String, String)]| -> Vec<(String, String)> { fields.to_vec() };

    // A declined card and a forged form keep nothing.
    for (number, nonce, status) in [
        (
            "4000 0000 0000 0002",
            nonce.as_str(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        ("4242 4242 4242 4242", "forged", StatusCode::FORBIDDEN),
    ] {
        let fields = refs(&send(number, nonce));
        let pairs: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let refused = ada.post("/my-account/add-payment-method/", &pairs).await;
        assert_eq!(refused.status, status, "{}", refused.body);
        assert!(
            !refused.body.contains(&format!("value=\"{number}\"")),
            "card details not shown again"
        );
    }
    assert!(
        payment_tokens::list(&shop.state.db, id)
            .await
            .expect("cards")
            .is_empty()
    );

    // The first card becomes the default; the second one does not.
    for number in ["4242 4242 4242 4242", "5555 5555 5555 4444"] {
        let fields = send(number, &nonce);
        let pairs: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let added = ada.post("/my-account/add-payment-method/", &pairs).await;
        assert_eq!(
            (added.status, added.location.as_str()),
            (StatusCode::SEE_OTHER, "/my-account/payment-methods/"),
            "{}",
            added.body
        );
    }
    let methods = ada.get("/my-account/payment-methods/").await;
    assert!(notices_text(&methods).contains("Payment method successfully added."));
    assert!(
        methods
            .body
            .contains("Visa ending in 4242 <span class=\"badge\">(default)</span>"),
        "{}",
        methods.body
    );
    assert!(
        methods.body.contains("Mastercard ending in 4444</th>"),
        "{}",
        methods.body
    );
    let cards = payment_tokens::list(&shop.state.db, id)
        .await
        .expect("cards");
    assert_eq!(cards.len(), 2);
    assert_eq!(cards.iter().filter(|c| c.card.is_default).count(), 1);

    // A guest is sent to log in.
    let guest = Browser::new(&shop)
        .get("/my-account/add-payment-method/")
        .await;
    assert_eq!(guest.location, "/my-account/");
}

#[tokio::test]
async fn a_card_is_added_from_the_account_on_sqlite() {
    add_cards(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn a_card_is_added_from_the_account_on_postgres() {
    add_cards(cart_shop_on(Backend::Postgres).await).await;
}
