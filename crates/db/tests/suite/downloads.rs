//! The download permission story, on both engines: granted only when an order becomes paid,
//! once however often that happens, counted down to a refusal, refused once expired, and
//! only ever listed for their owner.

use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType};
use mercato_core::csv_format::mapping::{DownloadFile, ProductExtras};
use mercato_core::money::Money;
use mercato_core::orders::OrderStatus;
use mercato_core::orders::downloads::Refusal;
use mercato_db::catalogue::CatalogueWriter;
use mercato_db::downloads::{self, UseError};
use mercato_db::{Db, options, orders};

use super::orders::{draft, product};

/// A virtual downloadable product with one file, `limit` downloads and `days` of access.
async fn pack(db: &Db, limit: Option<i64>, days: Option<i64>) -> i64 {
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut p = Product::new(ProductId(0), ProductType::Simple, "Wallpaper Pack");
    p.pricing = Pricing::regular(Money::from_minor(500));
    p.is_virtual = true;
    p.is_downloadable = true;
    let id = writer.save_product(&mut p, &mut []).await.expect("save");
    writer.commit().await.expect("commit");
    let extras = ProductExtras {
        download_limit: limit,
        download_expiry_days: days,
        downloads: vec![DownloadFile {
            id: Some("pack".into()),
            name: Some("Pack (ZIP)".into()),
            url: "demo/pack.zip".into(),
        }],
        ..ProductExtras::default()
    };
    options::set(db, &format!("catalogue.extras.{}", id.0), &extras)
        .await
        .expect("extras");
    id.0
}

/// Places order `n` of `quantity` × `product_id` for customer `customer` (pending).
async fn placed(db: &Db, n: u64, product_id: i64, quantity: u32, customer: i64) -> i64 {
    let mut d = draft(db, n, product_id, quantity).await;
    d.customer_id = customer;
    let stock = [(product_id, i64::from(quantity))];
    orders::place(
        db,
        d.id,
        &d,
        &stock,
        &[],
        "buyer@example.com",
        Some(customer),
    )
    .await
    .expect("placed")
    .order
    .id
}

storage_story!(downloads_are_granted_once_when_paid, |db: Db| async move {
    let pack = pack(&db, Some(2), Some(30)).await;
    let id = placed(&db, 1, pack, 1, 7).await;
    assert!(
        downloads::for_customer(&db, 7)
            .await
            .expect("list")
            .is_empty()
    );
    // Failed and on-hold orders are not paid: nothing granted.
    orders::set_status(&db, id, OrderStatus::OnHold)
        .await
        .expect("on hold");
    assert!(
        downloads::for_order(&db, id)
            .await
            .expect("list")
            .is_empty()
    );
    // Paid with only virtual downloadable items: straight to completed, one permission.
    let paid = orders::set_status(&db, id, OrderStatus::Processing)
        .await
        .expect("paid");
    assert_eq!(paid.status, OrderStatus::Completed);
    let granted = downloads::for_customer(&db, 7).await.expect("list");
    assert_eq!(granted.len(), 1);
    let permission = &granted[0];
    assert_eq!(permission.key.len(), 32);
    assert_eq!(permission.file_name, "Pack (ZIP)");
    assert_eq!(permission.downloads_remaining, Some(2));
    let expires = permission.access_expires.expect("expires");
    assert!((expires - mercato_db::now() - 30 * 86_400).abs() < 60);
    // Paid again (refunded then completed): still the same one permission.
    orders::set_status(&db, id, OrderStatus::Refunded)
        .await
        .expect("refunded");
    assert!(
        downloads::for_customer(&db, 7)
            .await
            .expect("list")
            .is_empty()
    );
    orders::set_status(&db, id, OrderStatus::Completed)
        .await
        .expect("completed");
    let again = downloads::for_customer(&db, 7).await.expect("list");
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].key, permission.key);
    // Another customer sees none of it.
    assert!(
        downloads::for_customer(&db, 8)
            .await
            .expect("list")
            .is_empty()
    );

    // A cancelled order grants nothing; an order with a shipped item needs processing.
    let cancelled = placed(&db, 2, pack, 1, 9).await;
    orders::set_status(&db, cancelled, OrderStatus::Cancelled)
        .await
        .expect("cancelled");
    assert!(
        downloads::for_customer(&db, 9)
            .await
            .expect("list")
            .is_empty()
    );
    let mug = product(&db, "Mug", None).await;
    let shipped = placed(&db, 3, mug, 1, 9).await;
    let paid = orders::set_status(&db, shipped, OrderStatus::Processing)
        .await
        .expect("paid");
    assert_eq!(paid.status, OrderStatus::Processing);
    assert!(
        downloads::for_order(&db, shipped)
            .await
            .expect("list")
            .is_empty()
    );
});

