//! The header's login popup (issue 13, SPEC §2.1), on SQLite and PostgreSQL: its forms served
//! on demand with the account page's fields and nonces plus `redirect`; a refused login or
//! registration from it sends the shopper back to the page they were on, where the popup is
//! rendered open with the error and what was typed inside it (once); a success sends them
//! back logged in; a `redirect` outside the shop is never followed.

use crate::cart_page_support::{Browser, Page, RefShop, attribute_after, cart_shop_on};

use axum::http::StatusCode;
use mercato_db::Backend;

const PASSWORD: &str = "correct horse battery staple";

/// The popup's forms, fetched as the header's link does.
async fn popup_forms(browser: &mut Browser, on_page: &str) -> Page {
    let page = browser
        .get(&format!(
            "/my-account/login-popup/?redirect={}",
            crate::cart_page_support::encode(on_page)
        ))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    page
}

fn value_of(page: &Page, name: &str) -> String {
    attribute_after(&page.body, &format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} in {}", page.body))
}

/// The login popup the page carries (rendered open by the server), if any.
fn open_popup(page: &Page) -> Option<&str> {
    let start = page.body.find("<dialog class=\"login-popup\"")?;
    let end = page.body[start..].find("</dialog>")? + start;
    Some(&page.body[start..end])
}

async fn popup_log_in(browser: &mut Browser, on_page: &str, login: &str, password: &str) -> Page {
    let forms = popup_forms(browser, on_page).await;
    let nonce = value_of(&forms, "woocommerce-login-nonce");
    let redirect = value_of(&forms, "redirect");
    browser
        .post(
            "/my-account/",
            &[
                ("username", login),
                ("password", password),
                ("woocommerce-login-nonce", nonce.as_str()),
                ("redirect", redirect.as_str()),
                ("login", "Log in"),
            ],
        )
        .await
}

async fn popup_register(browser: &mut Browser, on_page: &str, email: &str) -> Page {
    let forms = popup_forms(browser, on_page).await;
    let nonce = value_of(&forms, "woocommerce-register-nonce");
    let redirect = value_of(&forms, "redirect");
    browser
        .post(
            "/my-account/",
            &[
                ("email", email),
                ("password", PASSWORD),
                ("first_name", "Grace"),
                ("woocommerce-register-nonce", nonce.as_str()),
                ("redirect", redirect.as_str()),
                ("register", "Register"),
            ],
        )
        .await
}

/// The header's account link text.
fn account_link(page: &Page) -> String {
    let marker = "<a class=\"header-account\" href=\"/my-account/\">";
    let start = page.body.find(marker).expect("account link") + marker.len();
    page.body[start..start + page.body[start..].find('<').expect("end")].to_owned()
}

