//! Server-side cart extensions: namespaced callbacks that `POST /cart/extensions`
//! (`{namespace, data}`) runs, as WooCommerce's `ExtendSchema::register_update_callback`.
//!
//! A callback gets the data its namespace already keeps in the cart and the data sent, and
//! returns the data to keep (or a message saying why the data was refused). Callbacks are
//! pure: the cart store may run one again when another request changed the cart meanwhile.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{Map, Value};

/// What a callback returns: the namespace's new data, or why the data was refused.
pub type ExtensionResult = Result<Value, String>;

/// An update callback: `(data kept so far, data sent) -> data to keep`.
pub type UpdateCallback = Arc<dyn Fn(Option<&Value>, &Value) -> ExtensionResult + Send + Sync>;

/// The registered namespaces.
#[derive(Clone, Default)]
pub struct ExtensionRegistry {
    callbacks: HashMap<String, UpdateCallback>,
}

impl std::fmt::Debug for ExtensionRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<&String> = self.callbacks.keys().collect();
        names.sort();
        f.debug_struct("ExtensionRegistry")
            .field("namespaces", &names)
            .finish()
    }
}

impl ExtensionRegistry {
    /// The registry with Mercato's own namespace (`mercato`: the gift-wrap choice).
    pub fn with_defaults() -> Self {
        let mut registry = ExtensionRegistry::default();
        registry.register("mercato", Arc::new(mercato_update));
        registry
    }

    /// Registers (or replaces) the callback of `namespace`.
    pub fn register(&mut self, namespace: &str, callback: UpdateCallback) {
        self.callbacks.insert(namespace.to_owned(), callback);
    }

    /// Whether `namespace` has a callback.
    pub fn contains(&self, namespace: &str) -> bool {
        self.callbacks.contains_key(namespace)
    }

    /// The callback of `namespace`.
    pub fn get(&self, namespace: &str) -> Option<&UpdateCallback> {
        self.callbacks.get(namespace)
    }
}

/// The `mercato` namespace: `{"gift_wrap": bool}` sets the gift-wrap choice that the
/// `GiftWrap` fee source reads; other keys are refused.
fn mercato_update(current: Option<&Value>, data: &Value) -> ExtensionResult {
    let Value::Object(sent) = data else {
        return Err("The data for mercato must be an object.".to_owned());
    };
    let mut kept = current
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_else(Map::new);
    for (key, value) in sent {
        match (key.as_str(), value) {
            ("gift_wrap", Value::Bool(chosen)) => {
                kept.insert("gift_wrap".to_owned(), Value::Bool(*chosen));
            }
            ("gift_wrap", _) => return Err("gift_wrap must be true or false.".to_owned()),
            _ => return Err("Unknown mercato cart data.".to_owned()),
        }
    }
    Ok(Value::Object(kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gift_wrap_is_a_boolean_and_nothing_else() {
        let registry = ExtensionRegistry::with_defaults();
        let update = registry.get("mercato").expect("registered");
        let kept = update(None, &serde_json::json!({"gift_wrap": true})).expect("accepted");
        assert_eq!(kept, serde_json::json!({"gift_wrap": true}));
        assert!(update(Some(&kept), &serde_json::json!({"gift_wrap": "yes"})).is_err());
        assert!(update(None, &serde_json::json!({"price": 0})).is_err());
        assert!(update(None, &serde_json::json!([])).is_err());
        assert!(!registry.contains("other"));
    }
}
