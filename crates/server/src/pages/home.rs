//! `GET /`: the home page, made of the sections of the merchant's `home` layout
//! (`mercato_core::home`, docs/home-page.md). Each section is a template partial
//! (`home/{type}.html`); this module adds what the layout only names: the product grids'
//! cards, the categories of the tiles, the sanitised HTML of the text, the counters' numbers
//! as shown. The page has one `h1`: the first slide's heading when the page has a hero
//! slider, otherwise the shop's tagline.

use std::borrow::Cow;
use std::sync::Arc;

use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::home::{self, HomeLayout, Section, SocialFeeds};
use mercato_core::numbers::group_thousands;
use serde_json::{Value, json};

use crate::layout::{PageContext, Shopper, failed, render_cacheable, render_cached};
use crate::page_cache::{Lookup, PageKey};
use crate::pages::seo;
use crate::state::AppState;
use crate::storefront;

/// The home page. Its blocks are the same for every visitor at one catalogue version, home
/// layout, social feeds, shop view and minute, so they are kept in the page cache like a
/// catalogue page's; the layout around them (header cart, account link, notices, store
/// notice, settings JSON) is each request's own. Staff see edit links in the blocks: they
/// get pages of their own.
pub async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    uri: &Uri,
) -> Response {
    let stored =
        mercato_db::options::get_recent_shared::<HomeLayout>(&state.db, home::OPTION).await;
    let feeds =
        mercato_db::options::get_recent_shared::<SocialFeeds>(&state.db, home::FEEDS_OPTION).await;
    let key = match (&stored, &feeds) {
        (Ok(stored), Ok(feeds)) => cache_key(state, shopper, headers, uri, stored, feeds).await,
        // Whatever could not be read is shown at its default, and that page is not kept.
        _ => None,
    };
    // Held until the page is kept: others asking for it meanwhile wait for it.
    let _flight = match state.web.page_cache.lookup(key.as_ref()).await {
        Lookup::Hit(cached) => return render_cached(state, shopper, jar, headers, &cached),
        Lookup::Miss(flight) => flight,
    };
    let layout = match &stored {
        Ok(stored) => match stored.as_ref() {
            Some(layout) => Cow::Borrowed(layout),
            None => Cow::Owned(HomeLayout::default()),
        },
        Err(e) => {
            // A layout the type no longer reads must not take the home page down.
            tracing::error!(error = %e, "reading the home layout failed; showing the default");
            Cow::Owned(HomeLayout::default())
        }
    };
    let feeds = match &feeds {
        Ok(feeds) => feeds
            .as_ref()
            .as_ref()
            .map_or(Cow::Owned(SocialFeeds::default()), Cow::Borrowed),
        Err(_) => Cow::Owned(SocialFeeds::default()),
    };
    let sections = match sections(state, &layout, &feeds).await {
        Ok(sections) => sections,
        Err(e) => return failed("loading the home page", &e),
    };
    let h1_in_hero = sections.iter().any(|s| s["h1"] == Value::Bool(true));
    let base = state.config.base_url(headers);
    let context = PageContext::new(state, jar, "Home", "/")
        .with_body_class("home")
        .with_description(&state.settings.tagline);
    render_cacheable(
        state,
        shopper,
        "home.html",
        StatusCode::OK,
        &context,
        minijinja::context! {
            base_url => &base,
            json_ld => seo::home_json_ld(&state.settings.title, &base),
            sections => sections,
            h1_in_hero => h1_in_hero,
        },
        key,
    )
}

