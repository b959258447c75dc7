//! The order storage story, on both engines: drafts, placing (stock, coupons, holds) as one
//! transaction, status changes with their stock, and many checkouts racing for little stock.

use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType, Stock};
use mercato_core::money::Money;
use mercato_core::orders::{
    Address, CreatedVia, LineItem, Order, OrderDates, OrderKey, OrderStatus, OrderTotals,
};
use mercato_core::pricing::{Coupon, CouponKind, Decimal};
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::orders::{self, PlaceError, SetStatusError};
use mercato_db::{Db, coupons, stock_holds};

pub(crate) async fn product(db: &Db, name: &str, stock: Option<i64>) -> i64 {
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut p = Product::new(ProductId(0), ProductType::Simple, name);
    p.pricing = Pricing::regular(Money::from_minor(1000));
    if let Some(q) = stock {
        p.stock = Stock::managed(q);
    }
    let id = writer.save_product(&mut p, &mut []).await.expect("save");
    writer.commit().await.expect("commit");
    id.0
}

async fn stock_of(db: &Db, id: i64) -> Option<i64> {
    catalogue::product_by_id(db, ProductId(id))
        .await
        .expect("read")
        .expect("product")
        .stock
        .quantity
}

fn key(n: u64) -> OrderKey {
    OrderKey::generate([
        n,
        n + 1,
        n + 2,
        n + 3,
        n + 4,
        n + 5,
        n + 6,
        n + 7,
        8,
        9,
        10,
        11,
        12,
    ])
}

pub(crate) fn order(n: u64, product_id: i64, quantity: u32) -> Order {
    let amount = Money::from_minor(1000 * i64::from(quantity));
    Order {
        id: 0,
        order_key: key(n),
        status: OrderStatus::CheckoutDraft,
        customer_id: 0,
        billing: Address {
            email: format!("shopper{n}@example.com"),
            country: "US".into(),
            ..Address::default()
        },
        shipping: Address::default(),
        customer_note: String::new(),
        currency: "USD".into(),
        prices_include_tax: false,
        line_items: vec![LineItem {
            addons: Vec::new(),
            id: 1,
            product_id: ProductId(product_id),
            variation_id: None,
            name: "Thing".into(),
            sku: String::new(),
            quantity,
            attributes: Vec::new(),
            subtotal: amount,
            subtotal_tax: Money::ZERO,
            total: amount,
            total_tax: Money::ZERO,
            taxes: Vec::new(),
        }],
        coupon_lines: Vec::new(),
        fee_lines: Vec::new(),
        shipping_lines: Vec::new(),
        tax_lines: Vec::new(),
        totals: OrderTotals {
            total: amount,
            ..OrderTotals::default()
        },
        total_refunded: Money::ZERO,
        payment_method: String::new(),
        payment_method_title: String::new(),
        transaction_id: String::new(),
        attribution: None,
        extension_data: Default::default(),
        stock_reduced: false,
        dates: OrderDates::default(),
        created_via: CreatedVia::StoreApi,
        customer_ip: String::new(),
        customer_user_agent: String::new(),
        notes: Vec::new(),
    }
}

pub(crate) async fn draft(db: &Db, n: u64, product_id: i64, quantity: u32) -> Order {
    draft_in(db, n, n, product_id, quantity).await
}

async fn draft_in(db: &Db, cart: u64, n: u64, product_id: i64, quantity: u32) -> Order {
    let cart = format!("t_{cart:030}");
    orders::create_or_refresh_draft(
        db,
        &cart,
        None,
        &order(n, product_id, quantity),
        &[(product_id, i64::from(quantity))],
        mercato_db::now() + 600,
    )
    .await
    .expect("draft")
}