storage_story!(downloads_count_down_and_expire, |db: Db| async move {
    let pack = pack(&db, Some(1), None).await;
    // Two bought: the limit is per unit, so two downloads.
    let id = placed(&db, 1, pack, 2, 7).await;
    orders::set_status(&db, id, OrderStatus::Processing)
        .await
        .expect("paid");
    let key = downloads::for_order(&db, id).await.expect("list")[0]
        .key
        .clone();
    let now = mercato_db::now();
    let first = downloads::use_once(&db, &key, now).await.expect("first");
    assert_eq!(
        (first.downloads_remaining, first.download_count),
        (Some(1), 1)
    );
    let second = downloads::use_once(&db, &key, now).await.expect("second");
    assert_eq!(second.downloads_remaining, Some(0));
    assert!(matches!(
        downloads::use_once(&db, &key, now).await,
        Err(UseError::Refused(Refusal::Exhausted))
    ));
    let after = downloads::by_key(&db, &key)
        .await
        .expect("read")
        .expect("there");
    assert_eq!(after.download_count, 2, "a refused download is not counted");

    // Unknown and malformed keys.
    assert!(matches!(
        downloads::use_once(&db, &"0".repeat(32), now).await,
        Err(UseError::NotFound)
    ));
    assert!(
        downloads::by_key(&db, "../x")
            .await
            .expect("read")
            .is_none()
    );

    // Unlimited downloads, but access ended.
    let open = pack_unlimited(&db).await;
    let id = placed(&db, 2, open, 1, 7).await;
    orders::set_status(&db, id, OrderStatus::Processing)
        .await
        .expect("paid");
    let key = downloads::for_order(&db, id).await.expect("list")[0]
        .key
        .clone();
    for _ in 0..3 {
        let used = downloads::use_once(&db, &key, now)
            .await
            .expect("unlimited");
        assert_eq!(used.downloads_remaining, None);
    }
    assert!(
        downloads::set_access_expires(&db, &key, Some(now - 1))
            .await
            .expect("set")
    );
    assert!(matches!(
        downloads::use_once(&db, &key, now).await,
        Err(UseError::Refused(Refusal::Expired))
    ));
});

async fn pack_unlimited(db: &Db) -> i64 {
    pack(db, None, None).await
}

storage_story!(
    concurrent_downloads_never_pass_the_limit,
    |db: Db| async move {
        let pack = pack(&db, Some(3), None).await;
        let id = placed(&db, 1, pack, 1, 7).await;
        orders::set_status(&db, id, OrderStatus::Processing)
            .await
            .expect("paid");
        let key = downloads::for_order(&db, id).await.expect("list")[0]
            .key
            .clone();
        let now = mercato_db::now();
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let (db, key) = (db.clone(), key.clone());
            tasks.push(tokio::spawn(async move {
                downloads::use_once(&db, &key, now).await.is_ok()
            }));
        }
        let mut served = 0;
        for task in tasks {
            if task.await.expect("task") {
                served += 1;
            }
        }
        assert_eq!(served, 3);
        let after = downloads::by_key(&db, &key)
            .await
            .expect("read")
            .expect("there");
        assert_eq!(
            (after.downloads_remaining, after.download_count),
            (Some(0), 3)
        );
    }
);
