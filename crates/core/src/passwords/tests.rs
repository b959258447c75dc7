//! The new-password rule: the shared cases (also run by the browser's hint) and what the
//! server alone promises (the bound on work for a long password, the messages).

use std::time::{Duration, Instant};

use super::{MIN_PASSWORD_CHARS, PasswordProblem, check_new_password, guessable_feedback};
use crate::limits::MAX_PASSWORD_CHARS;

/// One case of `cases.json` (shared with web/src/behaviours/password-strength.cases.test.ts).
#[derive(serde::Deserialize)]
struct SharedCase {
    name: String,
    password: String,
    length: Option<usize>,
    personal: Vec<String>,
    expect: String,
}

#[derive(serde::Deserialize)]
struct SharedCases {
    cases: Vec<SharedCase>,
}

fn shared_cases() -> Vec<SharedCase> {
    let shared: SharedCases =
        serde_json::from_str(include_str!("cases.json")).expect("the cases parse");
    shared.cases
}

impl SharedCase {
    fn password(&self) -> String {
        match self.length {
            Some(length) => self.password.chars().cycle().take(length).collect(),
            None => self.password.clone(),
        }
    }
}

fn verdict(result: &Result<(), PasswordProblem>) -> &'static str {
    match result {
        Ok(()) => "accepted",
        Err(PasswordProblem::TooShort) => "too_short",
        Err(PasswordProblem::TooLong) => "too_long",
        Err(PasswordProblem::TooGuessable) => "too_guessable",
    }
}

#[test]
fn the_shared_cases_hold_for_the_server_rule() {
    let cases = shared_cases();
    assert!(cases.len() >= 40, "the file holds the cases");
    let mut wrong = Vec::new();
    for case in &cases {
        let personal: Vec<&str> = case.personal.iter().map(String::as_str).collect();
        let found = verdict(&check_new_password(&case.password(), &personal));
        if found != case.expect {
            wrong.push(format!(
                "{}: expected {}, found {found}",
                case.name, case.expect
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "cases that do not hold:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_shared_cases_cover_the_edges() {
    let cases = shared_cases();
    let lengths: Vec<usize> = cases.iter().map(|c| c.password().chars().count()).collect();
    assert!(lengths.contains(&(MIN_PASSWORD_CHARS - 1)));
    assert!(lengths.contains(&MAX_PASSWORD_CHARS));
    assert!(lengths.contains(&(MAX_PASSWORD_CHARS + 1)));
    for verdict in ["accepted", "too_short", "too_long", "too_guessable"] {
        assert!(
            cases.iter().any(|c| c.expect == verdict),
            "a case expects {verdict}"
        );
    }
}

#[test]
fn the_length_is_counted_in_characters_not_bytes() {
    // Eight two-byte letters are eight characters (sixteen bytes).
    assert_ne!(
        check_new_password("ąęćłńóśź", &[]),
        Err(PasswordProblem::TooShort)
    );
    assert_eq!(
        check_new_password("ąęćł", &[]),
        Err(PasswordProblem::TooShort)
    );
    let longest_in_bytes = "ż".repeat(MAX_PASSWORD_CHARS);
    assert_ne!(
        check_new_password(&longest_in_bytes, &[]),
        Err(PasswordProblem::TooLong)
    );
}

#[test]
fn personal_inputs_are_matched_whatever_their_case_and_spacing() {
    let personal = ["  Kowalczykowa@Example.PL "];
    assert_eq!(
        check_new_password("KOWALCZYKOWA", &personal),
        Err(PasswordProblem::TooGuessable)
    );
    assert_eq!(check_new_password("KOWALCZYKOWA", &[""]), Ok(()));
}

#[test]
fn a_password_of_the_longest_length_is_checked_quickly() {
    // The estimator is superlinear in the length, so only a bounded prefix is judged; a
    // shopper (or a script) posting 4 096 characters costs no more than 100.
    let worst = ["a", "ab", "1a!", "🦊ż"].map(|unit| unit.repeat(MAX_PASSWORD_CHARS));
    let personal = ["a".repeat(200)];
    let personal: Vec<&str> = personal.iter().map(String::as_str).collect();
    let mut slowest = Duration::ZERO;
    for password in &worst {
        let password: String = password.chars().take(MAX_PASSWORD_CHARS).collect();
        let started = Instant::now();
        let _ = check_new_password(&password, &personal);
        slowest = slowest.max(started.elapsed());
    }
    // Generous for an unoptimised build on a shared machine; the measured figure is in
    // docs/benchmarks.md.
    assert!(
        slowest < Duration::from_secs(2),
        "the slowest check took {slowest:?}"
    );
}

#[test]
fn a_guessable_password_comes_with_the_estimator_s_advice() {
    let advice = guessable_feedback("password", &[]).expect("advice for a common password");
    assert!(advice.contains("common password"), "{advice}");
    assert_eq!(
        guessable_feedback("correct horse battery staple", &[]),
        None
    );
    assert_eq!(
        guessable_feedback("abc", &[]),
        None,
        "too short is said otherwise"
    );
}

#[test]
fn the_messages_name_the_limits() {
    assert!(
        PasswordProblem::TooShort
            .message()
            .contains("at least 8 characters")
    );
    assert!(
        PasswordProblem::TooLong
            .message()
            .contains("at most 4096 characters")
    );
    assert!(
        PasswordProblem::TooGuessable
            .message()
            .contains("too easy to guess")
    );
}
