//! Cart documents under concurrent writers, on both engines.

use mercato_db::{Db, carts, now, options};

#[derive(Debug, Default, serde::Serialize, serde::Deserialize, PartialEq)]
struct Doc {
    items: Vec<String>,
}

storage_story!(carts_are_created_updated_and_deleted, |db: Db| async move {
    let key = carts::new_guest_key();
    assert!(
        carts::load::<Doc>(&db, &key, now())
            .await
            .expect("load")
            .is_none()
    );
    let (cart, len) = carts::update(&db, &key, None, now(), 3600, |doc: &mut Doc| {
        doc.items.push("hoodie".into());
        doc.items.len()
    })
    .await
    .expect("create");
    assert_eq!((cart.revision, len), (1, 1));
    let (cart, ()) = carts::update(&db, &key, None, now(), 3600, |doc: &mut Doc| {
        doc.items.push("mug".into())
    })
    .await
    .expect("update");
    assert_eq!(cart.revision, 2);
    let loaded = carts::load::<Doc>(&db, &key, now())
        .await
        .expect("load")
        .expect("present");
    assert_eq!(loaded.data.items, ["hoodie", "mug"]);
    // A change that changes nothing writes nothing: the revision stays.
    let (cart, ()) = carts::update(&db, &key, None, now(), 3600, |_: &mut Doc| ())
        .await
        .expect("no-op");
    assert_eq!((cart.revision, cart.data.items.len()), (2, 2));
    let loaded = carts::load::<Doc>(&db, &key, now())
        .await
        .expect("load")
        .expect("present");
    assert_eq!(loaded.revision, 2);
    carts::delete(&db, &key).await.expect("delete");
    assert!(
        carts::load::<Doc>(&db, &key, now())
            .await
            .expect("load")
            .is_none()
    );
    assert!(
        carts::update(&db, "' or 1=1", None, now(), 60, |_: &mut Doc| ())
            .await
            .is_err()
    );
});

storage_story!(
    concurrent_writers_lose_nothing_and_duplicate_nothing,
    |db: Db| async move {
        let key = carts::customer_key(7);
        let mut tasks = Vec::new();
        for i in 0..24 {
            let db = db.clone();
            let key = key.clone();
            tasks.push(tokio::spawn(async move {
                carts::update(&db, &key, Some(7), now(), 3600, |doc: &mut Doc| {
                    doc.items.push(format!("item-{i}"))
                })
                .await
                .expect("update");
            }));
        }
        for task in tasks {
            task.await.expect("join");
        }
        let cart = carts::load::<Doc>(&db, &key, now())
            .await
            .expect("load")
            .expect("present");
        let mut items = cart.data.items.clone();
        items.sort();
        items.dedup();
        assert_eq!(
            items.len(),
            24,
            "every change landed once: {:?}",
            cart.data.items
        );
        assert_eq!(cart.data.items.len(), 24);
        assert_eq!(cart.revision, 24);
    }
);

storage_story!(expired_carts_are_gone, |db: Db| async move {
    let at = now();
    let key = carts::new_guest_key();
    carts::update(&db, &key, None, at, -1, |doc: &mut Doc| {
        doc.items.push("x".into())
    })
    .await
    .expect("create");
    assert!(
        carts::load::<Doc>(&db, &key, at)
            .await
            .expect("load")
            .is_none()
    );
    // A new cart under an expired key starts afresh.
    let (cart, ()) = carts::update(&db, &key, None, at, 60, |doc: &mut Doc| {
        doc.items.push("y".into())
    })
    .await
    .expect("reuse");
    assert_eq!(cart.data.items, ["y"]);
    assert_eq!(cart.expires_at, at + 60);
    // Time is the caller's: live until its expiry, then gone from reads and purged.
    let loaded = carts::load::<Doc>(&db, &key, at + 59)
        .await
        .expect("load")
        .expect("live");
    assert_eq!(loaded.expires_at, at + 60);
    assert_eq!(carts::purge_expired(&db, at + 59).await.expect("purge"), 0);
    assert!(
        carts::load::<Doc>(&db, &key, at + 60)
            .await
            .expect("load")
            .is_none()
    );
    assert_eq!(carts::purge_expired(&db, at + 60).await.expect("purge"), 1);
    assert!(
        carts::load::<Doc>(&db, &key, at)
            .await
            .expect("load")
            .is_none()
    );
});

storage_story!(
    the_secret_key_is_made_once_and_shared,
    |db: Db| async move {
        let first = options::secret_key(&db).await.expect("secret");
        assert_eq!(first.len(), 64);
        assert_eq!(options::secret_key(&db).await.expect("secret"), first);
    }
);

storage_story!(
    a_write_from_a_stale_read_loses_nothing,
    |db: Db| async move {
        // A cart read, then written by someone else, then written from the old read: the
        // second write lands on top of the first, not over it.
        let key = carts::new_guest_key();
        carts::update(&db, &key, None, now(), 3600, |doc: &mut Doc| {
            doc.items.push("a".into())
        })
        .await
        .expect("create");
        let seen = carts::load::<Doc>(&db, &key, now()).await.expect("load");
        assert_eq!(seen.as_ref().map(|c| c.revision), Some(1));
        carts::update(&db, &key, None, now(), 3600, |doc: &mut Doc| {
            doc.items.push("b".into())
        })
        .await
        .expect("another writer");
        let (cart, ()) = carts::update_seen(&db, &key, None, now(), 3600, seen, |doc: &mut Doc| {
            doc.items.push("c".into())
        })
        .await
        .expect("write from the stale read");
        assert_eq!(cart.data.items, ["a", "b", "c"]);
        assert_eq!(cart.revision, 3);
        let loaded = carts::load::<Doc>(&db, &key, now())
            .await
            .expect("load")
            .expect("present");
        assert_eq!((loaded.data.items, loaded.revision), (cart.data.items, 3));

        // No cart when read, one made by someone else since: added to theirs.
        let fresh = carts::new_guest_key();
        let seen = carts::load::<Doc>(&db, &fresh, now()).await.expect("load");
        assert!(seen.is_none());
        carts::update(&db, &fresh, None, now(), 3600, |doc: &mut Doc| {
            doc.items.push("x".into())
        })
        .await
        .expect("another writer creates it");
        let (cart, ()) =
            carts::update_seen(&db, &fresh, None, now(), 3600, seen, |doc: &mut Doc| {
                doc.items.push("y".into())
            })
            .await
            .expect("write from the read that found none");
        assert_eq!(cart.data.items, ["x", "y"]);
        let loaded = carts::load::<Doc>(&db, &fresh, now())
            .await
            .expect("load")
            .expect("present");
        assert_eq!(loaded.data.items, ["x", "y"]);
        assert_eq!(loaded.revision, 2);
    }
);
