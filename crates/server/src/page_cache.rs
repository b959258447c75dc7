//! The rendered-page cache for catalogue pages and the home page.
//!
//! A shop page, category page, search result or product page is the same for every shopper
//! at one catalogue version: only the layout around it (the header's cart, the flash notices,
//! the store notice, the settings JSON) belongs to the request. So the page's own blocks
//! (`title`, `head`, `body_class`, `page_notices`, `content`) are rendered once per
//! (catalogue version, minute, host, URL) and kept here; every later request renders just
//! the layout around them (`cached_page.html`). The home page is kept the same way, its key
//! with a variant ([`PageKey::with_variant`]) naming the home layout's and the social feeds'
//! [`Generation`]s and the viewer's staff capabilities (docs/home-page.md).
//!
//! The minute in the key lets sale schedules start and end on time without a catalogue
//! write. Any write moves the catalogue version (the same version the listing index
//! follows), which empties the cache. It is bounded by entries and bytes and emptied whole
//! when full: pages are cheap to render again and the popular ones return at once.
//!
//! The `content` block, most of a page's bytes, is also kept gzip- and brotli-compressed
//! ([`crate::compression::Precompressed`], made once, by the first hit that asks for a coding:
//! a page that is never asked for again costs no compression of its own): a hit compresses
//! only the layout around it. Visitors without a session all get one layout, which changes
//! with the nonce's time, once a second: their whole compressed answer is kept with the page
//! ([`crate::compression::KeptAnswer`]), so their hits render and compress nothing.
//!
//! When the minute turns (or the catalogue changes) every page is rendered again, and a page
//! asked for by many at once would be rendered by each of them: [`PageCache::lookup`] lets the
//! first render it and the others wait for its page (single-flight).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use axum::http::{HeaderMap, Uri, header};
use mercato_db::Db;
use serde::Serialize;

use crate::compression::{KeptAnswer, Precompressed};

/// Pages kept at most.
const MAX_PAGES: usize = 2_000;
/// Bytes of rendered HTML kept at most.
const MAX_BYTES: usize = 48 * 1024 * 1024;
/// Seconds a rendered page may serve (sale schedules are checked at this granularity).
const BUCKET_SECONDS: i64 = 60;
/// URLs longer than this are rendered without the cache (they are not worth keeping).
const MAX_KEY_LEN: usize = 1_024;

/// A page's own rendered blocks.
#[derive(Debug, Serialize)]
pub struct CachedPage {
    /// The page title as [`crate::layout::PageContext`] carries it (menus read it).
    pub title: String,
    /// The page path (the current menu item).
    pub path: String,
    /// The meta description ("" for none).
    pub description: String,
    /// The search term the header's search box shows.
    pub search_term: String,
    /// The `<title>` block.
    pub title_html: String,
    /// The `head` block.
    pub head: String,
    /// The `body_class` block.
    pub body_class: String,
    /// The `page_notices` block (notices that follow from the URL alone).
    pub page_notices: String,
    /// The `content` block (given to the template on its own, not with the rest).
    #[serde(skip)]
    pub content: String,
    /// The `content` block compressed, once ([`PageCache::compressed_content`]); `None`
    /// inside if that failed.
    #[serde(skip)]
    pub compressed: OnceLock<Option<Precompressed>>,
    /// The whole compressed answer for visitors without a session, for their current layout.
    #[serde(skip)]
    pub kept: KeptAnswer,
}

impl CachedPage {
    fn bytes(&self) -> usize {
        self.title_html.len()
            + self.head.len()
            + self.body_class.len()
            + self.page_notices.len()
            + self.content.len()
            // Room for the compressed block, which comes later: gzip and brotli of HTML
            // take about a fifth of it each; and again in the kept whole answers.
            + self.content.len()
            + KeptAnswer::ALLOWANCE
    }
}

/// Where one page lives in the cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageKey {
    version: i64,
    bucket: i64,
    id: String,
}

