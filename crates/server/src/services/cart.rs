//! What the cart keeps in [`super::Services`]: the signing secret (read once from the
//! database), the extension registry and the fee sources. Nothing here is cart data: every
//! process can serve every cart.

use std::sync::Arc;

use mercato_core::pricing::{FeeSource, GiftWrap};
use mercato_db::{Db, DbResult};
use tokio::sync::OnceCell;

use super::extensions::ExtensionRegistry;

/// The cart's shared services.
#[derive(Clone)]
pub struct CartServices {
    secret: OnceCell<String>,
    /// Namespaced update callbacks for `POST /cart/extensions`.
    pub extensions: ExtensionRegistry,
    /// Sources of fees (the demo's gift wrap).
    pub fee_sources: Vec<Arc<dyn FeeSource>>,
}

impl std::fmt::Debug for CartServices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CartServices")
            .field("extensions", &self.extensions)
            .field("fee_sources", &self.fee_sources.len())
            .finish_non_exhaustive()
    }
}

impl Default for CartServices {
    fn default() -> Self {
        CartServices {
            secret: OnceCell::new(),
            extensions: ExtensionRegistry::with_defaults(),
            fee_sources: vec![Arc::new(GiftWrap::default())],
        }
    }
}

impl CartServices {
    /// The shop's secret for nonces and Cart-Tokens: read from the database on first use,
    /// then kept (it never changes once made).
    pub async fn secret(&self, db: &Db) -> DbResult<&str> {
        self.secret
            .get_or_try_init(|| mercato_db::options::secret_key(db))
            .await
            .map(String::as_str)
    }
}
