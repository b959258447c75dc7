//! One builder for every test shop: its database (empty and migrated, or a copy of a prepared
//! [`Fixture`] such as the reference shop), its settings, configuration and assets, whether
//! the merchant turned every payment gateway on, and whether the app answers the Store API's
//! `?rest_route=` form too.
//!
//! ```ignore
//! let shop = Shop::builder().with_products(&REF_SHOP).paying().rest_route().build_sqlite().await;
//! // Another app over the same database, with other settings:
//! let (state, app) = Shop::builder().paying().configure(|s| s.stock_hold_minutes = 0).app(db);
//! ```
//!
//! A new shop has no gateway on (docs/payments.md); the tests of carts, checkouts, orders and
//! emails pay, so they ask for [`ShopBuilder::paying`], every gateway turned on as a merchant
//! would (`mercato settings set payment_gateways`).

#![allow(dead_code, reason = "each test file uses part of the builder")]

use mercato_core::settings::ShopSettings;
use mercato_db::testing::{Fixture, TestDb};
use mercato_db::{Backend, Db};
use mercato_server::assets::Assets;
use mercato_server::payments::{Gateways, all_turned_on};
use mercato_server::{AppState, ServerConfig};

/// A shop under test: its database (removed when the shop is dropped), state and app.
pub struct Shop {
    /// Keeps the database alive.
    pub db: TestDb,
    /// The application state (for calling the domain directly).
    pub state: AppState,
    /// The whole application.
    pub app: axum::Router,
}

impl Shop {
    /// A shop with nothing in it, no gateway on, default settings.
    pub fn builder() -> ShopBuilder {
        ShopBuilder::default()
    }
}

/// How to make a [`Shop`]; see the module's documentation.
#[derive(Default)]
pub struct ShopBuilder {
    products: Option<&'static Fixture>,
    settings: ShopSettings,
    config: ServerConfig,
    assets: Assets,
    paying: bool,
    rest_route: bool,
}

impl ShopBuilder {
    /// Starts from a copy of `fixture` (built once per test binary) instead of an empty
    /// database.
    pub fn with_products(mut self, fixture: &'static Fixture) -> Self {
        self.products = Some(fixture);
        self
    }

    /// Every payment gateway turned on, in the registry's order.
    pub fn paying(mut self) -> Self {
        self.paying = true;
        self
    }

    /// The app answers `?rest_route=/wc/store/v1/...` as well as `/wp-json/...`.
    pub fn rest_route(mut self) -> Self {
        self.rest_route = true;
        self
    }

    /// The shop's settings.
    pub fn settings(mut self, settings: ShopSettings) -> Self {
        self.settings = settings;
        self
    }

    /// The default settings changed by `change`.
    pub fn configure(mut self, change: impl FnOnce(&mut ShopSettings)) -> Self {
        change(&mut self.settings);
        self
    }

    /// The server's configuration.
    pub fn config(mut self, config: ServerConfig) -> Self {
        self.config = config;
        self
    }

    /// The built frontend assets the pages link.
    pub fn assets(mut self, assets: Assets) -> Self {
        self.assets = assets;
        self
    }

    /// The shop on a fresh SQLite database.
    pub async fn build_sqlite(self) -> Shop {
        self.build(Backend::Sqlite).await
    }

    /// The shop on a fresh database of the test PostgreSQL server.
    pub async fn build_postgres(self) -> Shop {
        self.build(Backend::Postgres).await
    }

    /// The shop on a fresh database on `backend`.
    pub async fn build(self, backend: Backend) -> Shop {
        let test_db = match self.products {
            Some(fixture) => TestDb::with_fixture(backend, fixture).await,
            None => TestDb::new(backend).await,
        }
        .expect("test database (PostgreSQL: is the server at MERCATO_TEST_POSTGRES_URL up?)");
        self.over(test_db)
    }

    /// The shop on `test_db` as it is (the products asked for are not written).
    pub fn over(self, test_db: TestDb) -> Shop {
        let (state, app) = self.app(test_db.db.clone());
        Shop {
            db: test_db,
            state,
            app,
        }
    }

    /// The state and app over `db`: another app over a shop's database (other settings, as
    /// after a restart).
    pub fn app(self, db: Db) -> (AppState, axum::Router) {
        let rest_route = self.rest_route;
        let state = self.state(db);
        let router = mercato_server::router(state.clone());
        let app = if rest_route {
            mercato_server::store_api::with_rest_route(router)
        } else {
            router
        };
        (state, app)
    }

    /// The state over `db`.
    pub fn state(self, db: Db) -> AppState {
        let gateways = if self.paying {
            gateways(&self.settings)
        } else {
            Gateways::default()
        };
        AppState::with_gateways(db, self.config, self.settings, self.assets, gateways)
    }
}

/// Every gateway turned on, in the registry's order (for tests that make their own
/// `Services`).
pub fn gateways(settings: &ShopSettings) -> Gateways {
    Gateways::configure(&all_turned_on(), &settings.currency)
}
