//! Customer accounts without JavaScript (issue 13), on SQLite and PostgreSQL: registering,
//! logging in (one answer for an unknown login and a wrong password), logging out with a
//! nonce, the session id rotated each time, the guest cart joining the customer's cart,
//! password reset links (single use, expiring, bound to their account), the rate limits,
//! and orders shown only to their owner.

use crate::cart_page_support::{Browser, Page, RefShop, attribute_after, cart_json, cart_shop_on};
use crate::checkout_page::{form, nonce, post, rates, with_beanie};

use axum::http::StatusCode;
use mercato_db::{Backend, password_resets, sessions, users};
use mercato_server::accounts::reset::LINK_TTL_SECS;
use mercato_server::emails::Outbox;
use mercato_server::jobs::Worker;
use mercato_server::services::ManualClock;
use mercato_server::session::COOKIE;

pub(crate) const PASSWORD: &str = "correct horse battery staple";
const BAD_LOGIN: &str = "The username or password you entered is incorrect.";

pub(crate) fn field_value(page: &Page, name: &str) -> String {
    attribute_after(&page.body, &format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} in {}", page.body))
}

/// The header's account link text.
fn account_link(page: &Page) -> String {
    let marker = "<a class=\"header-account\" href=\"/my-account/\">";
    let start = page.body.find(marker).expect("account link") + marker.len();
    page.body[start..start + page.body[start..].find('<').expect("end")].to_owned()
}

/// The login form's error, if it shows one.
pub(crate) fn login_error(page: &Page) -> Option<String> {
    let marker = "id=\"login-error\">";
    let start = page.body.find(marker)? + marker.len();
    Some(page.body[start..start + page.body[start..].find("</div>")?].to_owned())
}

