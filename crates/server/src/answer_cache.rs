//! Whole answers of Store API catalogue reads (`GET /products`), kept at the current
//! catalogue version.
//!
//! A product collection is the same for every shopper: it is made from the catalogue, the
//! shop's settings (read once at start), the shop's base URL (the host the request named)
//! and the time (sales start and end). So its body and its own headers (pagination, `Link`,
//! `Last-Modified`) are kept here under (catalogue version, base URL, path and query), with
//! the second until which they hold: the first sale start or end among the products they
//! were made from, and at most the end of the minute they were made in. Any catalogue
//! write (products, stock, terms, reviews, an order taking stock) moves the version and
//! empties the cache, as the page cache ([`crate::page_cache`]) is emptied, under the same
//! rules: the version is read before the answer is made, so an answer is never kept under
//! a version newer than what it was made from.
//!
//! Bounded by entries and bytes, and emptied whole when full, as the page cache is.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::http::HeaderMap;
use bytes::Bytes;

/// Answers kept at most.
const MAX_ANSWERS: usize = 1_024;
/// Bytes of kept bodies at most.
const MAX_BYTES: usize = 32 * 1024 * 1024;
/// Keys (base URL, path and query) longer than this are not kept.
const MAX_KEY_LEN: usize = 1_024;
/// Seconds an answer may be kept at most, whatever its sales (the minute of the page cache:
/// a bound on any time rule the answer might follow besides its sales).
const BUCKET_SECONDS: i64 = 60;

/// A kept answer.
#[derive(Debug)]
pub struct KeptBody {
    /// The JSON body.
    pub body: Bytes,
    /// The route's own headers (pagination, `Link`, `Last-Modified`).
    pub headers: HeaderMap,
    /// The unix second from which it no longer holds.
    until: i64,
}

impl KeptBody {
    /// `body` with `headers`, made at `now`, holding until `changes_at` (the first sale
    /// starting or ending among what it was made from) or the end of `now`'s minute,
    /// whichever comes first.
    pub fn new(body: Bytes, headers: HeaderMap, now: i64, changes_at: Option<i64>) -> Self {
        let minute_ends = now
            .div_euclid(BUCKET_SECONDS)
            .saturating_add(1)
            .saturating_mul(BUCKET_SECONDS);
        Self {
            body,
            headers,
            until: changes_at.map_or(minute_ends, |at| at.min(minute_ends)),
        }
    }

    fn bytes(&self) -> usize {
        self.body.len() + 512
    }
}

/// Where one answer lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerKey {
    version: i64,
    id: String,
}

impl AnswerKey {
    /// The key of `path_and_query` on the shop at `base_url` at catalogue `version` (read
    /// before the answer is made); `None` when it is too long to be worth keeping.
    pub fn new(version: i64, base_url: &str, path_and_query: &str) -> Option<Self> {
        if base_url.len() + path_and_query.len() > MAX_KEY_LEN {
            return None;
        }
        Some(Self {
            version,
            id: format!("{base_url} {path_and_query}"),
        })
    }
}

#[derive(Debug, Default)]
struct Entries {
    version: i64,
    bytes: usize,
    answers: HashMap<String, Arc<KeptBody>>,
}

/// The kept answers (one cache per process).
#[derive(Debug, Default)]
pub struct AnswerCache {
    entries: Mutex<Entries>,
    hits: AtomicU64,
}

impl AnswerCache {
    /// The answer under `key` if it was made at that version and still holds at `now`.
    pub fn get(&self, key: &AnswerKey, now: i64) -> Option<Arc<KeptBody>> {
        let found = {
            let entries = self.entries.lock().ok()?;
            if entries.version != key.version {
                return None;
            }
            entries.answers.get(&key.id).cloned()?
        };
        if now >= found.until {
            return None;
        }
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(found)
    }

    /// Keeps `answer` under `key`: a newer version empties the cache first, an older one
    /// than it holds is not kept.
    pub fn put(&self, key: AnswerKey, answer: Arc<KeptBody>) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        if key.version < entries.version {
            return;
        }
        let full =
            entries.answers.len() >= MAX_ANSWERS || entries.bytes + answer.bytes() > MAX_BYTES;
        if key.version != entries.version || full {
            *entries = Entries {
                version: key.version,
                ..Entries::default()
            };
        }
        entries.bytes += answer.bytes();
        if let Some(old) = entries.answers.insert(key.id, answer) {
            entries.bytes -= old.bytes();
        }
    }

    /// How many answers were sent from the cache (for tests and diagnostics).
    pub fn hits(&self) -> u64 {
        self.hits.load(Ordering::Relaxed)
    }

    /// How many answers are kept.
    pub fn len(&self) -> usize {
        self.entries.lock().map_or(0, |e| e.answers.len())
    }

    /// Whether none is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &'static str, now: i64, changes_at: Option<i64>) -> Arc<KeptBody> {
        Arc::new(KeptBody::new(
            Bytes::from_static(text.as_bytes()),
            HeaderMap::new(),
            now,
            changes_at,
        ))
    }

    fn key(version: i64, url: &str) -> AnswerKey {
        AnswerKey::new(version, "http://shop.test", url).expect("short")
    }

    #[test]
    fn an_answer_serves_its_own_version_and_url_only() {
        let cache = AnswerCache::default();
        cache.put(key(3, "/products"), answer("a", 600, None));
        assert!(cache.get(&key(3, "/products"), 600).is_some());
        assert!(cache.get(&key(4, "/products"), 600).is_none());
        assert!(cache.get(&key(3, "/products?page=2"), 600).is_none());
        let other_host = AnswerKey::new(3, "http://other.test", "/products").expect("short");
        assert!(cache.get(&other_host, 600).is_none());
    }

    #[test]
    fn an_answer_holds_until_its_next_sale_change_and_its_minute_ends() {
        let cache = AnswerCache::default();
        cache.put(key(1, "/a"), answer("a", 600, Some(630)));
        assert!(cache.get(&key(1, "/a"), 629).is_some());
        assert!(cache.get(&key(1, "/a"), 630).is_none());
        cache.put(key(1, "/b"), answer("b", 610, None));
        assert!(cache.get(&key(1, "/b"), 659).is_some());
        assert!(cache.get(&key(1, "/b"), 660).is_none());
        cache.put(key(1, "/c"), answer("c", 610, Some(10_000)));
        assert!(cache.get(&key(1, "/c"), 660).is_none());
    }

    #[test]
    fn a_newer_version_empties_it_and_an_older_one_is_not_kept() {
        let cache = AnswerCache::default();
        cache.put(key(3, "/a"), answer("a", 0, None));
        cache.put(key(4, "/b"), answer("b", 0, None));
        assert_eq!(cache.len(), 1);
        cache.put(key(3, "/a"), answer("a", 0, None));
        assert!(cache.get(&key(3, "/a"), 0).is_none());
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn it_stays_within_its_bounds() {
        let cache = AnswerCache::default();
        for n in 0..(MAX_ANSWERS + 5) {
            cache.put(key(1, &format!("/p/{n}")), answer("x", 0, None));
        }
        assert!(cache.len() <= MAX_ANSWERS);
        assert!(
            cache
                .get(&key(1, &format!("/p/{}", MAX_ANSWERS + 4)), 0)
                .is_some()
        );
        assert!(AnswerKey::new(1, "http://shop.test", &"x".repeat(MAX_KEY_LEN)).is_none());
    }
}
