//! The shop as the templates see it: names, pages and menus.
//!
//! The menus and the shop's own names and header behaviour are the merchant's `menus` and
//! `shop` settings, read again at most once a second ([`ShopViews::refresh`], called before a
//! page is rendered), so `mercato settings set menus` or `set shop` shows without a restart,
//! as the home layout does (docs/theming.md). Catalogue pages served from the page cache keep
//! only their own blocks; the header and footer around them, where the menus are, are
//! rendered for each request from the view in force, and the cached blocks that name the shop
//! (`<title>`, `og:site_name`) are keyed by the view's [`ShopViews::generation`], so a
//! changed view is never served from a page rendered with the old one.

use std::sync::RwLock;
use std::time::Duration;

use mercato_core::menus::{FooterMenu, MenuItem, MenuSettings};
use mercato_core::money::Currency;
use mercato_core::settings::{HeaderSettings, ShopSettings};
use mercato_db::Db;
use serde::Serialize;

/// The option the shop settings are stored as.
pub const SHOP_OPTION: &str = "shop";

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

/// A link of the main menu as the header shows it: with an id for its sub-menu, which the
/// sub-menu's toggle button names (`aria-controls`).
#[derive(Debug, Clone, Serialize)]
pub struct MenuItemView {
    /// The link text.
    pub label: String,
    /// Where it goes.
    pub url: String,
    /// The id of its sub-menu's list (`main-menu-3`); empty when it has none.
    pub id: String,
    /// Its sub-menu.
    pub children: Vec<MenuItemView>,
}

/// A level of the mobile menu: the top level (`Main menu`) or the sub-menu of one item.
/// The levels are listed flat, so the sidebar can slide from one to the next.
#[derive(Debug, Clone, Serialize)]
pub struct MobileLevel {
    /// The element id of this level (`mobile-menu-0` for the top).
    pub id: String,
    /// Its heading: `Main menu`, or the label of the item whose sub-menu it is.
    pub title: String,
    /// The level the back button returns to; `None` for the top.
    pub back: Option<MobileBack>,
    /// Its links.
    pub items: Vec<MobileItem>,
}

/// Where a mobile level's back button goes.
#[derive(Debug, Clone, Serialize)]
pub struct MobileBack {
    /// The id of that level.
    pub id: String,
    /// Its heading.
    pub title: String,
}

/// A link of a mobile level.
#[derive(Debug, Clone, Serialize)]
pub struct MobileItem {
    /// The link text.
    pub label: String,
    /// Where it goes.
    pub url: String,
    /// The id of the level holding its sub-menu, when it has one.
    pub level: Option<String>,
}

/// The mobile menu's top level is headed by this (SPEC §2.1's 'main menu' fallback).
pub const MAIN_MENU_TITLE: &str = "Main menu";

fn main_menu_view(items: &[MenuItem], next_id: &mut usize) -> Vec<MenuItemView> {
    items
        .iter()
        .map(|item| {
            let id = if item.children.is_empty() {
                String::new()
            } else {
                *next_id += 1;
                format!("main-menu-{next_id}")
            };
            MenuItemView {
                label: item.label.clone(),
                url: item.url.clone(),
                id,
                children: main_menu_view(&item.children, next_id),
            }
        })
        .collect()
}

/// Appends the level showing `items` (headed `title`, returning to `back`) and the levels
/// of their sub-menus, depth first; returns the level's id.
fn mobile_levels(
    items: &[MenuItem],
    title: &str,
    back: Option<MobileBack>,
    levels: &mut Vec<MobileLevel>,
) -> String {
    let id = format!("mobile-menu-{}", levels.len());
    let at = levels.len();
    levels.push(MobileLevel {
        id: id.clone(),
        title: title.to_owned(),
        back,
        items: Vec::new(),
    });
    let mut shown = Vec::with_capacity(items.len());
    for item in items {
        let level = (!item.children.is_empty()).then(|| {
            let back = MobileBack {
                id: id.clone(),
                title: title.to_owned(),
            };
            mobile_levels(&item.children, &item.label, Some(back), levels)
        });
        shown.push(MobileItem {
            label: item.label.clone(),
            url: item.url.clone(),
            level,
        });
    }
    levels[at].items = shown;
    id
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
    pub main_menu: Vec<MenuItemView>,
    /// The header menu as the mobile sidebar's levels, the top one first.
    pub mobile_levels: Vec<MobileLevel>,
    /// The footer menus.
    pub footer_menus: Vec<FooterMenu>,
    /// The footer menu the mobile sidebar offers as a second tab, if the setting names one.
    pub sidebar_tab: Option<FooterMenu>,
    /// How the header behaves as the page scrolls.
    pub header: HeaderSettings,
}

