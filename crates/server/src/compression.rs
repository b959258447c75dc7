//! Compressed responses.
//!
//! Every response the router gives goes through [`apply`]: it is sent in gzip or brotli to a
//! client whose `Accept-Encoding` admits it (q-values honoured), with `Vary: Accept-Encoding`.
//! What already carries a `Content-Encoding` (the built assets, precompressed at build time;
//! cached pages, below), images, server-sent events, bodies under [`MIN_SIZE`], downloads, and
//! answers to `HEAD` go out as they are.
//!
//! A body whose length is known (pages, Store API JSON, fragments, search suggestions: almost
//! every answer) is compressed whole, by an encoder sized to it ([`compress_whole`]): a small
//! body goes out in gzip when the client takes gzip (by a compressor each thread keeps and
//! resets between bodies), since a brotli encoder's set-up (its hash tables, whatever the
//! body's length) costs more than a small body's bytes, and a
//! larger one in brotli with a window no larger than the body. Streamed bodies are left to
//! tower-http's `CompressionLayer` (gzip level / brotli quality [`PER_REQUEST_LEVEL`]).
//!
//! A cached catalogue page ([`crate::page_cache`]) keeps its `content` block compressed in both
//! codings ([`Precompressed`]), made once by the first hit that asks for a coding. A hit renders only the layout around that block for the
//! request, compresses the layout's two parts, and splices the three compressed parts into one
//! stream ([`around`]): the block, most of the page's bytes, is never compressed again.
//!
//! - gzip: each part is a raw deflate stream of its own (no reference reaches into another
//!   part), ended by a sync flush so the next one starts on a byte boundary; the last part
//!   ends with the final block. The gzip trailer's CRC-32 of the whole page is the parts'
//!   CRCs combined, so the block is not even read again.
//! - brotli: the first part is compressed "appendable", the block and the last part
//!   "catable" (no back references before themselves, no static dictionary), and the brotli
//!   crate's `BroCatli` joins them by rewriting the few bits where they meet.

use std::cell::RefCell;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use axum::Router;
use axum::body::{Body, HttpBody};
use axum::http::{HeaderMap, HeaderValue, Method, Request, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use brotli::concat::{BroCatli, BroCatliResult};
use bytes::Bytes;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};

/// gzip level and brotli quality for bodies compressed per request. Both sit where the
/// codings are cheap per byte: gzip 4 compresses HTML and JSON within a few percent of its
/// level 6 (the zlib default) at about two thirds of its time, and brotli 4 is about as fast
/// while already smaller than gzip 6. Higher brotli qualities cost many times the time for a
/// few percent and belong to build-time compression (the assets are brotli 11).
pub const PER_REQUEST_LEVEL: u32 = 4;

/// gzip level for a cached page's block, compressed once per page and cache lifetime.
const ONCE_GZIP_LEVEL: u32 = 6;

/// Brotli quality for a cached page's block: a little more than per request, as it is paid
/// once, but not the slow high qualities (a cache miss still answers with it ready).
const ONCE_BROTLI_QUALITY: i32 = 5;

/// Brotli window (log2 bytes) of every spliced part: joined streams must not have a larger
/// window than the first. 256 KiB covers the biggest pages.
const BROTLI_WINDOW: i32 = 18;

/// Bodies shorter than this go out as they are: the coding's own bytes and the client's
/// work to undo it would outweigh what it saves.
pub const MIN_SIZE: u16 = 1024;

/// The codings a response may be sent in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coding {
    /// As is.
    Identity,
    /// `gzip`.
    Gzip,
    /// `br`.
    Brotli,
}

impl Coding {
    /// The `Content-Encoding` value (`None` for identity).
    pub fn header_value(self) -> Option<&'static str> {
        match self {
            Self::Identity => None,
            Self::Gzip => Some("gzip"),
            Self::Brotli => Some("br"),
        }
    }
}

/// What a request's `Accept-Encoding` says of gzip and brotli: their q-values (a coding not
/// named takes `*`'s, else 0: not acceptable).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Accepted {
    /// gzip's (or x-gzip's) q-value.
    pub gzip: f32,
    /// brotli's q-value.
    pub br: f32,
}

