//! The content-page story, on both engines: a page is saved, replaced under its slug, listed,
//! read back exactly (source and sanitised HTML) and deleted.

use mercato_core::content::{SourceFormat, prepare};
use mercato_db::Db;
use mercato_db::content_pages;

storage_story!(content_pages_are_kept_by_slug, |db: Db| async move {
    assert!(content_pages::list(&db).await.expect("list").is_empty());
    let terms = prepare(
        "terms",
        "Terms",
        "What you agree to",
        SourceFormat::Markdown,
        "# Terms\n\nBe nice. <script>x()</script> — “quoted” ünïcode",
    )
    .expect("page");
    assert!(content_pages::put(&db, &terms).await.expect("put"), "new");
    let stored = content_pages::get(&db, "terms")
        .await
        .expect("get")
        .expect("there");
    assert_eq!(stored.page, terms);
    assert!(!stored.page.html.contains("<script"));

    let about = prepare("about", "About", "", SourceFormat::Html, "<p>Us</p>").expect("page");
    content_pages::put(&db, &about).await.expect("put");
    let changed = prepare(
        "terms",
        "Terms of sale",
        "",
        SourceFormat::Html,
        "<p>New</p>",
    )
    .expect("page");
    assert!(
        !content_pages::put(&db, &changed).await.expect("put"),
        "replaced"
    );
    let slugs: Vec<String> = content_pages::list(&db)
        .await
        .expect("list")
        .into_iter()
        .map(|p| p.page.slug)
        .collect();
    assert_eq!(slugs, ["about", "terms"]);
    let stored = content_pages::get(&db, "terms")
        .await
        .expect("get")
        .expect("there");
    assert_eq!(stored.page.title, "Terms of sale");
    assert_eq!(stored.page.format, SourceFormat::Html);

    assert!(content_pages::delete(&db, "terms").await.expect("delete"));
    assert!(!content_pages::delete(&db, "terms").await.expect("delete"));
    assert!(
        content_pages::get(&db, "terms")
            .await
            .expect("get")
            .is_none()
    );
});
