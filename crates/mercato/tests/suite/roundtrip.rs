//! Export, then import into an empty shop: the same catalogue, record by record.

use crate::common;

use common::import_file;
use mercato::import::ImportOptions;
use mercato_core::catalogue::{Image, Product, Variation};
use mercato_db::Db;
use mercato_db::catalogue::{self as store, ProductOrder, ProductQuery, Visibility};
use mercato_db::testing::TestDb;

/// `image` without its pixel size: the import reads it from the media store, which an export
/// does not carry (the second shop has the URLs, not the files).
fn forget_size(image: &mut Image) {
    image.width = None;
    image.height = None;
}

/// Every product with its variations, without what an export does not carry: times, sales
/// and review figures, image sizes, and the ids of taxonomy terms (each shop numbers its own;
/// categories and tags are compared by name). Product and variation ids are kept by the import.
async fn catalogue(db: &Db) -> Vec<(Product, Vec<Variation>, Vec<String>)> {
    let taxonomy = store::load_taxonomy(db).await.expect("taxonomy");
    let query = ProductQuery {
        visibility: Visibility::All,
        order: ProductOrder::Id,
        ascending: Some(true),
        per_page: 0,
        ..ProductQuery::default()
    };
    let ids = store::find_products(db, &query).await.expect("ids").ids;
    let mut out = Vec::new();
    for product in store::products_by_ids(db, &ids).await.expect("products") {
        let mut variations = store::variations_of(db, product.id)
            .await
            .expect("variations");
        variations
            .iter_mut()
            .filter_map(|v| v.image.as_mut())
            .for_each(forget_size);
        let mut names: Vec<String> = product
            .category_ids
            .iter()
            .map(|id| taxonomy.categories.path_label(*id))
            .collect();
        names.extend(product.tag_ids.iter().filter_map(|id| {
            taxonomy
                .tags
                .iter()
                .find(|t| t.id == *id)
                .map(|t| format!("tag {}", t.name))
        }));
        let mut product = Product {
            created_at: 0,
            modified_at: 0,
            average_rating: Default::default(),
            review_count: 0,
            total_sales: 0,
            category_ids: Vec::new(),
            tag_ids: Vec::new(),
            ..product
        };
        product
            .image
            .iter_mut()
            .chain(product.gallery.iter_mut())
            .for_each(forget_size);
        for attribute in &mut product.attributes {
            attribute.attribute_id = None;
            for option in &mut attribute.options {
                option.term_id = None;
            }
        }
        out.push((product, variations, names));
    }
    out
}

async fn round_trip(source: &Db, target: &Db) {
    let dir = tempfile::tempdir().expect("dir");
    let file = dir.path().join("export.csv");
    let rows = mercato::export::run(source, &file).await.expect("export");
    assert!(rows > 0);
    let report = import_file(target, &file, ImportOptions::default()).await;
    assert!(report.is_success(), "{report}");
    assert_eq!(report.created, rows, "{report}");
    let before = catalogue(source).await;
    let after = catalogue(target).await;
    assert_eq!(before.len(), after.len());
    for ((a, av, an), (b, bv, bn)) in before.iter().zip(&after) {
        assert_eq!(a, b, "product {} ({})", a.id, a.name);
        assert_eq!(av, bv, "variations of {}", a.name);
        assert_eq!(an, bn, "categories and tags of {}", a.name);
    }
    // And the file the second shop exports is the same file.
    let again = dir.path().join("again.csv");
    mercato::export::run(target, &again).await.expect("export");
    assert_eq!(
        std::fs::read(&file).expect("first"),
        std::fs::read(&again).expect("second")
    );
}

story!(the_demo_survives_export_and_import, |db: Db| async move {
    mercato::demo::load(&db).await.expect("demo");
    let empty = match db.backend() {
        mercato_db::Backend::Sqlite => TestDb::sqlite().await,
        mercato_db::Backend::Postgres => TestDb::postgres().await,
    }
    .expect("second database");
    round_trip(&db, &empty.db).await;
});

story!(
    the_full_fixture_survives_export_and_import,
    |db: Db| async move {
        let (_dir, _path, report) = common::import_full(&db).await;
        assert!(report.is_success(), "{report}");
        let empty = match db.backend() {
            mercato_db::Backend::Sqlite => TestDb::sqlite().await,
            mercato_db::Backend::Postgres => TestDb::postgres().await,
        }
        .expect("second database");
        round_trip(&db, &empty.db).await;
    }
);
