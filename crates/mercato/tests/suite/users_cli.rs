//! `mercato users …` through the real binary: staff accounts made, listed, given roles and
//! new passwords (read from standard input), and bad input refused with a message.

use crate::common::{cli_shop as shop, run_cli as mercato, text};

use mercato_db::{sessions, users};

#[tokio::test]
async fn staff_accounts_are_made_listed_and_changed_from_the_command_line() {
    let (_dir, url, db) = shop().await;
    let made = mercato(
        &url,
        &[
            "users",
            "create",
            "--email",
            "Boss@Example.com",
            "--username",
            "boss",
            "--role",
            "administrator",
        ],
        "first secret\n",
    );
    assert!(made.status.success(), "{}", text(&made.stderr));
    let boss = users::find_by_login(&db, "boss")
        .await
        .expect("find")
        .expect("by username");
    assert_eq!(
        (boss.email.as_str(), boss.role.as_str()),
        ("boss@example.com", "administrator")
    );
    assert!(mercato_server::accounts::verify_password(
        "first secret",
        &boss.password_hash
    ));

    let listed = mercato(&url, &["users", "list"], "");
    assert!(text(&listed.stdout).contains(&format!(
        "{}\tboss@example.com\tboss\tadministrator",
        boss.id
    )));

    let demoted = mercato(
        &url,
        &["users", "set-role", "boss@example.com", "shop_manager"],
        "",
    );
    assert!(demoted.status.success(), "{}", text(&demoted.stderr));
    let session = sessions::create(&db, Some(boss.id), 3600)
        .await
        .expect("session");
    let changed = mercato(&url, &["users", "set-password", "boss"], "second secret\n");
    assert!(changed.status.success(), "{}", text(&changed.stderr));
    let boss = users::load(&db, boss.id)
        .await
        .expect("load")
        .expect("boss");
    assert_eq!(boss.role, "shop_manager");
    assert!(mercato_server::accounts::verify_password(
        "second secret",
        &boss.password_hash
    ));
    assert!(
        sessions::load(&db, &session.id)
            .await
            .expect("load")
            .is_none(),
        "logged out everywhere"
    );

    for (args, stdin, says) in [
        (
            vec!["users", "set-role", "boss", "emperor"],
            "",
            "unknown role",
        ),
        (
            vec!["users", "set-password", "nobody@example.com"],
            "x\n",
            "no account",
        ),
        (
            vec!["users", "create", "--email", "boss@example.com"],
            "a long enough passphrase\n",
            "has an account already",
        ),
        (
            vec!["users", "create", "--email", "weak@example.com"],
            "x\n",
            "at least 8 characters",
        ),
        (
            vec!["users", "set-password", "boss"],
            "boss@example.com\n",
            "too easy to guess",
        ),
        (
            vec!["users", "create", "--email", "not-an-address"],
            "x\n",
            "is not an email address",
        ),
        (
            vec!["users", "create", "--email", "new@example.com"],
            "",
            "no password on standard input",
        ),
    ] {
        let refused = mercato(&url, &args, stdin);
        assert!(!refused.status.success(), "{args:?}");
        assert!(
            text(&refused.stderr).contains(says),
            "{args:?}: {}",
            text(&refused.stderr)
        );
    }
}