pub(crate) async fn register(browser: &mut Browser, email: &str, extra: &[(&str, &str)]) -> Page {
    let page = browser.get("/my-account/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let nonce = field_value(&page, "woocommerce-register-nonce");
    let mut fields = vec![
        ("email", email),
        ("password", PASSWORD),
        ("woocommerce-register-nonce", nonce.as_str()),
        ("register", "Register"),
    ];
    fields.extend_from_slice(extra);
    browser.post("/my-account/", &fields).await
}

pub(crate) async fn log_in(browser: &mut Browser, login: &str, password: &str) -> Page {
    let page = browser.get("/my-account/").await;
    let nonce = field_value(&page, "woocommerce-login-nonce");
    browser
        .post(
            "/my-account/",
            &[
                ("username", login),
                ("password", password),
                ("woocommerce-login-nonce", nonce.as_str()),
                ("login", "Log in"),
            ],
        )
        .await
}

/// The logout link of a customer page.
fn logout_link(page: &Page) -> String {
    let marker = "href=\"/my-account/customer-logout/?_wpnonce=";
    let start = page.body.find(marker).expect("logout link") + "href=\"".len();
    page.body[start..start + page.body[start..].find('"').expect("end")].to_owned()
}

async fn register_log_out_and_in_again(shop: RefShop) {
    let mut browser = Browser::new(&shop);
    // A guest who has a session already (a cart, say): logging in gives it a new id.
    let guest_session = sessions::create(&shop.state.db, None, 3600)
        .await
        .expect("session")
        .id;
    browser
        .cookies
        .insert(COOKIE.to_owned(), guest_session.clone());
    let guest = browser.get("/my-account/").await;
    assert_eq!(account_link(&guest), "Log in");
    for part in [
        "<label for=\"username\">Username or email address",
        "<label for=\"password\">Password",
        "<span>Remember me</span>",
        ">Log in</button>",
        "<label for=\"reg_email\">Email address",
        ">Register</button>",
        "name=\"wc_order_attribution_utm_source\" value=\"\"",
    ] {
        assert!(guest.body.contains(part), "missing {part}");
    }
    let made = register(
        &mut browser,
        "Ada@Example.com",
        &[
            ("first_name", "Ada"),
            ("last_name", "Lovelace"),
            ("wc_order_attribution_utm_source", "newsletter"),
        ],
    )
    .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    assert_eq!(made.location, "/my-account/");
    let user = users::find_by_email(&shop.state.db, "ada@example.com")
        .await
        .expect("find")
        .expect("account");
    assert_eq!(
        (user.first_name.as_str(), user.display_name.as_str()),
        ("Ada", "Ada Lovelace")
    );
    let attribution = users::attribution(&shop.state.db, user.id)
        .await
        .expect("read")
        .expect("row");
    assert_eq!(attribution["utm_source"], "newsletter", "{attribution}");
    assert!(
        mercato_db::jobs::exists(&shop.state.db, "send_account_email")
            .await
            .expect("jobs"),
        "a welcome email is queued"
    );

    // Logged in under a new session id; the guest's id is dead.
    let customer_session = browser.cookies.get(COOKIE).cloned().expect("session");
    assert_ne!(customer_session, guest_session);
    assert!(
        sessions::load(&shop.state.db, &guest_session)
            .await
            .expect("load")
            .is_none()
    );
    let dashboard = browser.get("/my-account/").await;
    assert_eq!(dashboard.status, StatusCode::OK);
    assert_eq!(account_link(&dashboard), "My account");
    assert!(dashboard.body.contains("aria-label=\"Account pages\""));
    for label in [
        "Dashboard",
        "Orders",
        "Downloads",
        "Addresses",
        "Payment methods",
        "Account details",
        "Log out",
    ] {
        assert!(
            dashboard.body.contains(&format!(">{label}</a>")),
            "menu lacks {label}"
        );
    }
    assert!(
        dashboard
            .body
            .contains("Hello <strong>Ada Lovelace</strong>")
    );

    // A catalogue page kept in the page cache shows each visitor their own header.
    let mut guest_browser = Browser::new(&shop);
    assert_eq!(account_link(&guest_browser.get("/shop/").await), "Log in");
    assert_eq!(account_link(&browser.get("/shop/").await), "My account");
    assert_eq!(account_link(&guest_browser.get("/shop/").await), "Log in");

    // The same address again is refused with WooCommerce's message, the typed address kept.
    let mut other = Browser::new(&shop);
    let again = register(&mut other, "ada@example.com", &[]).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        again
            .body
            .contains("An account is already registered with your email address.")
    );
    assert!(again.body.contains("value=\"ada@example.com\""));
    assert!(
        !again.body.contains(PASSWORD),
        "a password is never written back"
    );

    // A logout link without its nonce only asks; with it, the session ends.
    let asked = browser.get("/my-account/customer-logout/").await;
    assert_eq!(asked.status, StatusCode::OK);
    assert!(asked.body.contains("Are you sure you want to log out?"));
    assert!(
        sessions::load(&shop.state.db, &customer_session)
            .await
            .expect("load")
            .is_some()
    );
    let out = browser.get(&logout_link(&dashboard)).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert!(
        sessions::load(&shop.state.db, &customer_session)
            .await
            .expect("load")
            .is_none()
    );
    let after = browser.get("/my-account/").await;
    assert_eq!(account_link(&after), "Log in");
    assert!(after.body.contains(">Log in</button>"));

    // A wrong password and an unknown login get one and the same answer.
    let wrong = log_in(&mut browser, "ada@example.com", "not it").await;
    let unknown = log_in(&mut browser, "nobody@example.com", "not it").await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(unknown.status, StatusCode::UNPROCESSABLE_ENTITY);
    let (wrong_error, unknown_error) = (
        login_error(&wrong).expect("error"),
        login_error(&unknown).expect("error"),
    );
    assert!(wrong_error.contains(BAD_LOGIN), "{wrong_error}");
    assert_eq!(wrong_error, unknown_error);

    // The right one logs in with a new session id (a refused login made none); "Remember me"
    // keeps it two weeks.
    let before = browser.cookies.get(COOKIE).cloned();
    let page = browser.get("/my-account/").await;
    let nonce = field_value(&page, "woocommerce-login-nonce");
    let fields = [
        ("username", "ADA@example.com"),
        ("password", PASSWORD),
        ("rememberme", "forever"),
        ("woocommerce-login-nonce", nonce.as_str()),
    ];
    let inside = browser.post("/my-account/", &fields).await;
    assert_eq!(inside.status, StatusCode::SEE_OTHER, "{}", inside.body);
    let now = browser.cookies.get(COOKIE).cloned().expect("session");
    assert_ne!(Some(now.clone()), before);
    let session = sessions::load(&shop.state.db, &now)
        .await
        .expect("load")
        .expect("live");
    assert_eq!(session.user_id, Some(user.id));
    assert!(
        session.expires_at > mercato_db::now() + 13 * 24 * 3600,
        "remembered"
    );

    // A login form without a valid nonce logs nobody in.
    let mut stranger = Browser::new(&shop);
    let _ = stranger.get("/my-account/").await;
    let forged = stranger
        .post(
            "/my-account/",
            &[
                ("username", "ada@example.com"),
                ("password", PASSWORD),
                ("woocommerce-login-nonce", "forged"),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    assert!(forged.body.contains("The link you followed has expired."));
}

#[tokio::test]
async fn register_log_out_and_log_in_again_on_sqlite() {
    register_log_out_and_in_again(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn register_log_out_and_log_in_again_on_postgres() {
    register_log_out_and_in_again(cart_shop_on(Backend::Postgres).await).await;
}

/// Quantities of the cart page's embedded cart, by product id.
async fn cart_lines(browser: &mut Browser) -> Vec<(i64, i64)> {
    let page = browser.get("/cart/").await;
    let cart = cart_json(&page.body);
    let mut lines: Vec<(i64, i64)> = cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| {
            (
                i["id"].as_i64().expect("id"),
                i["quantity"].as_i64().expect("quantity"),
            )
        })
        .collect();
    lines.sort_unstable();
    lines
}

async fn guest_cart_joins_the_customers(shop: RefShop) {
    // The customer's own cart: a Beanie (18), put there on another device.
    let mut phone = Browser::new(&shop);
    assert_eq!(
        register(&mut phone, "cart@example.com", &[]).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        phone.get("/shop/?add-to-cart=18").await.status,
        StatusCode::SEE_OTHER
    );

    // As a guest on a laptop: another Beanie and a Belt (19), with the coupon "ten".
    let mut laptop = Browser::new(&shop);
    for link in ["/shop/?add-to-cart=18", "/shop/?add-to-cart=19"] {
        assert_eq!(laptop.get(link).await.status, StatusCode::SEE_OTHER);
    }
    let nonce = laptop.nonce().await;
    let applied = laptop
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("coupon_code", "ten"),
                ("apply_coupon", "1"),
            ],
        )
        .await;
    assert_eq!(applied.status, StatusCode::SEE_OTHER);
    assert_eq!(
        log_in(&mut laptop, "cart@example.com", PASSWORD)
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        cart_lines(&mut laptop).await,
        vec![(18, 2), (19, 1)],
        "same product twice: quantities add up"
    );
    assert_eq!(
        cart_lines(&mut phone).await,
        vec![(18, 2), (19, 1)],
        "one cart on every device"
    );
    let coupons = |page: &Page| cart_json(&page.body)["coupons"].clone();
    assert_eq!(
        coupons(&phone.get("/cart/").await)[0]["code"],
        "ten",
        "the guest's coupon joins the customer's cart"
    );

    // Logging out leaves an empty guest cart.
    let dashboard = laptop.get("/my-account/").await;
    assert_eq!(
        laptop.get(&logout_link(&dashboard)).await.status,
        StatusCode::SEE_OTHER
    );
    let cart = laptop.get("/cart/").await;
    assert!(
        !cart.body.contains("id=\"mercato-cart\""),
        "the guest's cart is empty"
    );
}

#[tokio::test]
async fn a_guest_cart_joins_the_customers_cart_on_login_on_sqlite() {
    guest_cart_joins_the_customers(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn a_guest_cart_joins_the_customers_cart_on_login_on_postgres() {
    guest_cart_joins_the_customers(cart_shop_on(Backend::Postgres).await).await;
}

pub(crate) async fn ask_for_reset(browser: &mut Browser, login: &str) -> Page {
    let page = browser.get("/my-account/lost-password/").await;
    assert!(page.body.contains(">Reset password</button>"));
    let nonce = field_value(&page, "woocommerce-lost-password-nonce");
    browser
        .post(
            "/my-account/lost-password/",
            &[
                ("user_login", login),
                ("woocommerce-lost-password-nonce", nonce.as_str()),
            ],
        )
        .await
}

pub(crate) async fn set_new_password(browser: &mut Browser, link: &str, password: &str) -> Page {
    let form = browser.get(link).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.body);
    let nonce = field_value(&form, "woocommerce-reset-password-nonce");
    let (key, login) = (
        field_value(&form, "reset_key"),
        field_value(&form, "reset_login"),
    );
    browser
        .post(
            "/my-account/lost-password/",
            &[
                ("password_1", password),
                ("password_2", password),
                ("reset_key", key.as_str()),
                ("reset_login", login.as_str()),
                ("woocommerce-reset-password-nonce", nonce.as_str()),
            ],
        )
        .await
}

async fn reset_links(shop: RefShop) {
    let mut browser = Browser::new(&shop);
    assert_eq!(
        register(&mut browser, "reset@example.com", &[])
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let user = users::find_by_email(&shop.state.db, "reset@example.com")
        .await
        .expect("find")
        .expect("user");
    let mut other = Browser::new(&shop);
    assert_eq!(
        register(&mut other, "other@example.com", &[]).await.status,
        StatusCode::SEE_OTHER
    );
    let other_user = users::find_by_email(&shop.state.db, "other@example.com")
        .await
        .expect("find")
        .expect("user");

    // The same answer whether or not the account exists.
    let mut guest = Browser::new(&shop);
    let known = ask_for_reset(&mut guest, "reset@example.com").await;
    let unknown = ask_for_reset(&mut guest, "nobody@example.com").await;
    assert_eq!(
        (known.status, known.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/lost-password/")
    );
    assert_eq!(
        (unknown.status, &unknown.location),
        (known.status, &known.location)
    );
    let told = guest.get("/my-account/lost-password/").await;
    assert!(
        told.body.contains("Password reset email has been sent."),
        "{}",
        told.body
    );

    // The email carries the link.
    let outbox = tempfile::tempdir().expect("outbox");
    let worker = Worker::new((*shop.state).clone(), Outbox::new(outbox.path()));
    while worker.run_one().await.expect("worker") {}
    let mut link = None;
    for entry in std::fs::read_dir(outbox.path()).expect("outbox") {
        let text = std::fs::read_to_string(entry.expect("entry").path()).expect("eml");
        if text.contains("To: reset@example.com") && text.contains("Password Reset Request") {
            // Links in emails start with the configured origin, whatever the Host was.
            let origin = shop.state.config.link_origin();
            let start = text
                .find(&format!("{origin}/my-account/lost-password/?key="))
                .expect("link");
            let end = start + text[start..].find(char::is_whitespace).expect("end");
            link = Some(text[start + origin.len()..end].replace("&amp;", "&"));
        }
    }
    let link = link.expect("a reset email for the account");
    assert!(link.ends_with(&format!("&login={}", user.id)), "{link}");

    // Bound to its account: the key with another account's id is refused.
    let key = link
        .split("key=")
        .nth(1)
        .and_then(|k| k.split('&').next())
        .expect("key")
        .to_owned();
    let stolen = guest
        .get(&format!(
            "/my-account/lost-password/?key={key}&login={}",
            other_user.id
        ))
        .await;
    assert_eq!(stolen.status, StatusCode::BAD_REQUEST);
    assert!(
        stolen
            .body
            .contains("This key is invalid or has already been used.")
    );

    // Used once: the password changes, every session of the account ends.
    let customer_session = browser.cookies.get(COOKIE).cloned().expect("session");
    let done = set_new_password(&mut guest, &link, "a brand new secret").await;
    assert_eq!(
        (done.status, done.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/")
    );
    assert!(
        sessions::load(&shop.state.db, &customer_session)
            .await
            .expect("load")
            .is_none()
    );
    assert_eq!(
        log_in(&mut guest, "reset@example.com", "a brand new secret")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let twice = guest.get(&link).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST, "a link works once");

    // Expired links are refused.
    password_resets::create(
        &shop.state.db,
        user.id,
        "0123456789abcdef0123456789abcdef",
        3600,
        mercato_db::now(),
    )
    .await
    .expect("link");
    password_resets::set_expiry(
        &shop.state.db,
        "0123456789abcdef0123456789abcdef",
        mercato_db::now() - 1,
    )
    .await
    .expect("expire");
    let late = Browser::new(&shop)
        .get(&format!(
            "/my-account/lost-password/?key=0123456789abcdef0123456789abcdef&login={}",
            user.id
        ))
        .await;
    assert_eq!(late.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn reset_links_work_once_in_time_for_their_account_on_sqlite() {
    reset_links(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn reset_links_work_once_in_time_for_their_account_on_postgres() {
    reset_links(cart_shop_on(Backend::Postgres).await).await;
}

/// A reset link works until an hour after it was made by the shop's clock, and not after:
/// the test moves the clock on instead of editing the link's expiry.
#[tokio::test]
async fn reset_links_lapse_an_hour_after_they_are_made() {
    let shop = cart_shop_on(Backend::Sqlite).await;
    let hand = ManualClock::starting_at(mercato_db::now());
    let state = shop.state.with_clock(hand.clone().into());
    let app = mercato_server::router(state);
    let mut owner = Browser::on(&app);
    assert_eq!(
        register(&mut owner, "late@example.com", &[]).await.status,
        StatusCode::SEE_OTHER
    );
    let user = users::find_by_email(&shop.state.db, "late@example.com")
        .await
        .expect("find")
        .expect("user");
    let key = "fedcba9876543210fedcba9876543210";
    password_resets::create(&shop.state.db, user.id, key, LINK_TTL_SECS, hand.now())
        .await
        .expect("link");
    let link = format!("/my-account/lost-password/?key={key}&login={}", user.id);
    hand.advance(LINK_TTL_SECS - 1);
    assert_eq!(Browser::on(&app).get(&link).await.status, StatusCode::OK);
    hand.advance(1);
    assert_eq!(
        Browser::on(&app).get(&link).await.status,
        StatusCode::BAD_REQUEST
    );
}

async fn rate_limits(shop: RefShop) {
    let mut owner = Browser::new(&shop);
    assert_eq!(
        register(&mut owner, "target@example.com", &[]).await.status,
        StatusCode::SEE_OTHER
    );
    let mut attacker = Browser::new(&shop);
    for _ in 0..10 {
        let page = log_in(&mut attacker, "target@example.com", "guess").await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    }
    // The eleventh try in the window is refused before the password is even looked at:
    // the right one too.
    let refused = log_in(&mut attacker, "target@example.com", PASSWORD).await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert!(
        login_error(&refused)
            .expect("error")
            .contains("Too many attempts")
    );
    // An unknown login is counted the same way: a refusal says nothing about accounts.
    for _ in 0..10 {
        let _ = log_in(&mut attacker, "ghost@example.com", "guess").await;
    }
    let ghost = log_in(&mut attacker, "ghost@example.com", "guess").await;
    assert_eq!(ghost.status, StatusCode::TOO_MANY_REQUESTS);

    // Reset requests: three an hour per account typed, known or not, then the same refusal.
    for login in ["target@example.com", "nobody@example.com"] {
        for _ in 0..3 {
            let asked = ask_for_reset(&mut attacker, login).await;
            assert_eq!(asked.status, StatusCode::SEE_OTHER, "{}", asked.body);
        }
        let refused = ask_for_reset(&mut attacker, login).await;
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
        assert!(
            refused.body.contains("Too many attempts"),
            "{}",
            refused.body
        );
    }
}

#[tokio::test]
async fn logins_and_resets_are_rate_limited_per_account_on_sqlite() {
    rate_limits(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn logins_and_resets_are_rate_limited_per_account_on_postgres() {
    rate_limits(cart_shop_on(Backend::Postgres).await).await;
}

async fn orders_for_their_owner(shop: RefShop) {
    // A guest opens an account at checkout.
    let mut jane = with_beanie(&shop).await;
    let page = jane.get("/checkout/").await;
    let rate = rates(&page.body).into_iter().next().expect("rate");
    let fields = form(
        &nonce(&page),
        &[
            ("shipping_method[0]", &rate),
            ("createaccount", "1"),
            ("account_password", PASSWORD),
        ],
    );
    let placed = post(&mut jane, &fields).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    let id: i64 = placed.location["/checkout/order-received/".len()..]
        .split('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("order id");

    // An account opened at checkout is welcomed too.
    let welcome: i64 = sqlx::query_scalar(
        "select count(*) from jobs where kind = 'send_account_email' and payload like '%welcome%'",
    )
    .fetch_one(shop.state.db.pool())
    .await
    .expect("jobs");
    assert_eq!(welcome, 1);

    // Later, on another browser, she logs in and finds it.
    let mut later = Browser::new(&shop);
    assert_eq!(
        log_in(&mut later, "jane@example.com", PASSWORD)
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let orders = later.get("/my-account/orders/").await;
    assert_eq!(orders.status, StatusCode::OK);
    let view = format!("/my-account/view-order/{id}/");
    assert!(
        orders.body.contains(&format!("href=\"{view}\"")),
        "{}",
        orders.body
    );
    assert!(orders.body.contains("aria-label=\"View order number"));
    let order = later.get(&view).await;
    assert_eq!(order.status, StatusCode::OK);
    assert!(
        order.body.contains("Beanie") && order.body.contains("1 Main Street"),
        "{}",
        order.body
    );

    // Nobody else sees it: another customer gets the 404 page, a guest the login form.
    let mut stranger = Browser::new(&shop);
    assert_eq!(
        register(&mut stranger, "mallory@example.com", &[])
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let theirs = stranger.get(&view).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    assert!(!theirs.body.contains("1 Main Street"));
    assert_eq!(
        stranger.get("/my-account/view-order/999999/").await.status,
        StatusCode::NOT_FOUND
    );
    let guest = Browser::new(&shop).get(&view).await;
    assert_eq!(
        (guest.status, guest.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/")
    );
}

#[tokio::test]
async fn orders_are_shown_to_their_owner_only_on_sqlite() {
    orders_for_their_owner(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn orders_are_shown_to_their_owner_only_on_postgres() {
    orders_for_their_owner(cart_shop_on(Backend::Postgres).await).await;
}
