//! `mercato users …`: make accounts (staff too), list them, change a role or a password,
//! until an admin screen exists. Passwords are read from standard input (one line), never
//! from the command line, where other users of the machine could read them.

use std::io::BufRead as _;

use anyhow::{Context, bail};
use clap::Subcommand;
use mercato::terminal::inert;
use mercato_core::orders::Address;
use mercato_db::users::{self, NewUser, ROLES};
use mercato_db::{Db, DbError};
use mercato_server::accounts;
use mercato_server::services::password_work::PasswordWork;

/// `mercato users`.
#[derive(Debug, Subcommand)]
pub enum UsersCommand {
    /// Make an account; its password is read from standard input.
    Create {
        /// The email address.
        #[arg(long)]
        email: String,
        /// A login name besides the email address.
        #[arg(long)]
        username: Option<String>,
        /// customer, shop_manager or administrator.
        #[arg(long, default_value = "customer")]
        role: String,
        /// The name shown for the account (default: the email's local part).
        #[arg(long)]
        display_name: Option<String>,
    },
    /// List accounts: id, email, username, role, display name.
    List,
    /// Give an account (email, username or id) a role.
    SetRole {
        /// The account: email, username or id.
        account: String,
        /// customer, shop_manager or administrator.
        role: String,
    },
    /// Set an account's password (read from standard input) and log it out everywhere.
    SetPassword {
        /// The account: email, username or id.
        account: String,
    },
}

/// The password on standard input, held to the shop's password rule (staff accounts are the
/// last that should have a weak one).
fn read_password(personal: &[&str]) -> anyhow::Result<String> {
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .context("reading the password from standard input")?;
    let password = line.trim_end_matches(['\r', '\n']).to_owned();
    if password.is_empty() {
        bail!("no password on standard input (echo 'the password' | mercato users ...)");
    }
    if let Err(problem) = mercato_core::passwords::check_new_password(&password, personal) {
        bail!("{}", problem.message());
    }
    Ok(password)
}

fn check_role(role: &str) -> anyhow::Result<()> {
    if !ROLES.contains(&role) {
        bail!("unknown role {role:?}: one of {}", ROLES.join(", "));
    }
    Ok(())
}

async fn find(db: &Db, account: &str) -> anyhow::Result<users::User> {
    let found = match account.parse::<i64>() {
        Ok(id) => users::load(db, id).await?,
        Err(_) => users::find_by_login(db, account).await?,
    };
    found.with_context(|| format!("no account {account:?}"))
}

/// Runs `mercato users …`.
pub async fn run(db: &Db, command: UsersCommand) -> anyhow::Result<()> {
    match command {
        UsersCommand::Create {
            email,
            username,
            role,
            display_name,
        } => {
            check_role(&role)?;
            if !accounts::login::is_email(email.trim()) {
                bail!("{email:?} is not an email address");
            }
            let password = read_password(&[email.as_str()])?;
            let hash = PasswordWork::default().hash(&password).await?;
            let display_name =
                display_name.unwrap_or_else(|| email.split('@').next().unwrap_or("").to_owned());
            let address = Address {
                email: email.clone(),
                ..Address::default()
            };
            let user = users::create(
                db,
                NewUser {
                    email: &email,
                    password_hash: &hash,
                    display_name: &display_name,
                    billing: &address,
                    shipping: &Address::default(),
                },
            )
            .await
            .map_err(|e| match e {
                DbError::Duplicate(_) => anyhow::anyhow!("{email:?} has an account already"),
                other => other.into(),
            })?;
            users::set_role(db, user.id, &role).await?;
            if let Some(username) = username {
                users::set_username(db, user.id, &username).await?;
            }
            println!("created account {} ({}, {role})", user.id, user.email);
        }
        UsersCommand::List => {
            for user in users::list(db).await? {
                println!(
                    "{}\t{}\t{}\t{}\t{}",
                    user.id,
                    inert(&user.email),
                    inert(user.username.as_deref().unwrap_or("-")),
                    inert(&user.role),
                    inert(&user.display_name)
                );
            }
        }
        UsersCommand::SetRole { account, role } => {
            check_role(&role)?;
            let user = find(db, &account).await?;
            users::set_role(db, user.id, &role).await?;
            println!("account {} ({}) is now {role}", user.id, inert(&user.email));
        }
        UsersCommand::SetPassword { account } => {
            let user = find(db, &account).await?;
            let password = read_password(&[user.email.as_str()])?;
            accounts::login::set_password(db, &PasswordWork::default(), user.id, &password).await?;
            let ended = mercato_db::sessions::delete_for_user(db, user.id).await?;
            println!(
                "password of account {} ({}) changed; {ended} session(s) ended",
                user.id,
                inert(&user.email)
            );
        }
    }
    Ok(())
}
