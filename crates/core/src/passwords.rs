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

/// How many characters of a password the strength estimator reads: its work grows faster than
/// the length, and 100 characters of anything are already far beyond guessing (the zxcvbn
/// crate cuts there too; the browser's hint cuts at the same place).
pub const ESTIMATED_PREFIX_CHARS: usize = 100;

/// The lowest zxcvbn score (0 to 4) accepted: 2 means about 10^8 guesses or more, which an
/// attacker trying passwords against the login (throttled) cannot reach, and which leaves out
/// the common passwords, words, names, keyboard patterns, repeats and sequences.
pub const MIN_SCORE: u8 = 2;

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
    if u8::from(estimate(password, personal).score()) < MIN_SCORE {
        return Err(PasswordProblem::TooGuessable);
    }
    Ok(())
}

/// The estimator's advice for a password refused as [`PasswordProblem::TooGuessable`]
/// (e.g. "This is a top-10 common password. Use a few words, avoid common phrases."); `None`
/// for any other password.
pub fn guessable_feedback(password: &str, personal: &[&str]) -> Option<String> {
    let chars = password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&chars) {
        return None;
    }
    let estimate = estimate(password, personal);
    if u8::from(estimate.score()) >= MIN_SCORE {
        return None;
    }
    let advice = estimate.feedback()?.to_string();
    let advice = advice.trim();
    (!advice.is_empty()).then(|| advice.to_owned())
}

/// zxcvbn's estimate of the password's first [`ESTIMATED_PREFIX_CHARS`] characters.
fn estimate(password: &str, personal: &[&str]) -> zxcvbn::Entropy {
    let prefix: String = password.chars().take(ESTIMATED_PREFIX_CHARS).collect();
    let words = personal_words(personal);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    zxcvbn::zxcvbn(&prefix, &words)
}

/// The words a password must not be built from: each personal input whole, an email's local
/// part with and without its punctuation, and each run of three or more letters or digits
/// (`jane.doe@example.com` gives `jane.doe@example.com`, `jane.doe`, `janedoe`, `jane`, `doe`,
/// `example`, `com`), lowercased, first occurrence kept. The browser's hint builds the same
/// list (web/src/behaviours/password-rule.ts).
fn personal_words(personal: &[&str]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut add = |word: &str| {
        if !word.is_empty() && !words.iter().any(|w| w == word) {
            words.push(word.to_owned());
        }
    };
    for input in personal {
        let input = input.trim().to_lowercase();
        add(&input);
        if let Some((local, _)) = input.split_once('@') {
            add(local);
            add(&local
                .chars()
                .filter(|c| c.is_alphanumeric())
                .collect::<String>());
        }
        for run in input.split(|c: char| !c.is_alphanumeric()) {
            if run.chars().count() >= 3 {
                add(run);
            }
        }
    }
    words
}

#[cfg(test)]
mod tests;