storage_story!(drafts_are_one_per_cart_and_refreshed, |db: Db| async move {
    let hoodie = product(&db, "Hoodie", Some(5)).await;
    let first = draft(&db, 1, hoodie, 2).await;
    assert!(first.id > 0);
    assert_eq!(first.status, OrderStatus::CheckoutDraft);
    let held = stock_holds::held_quantities(&db, &[hoodie], None, mercato_db::now())
        .await
        .expect("held");
    assert_eq!(held.get(&hoodie), Some(&2));
    // The same cart again: same order, same key, new contents and holds.
    let again = draft_in(&db, 1, 99, hoodie, 3).await;
    assert_eq!((again.id, &again.order_key), (first.id, &first.order_key));
    let held = stock_holds::held_quantities(&db, &[hoodie], None, mercato_db::now())
        .await
        .expect("held");
    assert_eq!(held.get(&hoodie), Some(&3));
    // The cart's own draft holds nothing against it.
    let own = format!("t_{:030}", 1);
    let held = stock_holds::held_quantities(&db, &[hoodie], Some(&own), mercato_db::now())
        .await
        .expect("held");
    assert!(held.is_empty());
    let loaded = orders::load(&db, first.id)
        .await
        .expect("load")
        .expect("stored");
    assert_eq!(loaded.line_items[0].quantity, 3);
    let by_key = orders::load_by_key(&db, first.order_key.as_str())
        .await
        .expect("load")
        .expect("stored");
    assert_eq!(by_key.id, first.id);
    assert!(orders::load(&db, 9999).await.expect("load").is_none());
    // Partial updates of the draft.
    let mut edited = loaded.clone();
    edited.customer_note = "Leave it by the door".into();
    assert!(orders::update_draft(&db, &edited).await.expect("update"));
    let loaded = orders::load(&db, first.id).await.expect("load").expect("o");
    assert_eq!(loaded.customer_note, "Leave it by the door");
    assert_eq!(orders::count(&db).await.expect("count"), 1);
});

storage_story!(
    placing_takes_stock_counts_coupons_drops_holds,
    |db: Db| async move {
        let hoodie = product(&db, "Hoodie", Some(5)).await;
        let mug = product(&db, "Mug", None).await;
        let coupon = Coupon {
            code: "once".into(),
            kind: CouponKind::Percent,
            amount: Decimal::parse("10").expect("amount"),
            usage_limit: Some(1),
            ..Coupon::default()
        };
        coupons::save(&db, &coupon).await.expect("coupon");
        let d = draft(&db, 1, hoodie, 2).await;
        let mut placing = d.clone();
        placing.status = OrderStatus::Pending;
        let placed = orders::place(
            &db,
            d.id,
            &placing,
            &[(hoodie, 2), (mug, 7)],
            &["ONCE".into()],
            "shopper1@example.com",
            None,
        )
        .await
        .expect("placed");
        assert_eq!(placed.order.status, OrderStatus::Pending);
        assert!(placed.order.stock_reduced);
        assert_eq!(stock_of(&db, hoodie).await, Some(3));
        let held = stock_holds::held_quantities(&db, &[hoodie], None, mercato_db::now())
            .await
            .expect("held");
        assert!(held.is_empty(), "the placed draft holds nothing");
        let used = coupons::get_by_code(&db, "once")
            .await
            .expect("c")
            .expect("c");
        assert_eq!(used.usage_count, 1);
        // Placing it twice is refused.
        assert!(matches!(
            orders::place(
                &db,
                d.id,
                &placing,
                &[(hoodie, 2)],
                &[],
                "x@example.com",
                None
            )
            .await,
            Err(PlaceError::NotADraft(_))
        ));
        // The coupon is used up: the next order rolls back whole, stock and draft untouched.
        let d2 = draft(&db, 2, hoodie, 1).await;
        let refused = orders::place(
            &db,
            d2.id,
            &placing,
            &[(hoodie, 1)],
            &["once".into()],
            "other@example.com",
            None,
        )
        .await;
        assert!(matches!(refused, Err(PlaceError::CouponLimit { code }) if code == "once"));
        assert_eq!(stock_of(&db, hoodie).await, Some(3));
        let still = orders::load(&db, d2.id).await.expect("load").expect("o");
        assert_eq!(still.status, OrderStatus::CheckoutDraft);
        // Too much of the hoodie: out of stock, nothing written.
        let d3 = draft(&db, 3, hoodie, 4).await;
        let refused =
            orders::place(&db, d3.id, &placing, &[(hoodie, 4)], &[], "a@b.co", None).await;
        assert!(
            matches!(refused, Err(PlaceError::OutOfStock { product_id }) if product_id == hoodie)
        );
        assert_eq!(stock_of(&db, hoodie).await, Some(3));
        assert_eq!(
            orders::count_with_status(&db, OrderStatus::Pending)
                .await
                .expect("count"),
            1
        );
    }
);

