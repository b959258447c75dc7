//! `GET /download/{key}/`: a customer's file (docs/downloads.md).
//!
//! The key is the permission's random 128-bit key; it is the file's only public name. A
//! permission of a customer's order is served to that customer logged in (a visitor who is
//! not logged in is sent to the login form; another customer gets the 404 page, as for a key
//! that does not exist). A permission of a guest order is served with the order's key as
//! `?key=wc_order_…`, which only the order-received page and the order emails carry.
//!
//! A download that may still be used counts one use (one conditional update), then the file
//! is streamed from the downloads directory, or the customer is sent to its http(s) address.
//! One that may not gets a page saying why: 410 when its time is over, 403 when its
//! downloads are used up or its order is no longer paid.

use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::orders::downloads::{Refusal, attachment_name, check, content_type};
use mercato_db::downloads::{self as store, Permission, UseError};
use serde::Deserialize;
use tokio::io::AsyncReadExt;

use crate::downloads::{Target, resolve};
use crate::forms::redirect_see_other;
use crate::layout::{PageContext, PageError, PageResult, Shopper, render_page};
use crate::layout::{failed, not_found_page};
use crate::state::AppState;

/// The route's path.
pub const PATH: &str = "/download/{key}/";

/// The query: the order's key, for a guest order.
#[derive(Debug, Default, Deserialize)]
pub struct DownloadQuery {
    #[serde(default)]
    key: String,
}

/// Who may use a permission, by who asks.
#[derive(Debug, PartialEq, Eq)]
enum Access {
    Allowed,
    /// Not logged in, asking for a customer's download: log in first.
    LogIn,
    /// Anyone else: as if it did not exist.
    Hidden,
}

fn access(permission: &Permission, user_id: Option<i64>, order_key: &str) -> Access {
    match (permission.user_id, user_id) {
        (Some(owner), Some(user)) if owner == user => Access::Allowed,
        (Some(_), None) => Access::LogIn,
        (Some(_), Some(_)) => Access::Hidden,
        (None, _) if !order_key.is_empty() && order_key == permission.order_key => Access::Allowed,
        (None, _) => Access::Hidden,
    }
}

/// `GET /download/{key}/`.
pub async fn download(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    Path(key): Path<String>,
    Query(query): Query<DownloadQuery>,
) -> PageResult {
    let path = format!("/download/{key}/");
    let Some(permission) = store::by_key(&state.db, &key).await? else {
        return Ok(not_found_page(&state, &shopper, &jar, "/download/"));
    };
    let user_id = crate::session::current(&state, &jar)
        .await?
        .and_then(|s| s.user_id);
    let order_key = query.key;
    match access(&permission, user_id, &order_key) {
        Access::Allowed => {}
        Access::LogIn => return Ok(redirect_see_other(crate::account_page::MY_ACCOUNT)),
        Access::Hidden => return Ok(not_found_page(&state, &shopper, &jar, "/download/")),
    }
    if !permission.order_is_paid() {
        return Ok(refused(
            &state,
            &shopper,
            &jar,
            &path,
            StatusCode::FORBIDDEN,
            "Sorry, this download is not available: its order is not paid.",
        ));
    }
    let now = mercato_db::now();
    if let Err(refusal) = check(
        permission.downloads_remaining,
        permission.access_expires,
        now,
    ) {
        return Ok(refusal_page(&state, &shopper, &jar, &path, refusal));
    }
    let target = match resolve(&state.config.downloads_dir, &permission.file_url) {
        Ok(target) => target,
        Err(e) => {
            tracing::error!(error = %e, download.product = permission.product_id, "download file missing");
            return Ok(refused(
                &state,
                &shopper,
                &jar,
                &path,
                StatusCode::NOT_FOUND,
                "Sorry, this file is missing. Please contact us and we will send it to you.",
            ));
        }
    };
    // Opened before the use is counted: a file that cannot be read costs no download.
    let file = match &target {
        Target::File(real) => Some(
            tokio::fs::File::open(real)
                .await
                .map_err(|e| PageError::internal("download file open", e))?,
        ),
        Target::Redirect(_) => None,
    };
    match store::use_once(&state.db, &key, now).await {
        Ok(_) => {}
        Err(UseError::Refused(refusal)) => {
            return Ok(refusal_page(&state, &shopper, &jar, &path, refusal));
        }
        Err(UseError::NotFound) => {
            return Ok(not_found_page(&state, &shopper, &jar, "/download/"));
        }
        Err(UseError::Db(e)) => return Err(e.into()),
    }
    Ok(match (target, file) {
        (Target::File(real), Some(file)) => stream(&real, file).await,
        (Target::Redirect(url), _) => redirect(&url),
        (Target::File(_), None) => failed("download", &"no file"),
    })
}

fn private(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

fn redirect(url: &str) -> Response {
    let Ok(location) = HeaderValue::from_str(url) else {
        return failed("download redirect", &"the file URL is not a header value");
    };
    let mut response = (StatusCode::FOUND, [(header::LOCATION, location)]).into_response();
    private(&mut response);
    response
}

async fn stream(real: &std::path::Path, file: tokio::fs::File) -> Response {
    let length = file.metadata().await.ok().map(|m| m.len());
    let name = attachment_name(real);
    let body = futures_util::stream::try_unfold(file, |mut file| async move {
        let mut buf = vec![0u8; 64 * 1024];
        let n = file.read(&mut buf).await?;
        if n == 0 {
            return Ok::<_, std::io::Error>(None);
        }
        buf.truncate(n);
        Ok(Some((Bytes::from(buf), file)))
    });
    let mut response = Response::new(Body::from_stream(body));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(&name)),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    if let Some(length) = length {
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    }
    private(&mut response);
    response
}

fn refusal_page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    path: &str,
    refusal: Refusal,
) -> Response {
    let status = match refusal {
        Refusal::Expired => StatusCode::GONE,
        Refusal::Exhausted => StatusCode::FORBIDDEN,
    };
    refused(state, shopper, jar, path, status, refusal.message())
}

fn refused(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    path: &str,
    status: StatusCode,
    message: &str,
) -> Response {
    let context = PageContext::new(state, jar, "Download unavailable", path);
    let mut response = render_page(
        state,
        shopper,
        "error.html",
        status,
        &context,
        minijinja::context! { message => message },
    );
    private(&mut response);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn permission(user_id: Option<i64>) -> Permission {
        Permission {
            key: "0".repeat(32),
            order_id: 1,
            order_key: "wc_order_abc".into(),
            order_status: "completed".into(),
            product_id: 2,
            product_name: "Pack".into(),
            file_name: "Pack".into(),
            file_url: "a.zip".into(),
            user_id,
            downloads_remaining: None,
            access_expires: None,
            download_count: 0,
            granted_at: 0,
        }
    }

    #[test]
    fn who_may_download() {
        let owned = permission(Some(7));
        assert_eq!(access(&owned, Some(7), ""), Access::Allowed);
        assert_eq!(access(&owned, Some(8), "wc_order_abc"), Access::Hidden);
        assert_eq!(access(&owned, None, "wc_order_abc"), Access::LogIn);
        let guest = permission(None);
        assert_eq!(access(&guest, None, "wc_order_abc"), Access::Allowed);
        assert_eq!(access(&guest, Some(8), "wc_order_abc"), Access::Allowed);
        assert_eq!(access(&guest, None, ""), Access::Hidden);
        assert_eq!(access(&guest, Some(8), "wc_order_x"), Access::Hidden);
    }
}
