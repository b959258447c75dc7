//! Reading a checkout request (`PUT`/`POST /checkout`): every field checked against its
//! schema before anything is stored; bad addresses, gateway and attribution data are one
//! `rest_invalid_param`, as WordPress reports its argument errors together.
//!
//! `extensions` holds extension data by namespace: `woocommerce/order-attribution` is read as
//! the order's attribution, every other namespace must be an installed extension's
//! (`data_schema` in its manifest) and valid under its schema; an unknown namespace, data the
//! schema refuses or data over the size limit is `rest_invalid_param` naming it.

use mercato_core::attribution::{Attribution, AttributionTypeError, clean_multiline_text};
use mercato_core::limits;
use mercato_core::orders::{AddressPatch, InvalidParams, check_address_params};
use mercato_core::payments::check_payment_method;
use serde_json::Value;
use std::collections::BTreeMap;

use crate::cart::escape_html;
use crate::services::extensions::ExtensionRegistry;

use crate::store_api::cart::body::Body;
use crate::store_api::error::{ParamError, StoreApiError};

/// The namespace of the order attribution extension data.
pub const ATTRIBUTION_NAMESPACE: &str = "woocommerce/order-attribution";

/// A checked checkout request. Money sent by the client (totals) is never read.
#[derive(Debug, Default)]
pub struct CheckoutRequest {
    /// The posted billing address, cleaned.
    pub billing: Option<AddressPatch>,
    /// The posted shipping address, cleaned.
    pub shipping: Option<AddressPatch>,
    /// `customer_note` (or `order_notes`).
    pub customer_note: Option<String>,
    /// The chosen gateway.
    pub payment_method: Option<String>,
    /// `payment_data` as key/value pairs.
    pub payment_data: Vec<(String, String)>,
    /// Where the order came from.
    pub attribution: Option<Attribution>,
    /// Installed extensions' data sent with the request (`extensions`, attribution aside),
    /// checked against their schemas.
    pub extension_data: BTreeMap<String, Value>,
    /// `create_account`: open an account for the billing email (honoured for guests only).
    pub create_account: bool,
    /// `customer_password`: the new account's password.
    pub customer_password: Option<String>,
}

/// Checks the request's parameters; `available` are the gateways that may be chosen,
/// `namespaces` the extension data namespaces the shop knows.
pub fn read(
    body: &Body,
    available: &[&str],
    require_billing: bool,
    namespaces: &ExtensionRegistry,
) -> Result<CheckoutRequest, StoreApiError> {
    let mut fields = body.fields();
    if require_billing {
        fields.require("billing_address");
    }
    let customer_note = fields
        .string_at_most("customer_note", limits::MAX_ORDER_NOTE_CHARS)
        .or_else(|| fields.string_at_most("order_notes", limits::MAX_ORDER_NOTE_CHARS));
    let payment_method = fields.string("payment_method");
    let create_account = fields.boolean("create_account").unwrap_or(false);
    let customer_password = fields.string_at_most("customer_password", limits::MAX_PASSWORD_CHARS);
    let payment_data = payment_data(body.get("payment_data"));
    let extensions = fields.object("extensions");
    let _ = fields.object("additional_fields");
    fields.finish()?;

    let billing = body.get("billing_address").filter(|v| !v.is_null());
    let shipping = body.get("shipping_address").filter(|v| !v.is_null());
    let mut invalid = InvalidParams::new();
    let (billing, shipping) = match check_address_params(billing.as_ref(), shipping.as_ref()) {
        Ok(patches) => patches,
        Err(errors) => {
            merge(&mut invalid, errors);
            (None, None)
        }
    };
    if let Some(method) = &payment_method
        && let Err(errors) = check_payment_method(method, available)
    {
        merge(&mut invalid, errors);
    }
    if !invalid.is_empty() {
        return Err(StoreApiError::invalid_fields(invalid));
    }
    let attribution = Attribution::from_extension(
        extensions
            .as_ref()
            .and_then(|e| e.get(ATTRIBUTION_NAMESPACE)),
    )?;
    let extension_data = extension_data(extensions.as_ref(), namespaces)?;
    Ok(CheckoutRequest {
        billing,
        shipping,
        customer_note: customer_note.map(|n| clean_multiline_text(&n)),
        payment_method,
        payment_data,
        attribution,
        extension_data,
        create_account,
        customer_password,
    })
}

/// The `extensions` object's data for installed extensions, each namespace checked against
/// its schema; the first namespace refused is the error. Other namespaces are left out.
fn extension_data(
    extensions: Option<&Value>,
    namespaces: &ExtensionRegistry,
) -> Result<BTreeMap<String, Value>, StoreApiError> {
    let mut kept = BTreeMap::new();
    let Some(Value::Object(extensions)) = extensions else {
        return Ok(kept);
    };
    for (namespace, data) in extensions {
        // Order attribution has its own path; a namespace no installed extension declares is
        // ignored, as WooCommerce's checkout does (its schema allows other properties): a
        // script that sets data its manifest has no schema for must not stop shoppers.
        if namespace == ATTRIBUTION_NAMESPACE || !namespaces.is_data_namespace(namespace) {
            continue;
        }
        let name = format!("extensions[{namespace}]");
        if let Err(refusal) = namespaces.check_order_data(namespace, &name, data) {
            return Err(StoreApiError::invalid_param(ParamError {
                param: "extensions".to_owned(),
                code: refusal.code,
                message: escape_html(&refusal.message),
                data: Value::Null,
            }));
        }
        kept.insert(namespace.clone(), data.clone());
    }
    Ok(kept)
}

fn merge(into: &mut InvalidParams, from: InvalidParams) {
    for (param, errors) in from.entries() {
        into.add(param.clone(), errors.clone());
    }
}

impl From<AttributionTypeError> for StoreApiError {
    fn from(error: AttributionTypeError) -> Self {
        StoreApiError::invalid_param(ParamError {
            param: AttributionTypeError::PARAM.to_owned(),
            code: AttributionTypeError::CODE,
            message: error.to_string(),
            data: Value::Null,
        })
    }
}

/// `payment_data`: a list of `{key, value}` (value a string, a bool or a number); other entries and
/// other shapes carry nothing.
fn payment_data(value: Option<Value>) -> Vec<(String, String)> {
    let Some(Value::Array(items)) = value else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let key = item.get("key")?.as_str()?;
            let key: String = key
                .to_ascii_lowercase()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                .collect();
            let value = match item.get("value")? {
                Value::String(text) => text.clone(),
                Value::Bool(flag) => if *flag { "1" } else { "" }.to_owned(),
                // A saved card's id may come as a number.
                Value::Number(number) => number.to_string(),
                _ => return None,
            };
            Some((key, value))
        })
        .collect()
}