storage_story!(status_changes_move_stock, |db: Db| async move {
    let hoodie = product(&db, "Hoodie", Some(5)).await;
    let d = draft(&db, 1, hoodie, 2).await;
    let placed = orders::place(&db, d.id, &d, &[(hoodie, 2)], &[], "a@b.co", None)
        .await
        .expect("placed");
    assert_eq!(stock_of(&db, hoodie).await, Some(3));
    let paid = orders::set_status(&db, placed.order.id, OrderStatus::Processing)
        .await
        .expect("processing");
    assert!(paid.dates.paid.is_some());
    assert_eq!(stock_of(&db, hoodie).await, Some(3), "taken once only");
    let cancelled = orders::set_status(&db, paid.id, OrderStatus::Cancelled)
        .await
        .expect("cancelled");
    assert!(!cancelled.stock_reduced);
    assert_eq!(stock_of(&db, hoodie).await, Some(5), "given back");
    let again = orders::set_status(&db, paid.id, OrderStatus::Processing)
        .await
        .expect("processing again");
    assert!(again.stock_reduced);
    assert_eq!(stock_of(&db, hoodie).await, Some(3), "taken again");
    assert!(matches!(
        orders::set_status(&db, paid.id, OrderStatus::CheckoutDraft).await,
        Err(SetStatusError::Transition(_))
    ));
    assert!(matches!(
        orders::set_status(&db, 4242, OrderStatus::Processing).await,
        Err(SetStatusError::NotFound(4242))
    ));
    let stored = orders::load(&db, paid.id).await.expect("load").expect("o");
    assert_eq!(stored.status, OrderStatus::Processing);
});

storage_story!(forty_checkouts_race_for_ten_in_stock, |db: Db| async move {
    let hoodie = product(&db, "Hoodie", Some(10)).await;
    let mut drafts = Vec::new();
    for n in 0..40 {
        drafts.push(draft(&db, n, hoodie, 1).await);
    }
    let tasks: Vec<_> = drafts
        .into_iter()
        .map(|d| {
            let db = db.clone();
            tokio::spawn(async move {
                let mut placing = d.clone();
                placing.status = OrderStatus::Pending;
                orders::place(&db, d.id, &placing, &[(hoodie, 1)], &[], "a@b.co", None).await
            })
        })
        .collect();
    let (mut placed, mut out_of_stock) = (0, 0);
    for task in tasks {
        match task.await.expect("join") {
            Ok(_) => placed += 1,
            Err(PlaceError::OutOfStock { product_id }) if product_id == hoodie => {
                out_of_stock += 1;
            }
            Err(e) => panic!("unexpected {e}"),
        }
    }
    assert_eq!((placed, out_of_stock), (10, 30));
    assert_eq!(stock_of(&db, hoodie).await, Some(0));
    let pending = orders::count_with_status(&db, OrderStatus::Pending)
        .await
        .expect("count");
    let drafts = orders::count_with_status(&db, OrderStatus::CheckoutDraft)
        .await
        .expect("count");
    assert_eq!((pending, drafts), (10, 30), "no half-written order");
});

