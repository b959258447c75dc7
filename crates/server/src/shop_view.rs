//! The shop as the templates see it: names, pages and menus.

use mercato_core::settings::ShopSettings;
use serde::Serialize;

/// A store page (shop, cart, checkout, ...): SPEC §2's `storePages` entries.
#[derive(Debug, Clone, Serialize)]
pub struct StorePage {
    /// A stable id (WooCommerce page ids are numbers; clients only compare them).
    pub id: u32,
    /// Its title.
    pub title: &'static str,
    /// Its path, or `false` when the shop has no such page.
    pub permalink: serde_json::Value,
}

impl StorePage {
    fn new(id: u32, title: &'static str, path: &'static str) -> Self {
        Self {
            id,
            title,
            permalink: serde_json::Value::from(path),
        }
    }
}

/// The store pages, keyed as WooCommerce keys them.
#[derive(Debug, Clone, Serialize)]
pub struct StorePages {
    /// The product listing.
    pub shop: StorePage,
    /// The cart.
    pub cart: StorePage,
    /// The checkout.
    pub checkout: StorePage,
    /// The customer's account.
    pub myaccount: StorePage,
    /// The privacy policy.
    pub privacy: StorePage,
    /// The terms and conditions.
    pub terms: StorePage,
}

impl Default for StorePages {
    fn default() -> Self {
        Self {
            shop: StorePage::new(5, "Shop", "/shop/"),
            cart: StorePage::new(6, "Cart", "/cart/"),
            checkout: StorePage::new(7, "Checkout", "/checkout/"),
            myaccount: StorePage::new(8, "My account", "/my-account/"),
            privacy: StorePage::new(3, "Privacy policy", "/privacy-policy/"),
            terms: StorePage::new(9, "Terms and conditions", "/terms/"),
        }
    }
}

/// A menu link.
#[derive(Debug, Clone, Serialize)]
pub struct MenuItem {
    /// The link text.
    pub label: &'static str,
    /// Where it goes.
    pub url: &'static str,
}

/// A titled footer menu.
#[derive(Debug, Clone, Serialize)]
pub struct FooterMenu {
    /// Its heading.
    pub title: &'static str,
    /// Its links.
    pub items: Vec<MenuItem>,
}

/// Everything about the shop a page template may show.
#[derive(Debug, Clone, Serialize)]
pub struct ShopView {
    /// The shop's name.
    pub title: String,
    /// Its tagline.
    pub tagline: String,
    /// The page language, such as `en-US`.
    pub html_lang: String,
    /// The shop currency code.
    pub currency_code: String,
    /// Store pages.
    pub pages: StorePages,
    /// The header menu.
    pub main_menu: Vec<MenuItem>,
    /// The footer menus.
    pub footer_menus: Vec<FooterMenu>,
}

const fn item(label: &'static str, url: &'static str) -> MenuItem {
    MenuItem { label, url }
}

impl ShopView {
    /// The view of `settings`.
    pub fn new(settings: &ShopSettings) -> Self {
        Self {
            title: settings.title.clone(),
            tagline: settings.tagline.clone(),
            html_lang: settings.html_lang(),
            currency_code: settings.currency.code.clone(),
            pages: StorePages::default(),
            main_menu: vec![
                item("Shop", "/shop/"),
                item("T-shirts", "/product-category/t-shirts/"),
                item("Hoodies", "/product-category/hoodies/"),
                item("Accessories", "/product-category/accessories/"),
            ],
            footer_menus: vec![
                FooterMenu {
                    title: "Shop",
                    items: vec![
                        item("All products", "/shop/"),
                        item("Cart", "/cart/"),
                        item("Checkout", "/checkout/"),
                    ],
                },
                FooterMenu {
                    title: "Account",
                    items: vec![item("My account", "/my-account/")],
                },
                FooterMenu {
                    title: "Help",
                    items: vec![
                        item("Shipping and returns", "/shipping-returns/"),
                        item("Contact", "/contact/"),
                    ],
                },
                FooterMenu {
                    title: "About",
                    items: vec![
                        item("About us", "/about/"),
                        item("Privacy policy", "/privacy-policy/"),
                        item("Terms and conditions", "/terms/"),
                    ],
                },
            ],
        }
    }
}
