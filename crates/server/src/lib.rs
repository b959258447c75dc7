//! Mercato's HTTP surfaces: pages, the Store API, the AJAX endpoints, static assets.
//!
//! [`router`] builds the whole application without I/O, so tests drive it in memory and
//! the binary serves it on a socket.

pub mod account_page;
pub mod accounts;
pub mod answer_cache;
pub mod assets;
pub mod cart;
pub mod cart_page;
pub mod checkout;
pub mod checkout_page;
pub mod compression;
pub mod config;
pub mod country_lists;
pub mod download_page;
pub mod downloads;
pub mod emails;
pub mod extension_routes;
pub mod extensions;
pub mod forms;
pub mod input;
pub mod jobs;
pub mod layout;
pub mod middleware;
pub mod page_cache;
pub mod page_settings;
pub mod pages;
pub mod payments;
pub mod services;
mod serving;
pub mod session;
pub mod shop_view;
pub mod state;
pub mod store_ajax;
pub mod store_api;
pub mod storefront;
pub mod templates;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;

pub use config::{CookieSecurity, ServerConfig};
pub use serving::{ServeOptions, serve};
pub use state::AppState;

/// The whole application.
pub fn router(state: AppState) -> Router {
    let routes = Router::new()
        .route("/", get(pages::home).post(store_ajax::dispatch))
        .route("/healthz", get(pages::healthz))
        .route("/menu/", get(pages::menu))
        .route("/robots.txt", get(pages::seo::robots_txt))
        .route("/sitemap.xml", get(pages::seo::sitemap_xml))
        .route("/favicon.svg", get(pages::seo::favicon))
        .route("/favicon.ico", get(pages::seo::favicon_ico))
        .route("/wp-admin/", get(pages::admin::placeholder))
        .route("/wp-admin/post.php", get(pages::admin::placeholder))
        .route("/assets/{name}", get(asset))
        .route("/media/{*path}", get(media))
        .route(
            "/extensions/{name}/{*path}",
            get(extension_routes::files::serve),
        )
        .route(
            extension_routes::notify::PATH,
            axum::routing::post(extension_routes::notify::notify),
        )
        .merge(storefront::routes())
        .merge(cart_page::routes())
        .merge(checkout_page::routes())
        .merge(account_page::routes())
        .route(download_page::PATH, get(download_page::download))
        .merge(store_api::routes(&state))
        .fallback(pages::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            pages::refuse_nul_in_pages,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            layout::shopper::forget_shown,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            cart_page::add::link_layer,
        ))
        .with_state(state);
    middleware::apply(compression::apply(store_api::with_rest_route(routes)))
}

async fn asset(
    State(state): State<AppState>,
    Path(name): Path<String>,
    headers: HeaderMap,
) -> Response {
    state.web.assets.respond(&name, &headers)
}

/// Uploaded files (product images), from the database so every process serves them; else a
/// picture of the media directory (a social feed's folder), checked to stay inside it.
async fn media(State(state): State<AppState>, Path(path): Path<String>) -> Response {
    use axum::http::{StatusCode, header};
    use axum::response::IntoResponse;
    let stored = match mercato_db::catalogue::get_media(&state.db, &path).await {
        Ok(None) => {
            let root = state.config.media_dir.clone();
            let wanted = path.clone();
            let on_disk = tokio::task::spawn_blocking(move || {
                storefront::media_dir::read_picture(&root, &wanted)
            })
            .await;
            Ok(on_disk.ok().flatten().map(|(content_type, bytes)| {
                mercato_db::catalogue::MediaFile {
                    content_type: content_type.to_owned(),
                    bytes,
                    updated_at: 0,
                }
            }))
        }
        other => other,
    };
    match stored {
        Ok(Some(file)) => (
            [
                (header::CONTENT_TYPE, file.content_type),
                (header::CACHE_CONTROL, "public, max-age=86400".to_owned()),
            ],
            file.bytes,
        )
            .into_response(),
        Ok(None) => (
            StatusCode::NOT_FOUND,
            [(header::CACHE_CONTROL, "no-store")],
            "Not Found",
        )
            .into_response(),
        Err(e) => {
            // The decoded path is the client's text: Debug-escaped, it cannot forge a log line.
            tracing::error!(error = %e, media.path = ?path, "media lookup failed");
            layout::server_error()
        }
    }
}

/// Loads what the state needs from the database and disk, then builds it.
pub async fn load_state(db: mercato_db::Db, config: ServerConfig) -> anyhow::Result<AppState> {
    let settings: mercato_core::settings::ShopSettings =
        mercato_db::options::get(&db, shop_view::SHOP_OPTION)
            .await?
            .unwrap_or_default();
    let assets = assets::Assets::load(&config.assets_dir)?;
    let gateway_settings: Vec<mercato_core::settings::GatewaySettings> =
        mercato_db::options::get(&db, mercato_core::settings::GatewaySettings::OPTION)
            .await?
            .unwrap_or_default();
    let extensions = extensions::Extensions::load(&config.extensions_dir);
    extensions.log();
    let gateways = payments::Gateways::configure_with(
        &gateway_settings,
        &settings.currency,
        extensions.gateways(),
    );
    let menus: mercato_core::menus::MenuSettings =
        mercato_db::options::get(&db, mercato_core::menus::MenuSettings::OPTION)
            .await?
            .unwrap_or_default();
    Ok(AppState::with_extensions(
        db, config, settings, assets, gateways, &menus, extensions,
    ))
}