impl PageKey {
    /// The key of a GET of `uri` on this host, at the current catalogue version and the
    /// shop view `generation` ([`crate::shop_view::ShopViews::generation`]: the cached blocks
    /// name the shop); `None` when the version cannot be read or the URL is too long to be
    /// worth keeping.
    pub async fn of_request(
        db: &Db,
        generation: u64,
        headers: &HeaderMap,
        uri: &Uri,
    ) -> Option<Self> {
        let target = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let proto = headers
            .get("x-forwarded-proto")
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if target.len() + host.len() + proto.len() > MAX_KEY_LEN {
            return None;
        }
        let version = mercato_db::catalogue::cached_version(db).await.ok()?;
        Some(Self {
            version,
            bucket: mercato_db::now().div_euclid(BUCKET_SECONDS),
            id: format!("{generation} {proto} {host} {target}"),
        })
    }

    /// The name of a render of this page in [`PageCache::lookup`]'s flights.
    fn flight_name(&self) -> String {
        format!("{} {} {}", self.version, self.bucket, self.id)
    }

    /// This key for the variant `variant` of the page (what else its blocks were rendered
    /// from: the home layout's generation, the viewer's staff capabilities).
    #[must_use]
    pub fn with_variant(mut self, variant: &str) -> Self {
        self.id.push(' ');
        self.id.push_str(variant);
        self
    }
}

/// Counts the changes of a setting a cached page is rendered from (read with
/// `mercato_db::options::get_recent_shared`), so the page can be keyed by the count: a
/// changed setting names other pages, and the old ones go with the cache's minute.
#[derive(Debug)]
pub struct Generation<T> {
    seen: Mutex<Option<(Arc<T>, u64)>>,
}

impl<T> Default for Generation<T> {
    fn default() -> Self {
        Self {
            seen: Mutex::new(None),
        }
    }
}

impl<T: PartialEq> Generation<T> {
    /// The generation of `value`: the one in force when `value` is what was last seen (the
    /// same `Arc`, or an equal value read again), the next one otherwise. `None` when the
    /// count cannot be kept (a poisoned lock): such a page is not cached.
    pub fn of(&self, value: &Arc<T>) -> Option<u64> {
        let mut seen = self.seen.lock().ok()?;
        let generation = match seen.as_ref() {
            Some((last, generation)) if Arc::ptr_eq(last, value) => return Some(*generation),
            Some((last, generation)) if **last == **value => *generation,
            Some((_, generation)) => generation + 1,
            None => 0,
        };
        *seen = Some((Arc::clone(value), generation));
        Some(generation)
    }
}

/// The cache itself (one per process).
#[derive(Debug, Default)]
pub struct PageCache {
    entries: Mutex<Entries>,
    /// Pages being rendered by a request that found none, by [`PageKey::flight_name`].
    flights: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    /// Pages kept so far (for tests: concurrent misses render a page once).
    kept: AtomicU64,
    /// Blocks compressed so far (for tests: a hit compresses none).
    compressed: AtomicU64,
    /// Hits answered with the kept compressed block spliced in.
    compressed_hits: AtomicU64,
    /// Hits answered with a kept whole answer ([`KeptAnswer`]).
    kept_answers: AtomicU64,
}

/// How long a request waits for another that is rendering the page it asked for; then it
/// renders the page itself.
pub const FLIGHT_WAIT: Duration = Duration::from_secs(5);

/// What [`PageCache::lookup`] found.
#[derive(Debug)]
pub enum Lookup<'a> {
    /// The page, kept.
    Hit(Arc<CachedPage>),
    /// Not kept: render it, holding the flight while it is rendered and kept (`None` when
    /// the page is not cached, or this request waited for another that did not keep it).
    Miss(Option<Flight<'a>>),
}

/// A request rendering a page that others may wait for ([`PageCache::lookup`]); they go on
/// when it is dropped (the page kept, or the request done or abandoned).
#[derive(Debug)]
pub struct Flight<'a> {
    cache: &'a PageCache,
    name: String,
    lock: Arc<tokio::sync::Mutex<()>>,
    _guard: tokio::sync::OwnedMutexGuard<()>,
}

impl Drop for Flight<'_> {
    fn drop(&mut self) {
        // Gone from the flights first, so a request arriving after this finds the page or
        // starts a flight of its own; the waiting ones go on when the guard drops next.
        if let Ok(mut flights) = self.cache.flights.lock()
            && flights
                .get(&self.name)
                .is_some_and(|lock| Arc::ptr_eq(lock, &self.lock))
        {
            flights.remove(&self.name);
        }
    }
}