impl ShopView {
    /// The view of `settings` with `menus`.
    pub fn new(settings: &ShopSettings, menus: &MenuSettings) -> Self {
        let mut levels = Vec::new();
        mobile_levels(&menus.main, MAIN_MENU_TITLE, None, &mut levels);
        Self {
            title: settings.title.clone(),
            tagline: settings.tagline.clone(),
            html_lang: settings.html_lang(),
            currency_code: settings.currency.code.clone(),
            pages: StorePages::default(),
            main_menu: main_menu_view(&menus.main, &mut 0),
            mobile_levels: levels,
            footer_menus: menus.footer.clone(),
            sidebar_tab: menus.sidebar_menu().cloned(),
            header: settings.header,
        }
    }
}

/// The [`ShopView`] in force, rebuilt when the stored menus or shop settings change.
pub struct ShopViews {
    /// The currency read at start: the cart and the prices keep it until a restart, so the
    /// footer's `Prices in` does too, whatever the stored `shop` setting says meanwhile.
    currency: Currency,
    current: RwLock<Current>,
}

struct Current {
    settings: ShopSettings,
    menus: MenuSettings,
    view: minijinja::Value,
    /// Counts the rebuilds: a page cached under one generation shows that view's names.
    generation: u64,
    /// When the stored menus were last read (or a read was started).
    read_at: Duration,
}

impl ShopViews {
    /// The view of `settings` with `menus`, as read at start (`now`, a monotonic reading
    /// as [`Self::refresh`] takes).
    pub fn new(settings: &ShopSettings, menus: MenuSettings, now: Duration) -> Self {
        let view = minijinja::Value::from_serialize(ShopView::new(settings, &menus));
        Self {
            currency: settings.currency.clone(),
            current: RwLock::new(Current {
                settings: settings.clone(),
                menus,
                view,
                generation: 0,
                read_at: now,
            }),
        }
    }

    /// The view the templates get (`shop`).
    pub fn current(&self) -> minijinja::Value {
        self.current
            .read()
            .map(|c| c.view.clone())
            .unwrap_or_else(|poisoned| poisoned.into_inner().view.clone())
    }

    /// Which view is in force: it changes each time the view is rebuilt (the page cache
    /// keys pages by it).
    pub fn generation(&self) -> u64 {
        self.current
            .read()
            .map(|c| c.generation)
            .unwrap_or_else(|poisoned| poisoned.into_inner().generation)
    }

    /// Reads the stored menus and shop settings when the last read is
    /// [`mercato_db::options::RECENT`] old or more, and rebuilds the view when either
    /// changed. A read that fails keeps the view in force (and is logged): a page with
    /// yesterday's menu is better than no page.
    ///
    /// `now` is a monotonic reading of the state's clock
    /// (`crate::services::Clock::monotonic`): a test moves its clock on a second instead of
    /// waiting one. A reading before the last read (of another clock) counts as a second on.
    pub async fn refresh(&self, db: &Db, now: Duration) {
        {
            let Ok(mut current) = self.current.write() else {
                return;
            };
            if now >= current.read_at && now - current.read_at < mercato_db::options::RECENT {
                return;
            }
            // Requests arriving while this one reads keep the view in force.
            current.read_at = now;
        }
        let menus = match mercato_db::options::get::<MenuSettings>(db, MenuSettings::OPTION).await {
            Ok(stored) => stored.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "reading the menus failed; keeping the menus in force");
                return;
            }
        };
        let mut settings = match mercato_db::options::get::<ShopSettings>(db, SHOP_OPTION).await {
            Ok(stored) => stored.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "reading the shop settings failed; keeping the view in force");
                return;
            }
        };
        settings.currency = self.currency.clone();
        let Ok(mut current) = self.current.write() else {
            return;
        };
        if current.menus != menus || current.settings != settings {
            current.view = minijinja::Value::from_serialize(ShopView::new(&settings, &menus));
            current.menus = menus;
            current.settings = settings;
            current.generation += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_menus_get_ids_and_mobile_levels_link_back() {
        let view = ShopView::new(&ShopSettings::default(), &MenuSettings::default());
        let shop = &view.main_menu[0];
        assert_eq!(shop.label, "Shop");
        assert_eq!(shop.id, "main-menu-1");
        assert_eq!(
            shop.children[0].id, "main-menu-2",
            "Clothing has a sub-menu"
        );
        assert_eq!(shop.children[1].id, "", "Mugs has none");

        let titles: Vec<&str> = view
            .mobile_levels
            .iter()
            .map(|l| l.title.as_str())
            .collect();
        assert_eq!(titles, ["Main menu", "Shop", "Clothing"]);
        let top = &view.mobile_levels[0];
        assert!(top.back.is_none());
        assert_eq!(top.items[0].level.as_deref(), Some("mobile-menu-1"));
        assert_eq!(top.items[1].level, None);
        let clothing = &view.mobile_levels[2];
        let back = clothing.back.as_ref().expect("back");
        assert_eq!(
            (back.id.as_str(), back.title.as_str()),
            ("mobile-menu-1", "Shop")
        );
        assert_eq!(
            view.mobile_levels[1].items[0].level.as_deref(),
            Some("mobile-menu-2")
        );
    }
}
