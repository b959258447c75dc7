//! Security review 2 (`../shared/reviews/security-review-2.md`), the account surfaces: each
//! finding's reproduction as a test, on SQLite and PostgreSQL where storage decides.
//!
//! N1 links in emails never follow the request's `Host`; N2 the current-password check is
//! limited like the login, and password hashing has a fixed capacity; N3 made-up keys cannot
//! spend the owner's recovery; N4 pending links die with a password or email change; N5 an
//! email change needs the current password and tells the old address; N6 names are one line
//! of text and the welcome email does not repeat them; N9 the guest forms write no session;
//! and the password rule on every way a password is set.

use crate::account_pages::{
    PASSWORD, ask_for_reset, field_value, log_in, login_error, register, set_new_password,
};
use crate::cart_page_support::{Browser, Page, RefShop, cart_shop_on};
use crate::checkout_page::{form, nonce, post, rates, with_beanie};

use axum::http::StatusCode;
use mercato_db::{Backend, users};
use mercato_server::emails::Outbox;
use mercato_server::jobs::Worker;

const DETAILS: &str = "/my-account/edit-account/";

/// Runs the queued jobs and returns every email written, as text.
async fn sent_emails(shop: &RefShop) -> Vec<String> {
    let outbox = tempfile::tempdir().expect("outbox");
    let worker = Worker::new((*shop.state).clone(), Outbox::new(outbox.path()));
    while worker.run_one().await.expect("worker") {}
    let mut emails: Vec<String> = std::fs::read_dir(outbox.path())
        .expect("outbox")
        .map(|entry| std::fs::read_to_string(entry.expect("entry").path()).expect("eml"))
        .collect();
    emails.sort();
    emails
}

/// The reset link in the newest reset email to `to`, as a path of the shop, and the origin
/// it was written with.
fn reset_link_in(emails: &[String], to: &str) -> Option<(String, String)> {
    let marker = "/my-account/lost-password/?key=";
    emails
        .iter()
        .filter(|text| text.contains(&format!("To: {to}")) && text.contains("Password Reset"))
        .filter_map(|text| {
            let at = text.find(marker)?;
            let start = text[..at].rfind("http")?;
            let end = at + text[at..].find(char::is_whitespace)?;
            let origin = text[start..at].to_owned();
            Some((text[at..end].replace("&amp;", "&"), origin))
        })
        .next_back()
}

async fn account_id(shop: &RefShop, email: &str) -> i64 {
    users::find_by_email(&shop.state.db, email)
        .await
        .expect("find")
        .expect("account")
        .id
}

/// A registered, logged-in customer's browser.
async fn customer(shop: &RefShop, email: &str) -> Browser {
    let mut browser = Browser::new(shop);
    let made = register(&mut browser, email, &[]).await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    browser
}

/// Posts the account-details form with `changes` over the account's current values.
async fn save_details(browser: &mut Browser, changes: &[(&str, &str)]) -> Page {
    let page = browser.get(DETAILS).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let nonce = field_value(&page, "save-account-details-nonce");
    let mut fields: Vec<(String, String)> = [
        "account_first_name",
        "account_last_name",
        "account_display_name",
        "account_email",
    ]
    .iter()
    .map(|name| (name.to_string(), input_value(&page, name)))
    .collect();
    for name in ["account_first_name", "account_last_name"] {
        if let Some(field) = fields.iter_mut().find(|(k, _)| k == name)
            && field.1.is_empty()
        {
            field.1 = "Pat".to_owned();
        }
    }
    fields.push(("save-account-details-nonce".to_owned(), nonce));
    for (name, value) in changes {
        match fields.iter_mut().find(|(k, _)| k == name) {
            Some(field) => field.1 = (*value).to_owned(),
            None => fields.push(((*name).to_owned(), (*value).to_owned())),
        }
    }
    let borrowed: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    browser.post(DETAILS, &borrowed).await
}

/// The value of the input named `name` (its `value` comes after other attributes).
fn input_value(page: &Page, name: &str) -> String {
    let at = page
        .body
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("no {name} in {}", page.body));
    let rest = &page.body[at..];
    let start = rest.find("value=\"").expect("value") + "value=\"".len();
    rest[start..start + rest[start..].find('"').expect("end")].replace("&amp;", "&")
}

async fn session_rows(shop: &RefShop) -> i64 {
    sqlx::query_scalar::<_, i64>("select count(*) from sessions")
        .fetch_one(shop.state.db.pool())
        .await
        .expect("count")
}

