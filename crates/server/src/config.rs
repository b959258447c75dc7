//! How the server is set up: everything the binary's flags decide.

use std::path::PathBuf;

use axum::http::HeaderMap;

/// When session cookies carry the `Secure` attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CookieSecurity {
    /// Secure when the request came over TLS, as told by `X-Forwarded-Proto: https`
    /// from the proxy in front.
    #[default]
    Auto,
    /// Always Secure (the shop is only reachable over TLS).
    Always,
    /// Never Secure (plain-HTTP development).
    Never,
}

/// Whether a request reached us over TLS, as the proxy in front reports it.
pub fn is_tls(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|proto| proto.eq_ignore_ascii_case("https"))
}

/// The server's configuration.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Built frontend assets (`web/dist`), served under `/assets/`.
    pub assets_dir: PathBuf,
    /// A theme directory whose templates override the built-in ones, file by file.
    pub theme_dir: Option<PathBuf>,
    /// When cookies are marked Secure.
    pub cookie_security: CookieSecurity,
    /// How long an idle session lives, in seconds.
    pub session_ttl_secs: i64,
    /// The shop's public URL (`https://shop.example`) for absolute links (Store API
    /// permalinks); when unset, taken from each request's `Host` and `X-Forwarded-Proto`.
    /// Links in emails never come from a request: see [`ServerConfig::link_origin`].
    pub public_url: Option<String>,
    /// The address the server listens on, as a URL (`http://127.0.0.1:8080`): the origin of
    /// links in emails when no public URL is set. `mercato serve` allows that only on a
    /// loopback address.
    pub listen_url: String,
    /// Where downloadable products' files are (`--downloads-dir`); never served as a static
    /// path, only through `/download/{key}/` (docs/downloads.md).
    pub downloads_dir: PathBuf,
    /// The media directory (`--media-dir`): pictures served under `/media/` when the media
    /// store has no file of that path, such as a social feed's folder (docs/home-page.md).
    pub media_dir: PathBuf,
    /// The extensions directory (`--extensions-dir`): every folder in it with an
    /// `extension.json` is an extension, read at start (docs/extensions.md).
    pub extensions_dir: PathBuf,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            assets_dir: PathBuf::from("web/dist"),
            theme_dir: None,
            cookie_security: CookieSecurity::Auto,
            session_ttl_secs: 48 * 3600,
            public_url: None,
            listen_url: "http://127.0.0.1:8080".to_owned(),
            downloads_dir: PathBuf::from("downloads"),
            media_dir: PathBuf::from("media"),
            extensions_dir: PathBuf::from("data/extensions"),
        }
    }
}

impl ServerConfig {
    /// The origin of links sent outside a response (password resets, welcome and order
    /// emails): the configured public URL, else the address the server listens on. Never a
    /// request's `Host`: anyone can send any `Host`, and a reset link mailed to another host
    /// hands its key over (security review 2, N1).
    pub fn link_origin(&self) -> String {
        self.public_url
            .as_deref()
            .unwrap_or(&self.listen_url)
            .trim_end_matches('/')
            .to_owned()
    }

    /// The shop's base URL for absolute links: the configured public URL, or the one the
    /// request was made to.
    pub fn base_url(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.trim_end_matches('/').to_owned();
        }
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|v| v.to_str().ok())
            .filter(|h| {
                h.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b))
            })
            .unwrap_or("127.0.0.1:8080");
        let scheme = if is_tls(headers) { "https" } else { "http" };
        format!("{scheme}://{host}")
    }
}