storage_story!(
    a_cart_order_is_placed_in_one_go_with_or_without_a_draft,
    |db: Db| async move {
        let hoodie = product(&db, "Hoodie", Some(5)).await;
        // Without a draft: the order is stored directly, placed, its stock taken.
        let mut direct = order(1, hoodie, 2);
        direct.status = OrderStatus::Processing;
        let placed = orders::place_cart_order(
            &db,
            &format!("t_{:030}", 1),
            &direct,
            &[(hoodie, 2)],
            &[],
            "a@b.co",
            None,
        )
        .await
        .expect("place");
        assert!(placed.order.id > 0);
        let stored = orders::load(&db, placed.order.id)
            .await
            .expect("load")
            .expect("order");
        assert_eq!(stored.status, OrderStatus::Processing);
        assert!(stored.stock_reduced);
        assert_eq!(stock_of(&db, hoodie).await, Some(3));

        // With a draft: the draft becomes the order (id, key, attribution and the extension
        // data the order has no newer value for kept), its holds go.
        let mut with_attribution = order(2, hoodie, 1);
        with_attribution.attribution = Some(mercato_core::attribution::Attribution::admin());
        with_attribution.extension_data = [
            ("acme".to_owned(), serde_json::json!({"tip": 1})),
            (
                "acme/gift".to_owned(),
                serde_json::json!({"note": "Happy birthday"}),
            ),
        ]
        .into();
        let mut placing = order(3, hoodie, 1);
        placing.extension_data = [("acme".to_owned(), serde_json::json!({"tip": 2}))].into();
        let cart = format!("t_{:030}", 2);
        let draft = orders::create_or_refresh_draft(
            &db,
            &cart,
            None,
            &with_attribution,
            &[(hoodie, 1)],
            mercato_db::now() + 600,
        )
        .await
        .expect("draft");
        let placed =
            orders::place_cart_order(&db, &cart, &placing, &[(hoodie, 1)], &[], "a@b.co", None)
                .await
                .expect("place");
        assert_eq!(placed.order.id, draft.id);
        assert_eq!(placed.order.order_key, draft.order_key);
        assert_eq!(placed.order.status, OrderStatus::Pending);
        assert_eq!(
            placed.order.attribution,
            Some(mercato_core::attribution::Attribution::admin()),
            "the draft's attribution is kept"
        );
        let stored = orders::load(&db, placed.order.id)
            .await
            .expect("load")
            .expect("order");
        assert_eq!(
            serde_json::to_value(&stored.extension_data).expect("json"),
            serde_json::json!({"acme": {"tip": 2}, "acme/gift": {"note": "Happy birthday"}}),
            "the order's own extension data wins, the draft's other namespaces are kept"
        );
        let held = stock_holds::held_quantities(&db, &[hoodie], None, mercato_db::now())
            .await
            .expect("held");
        assert_eq!(held.get(&hoodie), None, "the draft's holds are gone");
        assert_eq!(stock_of(&db, hoodie).await, Some(2));

        // Not enough stock: nothing is written.
        let count = orders::count(&db).await.expect("count");
        let refused = orders::place_cart_order(
            &db,
            &format!("t_{:030}", 4),
            &order(4, hoodie, 3),
            &[(hoodie, 3)],
            &[],
            "a@b.co",
            None,
        )
        .await;
        assert!(matches!(
            refused,
            Err(orders::PlaceError::OutOfStock { .. })
        ));
        assert_eq!(orders::count(&db).await.expect("count"), count);
        assert_eq!(stock_of(&db, hoodie).await, Some(2));
    }
);

storage_story!(best_sellers_sum_paid_order_lines, |db: Db| async move {
    let hoodie = product(&db, "Hoodie", None).await;
    let mug = product(&db, "Mug", None).await;
    let cap = product(&db, "Cap", None).await;
    assert!(orders::best_sellers(&db, 5).await.expect("none").is_empty());
    // Paid: 3 mugs + 2 mugs, 4 hoodies; unpaid: 50 caps (pending) and a draft.
    for (n, id, quantity, status) in [
        (1, mug, 3, Some(OrderStatus::Processing)),
        (2, mug, 2, Some(OrderStatus::Completed)),
        (3, hoodie, 4, Some(OrderStatus::Processing)),
        (4, cap, 50, Some(OrderStatus::Pending)),
        (5, cap, 40, None),
    ] {
        let d = draft(&db, n, id, quantity).await;
        let Some(status) = status else { continue };
        let mut placing = d.clone();
        placing.status = OrderStatus::Pending;
        let placed = orders::place(
            &db,
            d.id,
            &placing,
            &[(id, i64::from(quantity))],
            &[],
            "shopper@example.com",
            None,
        )
        .await
        .expect("placed");
        if status != OrderStatus::Pending {
            orders::set_status(&db, placed.order.id, status)
                .await
                .expect("status");
        }
    }
    let ranked = orders::best_sellers(&db, 5).await.expect("ranked");
    assert_eq!(ranked, vec![(mug, 5), (hoodie, 4)]);
    let top = orders::best_sellers(&db, 1).await.expect("top");
    assert_eq!(top, vec![(mug, 5)]);
});