impl Accepted {
    /// The q-values of the request with `headers`. (A `HEAD` request reaches the handlers
    /// without `Accept-Encoding`: [`apply`].)
    pub fn of(headers: &HeaderMap) -> Self {
        let (mut br, mut gzip, mut any) = (None, None, None);
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else {
                continue;
            };
            for item in value.split(',') {
                let mut pieces = item.split(';');
                let name = pieces.next().unwrap_or("").trim();
                let q = pieces
                    .filter_map(|p| {
                        let (key, q) = p.split_once('=')?;
                        key.trim()
                            .eq_ignore_ascii_case("q")
                            .then(|| q.trim().parse::<f32>().ok())?
                    })
                    .next_back()
                    .unwrap_or(1.0);
                if name.eq_ignore_ascii_case("br") {
                    br = Some(q);
                } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                    gzip = Some(q);
                } else if name == "*" {
                    any = Some(q);
                }
            }
        }
        Self {
            gzip: gzip.or(any).unwrap_or(0.0),
            br: br.or(any).unwrap_or(0.0),
        }
    }

    /// The coding with the higher q-value, brotli on a tie; identity when neither is
    /// acceptable.
    pub fn preferred(self) -> Coding {
        if self.br > 0.0 && self.br >= self.gzip {
            Coding::Brotli
        } else if self.gzip > 0.0 {
            Coding::Gzip
        } else {
            Coding::Identity
        }
    }
}

/// The coding a request's `Accept-Encoding` prefers among gzip and brotli
/// ([`Accepted::preferred`]).
pub fn preferred(headers: &HeaderMap) -> Coding {
    Accepted::of(headers).preferred()
}

/// Wraps `router` in the compression layer (see the module's notes).
pub fn apply(router: Router) -> Router {
    let level = CompressionLevel::Precise(i32::try_from(PER_REQUEST_LEVEL).unwrap_or(4));
    router
        // Bodies of known length, compressed whole; they leave with a `Content-Encoding`,
        // which the layer below leaves alone.
        .layer(axum::middleware::from_fn(compress_whole_bodies))
        // The rest (streamed bodies), and `Vary` on what a client took as is.
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .br(true)
                .quality(level)
                .compress_when(worth_it()),
        )
        // A HEAD answer has no body to compress; its headers say what GET would send as is.
        .layer(tower::util::MapRequestLayer::new(no_coding_for_head))
}

/// Which answers are worth compressing (besides having no `Content-Encoding` yet).
fn worth_it() -> impl Predicate {
    SizeAbove::new(MIN_SIZE)
        .and(NotForContentType::GRPC)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        // Downloads: already packed files, streamed with their length.
        .and(NotForContentType::const_new("application/zip"))
        .and(NotForContentType::const_new("application/octet-stream"))
        .and(NotForContentType::const_new("application/pdf"))
        .and(NotForContentType::const_new("font/"))
}

/// Bodies longer than this are left to the streaming layer (none of the shop's own answers
/// comes near it).
const MAX_WHOLE: u64 = 8 * 1024 * 1024;

/// Compresses an answer whose body length is known, whole, in the request's preferred coding
/// ([`compress_whole`]); any other answer passes untouched.
async fn compress_whole_bodies(request: Request<Body>, next: Next) -> Response {
    let accepted = Accepted::of(request.headers());
    let response = next.run(request).await;
    if accepted.gzip <= 0.0 && accepted.br <= 0.0 {
        return response;
    }
    let Some(len) = response.body().size_hint().exact() else {
        return response;
    };
    if len > MAX_WHOLE
        || response.headers().contains_key(header::CONTENT_ENCODING)
        || response.headers().contains_key(header::CONTENT_RANGE)
        || !worth_it().should_compress(&response)
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = match axum::body::to_bytes(body, usize::try_from(len).unwrap_or(usize::MAX)).await {
        Ok(text) => text,
        Err(e) => {
            tracing::error!(error = %e, "reading a body to compress failed");
            return (
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "the answer could not be read",
            )
                .into_response();
        }
    };
    let reusable = parts.extensions.remove::<Reusable>();
    let compressed = match reusable {
        Some(reusable) => reusable.memo.compressed(&reusable.key, accepted, &text),
        None => {
            compress_whole(accepted, &text).map(|(coding, packed)| (coding, Bytes::from(packed)))
        }
    };
    let Some((coding, packed)) = compressed else {
        return Response::from_parts(parts, Body::from(text));
    };
    let headers = &mut parts.headers;
    if let Some(value) = coding.header_value() {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(value));
    }
    headers.remove(header::CONTENT_LENGTH);
    headers.remove(header::ACCEPT_RANGES);
    let varies = headers.get_all(header::VARY).iter().any(|v| {
        v.to_str().is_ok_and(|v| {
            v.split(',')
                .any(|name| name.trim().eq_ignore_ascii_case("accept-encoding"))
        })
    });
    if !varies {
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    Response::from_parts(parts, Body::from(packed))
}

