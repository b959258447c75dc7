//! WordPress's `_links` on the items of the cart's collections (`self`, `collection`).

use serde::Serialize;

use crate::store_api::NAMESPACE;

/// An object with `_links`.
#[derive(Debug, Clone, Serialize)]
pub struct Linked<T> {
    /// The object.
    #[serde(flatten)]
    pub item: T,
    /// Its links.
    #[serde(rename = "_links")]
    pub links: Links,
}

/// `self` and `collection`.
#[derive(Debug, Clone, Serialize)]
pub struct Links {
    #[serde(rename = "self")]
    this: Vec<Href>,
    collection: Vec<Href>,
}

#[derive(Debug, Clone, Serialize)]
struct Href {
    href: String,
}

/// `item` linked as `{collection}/{id}` under the Store API at `base_url`.
pub fn linked<T>(item: T, base_url: &str, collection: &str, id: &str) -> Linked<T> {
    let base = format!("{}{NAMESPACE}{collection}", base_url.trim_end_matches('/'));
    Linked {
        item,
        links: Links {
            this: vec![Href {
                href: format!("{base}/{id}"),
            }],
            collection: vec![Href { href: base }],
        },
    }
}
