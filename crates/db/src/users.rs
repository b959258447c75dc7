//! Customer accounts: one row per user, found by email address.
//!
//! Addresses are stored folded (trimmed, lower case), so the `users_email` unique constraint
//! holds an address once whatever its case, on both engines, without an expression index;
//! lookups fold the same way. Two sign-ups with one address at once: the constraint lets one
//! in, the other gets [`DbError::Duplicate`].

use mercato_core::orders::Address;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{Db, DbError, DbResult, now};

/// The role of an account made by a shopper.
pub const CUSTOMER_ROLE: &str = "customer";

/// A stored account.
#[derive(Clone, PartialEq)]
pub struct User {
    /// The id orders and sessions name it by.
    pub id: i64,
    /// The email address, folded to lower case.
    pub email: String,
    /// The password as an argon2 PHC string.
    pub password_hash: String,
    /// The name shown for it.
    pub display_name: String,
    /// `customer`, `shop_manager` or `administrator`.
    pub role: String,
    /// The saved billing address.
    pub billing: Address,
    /// The saved shipping address.
    pub shipping: Address,
    /// When it was made, in unix seconds.
    pub created_at: i64,
    /// The login name besides the email (folded), if one was given.
    pub username: Option<String>,
    /// First name (account details).
    pub first_name: String,
    /// Last name (account details).
    pub last_name: String,
}

impl std::fmt::Debug for User {
    // The hash stays out of logs and test output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("User")
            .field("id", &self.id)
            .field("email", &self.email)
            .field("display_name", &self.display_name)
            .field("role", &self.role)
            .field("username", &self.username)
            .field("created_at", &self.created_at)
            .finish_non_exhaustive()
    }
}

/// What a new account is made of.
#[derive(Clone, Copy)]
pub struct NewUser<'a> {
    /// The email address (folded before it is stored).
    pub email: &'a str,
    /// The password, already hashed (argon2 PHC string).
    pub password_hash: &'a str,
    /// The name shown for it.
    pub display_name: &'a str,
    /// The billing address to keep.
    pub billing: &'a Address,
    /// The shipping address to keep.
    pub shipping: &'a Address,
}

/// An email address as stored and compared: trimmed, lower case.
pub fn fold_email(email: &str) -> String {
    email.trim().to_lowercase()
}

const COLUMNS: &str = "id, email, password_hash, display_name, role, billing, shipping, created_at,
     username, first_name, last_name";

fn decode(row: &AnyRow) -> DbResult<User> {
    Ok(User {
        id: row.try_get(0)?,
        email: row.try_get(1)?,
        password_hash: row.try_get(2)?,
        display_name: row.try_get(3)?,
        role: row.try_get(4)?,
        billing: serde_json::from_str(&row.try_get::<String, _>(5)?)?,
        shipping: serde_json::from_str(&row.try_get::<String, _>(6)?)?,
        created_at: row.try_get(7)?,
        username: row.try_get(8)?,
        first_name: row.try_get(9)?,
        last_name: row.try_get(10)?,
    })
}

/// Makes a customer account. An address already registered (in any case) is
/// [`DbError::Duplicate`]; an empty one is [`DbError::Invalid`].
pub async fn create(db: &Db, user: NewUser<'_>) -> DbResult<User> {
    let email = fold_email(user.email);
    if email.is_empty() {
        return Err(DbError::Invalid(
            "an account needs an email address".to_owned(),
        ));
    }
    let at = now();
    let row = sqlx::query(&format!(
        "insert into users (email, password_hash, display_name, role, billing, shipping,
             created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)
         returning {COLUMNS}"
    ))
    .bind(email)
    .bind(user.password_hash.to_owned())
    .bind(user.display_name.to_owned())
    .bind(CUSTOMER_ROLE)
    .bind(serde_json::to_string(user.billing)?)
    .bind(serde_json::to_string(user.shipping)?)
    .bind(at)
    .fetch_one(db.writer())
    .await
    .map_err(|e| {
        if e.as_database_error()
            .is_some_and(|d| d.is_unique_violation())
        {
            DbError::Duplicate("an account is registered with this email address".to_owned())
        } else {
            DbError::Sql(e)
        }
    })?;
    decode(&row)
}

