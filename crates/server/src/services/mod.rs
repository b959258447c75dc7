//! What the domain modules (`cart`, `checkout`, `accounts`, `emails`, `jobs`, `session`)
//! reach: storage, the configuration, the shop's settings, the templates of emails, the
//! cart's shared services and the payment gateways. Nothing web-only (assets, the settings
//! JSON of pages, the page cache): those stay in [`crate::state::AppState`], which holds a
//! [`Services`] and derefs to it, so a handler hands `&state` to the domain.
//!
//! Domain functions take `state: &Services`, which keeps them below the application state
//! (docs/architecture.md, "Layers inside the server").

pub mod cart;
pub mod clock;
pub mod extensions;
pub mod password_work;

use std::sync::Arc;

use mercato_core::settings::ShopSettings;
use mercato_db::Db;
use minijinja::Environment;

use crate::config::ServerConfig;
use crate::payments::Gateways;
use password_work::PasswordWork;

pub use cart::CartServices;
pub use clock::{Clock, ManualClock};

/// The domain's handle on the shop. Cheap to clone (the background worker keeps one);
/// nothing in it is needed by another process, so any number of processes serve one shop.
#[derive(Clone)]
pub struct Services(Arc<Parts>);

/// The parts of [`Services`].
#[derive(Clone)]
pub struct Parts {
    /// Storage.
    pub db: Db,
    /// The server's configuration.
    pub config: ServerConfig,
    /// The shop's settings as loaded at start-up.
    pub settings: ShopSettings,
    /// Templates (pages and emails).
    pub templates: Environment<'static>,
    /// The cart's shared services (signing secret, extensions, fee sources).
    pub cart: CartServices,
    /// The payment gateways as the merchant configured them (at start-up).
    pub gateways: Gateways,
    /// Password hashing with its fixed ceiling (every hash and check goes through it).
    pub password_work: PasswordWork,
    /// What time it is (the system's; a test's own clock in tests). Every time rule of the
    /// domain reads it (see [`clock`]).
    pub clock: Clock,
}

impl std::ops::Deref for Services {
    type Target = Parts;
    fn deref(&self) -> &Parts {
        &self.0
    }
}

impl Services {
    /// Assembles the services. No I/O: the caller loads the settings and gateways.
    pub fn new(db: Db, config: ServerConfig, settings: ShopSettings, gateways: Gateways) -> Self {
        let templates = crate::templates::environment(config.theme_dir.clone());
        Self(Arc::new(Parts {
            db,
            config,
            settings,
            templates,
            cart: CartServices::default(),
            gateways,
            password_work: PasswordWork::default(),
            clock: Clock::System,
        }))
    }

    /// The same services with the installed extensions' data namespaces registered (each with
    /// its compiled schema) beside Mercato's own cart namespaces.
    pub fn with_extension_data<'a>(
        &self,
        namespaces: impl IntoIterator<Item = (&'a str, &'a Arc<extensions::DataSchema>)>,
    ) -> Self {
        let mut parts = Parts::clone(&self.0);
        for (namespace, schema) in namespaces {
            parts
                .cart
                .extensions
                .register_data(namespace, Arc::clone(schema));
        }
        Self(Arc::new(parts))
    }

    /// The same services reading time from `clock` (a test's [`ManualClock`]).
    pub fn with_clock(&self, clock: Clock) -> Self {
        Self(Arc::new(Parts {
            clock,
            ..Parts::clone(&self.0)
        }))
    }
}