async fn popup_story(shop: RefShop) {
    let mut browser = Browser::new(&shop);

    // A guest's header offers the popup, except on the page that shows the same forms.
    let home = browser.get("/shop/").await;
    assert!(
        home.body
            .contains("<span class=\"header-account-wrap\" data-behaviour=\"login-popup\">")
    );
    assert!(
        open_popup(&home).is_none(),
        "no popup until it is asked for"
    );
    let account = browser.get("/my-account/").await;
    assert!(!account.body.contains("data-behaviour=\"login-popup\""));

    // The popup's forms: the account page's fields and nonces, ids of their own, and the
    // page to go back to, without the parameters that would add to the cart again.
    let forms = popup_forms(&mut browser, "/shop/?orderby=price&add-to-cart=12").await;
    for part in [
        "<label for=\"popup-username\">Username or email address",
        "<label for=\"popup-password\">Password",
        "<span>Remember me</span>",
        ">Log in</button>",
        "<label for=\"popup-reg_email\">Email address",
        ">Register</button>",
        "name=\"wc_order_attribution_utm_source\" value=\"\"",
        "aria-describedby=\"popup-reg_password-description\"",
        "data-behaviour=\"password-toggle\"",
    ] {
        assert!(forms.body.contains(part), "missing {part}: {}", forms.body);
    }
    assert_eq!(value_of(&forms, "redirect"), "/shop/?orderby=price");
    assert!(!forms.body.contains("<html"), "a fragment, not a page");

    // A target outside the shop is replaced by the account page.
    let outside = popup_forms(&mut browser, "https://evil.example/").await;
    assert_eq!(value_of(&outside, "redirect"), "/my-account/");

    // Register from the popup: back on the page, logged in.
    let made = popup_register(&mut browser, "/shop/", "grace@example.com").await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    assert_eq!(made.location, "/shop/");
    let back = browser.get("/shop/").await;
    assert_eq!(account_link(&back), "My account");
    assert!(!back.body.contains("data-behaviour=\"login-popup\""));
    // A customer asking for the popup's forms is sent to the account page.
    let asked = browser
        .get("/my-account/login-popup/?redirect=/shop/")
        .await;
    assert_eq!(asked.status, StatusCode::SEE_OTHER);
    assert_eq!(asked.location, "/my-account/");

    // A wrong password from the popup: back on the page, the popup open there with the error
    // and what was typed (never the password), then gone on the next page.
    let mut guest = Browser::new(&shop);
    let refused = popup_log_in(&mut guest, "/shop/", "grace@example.com", "not it").await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER, "{}", refused.body);
    assert_eq!(refused.location, "/shop/");
    let shown = guest.get("/shop/").await;
    assert_eq!(shown.status, StatusCode::OK);
    let popup = open_popup(&shown).expect("the popup, open").to_owned();
    assert!(popup.contains("aria-label=\"Log in\" open"), "{popup}");
    assert!(popup.contains("The username or password you entered is incorrect."));
    assert!(popup.contains("id=\"popup-username\""));
    assert!(popup.contains("value=\"grace@example.com\""));
    assert!(popup.contains("aria-describedby=\"popup-login-error\""));
    assert!(popup.contains("<button type=\"submit\" class=\"login-popup__close\">Close</button>"));
    assert!(!popup.contains("not it"));
    assert!(
        !shown
            .body
            .contains("<div class=\"notice notice--error\" role=\"alert\" id=\"login-error\""),
        "the error is inside the popup, not on the page"
    );
    let again = guest.get("/shop/").await;
    assert!(open_popup(&again).is_none(), "shown once");

    // The popup it carried logs in with its own nonce, back to the page.
    let nonce =
        attribute_after(&popup, "name=\"woocommerce-login-nonce\" value=\"").expect("nonce");
    let redirect = attribute_after(&popup, "name=\"redirect\" value=\"").expect("redirect");
    assert_eq!(redirect, "/shop/");
    let logged_in = guest
        .post(
            "/my-account/",
            &[
                ("username", "grace@example.com"),
                ("password", PASSWORD),
                ("woocommerce-login-nonce", nonce.as_str()),
                ("redirect", redirect.as_str()),
                ("login", "Log in"),
            ],
        )
        .await;
    assert_eq!(
        logged_in.status,
        StatusCode::SEE_OTHER,
        "{}",
        logged_in.body
    );
    assert_eq!(logged_in.location, "/shop/");
    assert_eq!(account_link(&guest.get("/shop/").await), "My account");

    // A registration refused in the popup: the register form's error, the address kept.
    let mut other = Browser::new(&shop);
    let taken = popup_register(&mut other, "/cart/", "grace@example.com").await;
    assert_eq!(taken.status, StatusCode::SEE_OTHER);
    assert_eq!(taken.location, "/cart/");
    let cart = other.get("/cart/").await;
    let popup = open_popup(&cart).expect("the popup on the cart page");
    assert!(popup.contains("An account is already registered with your email address."));
    assert!(popup.contains("id=\"popup-register-error\""));
    assert!(popup.contains("value=\"grace@example.com\""));

    // A stale nonce from the popup: the link-expired message, in the popup.
    let stale = other
        .post(
            "/my-account/",
            &[
                ("username", "grace@example.com"),
                ("password", PASSWORD),
                ("woocommerce-login-nonce", "0123456789"),
                ("redirect", "/"),
                ("login", "Log in"),
            ],
        )
        .await;
    assert_eq!(stale.status, StatusCode::SEE_OTHER);
    assert_eq!(stale.location, "/");
    let home = other.get("/").await;
    assert!(
        open_popup(&home)
            .expect("the popup")
            .contains("The link you followed has expired.")
    );

    // A redirect outside the shop is never followed: the account page answers as without one.
    let mut third = Browser::new(&shop);
    let forms = popup_forms(&mut third, "/").await;
    let nonce = value_of(&forms, "woocommerce-login-nonce");
    for target in ["https://evil.example/", "//evil.example/"] {
        let wrong = third
            .post(
                "/my-account/",
                &[
                    ("username", "grace@example.com"),
                    ("password", "not it"),
                    ("woocommerce-login-nonce", nonce.as_str()),
                    ("redirect", target),
                ],
            )
            .await;
        assert_eq!(wrong.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(wrong.body.contains("id=\"login-error\""));
    }
    let right = third
        .post(
            "/my-account/",
            &[
                ("username", "grace@example.com"),
                ("password", PASSWORD),
                ("woocommerce-login-nonce", nonce.as_str()),
                ("redirect", "https://evil.example/"),
            ],
        )
        .await;
    assert_eq!(right.status, StatusCode::SEE_OTHER);
    assert_eq!(right.location, "/my-account/");
}

#[tokio::test]
async fn the_login_popup_goes_back_to_its_page_on_sqlite() {
    popup_story(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn the_login_popup_goes_back_to_its_page_on_postgres() {
    popup_story(cart_shop_on(Backend::Postgres).await).await;
}
