//! Compressed responses.
//!
//! Every response the router gives goes through [`apply`]: tower-http's `CompressionLayer`
//! sends gzip or brotli to a client whose `Accept-Encoding` admits it (q-values honoured),
//! with `Vary: Accept-Encoding`. It leaves alone what already carries a `Content-Encoding`
//! (the built assets, precompressed at build time; cached pages, below), images, server-sent
//! events, bodies under [`MIN_SIZE`], downloads, and answers to `HEAD`.
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

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::http::{HeaderMap, Method, Request, header};
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// The coding a request's `Accept-Encoding` prefers among gzip and brotli: the higher
/// q-value (a coding not named takes `*`'s, else 0), brotli on a tie; identity when neither
/// is acceptable. (A `HEAD` request reaches the handlers without `Accept-Encoding`: [`apply`].)
pub fn preferred(headers: &HeaderMap) -> Coding {
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
    let br = br.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    if br > 0.0 && br >= gzip {
        Coding::Brotli
    } else if gzip > 0.0 {
        Coding::Gzip
    } else {
        Coding::Identity
    }
}

/// Wraps `router` in the compression layer (see the module's notes).
pub fn apply(router: Router) -> Router {
    let worth_it = SizeAbove::new(MIN_SIZE)
        .and(NotForContentType::GRPC)
        .and(NotForContentType::IMAGES)
        .and(NotForContentType::SSE)
        // Downloads: already packed files, streamed with their length.
        .and(NotForContentType::const_new("application/zip"))
        .and(NotForContentType::const_new("application/octet-stream"))
        .and(NotForContentType::const_new("application/pdf"))
        .and(NotForContentType::const_new("font/"));
    let level = CompressionLevel::Precise(i32::try_from(PER_REQUEST_LEVEL).unwrap_or(4));
    router
        .layer(
            CompressionLayer::new()
                .gzip(true)
                .br(true)
                .quality(level)
                .compress_when(worth_it),
        )
        // A HEAD answer has no body to compress; its headers say what GET would send as is.
        .layer(tower::util::MapRequestLayer::new(no_coding_for_head))
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

/// Like [`around`], reusing the parts `last` kept when `before` and `after` are the same text
/// as then (compared byte for byte); with `keep`, these parts are kept for the next request.
/// Most requests for a cached page come from visitors without a session, whose layout
/// differs at most once a second (the nonce's time): their parts are compressed about once
/// a second instead of once a request.
pub fn around_reusing(
    coding: Coding,
    before: &[u8],
    block: &Precompressed,
    after: &[u8],
    last: &LastParts,
    keep: bool,
) -> Option<Bytes> {
    let slot = match coding {
        Coding::Identity => return None,
        Coding::Gzip => &last.gzip,
        Coding::Brotli => &last.brotli,
    };
    let kept = slot
        .lock()
        .ok()
        .and_then(|kept| kept.clone())
        .filter(|kept| kept.before == before && kept.after == after);
    let parts = match kept {
        Some(parts) => {
            last.reused.fetch_add(1, Ordering::Relaxed);
            parts
        }
        None => {
            let parts = Arc::new(Parts::new(coding, before, after)?);
            if keep && let Ok(mut kept) = slot.lock() {
                *kept = Some(Arc::clone(&parts));
            }
            parts
        }
    };
    parts.join(block)
}

/// The layout parts a cached page was last sent with, compressed, in each coding
/// ([`around_reusing`]).
#[derive(Debug, Default)]
pub struct LastParts {
    gzip: Mutex<Option<Arc<Parts>>>,
    brotli: Mutex<Option<Arc<Parts>>>,
    /// Answers that reused kept parts (for tests and diagnostics).
    reused: AtomicU64,
}

impl LastParts {
    /// Bytes a page's kept parts take at most, counted in advance for the cache's bound: the
    /// text of a layout with long menus and its two compressed forms.
    pub const ALLOWANCE: usize = 96 * 1024;

    /// How many answers reused kept parts.
    pub fn reused(&self) -> u64 {
        self.reused.load(Ordering::Relaxed)
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

    #[test]
    fn kept_parts_are_reused_only_for_the_same_text() {
        let (before, block, after) = page_parts();
        let packed = Precompressed::new(block.as_bytes()).expect("packed");
        let last = LastParts::default();
        let other_before = before.replace("Cart (2)", "Cart (3)");
        for coding in [Coding::Gzip, Coding::Brotli] {
            let decode = |body: &[u8]| {
                let mut text = String::new();
                match coding {
                    Coding::Gzip => flate2::read::GzDecoder::new(body)
                        .read_to_string(&mut text)
                        .expect("gzip"),
                    _ => brotli::Decompressor::new(body, 4096)
                        .read_to_string(&mut text)
                        .expect("brotli"),
                };
                text
            };
            let send = |before: &str, keep: bool| {
                let body = around_reusing(
                    coding,
                    before.as_bytes(),
                    &packed,
                    after.as_bytes(),
                    &last,
                    keep,
                )
                .expect("spliced");
                decode(&body)
            };
            let reused = last.reused();
            assert_eq!(send(&before, true), format!("{before}{block}{after}"));
            assert_eq!(send(&before, true), format!("{before}{block}{after}"));
            assert_eq!(
                last.reused(),
                reused + 1,
                "{coding:?}: the same text reuses"
            );
            // Other text is compressed afresh, and not kept when asked not to.
            assert_eq!(
                send(&other_before, false),
                format!("{other_before}{block}{after}")
            );
            assert_eq!(last.reused(), reused + 1, "{coding:?}");
            assert_eq!(send(&before, true), format!("{before}{block}{after}"));
            assert_eq!(
                last.reused(),
                reused + 2,
                "{coding:?}: the first is still kept"
            );
        }
    }

    #[test]
    fn identity_is_not_spliced() {
        let packed = Precompressed::new(b"x").expect("packed");
        assert!(around(Coding::Identity, b"a", &packed, b"b").is_none());
    }
}