#[derive(Debug, Default)]
struct Entries {
    version: i64,
    bucket: i64,
    bytes: usize,
    pages: HashMap<String, Arc<CachedPage>>,
}

impl PageCache {
    /// The page under `key`, if it was rendered at this version and minute.
    pub fn get(&self, key: &PageKey) -> Option<Arc<CachedPage>> {
        let entries = self.entries.lock().ok()?;
        if entries.version != key.version || entries.bucket != key.bucket {
            return None;
        }
        entries.pages.get(&key.id).cloned()
    }

    /// Keeps `page` under `key`.
    pub fn put(&self, key: PageKey, page: Arc<CachedPage>) {
        let Ok(mut entries) = self.entries.lock() else {
            return;
        };
        let stale = entries.version != key.version || entries.bucket != key.bucket;
        let full = entries.pages.len() >= MAX_PAGES || entries.bytes + page.bytes() > MAX_BYTES;
        if stale || full {
            // A newer version or minute, or no room: start afresh. A request that rendered
            // an older version than the cache holds simply does not store its page.
            if key.version < entries.version
                || (key.version == entries.version && key.bucket < entries.bucket)
            {
                return;
            }
            *entries = Entries {
                version: key.version,
                bucket: key.bucket,
                ..Entries::default()
            };
        }
        entries.bytes += page.bytes();
        self.kept.fetch_add(1, Ordering::Relaxed);
        if let Some(old) = entries.pages.insert(key.id, page) {
            entries.bytes -= old.bytes();
        }
    }