/// Bodies up to this length go out in gzip when the client takes it: a brotli encoder's
/// set-up costs about as much as compressing 40 KB of JSON with gzip, whatever the body's
/// length (docs/benchmarks.md, issue 26).
pub const GZIP_UNDER: usize = 64 * 1024;

/// Brotli quality for bodies compressed whole.
const WHOLE_BROTLI_QUALITY: i32 = 4;

/// `text` compressed in a coding the client accepts: gzip for a body under [`GZIP_UNDER`]
/// (brotli when gzip is refused), otherwise the coding the client prefers, brotli on a tie;
/// brotli's window no larger than the body, gzip by the thread's reused compressor. `None`
/// when the client takes neither, or
/// an encoder failed (the body then goes out as it is).
pub fn compress_whole(accepted: Accepted, text: &[u8]) -> Option<(Coding, Vec<u8>)> {
    compress_in(whole_coding(accepted, text.len()), text)
}

/// The coding [`compress_whole`] sends a body of `len` bytes in.
fn whole_coding(accepted: Accepted, len: usize) -> Coding {
    if len < GZIP_UNDER && accepted.gzip > 0.0 {
        Coding::Gzip
    } else {
        accepted.preferred()
    }
}

/// `text` compressed in `coding`; `None` for identity or when the encoder failed.
fn compress_in(coding: Coding, text: &[u8]) -> Option<(Coding, Vec<u8>)> {
    let packed = match coding {
        Coding::Identity => return None,
        Coding::Gzip => gzip_whole(text),
        Coding::Brotli => brotli_whole(text),
    };
    match packed {
        Ok(packed) => Some((coding, packed)),
        Err(e) => {
            tracing::warn!(error = %e, ?coding, "compressing an answer failed; sent as is");
            None
        }
    }
}

/// The smallest window (log2 bytes) that holds `len` bytes, within `min..=max`.
fn window_bits(len: usize, min: u8, max: u8) -> u8 {
    let bits = usize::BITS - len.saturating_sub(1).leading_zeros();
    u8::try_from(bits).unwrap_or(max).clamp(min, max)
}

thread_local! {
    /// Each thread's gzip compressor, reset between bodies: making one allocates and zeroes
    /// its tables (a few hundred KB), which cost as much as compressing a 4 KB body.
    static DEFLATE: RefCell<Option<flate2::Compress>> = const { RefCell::new(None) };
}

/// A gzip member of `text`, deflated by this thread's compressor (deflate's largest window,
/// 32 KiB: the compressor is made once, so a smaller one saves nothing).
fn gzip_whole(text: &[u8]) -> std::io::Result<Vec<u8>> {
    DEFLATE.with(|slot| {
        let Ok(mut slot) = slot.try_borrow_mut() else {
            // Not reached (nothing here compresses while compressing); a compressor of its own.
            return gzip_with(&mut new_deflate(), text);
        };
        let compressor = slot.get_or_insert_with(new_deflate);
        compressor.reset();
        let packed = gzip_with(compressor, text);
        if packed.is_err() {
            // Start afresh after a failure rather than trust the state it left.
            *slot = None;
        }
        packed
    })
}

fn new_deflate() -> flate2::Compress {
    flate2::Compress::new_with_window_bits(flate2::Compression::new(PER_REQUEST_LEVEL), false, 15)
}