/// The account registered with `email` (compared folded), if any.
pub async fn find_by_email(db: &Db, email: &str) -> DbResult<Option<User>> {
    let email = fold_email(email);
    if email.is_empty() {
        return Ok(None);
    }
    let row = sqlx::query(&format!("select {COLUMNS} from users where email = $1"))
        .bind(email)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// The account with this id.
pub async fn load(db: &Db, id: i64) -> DbResult<Option<User>> {
    let row = sqlx::query(&format!("select {COLUMNS} from users where id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// Keeps `billing` and `shipping` as the customer's saved addresses (what their next checkout
/// and an express payment start from); without `shipping` the saved one stays. `false` when
/// there is no such account.
pub async fn save_addresses(
    db: &Db,
    id: i64,
    billing: &Address,
    shipping: Option<&Address>,
) -> DbResult<bool> {
    let done = sqlx::query(
        "update users set billing = $2, shipping = coalesce($3, shipping), updated_at = $4
         where id = $1",
    )
    .bind(id)
    .bind(serde_json::to_string(billing)?)
    .bind(shipping.map(serde_json::to_string).transpose()?)
    .bind(now())
    .execute(db.writer())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes an account; `false` when there was none. Used to take back an account made for
/// a checkout that was then refused, before anything named it.
pub async fn delete(db: &Db, id: i64) -> DbResult<bool> {
    let done = sqlx::query("delete from users where id = $1")
        .bind(id)
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// How many accounts there are.
pub async fn count(db: &Db) -> DbResult<i64> {
    let row = sqlx::query("select count(*) from users")
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get::<i64, _>(0)?)
}

/// The roles an account may have (SPEC §6): shoppers, and the two staff roles.
pub const ROLES: [&str; 3] = [CUSTOMER_ROLE, "shop_manager", "administrator"];

/// A login name as stored and compared: trimmed, lower case.
pub fn fold_username(username: &str) -> String {
    username.trim().to_lowercase()
}

fn unique_violation(e: sqlx::Error, what: &str) -> DbError {
    if e.as_database_error()
        .is_some_and(|d| d.is_unique_violation())
    {
        DbError::Duplicate(what.to_owned())
    } else {
        DbError::Sql(e)
    }
}

/// The account a login form names: by email address when `login` holds an `@`, else by
/// username (both compared folded).
pub async fn find_by_login(db: &Db, login: &str) -> DbResult<Option<User>> {
    if login.contains('@') {
        return find_by_email(db, login).await;
    }
    let username = fold_username(login);
    if username.is_empty() {
        return Ok(None);
    }
    let row = sqlx::query(&format!("select {COLUMNS} from users where username = $1"))
        .bind(username)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// Replaces the password hash; `false` when there is no such account. The account's
/// unused reset links end with it: a link asked for before the change must not undo it.
pub async fn set_password_hash(db: &Db, id: i64, password_hash: &str) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query("update users set password_hash = $2, updated_at = $3 where id = $1")
        .bind(id)
        .bind(password_hash.to_owned())
        .bind(now())
        .execute(&mut *tx)
        .await?;
    crate::password_resets::revoke_for_user(&mut tx, id).await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// Gives the account one of [`ROLES`]; another role is [`DbError::Invalid`].
pub async fn set_role(db: &Db, id: i64, role: &str) -> DbResult<bool> {
    if !ROLES.contains(&role) {
        return Err(DbError::Invalid(format!(
            "unknown role {role:?}: one of {}",
            ROLES.join(", ")
        )));
    }
    let done = sqlx::query("update users set role = $2, updated_at = $3 where id = $1")
        .bind(id)
        .bind(role)
        .bind(now())
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets the login name (folded); one taken by another account is [`DbError::Duplicate`].
pub async fn set_username(db: &Db, id: i64, username: &str) -> DbResult<bool> {
    let username = fold_username(username);
    if username.is_empty() || username.contains('@') {
        return Err(DbError::Invalid(
            "a username is not empty and holds no @".to_owned(),
        ));
    }
    let done = sqlx::query("update users set username = $2, updated_at = $3 where id = $1")
        .bind(id)
        .bind(username)
        .bind(now())
        .execute(db.writer())
        .await
        .map_err(|e| unique_violation(e, "this username is taken"))?;
    Ok(done.rows_affected() == 1)
}

/// What the account details page edits.
#[derive(Debug, Clone, Copy)]
pub struct Details<'a> {
    /// First name.
    pub first_name: &'a str,
    /// Last name.
    pub last_name: &'a str,
    /// The name shown for the account.
    pub display_name: &'a str,
    /// The email address (folded before it is stored).
    pub email: &'a str,
}

/// Keeps the account's names and email address; an address another account has is
/// [`DbError::Duplicate`] (decided by the unique constraint). A changed address ends the
/// account's unused reset links: they were mailed to the old one.
pub async fn update_details(db: &Db, id: i64, details: Details<'_>) -> DbResult<bool> {
    let email = fold_email(details.email);
    if email.is_empty() {
        return Err(DbError::Invalid(
            "an account needs an email address".to_owned(),
        ));
    }
    let mut tx = db.begin_write().await?;
    let before: Option<String> = sqlx::query_scalar("select email from users where id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    let done = sqlx::query(
        "update users set first_name = $2, last_name = $3, display_name = $4, email = $5,
             updated_at = $6
         where id = $1",
    )
    .bind(id)
    .bind(details.first_name.to_owned())
    .bind(details.last_name.to_owned())
    .bind(details.display_name.to_owned())
    .bind(email.clone())
    .bind(now())
    .execute(&mut *tx)
    .await
    .map_err(|e| unique_violation(e, "an account is registered with this email address"))?;
    if before.is_some_and(|before| before != email) {
        crate::password_resets::revoke_for_user(&mut tx, id).await?;
    }
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// Keeps where a customer who registered came from (the order attribution, a JSON object).
pub async fn set_attribution(db: &Db, id: i64, attribution: &serde_json::Value) -> DbResult<bool> {
    let done = sqlx::query("update users set attribution = $2, updated_at = $3 where id = $1")
        .bind(id)
        .bind(serde_json::to_string(attribution)?)
        .bind(now())
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The stored order attribution of an account (`{}` when none was recorded).
pub async fn attribution(db: &Db, id: i64) -> DbResult<Option<serde_json::Value>> {
    let row = sqlx::query("select attribution from users where id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| Ok(serde_json::from_str(&r.try_get::<String, _>(0)?)?))
        .transpose()
}

/// Every account, oldest first (`mercato users list`).
pub async fn list(db: &Db) -> DbResult<Vec<User>> {
    let rows = sqlx::query(&format!("select {COLUMNS} from users order by id"))
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(decode).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_fold_to_trimmed_lower_case() {
        assert_eq!(
            fold_email("  Jane.Doe@Example.COM "),
            "jane.doe@example.com"
        );
        assert_eq!(fold_email("ÉLODIE@example.fr"), "élodie@example.fr");
    }
}
