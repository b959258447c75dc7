//! What time it is, for every rule that must be tested across seconds, hours and days: cart
//! lifetimes and their purge, stock holds and their expiry, reset links, the checkout's
//! rate-limit windows, the shop view's one-second re-read of the menus and settings.
//! Production reads the system clock; a test sets a [`ManualClock`] and moves it on instead
//! of waiting. (Storage functions take `now` as an argument; the server passes
//! `state.clock.now()`.)

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The time source in [`super::Services`]. Cheap to clone.
#[derive(Debug, Clone, Default)]
pub enum Clock {
    /// The system's clock.
    #[default]
    System,
    /// A clock a test sets (shared with the test's [`ManualClock`] handle).
    Manual(ManualClock),
}

impl Clock {
    /// Now, in unix seconds.
    pub fn now(&self) -> i64 {
        match self {
            Clock::System => mercato_db::now(),
            Clock::Manual(clock) => clock.now(),
        }
    }

    /// A reading for measuring short times (a cache's age): on the system clock the
    /// monotonic time since this process first asked, on a manual clock its time. Readings
    /// of different clocks do not compare (a state given a test's clock after it was made).
    pub fn monotonic(&self) -> Duration {
        match self {
            Clock::System => ORIGIN.get_or_init(Instant::now).elapsed(),
            Clock::Manual(clock) => Duration::from_secs(u64::try_from(clock.now()).unwrap_or(0)),
        }
    }
}

/// Where the system clock's [`Clock::monotonic`] readings start.
static ORIGIN: OnceLock<Instant> = OnceLock::new();

/// A clock that stands still until it is set or moved on; clones share the time.
#[derive(Debug, Clone)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    /// A clock showing `now` (unix seconds).
    pub fn starting_at(now: i64) -> Self {
        ManualClock(Arc::new(AtomicI64::new(now)))
    }

    /// The time it shows.
    pub fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }

    /// Moves it on by `secs`.
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl From<ManualClock> for Clock {
    fn from(clock: ManualClock) -> Self {
        Clock::Manual(clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let hand = ManualClock::starting_at(1_000);
        let clock = Clock::from(hand.clone());
        assert_eq!(clock.now(), 1_000);
        hand.advance(49 * 3600);
        assert_eq!(clock.now(), 1_000 + 49 * 3600);
        let system = Clock::System.now();
        assert!((system - mercato_db::now()).abs() <= 1);
    }

    #[test]
    fn monotonic_readings_move_with_their_clock() {
        let hand = ManualClock::starting_at(1_000);
        let clock = Clock::from(hand.clone());
        let before = clock.monotonic();
        hand.advance(2);
        assert_eq!(clock.monotonic() - before, Duration::from_secs(2));
        let system = Clock::System.monotonic();
        assert!(Clock::System.monotonic() >= system);
    }
}
