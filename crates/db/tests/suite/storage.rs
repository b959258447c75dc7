//! The storage story: what every feature relies on, on both engines.

use mercato_db::{Db, migrate, options, sessions};

storage_story!(migrations_are_recorded_and_run_once, |db: Db| async move {
    // The test database is already migrated: running again applies nothing.
    let again = migrate::run(&db).await.expect("second run");
    assert!(again.applied.is_empty());
    assert_eq!(again.already, migrate::MIGRATIONS.len());
    db.ping().await.expect("ping");
});

storage_story!(sessions_round_trip_and_expire, |db: Db| async move {
    let session = sessions::create(&db, None, 3600).await.expect("create");
    assert!(sessions::is_well_formed(&session.id));

    let mut loaded = sessions::load(&db, &session.id)
        .await
        .expect("load")
        .expect("present");
    assert_eq!(loaded.user_id, None);
    assert_eq!(loaded.data, serde_json::json!({}));

    loaded.data = serde_json::json!({"cart": "abc", "notices": ["<b>hi</b>"]});
    sessions::save(&db, &loaded, 3600).await.expect("save");
    let again = sessions::load(&db, &session.id)
        .await
        .expect("load")
        .expect("present");
    assert_eq!(again.data["cart"], "abc");
    assert_eq!(again.data["notices"][0], "<b>hi</b>");

    // An expired session is gone for readers and for the purge.
    let stale = sessions::create(&db, None, -1).await.expect("create stale");
    assert!(
        sessions::load(&db, &stale.id)
            .await
            .expect("load")
            .is_none()
    );
    assert!(sessions::purge_expired(&db).await.expect("purge") >= 1);
    assert!(
        sessions::load(&db, &session.id)
            .await
            .expect("load")
            .is_some()
    );
});

storage_story!(
    sessions_rotate_on_login_and_end_on_logout,
    |db: Db| async move {
        let session = sessions::create(&db, None, 3600).await.expect("create");
        let mut with_data = session.clone();
        with_data.data = serde_json::json!({"cart": "keep me"});
        sessions::save(&db, &with_data, 3600).await.expect("save");

        let fresh = sessions::rotate(&db, &session.id, Some(7))
            .await
            .expect("rotate")
            .expect("rotated");
        assert_ne!(fresh, session.id);
        assert!(
            sessions::load(&db, &session.id)
                .await
                .expect("load")
                .is_none(),
            "old id must die"
        );
        let moved = sessions::load(&db, &fresh)
            .await
            .expect("load")
            .expect("present");
        assert_eq!(moved.user_id, Some(7));
        assert_eq!(moved.data["cart"], "keep me");

        sessions::delete(&db, &fresh).await.expect("delete");
        assert!(sessions::load(&db, &fresh).await.expect("load").is_none());
        assert_eq!(
            sessions::rotate(&db, &fresh, None).await.expect("rotate"),
            None
        );
    }
);

storage_story!(
    a_password_change_ends_every_session_of_its_customer,
    |db: Db| async move {
        let phone = sessions::create(&db, Some(7), 3600).await.expect("phone");
        let laptop = sessions::create(&db, Some(7), 3600).await.expect("laptop");
        let someone_else = sessions::create(&db, Some(8), 3600).await.expect("other");
        let guest = sessions::create(&db, None, 3600).await.expect("guest");
        assert_eq!(sessions::delete_for_user(&db, 7).await.expect("delete"), 2);
        for gone in [&phone, &laptop] {
            assert!(sessions::load(&db, &gone.id).await.expect("load").is_none());
        }
        for kept in [&someone_else, &guest] {
            assert!(sessions::load(&db, &kept.id).await.expect("load").is_some());
        }
    }
);

storage_story!(
    unknown_and_hostile_session_ids_find_nothing,
    |db: Db| async move {
        for id in ["", "nope", "' or '1'='1", &"0".repeat(32)] {
            assert!(
                sessions::load(&db, id).await.expect("load").is_none(),
                "{id}"
            );
        }
    }
);

storage_story!(options_store_json_and_replace_it, |db: Db| async move {
    assert_eq!(
        options::get::<String>(&db, "store_notice")
            .await
            .expect("get"),
        None
    );
    options::set(
        &db,
        "store_notice",
        &serde_json::json!({"text": "Hello", "enabled": true}),
    )
    .await
    .expect("set");
    options::set(
        &db,
        "store_notice",
        &serde_json::json!({"text": "Bye", "enabled": false}),
    )
    .await
    .expect("replace");
    let value: serde_json::Value = options::get(&db, "store_notice")
        .await
        .expect("get")
        .expect("set");
    assert_eq!(value["text"], "Bye");
});

storage_story!(concurrent_session_writes_all_land, |db: Db| async move {
    let mut tasks = Vec::new();
    for i in 0..20_i64 {
        let db = db.clone();
        tasks.push(tokio::spawn(async move {
            let mut s = sessions::create(&db, Some(i), 60).await.expect("create");
            s.data = serde_json::json!({ "n": i });
            sessions::save(&db, &s, 60).await.expect("save");
            s.id
        }));
    }
    for (i, task) in tasks.into_iter().enumerate() {
        let id = task.await.expect("join");
        let s = sessions::load(&db, &id)
            .await
            .expect("load")
            .expect("present");
        assert_eq!(s.data["n"], serde_json::json!(i));
    }
});
