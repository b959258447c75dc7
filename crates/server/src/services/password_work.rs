//! Password hashing with a fixed ceiling. Each argon2id hash or check takes about 19 MiB for
//! a few tens of milliseconds; left alone, N clients at once cost N × 19 MiB (security
//! review 2, N2: 128 posts took the server from 0.1 to 2.0 GB). Every hash and check of the
//! server goes through one [`PasswordWork`]: at most `running` at once (the memory ceiling),
//! at most `waiting` more queued behind them (a queued request holds a few hundred bytes,
//! and waits at most `waiting / running` hashes), and anything past that is answered busy at
//! once (503 with `Retry-After`), whoever sends it: logins, registrations, resets, account
//! details and accounts opened at checkout.

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use mercato_core::passwords::{PasswordProblem, check_new_password};
use rand::RngCore;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The password work is at capacity: answer 503 and let the client come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("password hashing is at capacity")]
pub struct Busy;

/// Seconds a busy answer asks the client to wait (`Retry-After`).
pub const RETRY_AFTER_SECS: u64 = 1;

/// Why a hash was not made.
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    /// At capacity.
    #[error(transparent)]
    Busy(#[from] Busy),
    /// argon2 refused (never with our parameters) or the blocking task died.
    #[error("password hashing failed: {0}")]
    Failed(String),
}

/// The server's password hashing, shared by every request.
#[derive(Debug, Clone)]
pub struct PasswordWork {
    /// Admission: `running + waiting` places; none free means busy.
    places: Arc<Semaphore>,
    /// Hashes running at once.
    running: Arc<Semaphore>,
    running_limit: usize,
    total_places: u32,
}

impl Default for PasswordWork {
    /// One running hash per core (at most 4: argon2 is CPU-bound, more would only wait for a
    /// core while holding its memory), and 32 waiting.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Self::new(cores.clamp(1, 4), 32)
    }
}

impl PasswordWork {
    /// At most `running` hashes at once and `waiting` more queued.
    pub fn new(running: usize, waiting: usize) -> Self {
        let running = running.max(1);
        let total = running.saturating_add(waiting);
        Self {
            places: Arc::new(Semaphore::new(total)),
            running: Arc::new(Semaphore::new(running)),
            running_limit: running,
            total_places: u32::try_from(total).unwrap_or(u32::MAX),
        }
    }

    /// How many hashes may run at once (the memory ceiling is this × argon2's 19 MiB).
    pub fn running_limit(&self) -> usize {
        self.running_limit
    }

    /// Takes every place, as that many clients hashing at once would, until the guard is
    /// dropped: what the shop answers at capacity can be seen without that many clients.
    pub fn hold_all(&self) -> Option<OwnedSemaphorePermit> {
        self.places
            .clone()
            .try_acquire_many_owned(self.total_places)
            .ok()
    }

    /// Runs `work` on the blocking pool within the ceiling. The permits travel with the work,
    /// so a client that hangs up does not free a place while its hash still runs.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Option<T>, Busy> {
        let place = self.places.clone().try_acquire_owned().map_err(|_| Busy)?;
        let running = self
            .running
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Busy)?;
        let done = tokio::task::spawn_blocking(move || {
            let _held = (place, running);
            work()
        })
        .await;
        Ok(done.ok())
    }

    /// Hashes a password as an argon2id PHC string (the crate's recommended parameters).
    pub async fn hash(&self, password: &str) -> Result<String, HashError> {
        let password = password.to_owned();
        let mut salt = [0u8; 16];
        rand::rng().fill_bytes(&mut salt);
        let made = self
            .run(move || {
                let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
                Argon2::default()
                    .hash_password(password.as_bytes(), &salt)
                    .map(|hash| hash.to_string())
                    .map_err(|e| e.to_string())
            })
            .await?;
        match made {
            Some(Ok(hash)) => Ok(hash),
            Some(Err(e)) => Err(HashError::Failed(e)),
            None => Err(HashError::Failed("the hashing task stopped".to_owned())),
        }
    }

    /// Checks a new password against the password rule (`mercato_core::passwords`) on the
    /// blocking pool within the same ceiling: the guessability estimate takes milliseconds
    /// of CPU, which must not stall the async threads.
    pub async fn check_new(
        &self,
        password: &str,
        personal: &[&str],
    ) -> Result<Result<(), PasswordProblem>, Busy> {
        let password = password.to_owned();
        let personal: Vec<String> = personal.iter().map(|p| (*p).to_owned()).collect();
        let checked = self
            .run(move || {
                let personal: Vec<&str> = personal.iter().map(String::as_str).collect();
                check_new_password(&password, &personal)
            })
            .await?;
        // A check that panicked refuses the password rather than letting it through.
        Ok(checked.unwrap_or(Err(PasswordProblem::TooGuessable)))
    }

    /// Whether `password` matches a stored PHC string (any parameters the string names).
    pub async fn verify(&self, password: &str, hash: &str) -> Result<bool, Busy> {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        Ok(self
            .run(move || verify_password(&password, &hash))
            .await?
            .unwrap_or(false))
    }
}

/// Whether `password` matches a stored PHC string, on this thread (the CLI; the server goes
/// through [`PasswordWork::verify`]).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_hash_to_salted_phc_strings_that_verify() {
        let work = PasswordWork::new(2, 2);
        let first = work.hash("correct horse").await.expect("hash");
        let second = work.hash("correct horse").await.expect("hash");
        assert!(first.starts_with("$argon2id$v=19$"), "{first}");
        assert_ne!(first, second, "salted");
        assert_eq!(work.verify("correct horse", &first).await, Ok(true));
        assert_eq!(work.verify("correct horse", &second).await, Ok(true));
        assert_eq!(work.verify("correct horse!", &first).await, Ok(false));
        assert_eq!(work.verify("correct horse", "not a phc").await, Ok(false));
    }

    #[tokio::test]
    async fn past_its_places_the_work_is_refused_at_once_and_resumes_when_freed() {
        let work = PasswordWork::new(1, 1);
        let held = work.hold_all().expect("every place");
        assert_eq!(work.verify("x", "y").await, Err(Busy));
        assert!(matches!(work.hash("x").await, Err(HashError::Busy(Busy))));
        drop(held);
        assert_eq!(work.verify("x", "not a phc").await, Ok(false));
    }

    #[tokio::test]
    async fn no_more_than_the_running_limit_hash_at_once() {
        let work = PasswordWork::new(2, 30);
        let hash = work.hash("pw").await.expect("hash");
        let peak = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let now = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..12 {
            let (work, hash, peak, now) = (work.clone(), hash.clone(), peak.clone(), now.clone());
            tasks.push(tokio::spawn(async move {
                work.run(move || {
                    let at = now.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                    peak.fetch_max(at, std::sync::atomic::Ordering::SeqCst);
                    let ok = verify_password("pw", &hash);
                    now.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                    ok
                })
                .await
            }));
        }
        for task in tasks {
            assert_eq!(task.await.expect("task"), Ok(Some(true)));
        }
        assert!(peak.load(std::sync::atomic::Ordering::SeqCst) <= 2);
    }
}
