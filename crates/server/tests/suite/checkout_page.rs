//! The classic checkout without JavaScript: the form, its errors, placing the order and the
//! order-received page. The helpers are shared with `checkout_page_accounts`.

use crate::cart_page_support;

use axum::http::StatusCode;
use cart_page_support::{Browser, Page, RefShop, attribute_after, cart_shop};
use mercato_core::catalogue::ProductId;
use mercato_db::orders;

/// A browser with a Beanie (stock 2) in its cart.
pub(crate) async fn with_beanie(shop: &RefShop) -> Browser {
    let mut browser = Browser::new(shop);
    let added = browser.get("/shop/?add-to-cart=18").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    browser
}

pub(crate) fn nonce(page: &Page) -> String {
    attribute_after(&page.body, "name=\"_wpnonce\" value=\"").expect("nonce")
}

/// The rate ids offered for the first package.
pub(crate) fn rates(body: &str) -> Vec<String> {
    body.split("name=\"shipping_method[0]\"")
        .skip(1)
        .filter_map(|part| attribute_after(part, "value=\""))
        .collect()
}

/// A complete form for a shopper in the US, with `changes` over it.
pub(crate) fn form(nonce: &str, changes: &[(&str, &str)]) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = [
        ("_wpnonce", nonce),
        ("billing_first_name", "Jane"),
        ("billing_last_name", "Doe"),
        ("billing_address_1", "1 Main Street"),
        ("billing_city", "Springfield"),
        ("billing_state", "CA"),
        ("billing_postcode", "90210"),
        ("billing_country", "US"),
        ("billing_phone", "555-0100"),
        ("billing_email", "jane@example.com"),
        ("order_comments", "Leave at the door"),
        ("payment_method", "cod"),
        ("terms", "1"),
        ("wc_order_attribution_source_type", "utm"),
        ("wc_order_attribution_utm_source", "newsletter"),
        ("wc_order_attribution_referrer", ""),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect();
    for (name, value) in changes {
        fields.retain(|(k, _)| k != name);
        fields.push(((*name).to_owned(), (*value).to_owned()));
    }
    fields
}

pub(crate) async fn post(browser: &mut Browser, fields: &[(String, String)]) -> Page {
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    browser.post("/checkout/", &refs).await
}

/// Orders placed (checkout drafts, which opening the page makes, are not orders yet).
pub(crate) async fn placed_orders(shop: &RefShop) -> usize {
    orders::list(&shop.state.db, None, 1000)
        .await
        .expect("orders")
        .iter()
        .filter(|o| o.status != mercato_core::orders::OrderStatus::CheckoutDraft)
        .count()
}

pub(crate) async fn beanie_stock(shop: &RefShop) -> Option<i64> {
    mercato_db::catalogue::product_by_id(&shop.state.db, ProductId(18))
        .await
        .expect("read")
        .expect("beanie")
        .stock
        .quantity
}

#[tokio::test]
async fn an_empty_cart_goes_to_the_cart() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location, "/cart/");
}

#[tokio::test]
async fn the_form_has_every_part() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let body = &page.body;
    for part in [
        "<label for=\"billing_first_name\">First name",
        "name=\"billing_email\"",
        "<select name=\"billing_country\"",
        "<option value=\"US\" selected>",
        "<select name=\"billing_state\"",
        "<label for=\"billing_postcode\">ZIP Code",
        "name=\"ship_to_different_address\"",
        "Ship to a different address?",
        "name=\"shipping_first_name\"",
        "<textarea name=\"order_comments\" class=\"input-text\" id=\"order_comments\" rows=\"2\"",
        "name=\"createaccount\"",
        "name=\"payment_method\" value=\"cod\"",
        "name=\"payment_method\" value=\"bacs\"",
        "name=\"test_card-card-number\"",
        "name=\"test_card-card-expiry\"",
        "name=\"test_card-card-cvc\"",
        "name=\"terms\"",
        // SPEC §2.6: a real link to the terms page, opened in a lightbox by page-lightbox.
        "<a href=\"/terms/\" data-behaviour=\"page-lightbox\">terms and conditions</a>",
        ">Place order</button>",
        "name=\"wc_order_attribution_source_type\" value=\"\"",
        "name=\"wc_order_attribution_session_count\" value=\"\"",
        "name=\"wc_order_attribution_user_agent\" value=\"\"",
        "Beanie",
    ] {
        assert!(body.contains(part), "missing {part}: {body}");
    }
    assert!(!nonce(&page).is_empty());
    assert!(!rates(body).is_empty(), "shipping rates as radios: {body}");
}

