//! The saved-card story, on both engines: a customer's first card is their default, the same
//! card is kept once, a token is only ever found for its own customer, and the default moves
//! when it is changed or deleted. Saved addresses are kept on the account.

use mercato_core::orders::Address;
use mercato_core::payments::{CardBrand, Expiry};
use mercato_db::Db;
use mercato_db::payment_tokens::{self, NewToken};
use mercato_db::users::{self, NewUser};

async fn user(db: &Db, email: &str) -> i64 {
    let empty = Address::default();
    users::create(
        db,
        NewUser {
            email,
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
            display_name: email,
            billing: &empty,
            shipping: &empty,
        },
    )
    .await
    .expect("user")
    .id
}

fn card(user_id: i64, last4: &'static str) -> NewToken<'static> {
    NewToken {
        user_id,
        gateway: "test_card",
        reference: "card_ref",
        brand: CardBrand::Mastercard,
        last4,
        expiry: Expiry {
            year: 2031,
            month: 7,
        },
    }
}

storage_story!(saved_cards_belong_to_their_customer, |db: Db| async move {
    let jane = user(&db, "jane@example.com").await;
    let john = user(&db, "john@example.com").await;
    let first = payment_tokens::save(&db, card(jane, "4444"))
        .await
        .expect("save");
    assert!(first.card.is_default, "the first card is the default");
    assert_eq!(first.card.brand, CardBrand::Mastercard);
    assert_eq!(first.card.expiry.short(), "07/31");
    assert_eq!(first.reference, "card_ref");
    let again = payment_tokens::save(&db, card(jane, "4444"))
        .await
        .expect("save");
    assert_eq!(again.card.id, first.card.id, "the same card is kept once");
    let second = payment_tokens::save(&db, card(jane, "5100"))
        .await
        .expect("save");
    assert!(!second.card.is_default);

    // Only Jane finds her cards.
    let found = payment_tokens::load_for(&db, jane, second.card.id)
        .await
        .expect("load");
    assert_eq!(found.map(|t| t.card.last4), Some("5100".to_owned()));
    assert_eq!(
        payment_tokens::load_for(&db, john, second.card.id)
            .await
            .expect("load"),
        None
    );
    assert!(
        payment_tokens::list(&db, john)
            .await
            .expect("list")
            .is_empty()
    );
    assert!(
        !payment_tokens::set_default(&db, john, second.card.id)
            .await
            .expect("set")
    );
    assert!(
        !payment_tokens::delete(&db, john, second.card.id)
            .await
            .expect("delete")
    );
    assert_eq!(
        payment_tokens::list(&db, jane).await.expect("list").len(),
        2
    );

    // The default moves, and deleting it makes her newest other card the default.
    assert!(
        payment_tokens::set_default(&db, jane, second.card.id)
            .await
            .expect("set")
    );
    let listed = payment_tokens::list(&db, jane).await.expect("list");
    assert_eq!(listed[0].card.id, second.card.id, "the default first");
    assert!(listed[0].card.is_default && !listed[1].card.is_default);
    assert!(
        payment_tokens::delete(&db, jane, second.card.id)
            .await
            .expect("delete")
    );
    let left = payment_tokens::default_for(&db, jane)
        .await
        .expect("default");
    assert_eq!(left.map(|t| t.card.id), Some(first.card.id));
});

storage_story!(
    saved_addresses_are_kept_on_the_account,
    |db: Db| async move {
        let jane = user(&db, "jane@example.com").await;
        let billing = Address {
            first_name: "Jane".into(),
            address_1: "1 Main Street".into(),
            email: "jane@example.com".into(),
            ..Address::default()
        };
        let shipping = Address {
            address_1: "2 Side Street".into(),
            ..Address::default()
        };
        assert!(
            users::save_addresses(&db, jane, &billing, Some(&shipping))
                .await
                .expect("save")
        );
        // An order that ships nothing leaves the saved shipping address alone.
        assert!(
            users::save_addresses(&db, jane, &billing, None)
                .await
                .expect("save")
        );
        let account = users::load(&db, jane)
            .await
            .expect("load")
            .expect("account");
        assert_eq!(account.billing, billing);
        assert_eq!(account.shipping, shipping);
        assert!(
            !users::save_addresses(&db, 999_999, &billing, None)
                .await
                .expect("save")
        );
    }
);
