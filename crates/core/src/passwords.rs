//! The rule every new password meets, wherever it is set: registration (the login popup's
//! too), an account opened at checkout, a reset link and the account-details form. The
//! browser's strength hint (web/) follows the same rule, but only the server decides.

use crate::limits::MAX_PASSWORD_CHARS;

/// The fewest characters a password may have.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// Why a new password is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PasswordProblem {
    /// Fewer than [`MIN_PASSWORD_CHARS`] characters.
    TooShort,
    /// More than [`MAX_PASSWORD_CHARS`] characters.
    TooLong,
    /// A common password, or one made of the shopper's own name or address, or a pattern
    /// guessed in few tries.
    TooGuessable,
}

impl PasswordProblem {
    /// The sentence shown by the password field.
    pub fn message(&self) -> String {
        match self {
            Self::TooShort => {
                format!("Please use a password of at least {MIN_PASSWORD_CHARS} characters.")
            }
            Self::TooLong => {
                format!("Please use a password of at most {MAX_PASSWORD_CHARS} characters.")
            }
            Self::TooGuessable => "This password is too easy to guess: it is a common password, or close to your name or email address. Please choose another.".to_owned(),
        }
    }
}

/// Checks a new `password`; `personal` holds what the shopper typed about themselves
/// (email, names), which the password must not merely repeat.
pub fn check_new_password(password: &str, personal: &[&str]) -> Result<(), PasswordProblem> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(PasswordProblem::TooShort);
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(PasswordProblem::TooLong);
    }
    let folded = password.to_lowercase();
    if personal
        .iter()
        .map(|p| p.trim().to_lowercase())
        .any(|p| !p.is_empty() && (folded == p || p.split('@').next() == Some(folded.as_str())))
    {
        return Err(PasswordProblem::TooGuessable);
    }
    Ok(())
}
