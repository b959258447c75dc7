//! `mercato attributes …` through the real binary: a merchant gives a term its swatch colour
//! and picture, sees them listed and on the product page's data (the taxonomy), clears them,
//! and gets a message, with nothing changed, for a bad colour, URL, attribute or term.

use std::process::Output;

use crate::common::{cli_shop, run_cli, text};

use mercato_core::catalogue::{AttributeTerm, GlobalAttribute, TermId};
use mercato_db::Db;
use mercato_db::catalogue::{load_taxonomy, save_attribute, save_term};

async fn shop() -> (tempfile::TempDir, String, Db) {
    let (dir, url, db) = cli_shop().await;
    let color = save_attribute(&db, &GlobalAttribute::new(Default::default(), "Color"))
        .await
        .expect("attribute");
    for name in ["Navy", "Forest green"] {
        save_term(&db, color, &AttributeTerm::new(TermId(0), name))
            .await
            .expect("term");
    }
    (dir, url, db)
}

fn mercato(url: &str, args: &[&str]) -> Output {
    run_cli(url, args, "")
}

async fn term(db: &Db, slug: &str) -> AttributeTerm {
    let taxonomy = load_taxonomy(db).await.expect("taxonomy");
    let color = taxonomy.attribute_by_slug("pa_color").expect("Color");
    color.term_by_slug(slug).expect("term").clone()
}

#[tokio::test]
async fn a_merchant_sets_lists_and_clears_a_terms_swatch_colour_and_picture() {
    let (_dir, url, db) = shop().await;
    let set = mercato(
        &url,
        &[
            "attributes",
            "set-term",
            "pa_color",
            "Navy",
            "--color",
            "#1F2A44",
            "--image",
            "/media/swatches/navy.png",
        ],
    );
    assert!(set.status.success(), "{}", text(&set.stderr));
    let navy = term(&db, "navy").await;
    assert_eq!(
        navy.swatch_color.as_ref().map(|c| c.as_str()),
        Some("#1f2a44")
    );
    assert_eq!(
        navy.image.as_ref().map(|i| i.src.as_str()),
        Some("/media/swatches/navy.png")
    );
    assert_eq!(navy.name, "Navy", "the rest of the term is kept");

    let listed = mercato(&url, &["attributes", "list"]);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let out = text(&listed.stdout);
    assert!(
        out.contains("navy\tNavy\t#1f2a44\t/media/swatches/navy.png"),
        "{out}"
    );
    assert!(out.contains("forest-green\tForest green\t-\t-"), "{out}");

    let cleared = mercato(
        &url,
        &["attributes", "set-term", "color", "navy", "--no-image"],
    );
    assert!(cleared.status.success(), "{}", text(&cleared.stderr));
    // Read back by a fresh process, as the merchant would. This test process's catalogue cache
    // trusts the catalogue version it read for 25 ms (VERSION_TTL in mercato-db: another
    // process's writes show within that time, by design), and two quick CLI runs can finish
    // inside it, so reading through it here returned the term from before the clear.
    let listed = mercato(&url, &["attributes", "list"]);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let out = text(&listed.stdout);
    assert!(
        out.contains("navy\tNavy\t#1f2a44\t-\n"),
        "only the picture was cleared: {out}"
    );
}

#[tokio::test]
async fn bad_input_is_refused_with_a_message_and_changes_nothing() {
    let (_dir, url, db) = shop().await;
    let cases: [(&[&str], &str); 5] = [
        (&["pa_color", "navy", "--color", "navy blue"], "#rrggbb"),
        (
            &["pa_color", "navy", "--image", "javascript:alert(1)"],
            "path on this shop",
        ),
        (
            &["pa_size", "navy", "--color", "#000000"],
            "no global attribute",
        ),
        (&["pa_color", "teal", "--color", "#000000"], "has no term"),
        (&["pa_color", "navy"], "nothing to change"),
    ];
    for (args, message) in cases {
        let mut all = vec!["attributes", "set-term"];
        all.extend_from_slice(args);
        let refused = mercato(&url, &all);
        assert!(!refused.status.success(), "{args:?} was accepted");
        let said = text(&refused.stderr);
        assert!(said.contains(message), "{args:?}: {said}");
    }
    let navy = term(&db, "navy").await;
    assert!(navy.swatch_color.is_none() && navy.image.is_none());
}
