//! What every handler can reach: the domain's [`Services`] and what only the web surfaces
//! use.

use std::sync::Arc;

use mercato_core::home::{HomeLayout, SocialFeeds};
use mercato_core::menus::MenuSettings;
use mercato_core::settings::ShopSettings;
use mercato_db::Db;

use crate::answer_cache::AnswerCache;
use crate::assets::Assets;
use crate::compression::AnswerMemo;
use crate::config::ServerConfig;
use crate::extensions::Extensions;
use crate::page_cache::{Generation, PageCache};
use crate::page_settings::PageSettings;
use crate::payments::Gateways;
use crate::services::{Clock, Services};
use crate::shop_view::ShopViews;

/// Shared application state. Cheap to clone; nothing in it is needed by another process,
/// so any number of processes can serve one shop.
///
/// It derefs to its [`Services`], so handlers read `state.db` or `state.settings` and hand
/// `&state` to a domain function that takes `&Services`.
#[derive(Clone)]
pub struct AppState {
    /// What the domain modules take: storage, configuration, settings, templates, the cart's
    /// services, the gateways.
    pub services: Services,
    /// What only the web surfaces use.
    pub web: Arc<Web>,
}

/// The parts of [`AppState`] that only the web surfaces use.
pub struct Web {
    /// Built frontend assets.
    pub assets: Assets,
    /// The settings JSON embedded in every page, prepared once.
    pub page_settings: PageSettings,
    /// The shop as templates see it, with the menus as last read (at most a second ago).
    pub shop_view: ShopViews,
    /// Catalogue pages and the home page rendered at the current catalogue version.
    pub page_cache: PageCache,
    /// Store API collections' compressed answers, sent again while their body is the same
    /// ([`crate::compression::Reusable`]).
    pub answer_memo: Arc<AnswerMemo>,
    /// Store API product collections' whole answers at the current catalogue version.
    pub answer_cache: AnswerCache,
    /// Store API cart answers' compressed bytes, by cart, sent again while a cart's body is
    /// byte for byte the same (a cart read again unchanged costs no compression).
    pub cart_answers: Arc<AnswerMemo>,
    /// The installed extensions (read at start).
    pub extensions: Arc<Extensions>,
    /// The home layout's changes, and the social feeds': the cached home page is keyed by
    /// both.
    pub home_layout: Generation<Option<HomeLayout>>,
    /// The social feeds' changes (see `home_layout`).
    pub social_feeds: Generation<Option<SocialFeeds>>,
}

impl std::ops::Deref for AppState {
    type Target = Services;
    fn deref(&self) -> &Services {
        &self.services
    }
}

impl AppState {
    /// Assembles the state with every gateway at its defaults, none enabled (a new shop). No
    /// I/O: the caller loads settings and assets.
    pub fn new(db: Db, config: ServerConfig, settings: ShopSettings, assets: Assets) -> Self {
        Self::with_gateways(db, config, settings, assets, Gateways::default())
    }

    /// Assembles the state with the gateways as configured and the default menus.
    pub fn with_gateways(
        db: Db,
        config: ServerConfig,
        settings: ShopSettings,
        assets: Assets,
        gateways: Gateways,
    ) -> Self {
        Self::with_menus(
            db,
            config,
            settings,
            assets,
            gateways,
            &MenuSettings::default(),
        )
    }

    /// The same state with its services reading time from `clock` (a test's
    /// [`crate::services::ManualClock`]).
    pub fn with_clock(&self, clock: crate::services::Clock) -> Self {
        Self {
            services: self.services.with_clock(clock),
            web: Arc::clone(&self.web),
        }
    }

    /// Assembles the state with the gateways and the menus as configured.
    pub fn with_menus(
        db: Db,
        config: ServerConfig,
        settings: ShopSettings,
        assets: Assets,
        gateways: Gateways,
        menus: &MenuSettings,
    ) -> Self {
        Self::with_extensions(
            db,
            config,
            settings,
            assets,
            gateways,
            menus,
            Extensions::default(),
        )
    }

    /// Assembles the state with the gateways (the extensions' among them), the menus and the
    /// installed extensions.
    pub fn with_extensions(
        db: Db,
        config: ServerConfig,
        settings: ShopSettings,
        assets: Assets,
        gateways: Gateways,
        menus: &MenuSettings,
        extensions: Extensions,
    ) -> Self {
        let page_settings =
            PageSettings::with_extension_settings(&settings, &gateways, &extensions.settings());
        // The services' clock is the system's until a test gives the state its own.
        let shop_view = ShopViews::new(&settings, menus.clone(), Clock::System.monotonic());
        let services = Services::new(db, config, settings, gateways)
            .with_extension_data(extensions.data_schemas());
        Self {
            services,
            web: Arc::new(Web {
                assets,
                page_settings,
                shop_view,
                page_cache: PageCache::default(),
                answer_memo: Arc::default(),
                answer_cache: AnswerCache::default(),
                cart_answers: Arc::default(),
                extensions: Arc::new(extensions),
                home_layout: Generation::default(),
                social_feeds: Generation::default(),
            }),
        }
    }
}
