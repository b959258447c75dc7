//! Staff roles (issue 13, SPEC §6) on SQLite and PostgreSQL: the page settings say what the
//! logged-in account may do (`currentUserIsAdmin`, the theme's `user.can_edit_pages`), staff
//! who edit pages see the two edit links on content and menu blocks, and `/wp-admin/` (the
//! admin URL those links use) is for staff only. A role changed while logged in applies on
//! the next page.

use crate::account_pages::register;
use crate::cart_page_support::{Browser, Page, RefShop, cart_shop_on};

use axum::http::StatusCode;
use mercato_db::{Backend, users};
use serde_json::Value;

fn settings(page: &Page) -> Value {
    let marker = "<script type=\"application/json\" id=\"mercato-settings\">";
    let start = page
        .body
        .find(marker)
        .unwrap_or_else(|| panic!("settings script in {} {}", page.status, page.body))
        + marker.len();
    let end = page.body[start..].find("</script>").expect("end") + start;
    serde_json::from_str(&page.body[start..end]).expect("settings json")
}

/// `(currentUserIsAdmin, user.can_edit_pages)` of a page.
fn flags(page: &Page) -> (bool, bool) {
    let settings = settings(page);
    (
        settings["wcSettings"]["currentUserIsAdmin"]
            .as_bool()
            .expect("currentUserIsAdmin"),
        settings["theme"]["user"]["can_edit_pages"]
            .as_bool()
            .expect("can_edit_pages"),
    )
}

fn edit_links(page: &Page) -> usize {
    page.body.matches("class=\"edit-links\"").count()
}

async fn roles(shop: RefShop) {
    let mut guest = Browser::new(&shop);
    let home = guest.get("/").await;
    assert_eq!(flags(&home), (false, false));
    assert_eq!(edit_links(&home), 0);
    let admin = guest.get("/wp-admin/").await;
    assert_eq!(admin.status, StatusCode::SEE_OTHER);
    assert_eq!(admin.location, "/my-account/");

    let mut browser = Browser::new(&shop);
    register(&mut browser, "sam@example.com", &[]).await;
    let account = users::find_by_email(&shop.state.db, "sam@example.com")
        .await
        .expect("read")
        .expect("registered");
    let home = browser.get("/").await;
    assert_eq!(flags(&home), (false, false), "a customer is not staff");
    assert_eq!(edit_links(&home), 0);
    let refused = browser.get("/wp-admin/").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.body.contains("not allowed"), "{}", refused.body);

    users::set_role(&shop.state.db, account.id, "shop_manager")
        .await
        .expect("set role");
    let home = browser.get("/").await;
    assert_eq!(flags(&home), (false, true), "a shop manager edits pages");
    // The hero block, the main menu and the four footer menus.
    assert_eq!(edit_links(&home), 6, "{}", home.body);
    assert!(home.body.contains(
        "href=\"/wp-admin/post.php?post=main-menu&amp;action=edit&amp;app=uxbuilder\">Edit with page builder<span class=\"sr-text\">: Main menu</span>"
    ));
    assert!(home.body.contains(
        "href=\"/wp-admin/post.php?post=home-hero&amp;action=edit\">Edit<span class=\"sr-text\">: Home hero</span>"
    ));
    let editor = browser
        .get("/wp-admin/post.php?post=home-hero&action=edit&app=uxbuilder")
        .await;
    assert_eq!(editor.status, StatusCode::OK);
    assert!(
        editor
            .body
            .contains("Editing “home-hero” with the page builder is not possible")
    );
    // A hostile block name is not echoed.
    let hostile = browser
        .get("/wp-admin/post.php?post=%3Cscript%3Ealert(1)%3C/script%3E&action=edit")
        .await;
    assert_eq!(hostile.status, StatusCode::OK);
    assert!(!hostile.body.contains("<script>alert(1)"));
    assert!(!hostile.body.contains("Editing"));

    users::set_role(&shop.state.db, account.id, "administrator")
        .await
        .expect("set role");
    assert_eq!(flags(&browser.get("/shop/").await), (true, true));

    // Another visitor of the same (cacheable) page sees no staff links.
    let shop_page = guest.get("/shop/").await;
    assert_eq!(flags(&shop_page), (false, false));
    assert_eq!(edit_links(&shop_page), 0);

    users::set_role(&shop.state.db, account.id, "customer")
        .await
        .expect("set role");
    let home = browser.get("/").await;
    assert_eq!(
        flags(&home),
        (false, false),
        "the role is read on every page"
    );
    assert_eq!(edit_links(&home), 0);
}

#[tokio::test]
async fn staff_see_their_flags_and_edit_links_on_sqlite() {
    roles(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn staff_see_their_flags_and_edit_links_on_postgres() {
    roles(cart_shop_on(Backend::Postgres).await).await;
}
