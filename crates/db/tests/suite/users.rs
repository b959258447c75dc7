//! The account storage story, on both engines: an address is registered once whatever its
//! case, found again folded, and two sign-ups racing for one address let exactly one in.

use mercato_core::orders::Address;
use mercato_db::users::{self, NewUser};
use mercato_db::{Db, DbError};

fn jane() -> Address {
    Address {
        first_name: "Jane".into(),
        last_name: "Doe".into(),
        city: "Springfield".into(),
        country: "US".into(),
        email: "Jane.Doe@Example.com".into(),
        ..Address::default()
    }
}

fn new_user<'a>(email: &'a str, billing: &'a Address) -> NewUser<'a> {
    NewUser {
        email,
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
        display_name: "Jane Doe",
        billing,
        shipping: billing,
    }
}

storage_story!(
    users_register_an_address_once_whatever_its_case,
    |db: Db| async move {
        let billing = jane();
        assert_eq!(users::count(&db).await.expect("count"), 0);
        let made = users::create(&db, new_user(" Jane.Doe@Example.com ", &billing))
            .await
            .expect("create");
        assert!(made.id > 0);
        assert_eq!(made.email, "jane.doe@example.com", "stored folded");
        assert_eq!(made.role, users::CUSTOMER_ROLE);
        assert_eq!(made.display_name, "Jane Doe");
        assert_eq!(made.billing, billing);

        // Found again in any case; the hash comes back as stored.
        for asked in [
            "jane.doe@example.com",
            "JANE.DOE@EXAMPLE.COM",
            " Jane.Doe@example.com",
        ] {
            let found = users::find_by_email(&db, asked)
                .await
                .expect("find")
                .unwrap_or_else(|| panic!("{asked} not found"));
            assert_eq!(found, made);
        }
        assert!(
            users::find_by_email(&db, "john@example.com")
                .await
                .expect("find")
                .is_none()
        );
        assert!(
            users::find_by_email(&db, "  ")
                .await
                .expect("find")
                .is_none()
        );
        assert_eq!(
            users::load(&db, made.id).await.expect("load"),
            Some(made.clone())
        );

        // The same address in another case is refused by the constraint, and nothing is added.
        let again = users::create(&db, new_user("JANE.DOE@example.COM", &billing)).await;
        assert!(matches!(again, Err(DbError::Duplicate(_))), "{again:?}");
        let empty = users::create(&db, new_user("   ", &billing)).await;
        assert!(matches!(empty, Err(DbError::Invalid(_))), "{empty:?}");
        assert_eq!(users::count(&db).await.expect("count"), 1);

        // Another address is another account.
        let john = users::create(&db, new_user("john@example.com", &billing))
            .await
            .expect("create");
        assert_ne!(john.id, made.id);

        // Taking an account back frees its address.
        assert!(users::delete(&db, made.id).await.expect("delete"));
        assert!(!users::delete(&db, made.id).await.expect("delete again"));
        assert_eq!(users::load(&db, made.id).await.expect("load"), None);
        users::create(&db, new_user("jane.doe@example.com", &billing))
            .await
            .expect("the address is free again");
        assert_eq!(users::count(&db).await.expect("count"), 2);
    }
);

storage_story!(
    users_racing_for_one_address_let_one_in,
    |db: Db| async move {
        let billing = jane();
        let attempts = (0..6).map(|i| {
            let db = db.clone();
            let billing = billing.clone();
            let email = if i % 2 == 0 {
                "race@example.com"
            } else {
                "RACE@example.com"
            };
            tokio::spawn(async move { users::create(&db, new_user(email, &billing)).await })
        });
        let mut made = 0;
        for attempt in attempts.collect::<Vec<_>>() {
            match attempt.await.expect("task") {
                Ok(_) => made += 1,
                Err(DbError::Duplicate(_)) => {}
                Err(other) => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(made, 1);
        assert_eq!(users::count(&db).await.expect("count"), 1);
    }
);