#[tokio::test]
async fn bad_fields_come_back_marked_and_nothing_is_placed() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let fields = form(
        &nonce(&page),
        &[
            ("billing_email", "not-an-email"),
            ("billing_postcode", "SW1A 1AA"),
            ("billing_first_name", ""),
        ],
    );
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = &again.body;
    assert!(body.contains("role=\"alert\""), "{body}");
    assert!(
        body.contains("The provided postcode / ZIP is not valid"),
        "{body}"
    );
    assert!(body.contains("id=\"billing_email_error\""), "{body}");
    assert!(
        body.contains("id=\"billing_postcode\" value=\"SW1A 1AA\" autocomplete=\"billing postal-code\" required aria-invalid=\"true\""),
        "{body}"
    );
    assert!(body.contains("value=\"not-an-email\""), "typed values kept");
    assert!(body.contains("Leave at the door</textarea>"), "note kept");
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));

    // Once the address reads, what it lacks is said in the Store API checkout's words, of the
    // address the shopper typed (the billing one; the order ships to it), and its inputs are
    // marked with what each lacks.
    let fields = form(&nonce(&again), &[("billing_first_name", "")]);
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = &again.body;
    let message = "There was a problem with the provided billing address: First name is required";
    assert!(
        body.contains(&format!("<li>{message}</li>")),
        "said once among the notices: {body}"
    );
    assert_eq!(body.matches(message).count(), 1, "only there: {body}");
    assert!(
        body.contains("<span class=\"checkout-field-error\" id=\"billing_first_name_error\">First name is required</span>"),
        "and what the input lacks under it: {body}"
    );
    assert!(
        body.contains("id=\"billing_first_name\" value=\"\" autocomplete=\"billing given-name\" required aria-invalid=\"true\" aria-describedby=\"billing_first_name_error\""),
        "{body}"
    );
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);

    // Terms left unticked are refused too.
    let fields = form(&nonce(&again), &[("terms", "")]);
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.body.contains("id=\"terms_error\""), "{}", again.body);
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
}

#[tokio::test]
async fn the_form_needs_its_nonce() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    browser.get("/checkout/").await;
    let fields = form("forged", &[]);
    let page = post(&mut browser, &fields).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.body.contains("The link you followed has expired."),
        "{}",
        page.body
    );
    assert!(page.body.contains("value=\"Jane\""), "typed values kept");
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);
}

