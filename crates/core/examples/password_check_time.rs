//! Times the new-password rule on the longest passwords (docs/benchmarks.md, issue 21): run by
//! bench/passwords.sh in a release build. Prints a Markdown table; not a test.

use std::time::{Duration, Instant};

use mercato_core::limits::MAX_PASSWORD_CHARS;
use mercato_core::passwords::check_new_password;

const ROUNDS: usize = 20;

/// `unit` repeated and cut to the longest length allowed.
fn longest(unit: &str) -> String {
    unit.chars().cycle().take(MAX_PASSWORD_CHARS).collect()
}

/// Printable characters from a fixed linear congruential sequence (the same every run).
fn pseudo_random() -> String {
    let alphabet: Vec<char> = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@#$%^&*-_"
        .chars()
        .collect();
    let mut state: u64 = 12_345;
    (0..MAX_PASSWORD_CHARS)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345) % 2_147_483_648;
            let index = usize::try_from(state).unwrap_or(0) % alphabet.len();
            alphabet[index]
        })
        .collect()
}

fn main() {
    let personal = ["jane.doe@example.com", "Jane", "Doe"];
    let cases = [
        ("`a`", longest("a")),
        ("`ab`", longest("ab")),
        ("`1a!`", longest("1a!")),
        (
            "a 26-character random unit",
            longest("Kx7#qLm2-vBn9@wRt4 pZs8!y "),
        ),
        ("`🦊ż`", longest("🦊ż")),
        (
            "`correct horse battery staple `",
            longest("correct horse battery staple "),
        ),
        ("pseudo-random printable", pseudo_random()),
    ];
    println!("| {MAX_PASSWORD_CHARS} characters of | verdict | best | worst |");
    println!("|---|---|---:|---:|");
    for (name, password) in &cases {
        let mut best = Duration::MAX;
        let mut worst = Duration::ZERO;
        let mut verdict = String::new();
        for _ in 0..ROUNDS {
            let started = Instant::now();
            let result = std::hint::black_box(check_new_password(password, &personal));
            let took = started.elapsed();
            best = best.min(took);
            worst = worst.max(took);
            verdict = format!("{result:?}");
        }
        println!("| {name} | {verdict} | {best:.1?} | {worst:.1?} |");
    }
}
