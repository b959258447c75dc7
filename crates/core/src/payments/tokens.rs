//! Saved cards (payment tokens) and the `customerPaymentMethods` page setting the checkout
//! reads them from (SPEC §3.19).
//!
//! The setting is WooCommerce's `wc_get_customer_saved_methods_list`, grouped by token type
//! (`cc`), each entry with the checkout block's `tokenId`; with no saved card it is `[]`.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize};

use super::card::{CardBrand, Expiry};

/// A saved card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardToken {
    /// Token id.
    pub id: i64,
    /// The gateway that can charge it.
    pub gateway: String,
    /// Last four digits.
    pub last4: String,
    /// Brand.
    pub brand: CardBrand,
    /// Expiry month.
    pub expiry: Expiry,
    /// Whether it is the customer's default card.
    pub is_default: bool,
    /// The customer's user id.
    pub user_id: i64,
}

/// The links a saved-card entry offers (built by the server, which knows URLs and nonces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenLinks {
    /// URL that deletes the card.
    pub delete_url: String,
    /// URL that makes it the default.
    pub set_default_url: String,
}

/// One entry of `customerPaymentMethods.cc`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SavedMethod {
    /// `{gateway, last4, brand}`.
    pub method: SavedMethodCard,
    /// `MM/YY`.
    pub expires: String,
    /// Whether it is the default card.
    pub is_default: bool,
    /// `{delete: {url, name}}`, plus `default` for the others.
    pub actions: SavedMethodActions,
    /// Token id (the checkout sends it back as `wc-{gateway}-payment-token`).
    #[serde(rename = "tokenId")]
    pub token_id: i64,
}

/// `method` of a [`SavedMethod`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SavedMethodCard {
    /// Gateway id.
    pub gateway: String,
    /// Last four digits.
    pub last4: String,
    /// Brand name ("Visa").
    pub brand: String,
}

/// `actions` of a [`SavedMethod`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SavedMethodActions {
    /// Delete link.
    pub delete: SavedMethodAction,
    /// Make-default link, absent on the default card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<SavedMethodAction>,
}

/// A link with its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SavedMethodAction {
    /// URL.
    pub url: String,
    /// Link text.
    pub name: String,
}

/// The `customerPaymentMethods` setting: `{"cc": [...]}`, or `[]` when there is none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CustomerPaymentMethods {
    /// Saved cards, in the order given.
    pub cc: Vec<SavedMethod>,
}

impl Serialize for CustomerPaymentMethods {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.cc.is_empty() {
            // PHP's empty array: a JSON list, not an object.
            return serializer.collect_seq(std::iter::empty::<()>());
        }
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("cc", &self.cc)?;
        map.end()
    }
}

impl CardToken {
    /// The setting's entry for this card.
    pub fn saved_method(&self, links: TokenLinks) -> SavedMethod {
        SavedMethod {
            method: SavedMethodCard {
                gateway: self.gateway.clone(),
                last4: self.last4.clone(),
                brand: self.brand.label().to_owned(),
            },
            expires: self.expiry.short(),
            is_default: self.is_default,
            actions: SavedMethodActions {
                delete: SavedMethodAction {
                    url: links.delete_url,
                    name: "Delete".to_owned(),
                },
                default: (!self.is_default).then(|| SavedMethodAction {
                    url: links.set_default_url,
                    name: "Make default".to_owned(),
                }),
            },
            token_id: self.id,
        }
    }

    /// The `payment_data` key that selects this card at checkout (`wc-{gateway}-payment-token`).
    pub fn payment_data_key(&self) -> String {
        format!("wc-{}-payment-token", self.gateway)
    }
}

/// The customer's saved cards for the gateways that are enabled, as the setting shows them.
pub fn customer_payment_methods(
    tokens: &[CardToken],
    enabled_gateways: &[&str],
    links: impl Fn(&CardToken) -> TokenLinks,
) -> CustomerPaymentMethods {
    CustomerPaymentMethods {
        cc: tokens
            .iter()
            .filter(|t| enabled_gateways.contains(&t.gateway.as_str()))
            .map(|t| t.saved_method(links(t)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(id: i64, gateway: &str, is_default: bool) -> CardToken {
        CardToken {
            id,
            gateway: gateway.into(),
            last4: "4242".into(),
            brand: CardBrand::Visa,
            expiry: Expiry {
                year: 2030,
                month: 4,
            },
            is_default,
            user_id: 7,
        }
    }

    fn links(t: &CardToken) -> TokenLinks {
        TokenLinks {
            delete_url: format!("/my-account/delete-payment-method/{}/", t.id),
            set_default_url: format!("/my-account/set-default-payment-method/{}/", t.id),
        }
    }

    #[test]
    fn grouped_by_type_with_token_ids() {
        let tokens = [
            token(12, "test_card", true),
            token(13, "test_card", false),
            token(14, "stripe", false),
        ];
        let setting = customer_payment_methods(&tokens, &["test_card", "cod"], links);
        let json = serde_json::to_value(&setting).expect("json");
        assert_eq!(
            json,
            serde_json::json!({"cc": [
                {"method": {"gateway": "test_card", "last4": "4242", "brand": "Visa"},
                 "expires": "04/30", "is_default": true,
                 "actions": {"delete": {"url": "/my-account/delete-payment-method/12/", "name": "Delete"}},
                 "tokenId": 12},
                {"method": {"gateway": "test_card", "last4": "4242", "brand": "Visa"},
                 "expires": "04/30", "is_default": false,
                 "actions": {"delete": {"url": "/my-account/delete-payment-method/13/", "name": "Delete"},
                             "default": {"url": "/my-account/set-default-payment-method/13/", "name": "Make default"}},
                 "tokenId": 13}
            ]})
        );
        assert_eq!(tokens[0].payment_data_key(), "wc-test_card-payment-token");
    }

    #[test]
    fn none_saved_is_an_empty_list() {
        let setting = customer_payment_methods(&[], &["test_card"], links);
        assert_eq!(serde_json::to_string(&setting).expect("json"), "[]");
    }
}
