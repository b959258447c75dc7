//! The demo shop's content pages: the privacy policy and terms the footer links to, and an
//! about, contact and shipping page, written in Markdown. Added where missing, so a shop
//! loaded before they existed gets them and a merchant's own versions are kept.

use mercato_core::content::{SourceFormat, prepare};
use mercato_db::{Db, content_pages};

/// `(slug, title, meta description, Markdown)`.
const PAGES: [(&str, &str, &str, &str); 5] = [
    (
        "privacy-policy",
        "Privacy policy",
        "What Mercato collects when you shop, why, for how long, and how to ask for it.",
        include_str!("pages/privacy-policy.md"),
    ),
    (
        "terms",
        "Terms and conditions",
        "The terms of every Mercato order: payment, delivery, returns and downloads.",
        include_str!("pages/terms.md"),
    ),
    (
        "about",
        "About us",
        "A small studio printing organic cotton merchandise to order.",
        include_str!("pages/about.md"),
    ),
    (
        "contact",
        "Contact",
        "How to reach Mercato about orders, custom prints and privacy.",
        include_str!("pages/contact.md"),
    ),
    (
        "shipping-returns",
        "Shipping and returns",
        "Shipping costs and times, free shipping over $100, and 30-day returns.",
        include_str!("pages/shipping-returns.md"),
    ),
];

/// Stores the demo pages that are missing; returns how many were added.
pub async fn load(db: &Db) -> anyhow::Result<usize> {
    let mut added = 0;
    for (slug, title, description, markdown) in PAGES {
        if content_pages::get(db, slug).await?.is_some() {
            continue;
        }
        let page = prepare(slug, title, description, SourceFormat::Markdown, markdown)?;
        content_pages::put(db, &page).await?;
        added += 1;
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_demo_page_is_valid() {
        for (slug, title, description, markdown) in PAGES {
            let page = prepare(slug, title, description, SourceFormat::Markdown, markdown)
                .unwrap_or_else(|e| panic!("{slug}: {e}"));
            assert!(page.html.len() > 200, "{slug}");
        }
    }
}
