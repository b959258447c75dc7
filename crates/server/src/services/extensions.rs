//! Server-side cart extensions: namespaced callbacks that `POST /cart/extensions`
//! (`{namespace, data}`) runs, as WooCommerce's `ExtendSchema::register_update_callback`.
//!
//! A callback gets the data its namespace already keeps in the cart and the data sent, and
//! returns the data to keep (or a message saying why the data was refused). Callbacks are
//! pure: the cart store may run one again when another request changed the cart meanwhile.
//!
//! An installed extension's namespaces (its manifest's `data_schema`, docs/extensions.md)
//! are *extension data* namespaces: their callback checks the data against the namespace's
//! JSON Schema ([`DataSchema`], compiled once at start) and keeps it as sent; the checkout's
//! `extensions` object is checked the same way ([`ExtensionRegistry::check_order_data`]),
//! and both reach the order.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use mercato_core::limits::MAX_EXTENSION_DATA_BYTES;
use serde_json::{Map, Value};

/// What a callback returns: the namespace's new data, or why the data was refused.
pub type ExtensionResult = Result<Value, String>;

/// An update callback: `(data kept so far, data sent) -> data to keep`.
pub type UpdateCallback = Arc<dyn Fn(Option<&Value>, &Value) -> ExtensionResult + Send + Sync>;

/// The registered namespaces.
#[derive(Clone, Default)]
pub struct ExtensionRegistry {
    callbacks: HashMap<String, UpdateCallback>,
    /// The extension data namespaces, with their schemas.
    schemas: HashMap<String, Arc<DataSchema>>,
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

    /// Registers `namespace` as an installed extension's data namespace: `POST
    /// /cart/extensions` keeps the data sent (replacing what the cart had) once `schema`
    /// accepts it, and the checkout's `extensions` are checked against it too.
    pub fn register_data(&mut self, namespace: &str, schema: Arc<DataSchema>) {
        let checked = Arc::clone(&schema);
        let name = namespace.to_owned();
        self.register(
            namespace,
            Arc::new(move |_kept, data| {
                checked
                    .check("data", data)
                    .map(|()| data.clone())
                    .map_err(|refusal| {
                        format!("The data for {name} was refused: {}", refusal.message)
                    })
            }),
        );
        self.schemas.insert(namespace.to_owned(), schema);
    }

    /// Whether `namespace` is an extension data namespace (its data is kept on the order).
    pub fn is_data_namespace(&self, namespace: &str) -> bool {
        self.schemas.contains_key(namespace)
    }

    /// Checks what the checkout's `extensions` object holds for `namespace`; `name` is how
    /// messages call it (`extensions[acme]`).
    pub fn check_order_data(
        &self,
        namespace: &str,
        name: &str,
        data: &Value,
    ) -> Result<(), DataRefusal> {
        match self.schemas.get(namespace) {
            Some(schema) => schema.check(name, data),
            None => Err(DataRefusal {
                code: "rest_additional_properties_forbidden",
                message: format!("{name} is not a valid property of Object."),
            }),
        }
    }
}

/// One extension data namespace's JSON Schema, compiled once (when the extensions are read
/// at start). `pattern` uses the linear-time `regex` engine, so no data can make a check
/// backtrack; `format` is checked (not only an annotation); no `$ref` outside the schema is
/// ever fetched (the validator is built without HTTP or file resolution).
pub struct DataSchema {
    validator: jsonschema::Validator,
}

impl std::fmt::Debug for DataSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DataSchema").finish_non_exhaustive()
    }
}

/// Why extension data was refused: WordPress's code for the problem (`rest_invalid_type`,
/// `rest_too_long` ...) and a message naming the exact field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataRefusal {
    /// WordPress's error code for it.
    pub code: &'static str,
    /// What is wrong, naming the field (`extensions[acme][tip] is not of type "integer"`).
    pub message: String,
}

/// The longest message a refusal carries (an `additionalProperties` list can be long).
const MAX_REFUSAL_CHARS: usize = 300;

impl DataSchema {
    /// Compiles `schema`, or says why it is not a usable JSON Schema.
    pub fn compile(schema: &Value) -> Result<Self, String> {
        jsonschema::options()
            .with_pattern_options(jsonschema::PatternOptions::regex())
            .should_validate_formats(true)
            .build(schema)
            .map(|validator| DataSchema { validator })
            .map_err(|error| {
                // Where in the schema, as a JSON pointer (`/properties/tip/type`).
                let at = error.instance_path().to_string();
                if at.is_empty() {
                    error.to_string()
                } else {
                    format!("at {at}: {error}")
                }
            })
    }