#[tokio::test]
async fn an_order_is_placed_and_received() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let rate = rates(&page.body).into_iter().next().expect("a rate");
    let fields = form(&nonce(&page), &[("shipping_method[0]", &rate)]);
    let placed = post(&mut browser, &fields).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert!(placed.location.starts_with("/checkout/order-received/"));
    let received = browser.get(&placed.location).await;
    assert_eq!(received.status, StatusCode::OK, "{}", received.body);
    for part in [
        "Order received",
        "jane@example.com",
        "Beanie",
        "Cash on delivery",
        "Leave at the door",
        // Core's totals rows and the US address format (the shop's own country left out).
        "<th scope=\"row\">Shipping:</th><td>$10.00 via Flat rate</td>",
        "<th scope=\"row\">Payment method:</th><td>Cash on delivery</td>",
        "<address>Jane Doe<br>1 Main Street<br>Springfield, CA 90210<br>555-0100<br>jane@example.com</address>",
    ] {
        assert!(
            received.body.contains(part),
            "missing {part}: {}",
            received.body
        );
    }
    assert_eq!(beanie_stock(&shop).await, Some(1), "stock taken");

    let id: i64 = placed.location["/checkout/order-received/".len()..]
        .split('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("order id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.billing.email, "jane@example.com");
    assert_eq!(
        order.shipping_lines.first().map(|s| s.rate_id.as_str()),
        Some(rate.as_str())
    );
    let attribution = serde_json::to_string(&order.attribution).expect("json");
    assert!(attribution.contains("newsletter"), "{attribution}");

    // The cart is empty now; the page needs the right key.
    assert_eq!(browser.get("/checkout/").await.location, "/cart/");
    let wrong = browser
        .get(&format!(
            "/checkout/order-received/{id}/?key=wc_order_wrong"
        ))
        .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    assert!(!wrong.body.contains("jane@example.com"));
    let keyless = browser
        .get(&format!("/checkout/order-received/{id}/"))
        .await;
    assert_eq!(keyless.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_declined_card_keeps_the_cart() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let fields = form(
        &nonce(&page),
        &[
            ("payment_method", "test_card"),
            ("test_card-card-number", "4000 0000 0000 0002"),
            ("test_card-card-expiry", "12 / 40"),
            ("test_card-card-cvc", "123"),
        ],
    );
    let failed = post(&mut browser, &fields).await;
    assert_eq!(
        failed.status,
        StatusCode::PAYMENT_REQUIRED,
        "{}",
        failed.body
    );
    assert!(failed.body.contains("role=\"alert\""));
    assert!(failed.body.contains("declined"), "{}", failed.body);
    assert!(
        !failed.body.contains("4000 0000 0000 0002"),
        "card number not shown again"
    );
    assert_eq!(
        beanie_stock(&shop).await,
        Some(2),
        "a failed order holds no stock"
    );
    let again = browser.get("/checkout/").await;
    assert_eq!(again.status, StatusCode::OK, "the cart is kept");
    assert!(again.body.contains("Beanie"));
}

/// Opening the classic checkout holds the cart's stock as the Store API's `GET /checkout`
/// does (the service layer's parity): another shopper cannot take the units meanwhile, and
/// placing the order turns the hold into the sale.
#[tokio::test]
async fn opening_the_checkout_page_holds_the_stock() {
    let shop = cart_shop().await;
    // One of the two Beanies held (a client holds at most half of a product's stock).
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let refused = another_shopper_adds_beanies(&shop, 2).await;
    assert_eq!(refused.status.as_u16(), 400, "{}", refused.body);
    assert!(
        refused.body["message"]
            .as_str()
            .is_some_and(|m| m.contains("1 remaining")),
        "{}",
        refused.body
    );

    // The same cart through the Store API holds the same.
    let shop = cart_shop().await;
    let mut api = crate::store_api_cart_support::Client::new(&shop.app);
    api.get("/cart").await;
    api.post(
        "/cart/add-item",
        serde_json::json!({"id": 18, "quantity": 1}),
    )
    .await;
    assert_eq!(api.get("/checkout").await.status, StatusCode::OK);
    let refused = another_shopper_adds_beanies(&shop, 2).await;
    assert_eq!(refused.status.as_u16(), 400, "{}", refused.body);

    // Placing the classic order sells the held unit; nothing stays held.
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let placed = post(&mut browser, &form(&nonce(&page), &[])).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert_eq!(beanie_stock(&shop).await, Some(1));
    let added = another_shopper_adds_beanies(&shop, 1).await;
    assert_eq!(
        added.status.as_u16(),
        201,
        "the last one is free: {}",
        added.body
    );
}

/// A new shopper putting `quantity` Beanies in their cart through the Store API.
async fn another_shopper_adds_beanies(
    shop: &RefShop,
    quantity: i64,
) -> crate::store_api_support::Reply {
    let mut other = crate::store_api_cart_support::Client::new(&shop.app);
    other.get("/cart").await;
    other
        .post(
            "/cart/add-item",
            serde_json::json!({"id": 18, "quantity": quantity}),
        )
        .await
}