/// A gzip member of `text`, deflated by `compressor` (fresh or just reset).
fn gzip_with(compressor: &mut flate2::Compress, text: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(GZIP_HEADER.len() + text.len() / 3 + 64);
    out.extend_from_slice(&GZIP_HEADER);
    loop {
        let (read, written) = (compressor.total_in(), compressor.total_out());
        let rest = text
            .get(usize::try_from(read).unwrap_or(usize::MAX)..)
            .unwrap_or_default();
        // `compress_vec` writes into the spare capacity only.
        out.reserve(rest.len() / 2 + 64);
        let status = compressor
            .compress_vec(rest, &mut out, flate2::FlushCompress::Finish)
            .map_err(std::io::Error::other)?;
        if status == flate2::Status::StreamEnd {
            break;
        }
        if compressor.total_in() == read && compressor.total_out() == written {
            return Err(std::io::Error::other("deflate made no progress"));
        }
    }
    let mut crc = crc32fast::Hasher::new();
    crc.update(text);
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    // ISIZE: the length modulo 2^32, little-endian.
    out.extend_from_slice(&text.len().to_le_bytes()[..4]);
    Ok(out)
}

/// A brotli stream of `text`, its window no larger than the text.
fn brotli_whole(text: &[u8]) -> std::io::Result<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality: WHOLE_BROTLI_QUALITY,
        lgwin: i32::from(window_bits(text.len(), 10, 22)),
        size_hint: text.len(),
        ..Default::default()
    };
    let mut out = Vec::with_capacity(text.len() / 3 + 64);
    brotli::BrotliCompress(&mut &text[..], &mut out, &params)?;
    Ok(out)
}

fn no_coding_for_head<B>(mut request: Request<B>) -> Request<B> {
    if request.method() == Method::HEAD {
        request.headers_mut().remove(header::ACCEPT_ENCODING);
    }
    request
}

/// A block of a page compressed once in both codings, ready to be spliced between parts
/// compressed per request ([`around`]).
#[derive(Debug)]
pub struct Precompressed {
    /// Raw deflate, ending on a byte boundary with no final block.
    deflate: Vec<u8>,
    /// A catable brotli stream.
    brotli: Vec<u8>,
    /// CRC-32 of the block.
    crc: crc32fast::Hasher,
    /// Its length.
    len: usize,
}

impl Precompressed {
    /// Compresses `text`; `None` if an encoder failed (the page is then compressed per
    /// request like any other response).
    pub fn new(text: &[u8]) -> Option<Self> {
        let mut crc = crc32fast::Hasher::new();
        crc.update(text);
        Some(Self {
            deflate: deflate_part(text, ONCE_GZIP_LEVEL, false).ok()?,
            brotli: brotli_part(text, ONCE_BROTLI_QUALITY, false).ok()?,
            crc,
            len: text.len(),
        })
    }

    /// Bytes held (for the cache's bound).
    pub fn bytes(&self) -> usize {
        self.deflate.len() + self.brotli.len()
    }
}

/// `before`, the block, then `after`, in `coding`: only `before` and `after` are compressed
/// here. `None` for identity, or if an encoder or the brotli splice failed.
pub fn around(coding: Coding, before: &[u8], block: &Precompressed, after: &[u8]) -> Option<Bytes> {
    let parts = Parts::new(coding, before, after)?;
    parts.join(block)
}

/// A cached page's whole compressed answer for visitors without a session, kept with the page
/// while their layout stays the same. Such visitors all get one layout, named by a key made
/// of what it shows of them (`layout::render`: the shop view, the Store API nonce and the
/// second it was made, the store notice, the tax and shipping display): a hit with the kept
/// key sends the kept bytes, neither rendering the layout nor compressing anything. The key
/// changes at least every second (the nonce's time), and the answer is made again then: once
/// a second per page and coding, not once a request.
#[derive(Debug, Default)]
pub struct KeptAnswer {
    slot: Mutex<Option<Arc<Kept>>>,
    /// Answers sent from a kept layout (for tests and diagnostics).
    reused: AtomicU64,
}

/// A layout kept for one key, and the whole answer in each coding, made on first use.
#[derive(Debug)]
pub struct Kept {
    key: String,
    before: String,
    after: String,
    gzip: OnceLock<Option<Bytes>>,
    brotli: OnceLock<Option<Bytes>>,
}