    /// Checks `data` (called `name` in the message: `data`, `extensions[acme]`): at most
    /// [`MAX_EXTENSION_DATA_BYTES`] of JSON, and valid under the schema. The first problem
    /// found is reported; the data's values are not repeated in the message.
    pub fn check(&self, name: &str, data: &Value) -> Result<(), DataRefusal> {
        let size = serde_json::to_vec(data).map_or(usize::MAX, |bytes| bytes.len());
        if size > MAX_EXTENSION_DATA_BYTES {
            return Err(DataRefusal {
                code: "rest_too_long",
                message: format!(
                    "{name} must be at most {MAX_EXTENSION_DATA_BYTES} bytes of JSON (it has {size})."
                ),
            });
        }
        let Err(error) = self.validator.validate(data) else {
            return Ok(());
        };
        let mut field = name.to_owned();
        for segment in error.instance_path().iter() {
            let _ = write!(field, "[{segment}]");
        }
        let said = error.masked_with(field.as_str()).to_string();
        let mut message = if said.contains(field.as_str()) {
            said
        } else {
            format!("{field}: {said}")
        };
        if message.chars().count() > MAX_REFUSAL_CHARS {
            message = message.chars().take(MAX_REFUSAL_CHARS).collect::<String>() + "…";
        }
        message.push('.');
        Err(DataRefusal {
            code: wordpress_code(error.kind()),
            message,
        })
    }
}

/// WordPress's `rest_validate_value_from_schema` code for the kind of problem, where it has
/// one; `rest_invalid_param` otherwise.
fn wordpress_code(kind: &jsonschema::error::ValidationErrorKind) -> &'static str {
    use jsonschema::error::ValidationErrorKind as Kind;
    match kind {
        Kind::Type { .. } => "rest_invalid_type",
        Kind::Enum { .. } | Kind::Constant { .. } => "rest_not_in_enum",
        Kind::Required { .. } => "rest_property_required",
        Kind::AdditionalProperties { .. } => "rest_additional_properties_forbidden",
        Kind::Minimum { .. }
        | Kind::Maximum { .. }
        | Kind::ExclusiveMinimum { .. }
        | Kind::ExclusiveMaximum { .. } => "rest_out_of_bounds",
        Kind::MinLength { .. } => "rest_too_short",
        Kind::MaxLength { .. } => "rest_too_long",
        Kind::MinItems { .. } => "rest_too_few_items",
        Kind::MaxItems { .. } => "rest_too_many_items",
        Kind::Pattern { .. } => "rest_invalid_pattern",
        _ => "rest_invalid_param",
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

    fn schema(json: Value) -> DataSchema {
        DataSchema::compile(&json).expect("compiles")
    }

    #[test]
    fn a_refusal_names_the_field_and_not_the_value_sent() {
        let lines = schema(serde_json::json!({
            "type": "object",
            "properties": {"lines": {"type": "array", "items": {"type": "string", "maxLength": 3}}}
        }));
        assert_eq!(
            lines.check("data", &serde_json::json!({"lines": ["abc"]})),
            Ok(())
        );
        let refused = lines
            .check(
                "extensions[acme]",
                &serde_json::json!({"lines": ["ok", "secret value"]}),
            )
            .expect_err("too long");
        assert_eq!(refused.code, "rest_too_long");
        assert_eq!(
            refused.message,
            "extensions[acme][lines][1] is longer than 3 characters."
        );
        assert!(!refused.message.contains("secret"));
    }

    #[test]
    fn data_namespaces_keep_what_was_sent_and_are_kept_on_orders() {
        let mut registry = ExtensionRegistry::with_defaults();
        registry.register_data(
            "acme",
            Arc::new(schema(serde_json::json!({"type": "object"}))),
        );
        let update = registry.get("acme").expect("registered");
        let kept = update(
            Some(&serde_json::json!({"old": 1})),
            &serde_json::json!({"new": 2}),
        )
        .expect("accepted");
        assert_eq!(kept, serde_json::json!({"new": 2}), "replaced, not merged");
        assert!(registry.is_data_namespace("acme"));
        assert!(
            !registry.is_data_namespace("mercato"),
            "the gift wrap stays with the cart"
        );
        assert_eq!(
            registry.check_order_data("acme", "extensions[acme]", &serde_json::json!([])),
            Err(DataRefusal {
                code: "rest_invalid_type",
                message: "extensions[acme] is not of type \"object\".".to_owned()
            })
        );
        assert_eq!(
            registry
                .check_order_data("mercato", "extensions[mercato]", &serde_json::json!({}))
                .expect_err("not order data")
                .code,
            "rest_additional_properties_forbidden"
        );
    }
}
