//! What time it is, for the domain code that must be tested across hours and days (a cart's
//! lifetime and its purge). Production reads the system clock; a test sets a
//! [`ManualClock`] and moves it on instead of waiting.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

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
}

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
}
