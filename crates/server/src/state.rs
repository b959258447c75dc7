//! What every handler can reach.

use std::sync::Arc;

use mercato_core::settings::ShopSettings;
use mercato_db::Db;
use minijinja::Environment;

use crate::assets::Assets;
use crate::cart::services::CartServices;
use crate::config::ServerConfig;
use crate::page_cache::PageCache;
use crate::page_settings::PageSettings;
use crate::payments::Gateways;
use crate::shop_view::ShopView;

/// Shared application state. Cheap to clone; nothing in it is needed by another process,
/// so any number of processes can serve one shop.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

/// The parts of [`AppState`].
pub struct Inner {
    /// Storage.
    pub db: Db,
    /// The server's configuration.
    pub config: ServerConfig,
    /// The shop's settings as loaded at start-up.
    pub settings: ShopSettings,
    /// Templates.
    pub templates: Environment<'static>,
    /// Built frontend assets.
    pub assets: Assets,
    /// The settings JSON embedded in every page, prepared once.
    pub page_settings: PageSettings,
    /// The shop as templates see it, prepared once.
    pub shop_view: minijinja::Value,
    /// The cart's shared services (signing secret, extensions, fee sources).
    pub cart: CartServices,
    /// The payment gateways as the merchant configured them (at start-up).
    pub gateways: Gateways,
    /// Catalogue pages rendered at the current catalogue version.
    pub page_cache: PageCache,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    /// Assembles the state with every gateway at its defaults. No I/O: the caller loads
    /// settings and assets.
    pub fn new(db: Db, config: ServerConfig, settings: ShopSettings, assets: Assets) -> Self {
        Self::with_gateways(db, config, settings, assets, Gateways::default())
    }

    /// Assembles the state with the gateways as configured.
    pub fn with_gateways(
        db: Db,
        config: ServerConfig,
        settings: ShopSettings,
        assets: Assets,
        gateways: Gateways,
    ) -> Self {
        let templates = crate::templates::environment(config.theme_dir.clone());
        let page_settings = PageSettings::new(&settings, &gateways);
        let shop_view = minijinja::Value::from_serialize(ShopView::new(&settings));
        Self(Arc::new(Inner {
            db,
            config,
            settings,
            templates,
            assets,
            page_settings,
            shop_view,
            cart: CartServices::default(),
            gateways,
            page_cache: PageCache::default(),
        }))
    }
}
