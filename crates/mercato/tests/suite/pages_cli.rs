//! `mercato pages …` through the real binary: a merchant saves a page from a Markdown file
//! and from HTML on standard input, lists it, reads its source back, replaces and deletes it,
//! and gets a message, with nothing changed, for a bad slug, a reserved path, a missing title
//! or an unknown format. Hostile markup is stored as written but never shown.

use crate::common::{cli_shop as shop, run_cli as mercato, text};

use mercato_db::content_pages;

#[tokio::test]
async fn a_merchant_manages_content_pages() {
    let (dir, url, db) = shop().await;
    let file = dir.path().join("about.md");
    std::fs::write(
        &file,
        "# Who we are\n\nPrinters <script>alert(1)</script> since 2015.",
    )
    .expect("write");
    let file = file.to_str().expect("path");

    let out = mercato(
        &url,
        &[
            "pages",
            "set",
            "about",
            "--title",
            "About us",
            "--description",
            "The studio",
            file,
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "/about/ created");
    let stored = content_pages::get(&db, "about")
        .await
        .expect("get")
        .expect("saved");
    assert_eq!(stored.page.title, "About us");
    assert_eq!(stored.page.description, "The studio");
    assert!(
        stored.page.html.contains("<h2>Who we are</h2>"),
        "{}",
        stored.page.html
    );
    assert!(
        !stored.page.html.contains("<script"),
        "{}",
        stored.page.html
    );

    let out = mercato(
        &url,
        &[
            "pages", "set", "about", "--title", "About", "--format", "html", "-",
        ],
        "<p onclick=\"x()\">Hello</p>",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "/about/ replaced");
    let out = mercato(&url, &["pages", "show", "about"], "");
    assert_eq!(
        text(&out.stdout),
        "<p onclick=\"x()\">Hello</p>",
        "the source as written"
    );
    let stored = content_pages::get(&db, "about")
        .await
        .expect("get")
        .expect("saved");
    assert_eq!(stored.page.html, "<p>Hello</p>");

    let out = mercato(&url, &["pages", "list"], "");
    let listed = text(&out.stdout);
    assert!(listed.starts_with("/about/\tAbout\thtml\t"), "{listed}");

    for (args, message) in [
        (
            vec!["pages", "set", "Bad Slug", "--title", "X", "-"],
            "not usable",
        ),
        (
            vec!["pages", "set", "checkout", "--title", "X", "-"],
            "not usable",
        ),
        (vec!["pages", "set", "x", "--title", " ", "-"], "title"),
        (
            vec!["pages", "set", "x", "--title", "X", "--format", "pdf", "-"],
            "unknown format",
        ),
        (vec!["pages", "delete", "nothing-here"], "no page"),
        (vec!["pages", "show", "nothing-here"], "no page"),
    ] {
        let out = mercato(&url, &args, "text");
        assert!(!out.status.success(), "{args:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    assert_eq!(
        content_pages::list(&db).await.expect("list").len(),
        1,
        "nothing else saved"
    );

    let out = mercato(&url, &["pages", "delete", "about"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        content_pages::get(&db, "about")
            .await
            .expect("get")
            .is_none()
    );
}

#[tokio::test]
async fn a_page_with_wrong_shortcodes_is_refused_with_its_line() {
    let (_dir, url, db) = shop().await;
    for (source, message) in [
        (
            "# FAQ\n\n[accordion]\n[accordion-item title=\"Sizes\"]\nS to XL\n[/accordion]\n",
            "line 6: [/accordion] cannot close [accordion-item] opened on line 4",
        ),
        (
            "Intro\n[acordion title=\"x\"]\n",
            "line 2: [acordion] is not a shortcode this shop knows",
        ),
        (
            "[tabgroup]\n[tab title=\"A\"]x[/tab]\n",
            "line 1: [tabgroup] is never closed with [/tabgroup]",
        ),
    ] {
        let out = mercato(
            &url,
            &["pages", "set", "faq", "--title", "FAQ", "-"],
            source,
        );
        assert!(!out.status.success(), "{source:?}");
        assert!(
            text(&out.stderr).contains(message),
            "{source:?}: {}",
            text(&out.stderr)
        );
    }
    assert!(
        content_pages::get(&db, "faq").await.expect("get").is_none(),
        "nothing stored"
    );

    let out = mercato(
        &url,
        &["pages", "set", "faq", "--title", "FAQ", "-"],
        "[accordion]\n[accordion-item title=\"Sizes\"]\nS to XL\n[/accordion-item]\n[/accordion]\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stored = content_pages::get(&db, "faq")
        .await
        .expect("get")
        .expect("saved");
    assert!(
        stored
            .page
            .html
            .contains("aria-controls=\"sizes-panel\">Sizes</button>"),
        "{}",
        stored.page.html
    );
}