// N1 ----------------------------------------------------------------------------------------

#[tokio::test]
async fn links_in_account_emails_never_follow_the_host_header() {
    let shop = cart_shop_on(Backend::Sqlite).await;
    let mut victim = Browser::new(&shop);
    victim.host = "evil.example".to_owned();
    assert_eq!(
        register(&mut victim, "victim@example.com", &[])
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let mut attacker = Browser::new(&shop);
    attacker.host = "evil.example".to_owned();
    let asked = ask_for_reset(&mut attacker, "victim@example.com").await;
    assert_eq!(asked.status, StatusCode::SEE_OTHER, "{}", asked.body);

    let emails = sent_emails(&shop).await;
    let (_, origin) = reset_link_in(&emails, "victim@example.com").expect("a reset email");
    assert_eq!(origin, shop.state.config.link_origin());
    let welcome = emails
        .iter()
        .find(|text| text.contains("account has been created"))
        .expect("a welcome email");
    for text in [welcome.as_str()]
        .into_iter()
        .chain(emails.iter().map(String::as_str))
    {
        assert!(!text.contains("evil.example"), "{text}");
    }
}

// N2 ----------------------------------------------------------------------------------------

async fn current_password_guesses(shop: RefShop) {
    let mut owner = customer(&shop, "guarded@example.com").await;
    for guess in 1..=10 {
        let wrong = save_details(
            &mut owner,
            &[
                ("password_current", &format!("guess number {guess}")),
                ("password_1", "a much newer secret 42"),
                ("password_2", "a much newer secret 42"),
            ],
        )
        .await;
        assert_eq!(
            wrong.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            wrong.body
        );
        assert!(wrong.body.contains("Your current password is incorrect."));
    }
    // The eleventh try in the window is refused before any hashing, the right one too.
    let refused = save_details(
        &mut owner,
        &[
            ("password_current", PASSWORD),
            ("password_1", "a much newer secret 42"),
            ("password_2", "a much newer secret 42"),
        ],
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("Too many attempts"),
        "{}",
        refused.body
    );
    let mut elsewhere = Browser::new(&shop);
    assert_eq!(
        log_in(&mut elsewhere, "guarded@example.com", PASSWORD)
            .await
            .status,
        StatusCode::SEE_OTHER,
        "the password did not change"
    );
    // Saving names without touching the password is not an attempt.
    let names = save_details(&mut owner, &[("account_first_name", "Quinn")]).await;
    assert_eq!(names.status, StatusCode::SEE_OTHER, "{}", names.body);
}

#[tokio::test]
async fn the_current_password_check_is_limited_like_the_login_on_sqlite() {
    current_password_guesses(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn the_current_password_check_is_limited_like_the_login_on_postgres() {
    current_password_guesses(cart_shop_on(Backend::Postgres).await).await;
}

#[tokio::test]
async fn password_work_past_the_hashing_capacity_is_answered_busy_not_queued_in_memory() {
    let shop = cart_shop_on(Backend::Sqlite).await;
    let mut owner = customer(&shop, "busy@example.com").await;
    // Every permit taken (as by that many logins hashing at once): the next password
    // check is turned away with 503 and Retry-After instead of waiting in memory.
    let held = shop.state.password_work.hold_all();
    let mut guest = Browser::new(&shop);
    let login = log_in(&mut guest, "busy@example.com", PASSWORD).await;
    assert_eq!(
        login.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        login.body
    );
    assert!(
        login_error(&login).expect("error").contains("busy"),
        "{}",
        login.body
    );
    let change = save_details(
        &mut owner,
        &[
            ("password_current", PASSWORD),
            ("password_1", "a much newer secret 42"),
            ("password_2", "a much newer secret 42"),
        ],
    )
    .await;
    assert_eq!(
        change.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        change.body
    );
    drop(held);
    let login = log_in(&mut guest, "busy@example.com", PASSWORD).await;
    assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.body);
}

// N3 ----------------------------------------------------------------------------------------

async fn made_up_keys(shop: RefShop) {
    let _victim = customer(&shop, "locked@example.com").await;
    let _mallory = customer(&shop, "mallory@example.com").await;
    let victim_id = account_id(&shop, "locked@example.com").await;
    let mut victim = Browser::new(&shop);
    assert_eq!(
        ask_for_reset(&mut victim, "locked@example.com")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let mut mallory = Browser::new(&shop);
    assert_eq!(
        ask_for_reset(&mut mallory, "mallory@example.com")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    let emails = sent_emails(&shop).await;
    let (victim_link, _) = reset_link_in(&emails, "locked@example.com").expect("victim's link");
    let (mallory_link, _) = reset_link_in(&emails, "mallory@example.com").expect("own link");
    // Mallory opens her own link for a nonce, then posts made-up keys naming the victim.
    let form = mallory.get(&mallory_link).await;
    let reset_nonce = field_value(&form, "woocommerce-reset-password-nonce");
    let victim_login = victim_id.to_string();
    let mut answers = Vec::new();
    for guess in 0..12 {
        let key = format!("{guess:032}");
        let page = mallory
            .post(
                "/my-account/lost-password/",
                &[
                    ("password_1", "taken over 12345"),
                    ("password_2", "taken over 12345"),
                    ("reset_key", key.as_str()),
                    ("reset_login", victim_login.as_str()),
                    ("woocommerce-reset-password-nonce", reset_nonce.as_str()),
                ],
            )
            .await;
        answers.push(page.status);
    }
    assert_eq!(answers[0], StatusCode::BAD_REQUEST);
    assert_eq!(
        answers.last(),
        Some(&StatusCode::TOO_MANY_REQUESTS),
        "the guessing client is limited: {answers:?}"
    );
    // The owner's genuine link still works.
    let mut owner = Browser::new(&shop);
    let done = set_new_password(&mut owner, &victim_link, "my own new secret 7").await;
    assert_eq!(
        (done.status, done.location.as_str()),
        (StatusCode::SEE_OTHER, "/my-account/"),
        "{}",
        done.body
    );
    assert_eq!(
        log_in(&mut owner, "locked@example.com", "my own new secret 7")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn made_up_keys_do_not_block_the_owners_reset_on_sqlite() {
    made_up_keys(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn made_up_keys_do_not_block_the_owners_reset_on_postgres() {
    made_up_keys(cart_shop_on(Backend::Postgres).await).await;
}

// N4 ----------------------------------------------------------------------------------------

async fn stale_links(shop: RefShop) {
    // After a password change.
    let mut owner = customer(&shop, "stale@example.com").await;
    let mut stranger = Browser::new(&shop);
    ask_for_reset(&mut stranger, "stale@example.com").await;
    let emails = sent_emails(&shop).await;
    let (link, _) = reset_link_in(&emails, "stale@example.com").expect("link");
    let changed = save_details(
        &mut owner,
        &[
            ("password_current", PASSWORD),
            ("password_1", "changed by the owner 9"),
            ("password_2", "changed by the owner 9"),
        ],
    )
    .await;
    assert_eq!(changed.status, StatusCode::SEE_OTHER, "{}", changed.body);
    let dead = stranger.get(&link).await;
    assert_eq!(dead.status, StatusCode::BAD_REQUEST, "{}", dead.body);

    // After an email change: a link mailed to the old address no longer resets the account.
    ask_for_reset(&mut stranger, "stale@example.com").await;
    let emails = sent_emails(&shop).await;
    let (link, _) = reset_link_in(&emails, "stale@example.com").expect("link");
    let moved = save_details(
        &mut owner,
        &[
            ("account_email", "moved@example.com"),
            ("password_current", "changed by the owner 9"),
        ],
    )
    .await;
    assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
    let dead = stranger.get(&link).await;
    assert_eq!(dead.status, StatusCode::BAD_REQUEST, "{}", dead.body);
}

#[tokio::test]
async fn pending_reset_links_die_with_a_password_or_email_change_on_sqlite() {
    stale_links(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn pending_reset_links_die_with_a_password_or_email_change_on_postgres() {
    stale_links(cart_shop_on(Backend::Postgres).await).await;
}

// N5 ----------------------------------------------------------------------------------------

async fn email_change(shop: RefShop) {
    let mut owner = customer(&shop, "first@example.com").await;
    let _ = sent_emails(&shop).await;
    let silent = save_details(&mut owner, &[("account_email", "thief@example.com")]).await;
    assert_eq!(
        silent.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        silent.body
    );
    assert!(
        silent
            .body
            .contains("Please enter your current password to change your email address."),
        "{}",
        silent.body
    );
    let wrong = save_details(
        &mut owner,
        &[
            ("account_email", "thief@example.com"),
            ("password_current", "not the password"),
        ],
    )
    .await;
    assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(wrong.body.contains("Your current password is incorrect."));
    assert!(
        users::find_by_email(&shop.state.db, "first@example.com")
            .await
            .expect("find")
            .is_some(),
        "unchanged"
    );

    let done = save_details(
        &mut owner,
        &[
            ("account_email", "second@example.com"),
            ("password_current", PASSWORD),
        ],
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let emails = sent_emails(&shop).await;
    let notice = emails
        .iter()
        .find(|text| text.contains("To: first@example.com"))
        .expect("the old address is told");
    assert!(notice.contains("second@example.com"), "{notice}");
    assert!(
        emails
            .iter()
            .any(|text| text.contains("To: second@example.com")),
        "the new address is told too"
    );
}

#[tokio::test]
async fn an_email_change_needs_the_password_and_tells_the_old_address_on_sqlite() {
    email_change(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn an_email_change_needs_the_password_and_tells_the_old_address_on_postgres() {
    email_change(cart_shop_on(Backend::Postgres).await).await;
}

// N6 ----------------------------------------------------------------------------------------

#[tokio::test]
async fn registration_names_are_one_line_of_text_and_the_welcome_does_not_repeat_them() {
    let shop = cart_shop_on(Backend::Sqlite).await;
    let mut browser = Browser::new(&shop);
    let typed = "Bob,\r\n\r\nYour order #4711 was <b>flagged</b>. Confirm your card at https://evil.example/verify\tnow";
    let made = register(
        &mut browser,
        "stranger@example.com",
        &[("first_name", typed), ("last_name", "Smith\nJr")],
    )
    .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let user = users::find_by_email(&shop.state.db, "stranger@example.com")
        .await
        .expect("find")
        .expect("account");
    for name in [&user.first_name, &user.last_name, &user.display_name] {
        assert!(
            !name.contains(['\r', '\n', '\t', '<']),
            "one line of text: {name:?}"
        );
    }
    assert_eq!(user.last_name, "Smith Jr");
    let emails = sent_emails(&shop).await;
    let welcome = emails
        .iter()
        .find(|text| text.contains("To: stranger@example.com"))
        .expect("welcome");
    assert!(!welcome.contains("evil.example"), "{welcome}");
    assert!(!welcome.contains("4711"), "{welcome}");
}

// N9 ----------------------------------------------------------------------------------------

async fn guest_forms_write_nothing(shop: RefShop) {
    let before = session_rows(&shop).await;
    for path in [
        "/my-account/",
        "/my-account/login-popup/",
        "/my-account/lost-password/",
    ] {
        for _ in 0..3 {
            let page = Browser::new(&shop).get(path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.body);
        }
    }
    assert_eq!(
        session_rows(&shop).await,
        before,
        "no session row for a look"
    );

    // The forms still work: log in, register, ask for a reset from a first visit.
    let _ = customer(&shop, "returning@example.com").await;
    let mut fresh = Browser::new(&shop);
    let logged = log_in(&mut fresh, "returning@example.com", PASSWORD).await;
    assert_eq!(logged.status, StatusCode::SEE_OTHER, "{}", logged.body);
    assert_eq!(
        fresh.get("/my-account/").await.status,
        StatusCode::OK,
        "logged in"
    );
    let mut other = Browser::new(&shop);
    assert_eq!(
        ask_for_reset(&mut other, "returning@example.com")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    // A nonce of one visitor does not pass for another (login CSRF).
    let mut first = Browser::new(&shop);
    let page = first.get("/my-account/").await;
    let their_nonce = field_value(&page, "woocommerce-login-nonce");
    let mut second = Browser::new(&shop);
    let _ = second.get("/my-account/").await;
    let forged = second
        .post(
            "/my-account/",
            &[
                ("username", "returning@example.com"),
                ("password", PASSWORD),
                ("woocommerce-login-nonce", their_nonce.as_str()),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    let mut cookieless = Browser::new(&shop);
    let forged = cookieless
        .post(
            "/my-account/",
            &[
                ("username", "returning@example.com"),
                ("password", PASSWORD),
                ("woocommerce-login-nonce", their_nonce.as_str()),
            ],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
}

#[tokio::test]
async fn guest_account_forms_write_no_session_on_sqlite() {
    guest_forms_write_nothing(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn guest_account_forms_write_no_session_on_postgres() {
    guest_forms_write_nothing(cart_shop_on(Backend::Postgres).await).await;
}

// The password rule --------------------------------------------------------------------------

#[tokio::test]
async fn every_way_of_setting_a_password_applies_the_password_rule() {
    let shop = cart_shop_on(Backend::Sqlite).await;
    // Registration.
    let mut browser = Browser::new(&shop);
    let page = browser.get("/my-account/").await;
    let register_nonce = field_value(&page, "woocommerce-register-nonce");
    let short = browser
        .post(
            "/my-account/",
            &[
                ("email", "weak@example.com"),
                ("password", "abc"),
                ("woocommerce-register-nonce", register_nonce.as_str()),
            ],
        )
        .await;
    assert_eq!(
        short.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        short.body
    );
    assert!(
        short.body.contains("at least 8 characters"),
        "{}",
        short.body
    );
    assert!(
        users::find_by_email(&shop.state.db, "weak@example.com")
            .await
            .expect("find")
            .is_none()
    );
    let page = browser.get("/my-account/").await;
    let register_nonce = field_value(&page, "woocommerce-register-nonce");
    let common = browser
        .post(
            "/my-account/",
            &[
                ("email", "weak@example.com"),
                ("password", "weak@example.com"),
                ("woocommerce-register-nonce", register_nonce.as_str()),
            ],
        )
        .await;
    assert_eq!(
        common.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        common.body
    );
    assert!(common.body.contains("too easy to guess"), "{}", common.body);

    // Account details.
    let mut owner = customer(&shop, "rule@example.com").await;
    let weak = save_details(
        &mut owner,
        &[
            ("password_current", PASSWORD),
            ("password_1", "abc"),
            ("password_2", "abc"),
        ],
    )
    .await;
    assert_eq!(
        weak.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        weak.body
    );
    assert!(weak.body.contains("at least 8 characters"), "{}", weak.body);

    // A reset link.
    let mut guest = Browser::new(&shop);
    ask_for_reset(&mut guest, "rule@example.com").await;
    let emails = sent_emails(&shop).await;
    let (link, _) = reset_link_in(&emails, "rule@example.com").expect("link");
    let weak = set_new_password(&mut guest, &link, "abc").await;
    assert_eq!(
        weak.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        weak.body
    );
    assert!(weak.body.contains("at least 8 characters"), "{}", weak.body);
    let fine = set_new_password(&mut guest, &link, "a sturdier passphrase 31").await;
    assert_eq!(
        fine.status,
        StatusCode::SEE_OTHER,
        "the link still works after a refusal"
    );

    // An account opened at checkout: the reason is on the password field.
    let mut jane = with_beanie(&shop).await;
    let page = jane.get("/checkout/").await;
    let rate = rates(&page.body).into_iter().next().expect("rate");
    let fields = form(
        &nonce(&page),
        &[
            ("shipping_method[0]", &rate),
            ("createaccount", "1"),
            ("account_password", "abc"),
        ],
    );
    let refused = post(&mut jane, &fields).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("at least 8 characters"),
        "{}",
        refused.body
    );
}

// Review 2, §3: the informational items fixed ---------------------------------------------

async fn remembered_and_not_stored(shop: RefShop) {
    let _ = customer(&shop, "kept@example.com").await;
    let mut browser = Browser::new(&shop);
    let page = browser.get("/my-account/").await;
    let nonce = field_value(&page, "woocommerce-login-nonce");
    let inside = browser
        .post(
            "/my-account/",
            &[
                ("username", "kept@example.com"),
                ("password", PASSWORD),
                ("rememberme", "forever"),
                ("woocommerce-login-nonce", nonce.as_str()),
            ],
        )
        .await;
    assert_eq!(inside.status, StatusCode::SEE_OTHER, "{}", inside.body);
    // A page that keeps a notice in the session (names saved) leaves its two weeks alone.
    let saved = save_details(&mut browser, &[("account_first_name", "Kim")]).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
    let id = browser
        .cookies
        .get(mercato_server::session::COOKIE)
        .cloned()
        .expect("session");
    let session = mercato_db::sessions::load(&shop.state.db, &id)
        .await
        .expect("load")
        .expect("live");
    assert!(
        session.expires_at > mercato_db::now() + 13 * 24 * 3600,
        "still remembered: {} s left",
        session.expires_at - mercato_db::now()
    );
    // Account pages are not kept by the browser.
    for path in [
        "/my-account/",
        "/my-account/orders/",
        "/my-account/edit-address/",
        DETAILS,
    ] {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(page.cache_control, "no-store", "{path}");
    }
}

#[tokio::test]
async fn remember_me_survives_notices_and_account_pages_are_not_stored_on_sqlite() {
    remembered_and_not_stored(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn remember_me_survives_notices_and_account_pages_are_not_stored_on_postgres() {
    remembered_and_not_stored(cart_shop_on(Backend::Postgres).await).await;
}
