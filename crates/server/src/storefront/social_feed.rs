//! `admin-ajax.php?action=mercato_load_{feed}&data=CONFIG` (SPEC §7.2 item 1, §8.2): the
//! photos of a social feed as an HTML fragment that replaces the home page's placeholder when
//! it comes into view. The photos are the merchant's own list (`social_feeds` setting,
//! docs/home-page.md): nothing is fetched from a third party. The configuration string is the
//! placeholder's `data-feed-config`, JSON such as `{"limit": 12}`.
//!
//! A feed may instead name a folder under the media directory, whose pictures are its photos
//! (`media_dir.rs`).
//!
//! The reply is WordPress's `{success, data}`: on success `data` is the HTML, otherwise the
//! message the page shows (to staff) as `{service} error: {message}`. What went wrong with a
//! feed's folder (its name, `links.json`'s parse error) is told only to staff who edit pages;
//! anyone else is told the feed is not available.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::home::{self, MAX_FEED_PHOTOS, SocialFeeds, SocialPhoto, is_feed_name};
use serde_json::json;

use crate::state::AppState;
use crate::store_ajax::AjaxRequest;

/// The prefix of the feed actions.
pub const ACTION_PREFIX: &str = "mercato_load_";

/// What a visitor who is not staff is told when a feed cannot be shown.
const UNAVAILABLE: &str = "The feed is not available right now";

/// Whether the request comes from staff who edit pages (the page shows them feed errors).
/// Asked only when a feed fails, so a working feed costs no session read.
async fn from_staff(state: &AppState, request: &AjaxRequest) -> bool {
    let jar = CookieJar::from_headers(&request.headers);
    match crate::session::current(state, &jar).await {
        Ok(Some(session)) => {
            crate::layout::shopper::capabilities_of(state, session.user_id)
                .await
                .can_edit_pages
        }
        Ok(None) => false,
        Err(e) => {
            tracing::error!(error = %e, "session read failed");
            false
        }
    }
}

/// Photos shown when the configuration names no limit.
const DEFAULT_LIMIT: usize = 12;

fn reply(success: bool, data: &str) -> Response {
    (
        StatusCode::OK,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(json!({ "success": success, "data": data })),
    )
        .into_response()
}

/// The limit a configuration string asks for, or `None` when it does not read.
fn limit_of(config: &str) -> Option<usize> {
    if config.trim().is_empty() {
        return Some(DEFAULT_LIMIT);
    }
    let value: serde_json::Value = serde_json::from_str(config).ok()?;
    match value.get("limit") {
        None => Some(DEFAULT_LIMIT),
        Some(limit) => {
            let n = usize::try_from(limit.as_u64()?).ok()?;
            (1..=MAX_FEED_PHOTOS).contains(&n).then_some(n)
        }
    }
}

/// `mercato_load_{feed}`.
pub async fn load(state: AppState, request: AjaxRequest, feed: String) -> Response {
    if !is_feed_name(&feed) {
        return reply(false, "Unknown feed");
    }
    let Some(limit) = request.field("data").map_or(Some(DEFAULT_LIMIT), limit_of) else {
        return reply(false, "Invalid feed configuration");
    };
    let feeds =
        match mercato_db::options::get_recent::<SocialFeeds>(&state.db, home::FEEDS_OPTION).await {
            Ok(feeds) => feeds.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "reading the social feeds failed");
                return reply(false, UNAVAILABLE);
            }
        };
    let Some(found) = feeds.feeds.get(&feed) else {
        return reply(false, "Unknown feed");
    };
    let photos: Vec<SocialPhoto> = match &found.folder {
        Some(folder) => {
            let root = state.config.media_dir.clone();
            let folder = folder.clone();
            let read = tokio::task::spawn_blocking(move || {
                super::media_dir::folder_photos(&root, &folder, limit)
            })
            .await;
            match read {
                Ok(Ok(photos)) => photos,
                Ok(Err(message)) if from_staff(&state, &request).await => {
                    return reply(false, &message);
                }
                Ok(Err(_)) => return reply(false, UNAVAILABLE),
                Err(e) => {
                    tracing::error!(error = %e, "reading a feed's folder failed");
                    return reply(false, UNAVAILABLE);
                }
            }
        }
        None => found.photos.iter().take(limit).cloned().collect(),
    };
    if photos.is_empty() {
        return reply(false, "No photos yet");
    }
    let rendered = state
        .templates
        .get_template("home/social_feed_photos.html")
        .and_then(|t| t.render(minijinja::context! { photos => photos }));
    match rendered {
        Ok(html) => reply(true, &html),
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "social feed template failed");
            reply(false, UNAVAILABLE)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::limit_of;

    #[test]
    fn the_configuration_names_a_limit_within_bounds() {
        assert_eq!(limit_of(""), Some(12));
        assert_eq!(limit_of("{}"), Some(12));
        assert_eq!(limit_of(r#"{"limit": 6}"#), Some(6));
        assert_eq!(limit_of(r#"{"limit": 0}"#), None);
        assert_eq!(limit_of(r#"{"limit": 99}"#), None);
        assert_eq!(limit_of(r#"{"limit": "6"}"#), None);
        assert_eq!(limit_of("limit=6"), None);
    }
}