    /// The page under `key` (`None`: no key, the page is not cached), or, when it is not kept,
    /// the go-ahead to render it: the first request to miss renders it and holds a
    /// [`Flight`] until its page is kept, and the requests that miss meanwhile wait for that
    /// (at most [`FLIGHT_WAIT`]) and take its page. A page that was not kept after all (not
    /// a `200`, a failure) is rendered by each waiting request, without waiting again.
    pub async fn lookup(&self, key: Option<&PageKey>) -> Lookup<'_> {
        let Some(key) = key else {
            return Lookup::Miss(None);
        };
        if let Some(page) = self.get(key) {
            return Lookup::Hit(page);
        }
        let name = key.flight_name();
        let (lock, leads) = {
            let Ok(mut flights) = self.flights.lock() else {
                return Lookup::Miss(None);
            };
            match flights.get(&name) {
                Some(lock) => (Arc::clone(lock), false),
                None => {
                    let lock = Arc::new(tokio::sync::Mutex::new(()));
                    flights.insert(name.clone(), Arc::clone(&lock));
                    (lock, true)
                }
            }
        };
        if leads {
            match Arc::clone(&lock).try_lock_owned() {
                Ok(guard) => {
                    return Lookup::Miss(Some(Flight {
                        cache: self,
                        name,
                        lock,
                        _guard: guard,
                    }));
                }
                // Not possible (the lock was made here), but then simply render.
                Err(_) => return Lookup::Miss(None),
            }
        }
        // Another request is rendering the page: wait for it to be done.
        let _ = tokio::time::timeout(FLIGHT_WAIT, lock.lock()).await;
        match self.get(key) {
            Some(page) => Lookup::Hit(page),
            None => Lookup::Miss(None),
        }
    }

    /// How many pages were kept (for tests: concurrent requests for a page render it once).
    pub fn pages_kept(&self) -> u64 {
        self.kept.load(Ordering::Relaxed)
    }

    /// `page`'s `content` block compressed in both codings: made by the first call, kept
    /// with the page for the next ones.
    pub fn compressed_content<'p>(&self, page: &'p CachedPage) -> Option<&'p Precompressed> {
        page.compressed
            .get_or_init(|| {
                self.compressed.fetch_add(1, Ordering::Relaxed);
                Precompressed::new(page.content.as_bytes())
            })
            .as_ref()
    }

    /// How many blocks [`Self::compressed_content`] compressed (for tests and diagnostics).
    pub fn blocks_compressed(&self) -> u64 {
        self.compressed.load(Ordering::Relaxed)
    }

    /// Notes a hit answered with a kept compressed block.
    pub fn served_compressed(&self) {
        self.compressed_hits.fetch_add(1, Ordering::Relaxed);
    }

    /// Notes a hit answered with a kept whole answer.
    pub fn served_kept_answer(&self) {
        self.kept_answers.fetch_add(1, Ordering::Relaxed);
    }

    /// How many hits were answered with a kept whole answer (for tests and diagnostics).
    pub fn kept_answers_sent(&self) -> u64 {
        self.kept_answers.load(Ordering::Relaxed)
    }

    /// How many hits were answered with a kept compressed block (for tests and diagnostics).
    pub fn compressed_hits(&self) -> u64 {
        self.compressed_hits.load(Ordering::Relaxed)
    }

    /// How many pages are kept (for tests and diagnostics).
    pub fn len(&self) -> usize {
        self.entries.lock().map_or(0, |e| e.pages.len())
    }

    /// Whether no page is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(content: &str) -> Arc<CachedPage> {
        Arc::new(CachedPage {
            title: "T".into(),
            path: "/shop/".into(),
            description: String::new(),
            search_term: String::new(),
            title_html: "T".into(),
            head: String::new(),
            body_class: String::new(),
            page_notices: String::new(),
            content: content.into(),
            compressed: OnceLock::new(),
            kept: KeptAnswer::default(),
        })
    }

    fn key(version: i64, bucket: i64, id: &str) -> PageKey {
        PageKey {
            version,
            bucket,
            id: id.into(),
        }
    }

    #[test]
    fn a_page_serves_only_its_own_version_and_minute() {
        let cache = PageCache::default();
        cache.put(key(3, 10, "/shop/"), page("a"));
        assert_eq!(
            cache
                .get(&key(3, 10, "/shop/"))
                .map(|p| p.content.clone())
                .as_deref(),
            Some("a")
        );
        assert!(cache.get(&key(4, 10, "/shop/")).is_none());
        assert!(cache.get(&key(3, 11, "/shop/")).is_none());
        assert!(cache.get(&key(3, 10, "/shop/page/2/")).is_none());
    }

    #[test]
    fn a_newer_version_empties_it_and_an_older_one_is_not_kept() {
        let cache = PageCache::default();
        cache.put(key(3, 10, "/a/"), page("a"));
        cache.put(key(4, 10, "/b/"), page("b"));
        assert_eq!(cache.len(), 1);
        cache.put(key(3, 10, "/a/"), page("a"));
        assert!(cache.get(&key(3, 10, "/a/")).is_none());
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn a_generation_moves_only_when_the_value_changes() {
        let generation = Generation::default();
        let first = Arc::new(vec![1]);
        assert_eq!(generation.of(&first), Some(0));
        assert_eq!(generation.of(&first), Some(0));
        // Read again (another `Arc`), the same value: the same generation.
        assert_eq!(generation.of(&Arc::new(vec![1])), Some(0));
        assert_eq!(generation.of(&Arc::new(vec![2])), Some(1));
        assert_eq!(generation.of(&Arc::new(vec![2])), Some(1));
        // Back to the first value is a change too.
        assert_eq!(generation.of(&first), Some(2));
    }

    #[test]
    fn a_variant_is_another_page() {
        let cache = PageCache::default();
        cache.put(key(3, 10, "/").with_variant("staff"), page("edit links"));
        assert!(cache.get(&key(3, 10, "/")).is_none());
        assert!(cache.get(&key(3, 10, "/").with_variant("guest")).is_none());
        assert!(cache.get(&key(3, 10, "/").with_variant("staff")).is_some());
    }

    #[test]
    fn it_stays_within_its_bounds() {
        let cache = PageCache::default();
        for n in 0..(MAX_PAGES + 5) {
            cache.put(key(1, 1, &format!("/p/{n}/")), page("x"));
        }
        assert!(cache.len() <= MAX_PAGES);
        assert!(
            cache
                .get(&key(1, 1, &format!("/p/{}/", MAX_PAGES + 4)))
                .is_some()
        );
    }
}