/// Where the home page for this request lives in the page cache: a catalogue page's key
/// (catalogue version, minute, shop view, host, URL) for this home layout and these social
/// feeds, and for this viewer's staff capabilities (the edit links, the feed's errors).
async fn cache_key(
    state: &AppState,
    shopper: &Shopper,
    headers: &HeaderMap,
    uri: &Uri,
    layout: &Arc<Option<HomeLayout>>,
    feeds: &Arc<Option<SocialFeeds>>,
) -> Option<PageKey> {
    let layout = state.web.home_layout.of(layout)?;
    let feeds = state.web.social_feeds.of(feeds)?;
    let staff = shopper.capabilities();
    let key =
        PageKey::of_request(&state.db, state.web.shop_view.generation(), headers, uri).await?;
    Some(key.with_variant(&format!(
        "home {layout} {feeds} {} {}",
        u8::from(staff.is_admin),
        u8::from(staff.can_edit_pages)
    )))
}

/// The photos the page asks a feed for (`data-feed-config`).
const FEED_LIMIT: usize = 12;

/// The sections as the templates read them: the stored fields, `type`, an `id` for ARIA
/// references, and what each one needs besides.
async fn sections(
    state: &AppState,
    layout: &HomeLayout,
    feeds: &SocialFeeds,
) -> mercato_db::DbResult<Vec<Value>> {
    let taxonomy = mercato_db::catalogue::load_taxonomy(&state.db).await?;
    let grids: Vec<_> = layout
        .sections
        .iter()
        .filter_map(|s| match s {
            Section::ProductGrid { source, limit, .. } => Some((source, *limit)),
            _ => None,
        })
        .collect();
    let mut cards = storefront::product_grids(state, &taxonomy, &grids)
        .await?
        .into_iter();
    let mut first_hero = true;
    let mut out = Vec::with_capacity(layout.sections.len());
    for (index, section) in layout.sections.iter().enumerate() {
        let mut view = serde_json::to_value(section).unwrap_or(Value::Null);
        if !matches!(section, Section::Lightbox { .. }) {
            // A lightbox keeps the merchant's id: links name it (`#size-guide`).
            view["id"] = json!(format!("home-{index}-{}", section.kind().replace('_', "-")));
        }
        match section {
            Section::HeroSlider { .. } => {
                view["h1"] = json!(first_hero);
                first_hero = false;
            }
            Section::ProductGrid { .. } => {
                let list = cards.next().unwrap_or_default();
                if list.is_empty() {
                    // An empty grid (nothing on sale today) is left out rather than shown bare.
                    continue;
                }
                view["cards"] = json!(list);
            }
            Section::CategoryTiles { tiles, .. } => {
                let found: Vec<Value> = tiles
                    .iter()
                    .filter_map(|tile| {
                        let category = taxonomy.categories.by_slug(&tile.category)?;
                        let image = match (&tile.image, &category.image) {
                            (Some(image), _) => Some(json!(image)),
                            (None, Some(own)) => Some(json!({
                                "src": own.src,
                                "width": own.width,
                                "height": own.height,
                                "alt": "",
                            })),
                            (None, None) => None,
                        };
                        Some(json!({
                            "name": category.name,
                            "url": storefront::category_url(&taxonomy.categories.slug_path(category.id)),
                            "count": category.count,
                            "image": image,
                        }))
                    })
                    .collect();
                if found.is_empty() {
                    continue;
                }
                view["tiles"] = json!(found);
            }
            Section::TextImage { text, .. } | Section::Lightbox { text, .. } => {
                view["html"] = json!(home::text_html(text));
            }
            Section::Counters { items, .. } => {
                for (i, item) in items.iter().enumerate() {
                    view["items"][i]["shown"] = json!(group_thousands(item.value, ","));
                }
            }
            Section::SocialFeed { feed, .. } => {
                let found = feeds.feeds.get(feed);
                view["service"] = json!(found.map_or("Social feed", |f| f.service.as_str()));
                // The placeholder holds as many empty squares as photos will come, so the
                // feed takes their place without moving the page.
                view["slots"] = json!(found.map_or(0, |f| f.photos.len().min(FEED_LIMIT)));
            }
            Section::BannerGrid { .. }
            | Section::Testimonials { .. }
            | Section::Gallery { .. }
            | Section::Video { .. }
            | Section::Lottie { .. } => {}
        }
        out.push(view);
    }
    Ok(out)
}