impl KeptAnswer {
    /// Bytes a page's kept answer takes at most, besides its block's compressed bytes,
    /// counted in advance for the cache's bound: the text of a layout with long menus and
    /// its compressed forms.
    pub const ALLOWANCE: usize = 96 * 1024;

    /// The layout kept under `key`, if it is the one kept.
    pub fn get(&self, key: &str) -> Option<Arc<Kept>> {
        let kept = self.slot.lock().ok()?.clone()?;
        (kept.key == key).then(|| {
            self.reused.fetch_add(1, Ordering::Relaxed);
            kept
        })
    }

    /// Keeps the layout `before` and `after` the block under `key`, in place of the one kept
    /// (unless another request kept one under `key` meanwhile: that one is answered, so its
    /// compressed bytes are made once).
    pub fn keep(&self, key: String, before: String, after: String) -> Arc<Kept> {
        let fresh = Arc::new(Kept {
            key,
            before,
            after,
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        });
        let Ok(mut slot) = self.slot.lock() else {
            return fresh;
        };
        if let Some(kept) = slot.as_ref().filter(|kept| kept.key == fresh.key) {
            return Arc::clone(kept);
        }
        *slot = Some(Arc::clone(&fresh));
        fresh
    }

    /// How many answers were sent from a kept layout.
    pub fn reused(&self) -> u64 {
        self.reused.load(Ordering::Relaxed)
    }
}

impl Kept {
    /// The whole answer in `coding` around `block`, made by the first call (`None` for
    /// identity, or if an encoder or the splice failed).
    pub fn body(&self, coding: Coding, block: &Precompressed) -> Option<Bytes> {
        let made = || around(coding, self.before.as_bytes(), block, self.after.as_bytes());
        match coding {
            Coding::Identity => None,
            Coding::Gzip => self.gzip.get_or_init(made).clone(),
            Coding::Brotli => self.brotli.get_or_init(made).clone(),
        }
    }
}

/// The two parts around a block, as text and compressed in one coding.
#[derive(Debug)]
struct Parts {
    coding: Coding,
    before: Vec<u8>,
    after: Vec<u8>,
    /// `before` compressed: raw deflate ending on a byte boundary, or appendable brotli.
    head: Vec<u8>,
    /// `after` compressed: raw deflate with the final block, or catable brotli.
    tail: Vec<u8>,
}

impl Parts {
    fn new(coding: Coding, before: &[u8], after: &[u8]) -> Option<Self> {
        let (head, tail) = match coding {
            Coding::Identity => return None,
            Coding::Gzip => (
                deflate_part(before, PER_REQUEST_LEVEL, false).ok()?,
                deflate_part(after, PER_REQUEST_LEVEL, true).ok()?,
            ),
            Coding::Brotli => {
                let quality = i32::try_from(PER_REQUEST_LEVEL).ok()?;
                (
                    brotli_part(before, quality, true).ok()?,
                    brotli_part(after, quality, false).ok()?,
                )
            }
        };
        Some(Self {
            coding,
            before: before.to_vec(),
            after: after.to_vec(),
            head,
            tail,
        })
    }

    /// The whole body: these parts around `block`.
    fn join(&self, block: &Precompressed) -> Option<Bytes> {
        match self.coding {
            Coding::Identity => None,
            Coding::Gzip => Some(Bytes::from(self.gzip_around(block))),
            Coding::Brotli => {
                join_brotli(&[&self.head, &block.brotli, &self.tail]).map(Bytes::from)
            }
        }
    }

    fn gzip_around(&self, block: &Precompressed) -> Vec<u8> {
        let mut crc = crc32fast::Hasher::new();
        crc.update(&self.before);
        crc.combine(&block.crc);
        crc.update(&self.after);
        let len = self.before.len() + block.len + self.after.len();
        let mut out = Vec::with_capacity(
            GZIP_HEADER.len() + self.head.len() + block.deflate.len() + self.tail.len() + 8,
        );
        out.extend_from_slice(&GZIP_HEADER);
        out.extend_from_slice(&self.head);
        out.extend_from_slice(&block.deflate);
        out.extend_from_slice(&self.tail);
        out.extend_from_slice(&crc.finalize().to_le_bytes());
        // ISIZE: the length modulo 2^32, little-endian.
        out.extend_from_slice(&len.to_le_bytes()[..4]);
        out
    }
}

