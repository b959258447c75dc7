//! A shop that takes payments. A new shop has no gateway on (docs/payments.md); the tests of
//! carts, checkouts, orders and emails pay, so their fixtures build the state here, with every
//! gateway turned on as a merchant would (`mercato settings set payment_gateways`).

use mercato_core::settings::ShopSettings;
use mercato_db::Db;
use mercato_server::assets::Assets;
use mercato_server::payments::{Gateways, all_turned_on};
use mercato_server::{AppState, ServerConfig};

/// Every gateway turned on, in the registry's order.
pub fn gateways(settings: &ShopSettings) -> Gateways {
    Gateways::configure(&all_turned_on(), &settings.currency)
}

/// The state of a shop whose merchant turned every gateway on.
pub fn state(db: Db, config: ServerConfig, settings: ShopSettings, assets: Assets) -> AppState {
    let gateways = gateways(&settings);
    AppState::with_gateways(db, config, settings, assets, gateways)
}
