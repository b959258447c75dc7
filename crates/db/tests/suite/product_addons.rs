//! Product add-on groups stored with their product, on both engines.

use mercato_core::catalogue::{
    AddonGroup, AddonOption, AddonPrice, Pricing, Product, ProductId, ProductType,
};
use mercato_core::money::Money;
use mercato_db::Db;
use mercato_db::catalogue::{self, CatalogueWriter, StoredRecord};

fn groups() -> Vec<AddonGroup> {
    vec![
        AddonGroup {
            default: Some("no".into()),
            ..AddonGroup::new(
                "Gift wrap",
                vec![
                    AddonOption::new("No", AddonPrice::Free),
                    AddonOption::new(
                        "Yes",
                        AddonPrice::Flat {
                            amount: Money::from_minor(300),
                        },
                    ),
                ],
            )
        },
        AddonGroup {
            required: true,
            ..AddonGroup::new(
                "Print position",
                vec![
                    AddonOption::new("Front", AddonPrice::Free),
                    AddonOption::new(
                        "Both",
                        AddonPrice::Percent {
                            basis_points: 1_250,
                        },
                    ),
                ],
            )
        },
    ]
}

async fn save(db: &Db, product: &mut Product) {
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer.save_product(product, &mut []).await.expect("save");
    writer.commit().await.expect("commit");
}

storage_story!(
    add_on_groups_round_trip_with_their_product,
    |db: Db| async move {
        let mut mug = Product {
            pricing: Pricing::regular(Money::from_minor(1000)),
            addons: groups(),
            ..Product::new(ProductId(0), ProductType::Simple, "Mug")
        };
        save(&db, &mut mug).await;
        let loaded = catalogue::product_by_id(&db, mug.id)
            .await
            .expect("load")
            .expect("found");
        assert_eq!(loaded.addons, groups());
        match catalogue::load_record(&db, mug.id.0).await.expect("record") {
            Some(StoredRecord::Product(record)) => assert_eq!(record.addons, groups()),
            other => panic!("not the mug: {other:?}"),
        }

        // Changing and then removing them is stored too.
        let mut changed = loaded;
        changed.addons.truncate(1);
        save(&db, &mut changed).await;
        let reloaded = catalogue::product_by_slug(&db, "mug")
            .await
            .expect("load")
            .expect("found");
        assert_eq!(reloaded.addons.len(), 1);
        let mut plain = reloaded;
        plain.addons.clear();
        save(&db, &mut plain).await;
        let cleared = catalogue::product_by_id(&db, plain.id)
            .await
            .expect("load")
            .expect("found");
        assert!(cleared.addons.is_empty());
    }
);