/// gzip's member header: deflate, no flags, no time, unknown OS.
const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/// Raw deflate of `text` from a fresh compressor; `last` ends it with the final block, else
/// a sync flush leaves it byte aligned for the next part.
fn deflate_part(text: &[u8], level: u32, last: bool) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::DeflateEncoder::new(
        Vec::with_capacity(text.len() / 3 + 64),
        flate2::Compression::new(level),
    );
    encoder.write_all(text)?;
    if last {
        encoder.finish()
    } else {
        encoder.flush()?;
        // Dropping the encoder then finishes into the emptied buffer, which is discarded.
        Ok(std::mem::take(encoder.get_mut()))
    }
}

/// A brotli stream of `text`: `first` may have catable streams appended; the others are
/// catable themselves.
fn brotli_part(text: &[u8], quality: i32, first: bool) -> std::io::Result<Vec<u8>> {
    let mut params = brotli::enc::BrotliEncoderParams {
        quality,
        lgwin: BROTLI_WINDOW,
        size_hint: text.len(),
        ..Default::default()
    };
    if first {
        params.appendable = true;
    } else {
        params.catable = true;
        params.use_dictionary = false;
    }
    let mut out = Vec::with_capacity(text.len() / 3 + 64);
    brotli::BrotliCompress(&mut &text[..], &mut out, &params)?;
    Ok(out)
}

fn join_brotli(parts: &[&[u8]]) -> Option<Vec<u8>> {
    let mut joiner = BroCatli::new();
    // Joining only rewrites bits where streams meet: the sum of the parts plus a few bytes.
    let mut out = vec![0_u8; parts.iter().map(|p| p.len()).sum::<usize>() + 16];
    let mut written = 0;
    for part in parts {
        joiner.new_brotli_file();
        let mut read = 0;
        match joiner.stream(part, &mut read, &mut out, &mut written) {
            BroCatliResult::NeedsMoreInput if read == part.len() => {}
            failed => {
                tracing::warn!(result = ?failed, "brotli parts could not be joined");
                return None;
            }
        }
    }
    match joiner.finish(&mut out, &mut written) {
        BroCatliResult::Success => {
            out.truncate(written);
            Some(out)
        }
        failed => {
            tracing::warn!(result = ?failed, "brotli parts could not be joined");
            None
        }
    }
}

/// An answer whose body is the same for every request asking for it until the catalogue or
/// the shop's settings change (a Store API product collection): a handler marks it with the
/// slot it is kept under, and [`compress_whole_bodies`] sends the compressed bytes kept there
/// again while the body is byte for byte the one they were made from. The comparison, not
/// the key, decides: a key that names two bodies only costs a compression.
#[derive(Clone)]
pub struct Reusable {
    memo: Arc<AnswerMemo>,
    key: String,
}

impl Reusable {
    /// The slot `key` of `memo`.
    pub fn new(memo: &Arc<AnswerMemo>, key: String) -> Self {
        Self {
            memo: Arc::clone(memo),
            key,
        }
    }
}

/// Answers kept compressed ([`Reusable`]), by slot and coding; bounded by entries (emptied
/// whole when full) and by each body's length.
#[derive(Debug, Default)]
pub struct AnswerMemo {
    kept: Mutex<std::collections::HashMap<(String, Coding), Arc<KeptCompressed>>>,
    reused: AtomicU64,
}

#[derive(Debug)]
struct KeptCompressed {
    text: Bytes,
    packed: Bytes,
}

/// Slots kept at most (each at most [`MAX_MEMO_BODY`] long, with its compressed bytes).
const MAX_MEMO_SLOTS: usize = 256;
/// Longer bodies are compressed afresh each time (not worth keeping).
const MAX_MEMO_BODY: usize = 256 * 1024;

impl AnswerMemo {
    /// `text` compressed as [`compress_whole`] would, from the slot `key` when it holds
    /// this very text in that coding.
    fn compressed(&self, key: &str, accepted: Accepted, text: &Bytes) -> Option<(Coding, Bytes)> {
        let coding = whole_coding(accepted, text.len());
        if coding == Coding::Identity {
            return None;
        }
        let slot = (key.to_owned(), coding);
        let found = self
            .kept
            .lock()
            .ok()
            .and_then(|kept| kept.get(&slot).cloned());
        if let Some(found) = found.filter(|found| found.text == *text) {
            self.reused.fetch_add(1, Ordering::Relaxed);
            return Some((coding, found.packed.clone()));
        }
        let (coding, packed) = compress_in(coding, text)?;
        let packed = Bytes::from(packed);
        if text.len() <= MAX_MEMO_BODY
            && let Ok(mut kept) = self.kept.lock()
        {
            if kept.len() >= MAX_MEMO_SLOTS {
                kept.clear();
            }
            kept.insert(
                slot,
                Arc::new(KeptCompressed {
                    text: text.clone(),
                    packed: packed.clone(),
                }),
            );
        }
        Some((coding, packed))
    }

    /// How many answers were sent from kept compressed bytes (for tests).
    pub fn reused(&self) -> u64 {
        self.reused.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use axum::http::HeaderValue;

    use super::*;

    fn accepting(value: &str) -> Coding {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).expect("header"),
        );
        preferred(&headers)
    }

    #[test]
    fn the_preferred_coding_follows_q_values() {
        assert_eq!(accepting("gzip, deflate, br, zstd"), Coding::Brotli);
        assert_eq!(accepting("gzip"), Coding::Gzip);
        assert_eq!(accepting("br;q=0.5, gzip"), Coding::Gzip);
        assert_eq!(accepting("br;q=0, gzip;q=0.1"), Coding::Gzip);
        assert_eq!(accepting("gzip;q=0, br;q=0"), Coding::Identity);
        assert_eq!(accepting("*"), Coding::Brotli);
        assert_eq!(accepting("*;q=0.2, br;q=0"), Coding::Gzip);
        assert_eq!(accepting("identity"), Coding::Identity);
        assert_eq!(accepting(""), Coding::Identity);
        assert_eq!(preferred(&HeaderMap::new()), Coding::Identity);
    }

    fn page_parts() -> (String, String, String) {
        let before = format!(
            "<!doctype html><html><head><title>Shop</title></head><body><header>{}</header>",
            "<a href=\"/cart/\">Cart (2)</a>".repeat(20)
        );
        let block: String = (0..400)
            .map(|n| format!("<li class=\"product\"><a href=\"/product/p-{n}/\">Product {n}</a> <span class=\"price\">{}.00</span></li>", n * 7 % 90))
            .collect();
        let after = format!(
            "<footer>{}</footer></body></html>",
            "&copy; Shop ".repeat(30)
        );
        (before, block, after)
    }

    #[test]
    fn a_spliced_gzip_page_decompresses_to_the_whole_page() {
        let (before, block, after) = page_parts();
        let packed = Precompressed::new(block.as_bytes()).expect("packed");
        let body =
            around(Coding::Gzip, before.as_bytes(), &packed, after.as_bytes()).expect("gzip");
        let mut text = String::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_string(&mut text)
            .expect("a valid gzip stream, CRC and length checked");
        assert_eq!(text, format!("{before}{block}{after}"));
        assert!(
            body.len() * 4 < text.len(),
            "{} of {}",
            body.len(),
            text.len()
        );
        // An empty part on either side still makes a valid stream.
        let body = around(Coding::Gzip, b"", &packed, b"").expect("gzip");
        let mut text = String::new();
        flate2::read::GzDecoder::new(&body[..])
            .read_to_string(&mut text)
            .expect("gzip");
        assert_eq!(text, block);
    }

    #[test]
    fn a_spliced_brotli_page_decompresses_to_the_whole_page() {
        let (before, block, after) = page_parts();
        let packed = Precompressed::new(block.as_bytes()).expect("packed");
        for (before, after) in [(before.as_str(), after.as_str()), ("", "")] {
            let body = around(Coding::Brotli, before.as_bytes(), &packed, after.as_bytes())
                .expect("brotli");
            let mut text = String::new();
            brotli::Decompressor::new(&body[..], 4096)
                .read_to_string(&mut text)
                .expect("a valid brotli stream");
            assert_eq!(text, format!("{before}{block}{after}"));
        }
    }

    fn decode(coding: Coding, body: &[u8]) -> String {
        let mut text = String::new();
        match coding {
            Coding::Gzip => flate2::read::GzDecoder::new(body)
                .read_to_string(&mut text)
                .expect("gzip"),
            Coding::Brotli => brotli::Decompressor::new(body, 4096)
                .read_to_string(&mut text)
                .expect("brotli"),
            Coding::Identity => panic!("not coded"),
        };
        text
    }

    #[test]
    fn a_kept_answer_serves_only_its_own_key() {
        let (before, block, after) = page_parts();
        let packed = Precompressed::new(block.as_bytes()).expect("packed");
        let kept = KeptAnswer::default();
        assert!(kept.get("guest 1").is_none(), "nothing kept yet");
        let first = kept.keep("guest 1".into(), before.clone(), after.clone());
        for coding in [Coding::Gzip, Coding::Brotli] {
            let body = first.body(coding, &packed).expect("spliced");
            assert_eq!(decode(coding, &body), format!("{before}{block}{after}"));
            let again = kept.get("guest 1").expect("kept").body(coding, &packed);
            assert_eq!(again.as_ref(), Some(&body), "{coding:?}: the same bytes");
        }
        assert_eq!(kept.reused(), 2);
        assert!(first.body(Coding::Identity, &packed).is_none());

        // Another key (the next second's nonce time) is another layout, which replaces it.
        assert!(kept.get("guest 2").is_none());
        let other_before = before.replace("Cart (2)", "Cart (0)");
        let second = kept.keep("guest 2".into(), other_before.clone(), after.clone());
        let body = second.body(Coding::Brotli, &packed).expect("spliced");
        assert_eq!(
            decode(Coding::Brotli, &body),
            format!("{other_before}{block}{after}")
        );
        assert!(kept.get("guest 1").is_none(), "the old key is gone");
        // Two requests that rendered the same key at once answer with one layout.
        let late = kept.keep("guest 2".into(), before.clone(), after.clone());
        assert!(Arc::ptr_eq(&late, &second));
        assert_eq!(kept.reused(), 2, "keeping is not reusing");
    }

    #[test]
    fn whole_bodies_are_compressed_in_a_coding_the_client_takes() {
        let (before, block, after) = page_parts();
        let small = format!("{before}{after}");
        assert!(small.len() < GZIP_UNDER);
        let large = block.repeat(GZIP_UNDER / block.len() + 1);
        let both = Accepted { gzip: 1.0, br: 1.0 };
        let only_br = Accepted { gzip: 0.0, br: 1.0 };
        let gzip_preferred = Accepted { gzip: 1.0, br: 0.5 };
        for (accepted, text, expected) in [
            // A small body in gzip whenever gzip is acceptable: brotli's set-up costs more.
            (both, small.as_str(), Coding::Gzip),
            (only_br, small.as_str(), Coding::Brotli),
            (gzip_preferred, small.as_str(), Coding::Gzip),
            // A large one in the coding the client prefers.
            (both, large.as_str(), Coding::Brotli),
            (gzip_preferred, large.as_str(), Coding::Gzip),
            (only_br, large.as_str(), Coding::Brotli),
        ] {
            let (coding, body) = compress_whole(accepted, text.as_bytes()).expect("compressed");
            assert_eq!(coding, expected, "{accepted:?}, {} bytes", text.len());
            assert_eq!(decode(coding, &body), text, "{accepted:?}");
            assert!(
                body.len() * 3 < text.len(),
                "{} of {}",
                body.len(),
                text.len()
            );
        }
        assert!(compress_whole(Accepted::default(), small.as_bytes()).is_none());
        // Tiny and empty bodies still make valid streams.
        for text in ["", "x"] {
            for accepted in [both, only_br] {
                let (coding, body) = compress_whole(accepted, text.as_bytes()).expect("compressed");
                assert_eq!(decode(coding, &body), text);
            }
        }
    }

    #[test]
    fn identity_is_not_spliced() {
        let packed = Precompressed::new(b"x").expect("packed");
        assert!(around(Coding::Identity, b"a", &packed, b"b").is_none());
    }
}
