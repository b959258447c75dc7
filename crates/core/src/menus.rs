//! The shop's menus: the header's main menu and the footer's titled menus, each a tree of
//! links (SPEC §2.1 "dropdown menus", "mobile sidebar menu"), stored as the
//! [`MenuSettings::OPTION`] option and set with `mercato settings set menus`.
//!
//! A menu is the merchant's words and links shown on every page, so it is checked before it
//! is stored ([`MenuSettings::problem`]): labels are short and not empty, a link is a path on
//! the shop or an http(s) address without markup, sub-menus go at most [`MAX_DEPTH`] levels
//! deep and one setting holds at most [`MAX_ITEMS`] links.

use serde::{Deserialize, Serialize};

use crate::limits::exceeds;

/// Characters in a label or a footer menu's title.
pub const MAX_LABEL_CHARS: usize = 100;
/// Characters in a link.
pub const MAX_URL_CHARS: usize = 2_000;
/// Levels of a menu: an item, its sub-menu and the sub-menu's own sub-menus.
pub const MAX_DEPTH: usize = 3;
/// Links in the whole setting (every menu and level counted).
pub const MAX_ITEMS: usize = 200;
/// Footer menus.
pub const MAX_FOOTER_MENUS: usize = 8;

/// One link of a menu, with its sub-menu (empty for none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MenuItem {
    /// The link text.
    pub label: String,
    /// Where it goes: a path on the shop (`/shop/`) or an http(s) URL.
    pub url: String,
    /// Its sub-menu.
    #[serde(default)]
    pub children: Vec<MenuItem>,
}

/// A titled menu of the footer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FooterMenu {
    /// Its heading, which also names its navigation landmark.
    pub title: String,
    /// Its links.
    #[serde(default)]
    pub items: Vec<MenuItem>,
}

/// The `menus` option. Both fields have defaults, so a file may set only one of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MenuSettings {
    /// The header's main menu (the navigation `Main menu`).
    pub main: Vec<MenuItem>,
    /// The footer's menus, in order.
    pub footer: Vec<FooterMenu>,
    /// The title of a footer menu the mobile sidebar also offers, as a second tab beside
    /// `Main menu` (SPEC §2.1 "sidebar menu tabs"); none: the sidebar has the main menu only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sidebar_tab: Option<String>,
}

fn link(label: &str, url: &str) -> MenuItem {
    MenuItem {
        label: label.to_owned(),
        url: url.to_owned(),
        children: Vec::new(),
    }
}

fn parent(label: &str, url: &str, children: Vec<MenuItem>) -> MenuItem {
    MenuItem {
        children,
        ..link(label, url)
    }
}

impl Default for MenuSettings {
    /// The menus the shop had before they were settings, with the demo catalogue's
    /// categories as the Shop item's sub-menu.
    fn default() -> Self {
        Self {
            main: vec![
                parent(
                    "Shop",
                    "/shop/",
                    vec![
                        parent(
                            "Clothing",
                            "/product-category/clothing/",
                            vec![
                                link("T-shirts", "/product-category/clothing/t-shirts/"),
                                link("Hoodies", "/product-category/clothing/hoodies/"),
                            ],
                        ),
                        link("Mugs", "/product-category/mugs/"),
                        link("Posters", "/product-category/posters/"),
                        link("Accessories", "/product-category/accessories/"),
                    ],
                ),
                link("T-shirts", "/product-category/t-shirts/"),
                link("Hoodies", "/product-category/hoodies/"),
                link("Accessories", "/product-category/accessories/"),
            ],
            footer: vec![
                FooterMenu {
                    title: "Shop".to_owned(),
                    items: vec![
                        link("All products", "/shop/"),
                        link("Cart", "/cart/"),
                        link("Checkout", "/checkout/"),
                    ],
                },
                FooterMenu {
                    title: "Account".to_owned(),
                    items: vec![link("My account", "/my-account/")],
                },
                FooterMenu {
                    title: "Help".to_owned(),
                    items: vec![
                        link("Shipping and returns", "/shipping-returns/"),
                        link("Contact", "/contact/"),
                    ],
                },
                FooterMenu {
                    title: "About".to_owned(),
                    items: vec![
                        link("About us", "/about/"),
                        link("Privacy policy", "/privacy-policy/"),
                        link("Terms and conditions", "/terms/"),
                    ],
                },
            ],
            sidebar_tab: None,
        }
    }
}

/// What is wrong with one label or title, if anything.
fn label_problem(what: &str, label: &str) -> Option<String> {
    let trimmed = label.trim();
    if trimmed.is_empty() {
        return Some(format!("{what} is empty"));
    }
    if exceeds(trimmed, MAX_LABEL_CHARS) {
        return Some(format!(
            "{what} {:?}… is longer than {MAX_LABEL_CHARS} characters",
            trimmed.chars().take(20).collect::<String>()
        ));
    }
    if trimmed.chars().any(char::is_control) {
        return Some(format!("{what} {trimmed:?} holds control characters"));
    }
    None
}

/// What is wrong with a menu link, if anything: it must be a path on this shop (`/…`, not
/// `//…`) or an `http(s)://` URL, without spaces, quotes, angle brackets or backslashes.
pub fn url_problem(url: &str) -> Option<String> {
    let shape_ok = url.starts_with('/') && !url.starts_with("//")
        || url.starts_with("https://") && url.len() > "https://".len()
        || url.starts_with("http://") && url.len() > "http://".len();
    if !shape_ok {
        return Some(format!(
            "the link {url:?} is not a path on this shop (/…) or an http(s) URL"
        ));
    }
    if exceeds(url, MAX_URL_CHARS) {
        return Some(format!("a link is longer than {MAX_URL_CHARS} characters"));
    }
    if url.chars().any(|c| {
        c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\' | '`')
    }) {
        return Some(format!(
            "the link {url:?} may not hold spaces, quotes, angle brackets or backslashes"
        ));
    }
    None
}

/// Checks `items` (at `depth`, 1 for a menu's top level) and counts them into `count`.
fn items_problem(
    menu: &str,
    items: &[MenuItem],
    depth: usize,
    count: &mut usize,
) -> Option<String> {
    for item in items {
        *count += 1;
        if *count > MAX_ITEMS {
            return Some(format!("the menus hold more than {MAX_ITEMS} links"));
        }
        if let Some(problem) = label_problem("a label", &item.label) {
            return Some(format!("{menu}: {problem}"));
        }
        if let Some(problem) = url_problem(item.url.trim()) {
            return Some(format!("{menu}, {:?}: {problem}", item.label.trim()));
        }
        if !item.children.is_empty() {
            if depth >= MAX_DEPTH {
                return Some(format!(
                    "{menu}, {:?}: sub-menus go at most {MAX_DEPTH} levels deep",
                    item.label.trim()
                ));
            }
            if let Some(problem) = items_problem(menu, &item.children, depth + 1, count) {
                return Some(problem);
            }
        }
    }
    None
}

impl MenuSettings {
    /// The option's name in the settings store.
    pub const OPTION: &'static str = "menus";

    /// What is wrong with the menus, if anything, in words for the merchant.
    pub fn problem(&self) -> Option<String> {
        let mut count = 0;
        if let Some(problem) = items_problem("main menu", &self.main, 1, &mut count) {
            return Some(problem);
        }
        if self.footer.len() > MAX_FOOTER_MENUS {
            return Some(format!("the footer holds at most {MAX_FOOTER_MENUS} menus"));
        }
        for menu in &self.footer {
            if let Some(problem) = label_problem("a footer menu's title", &menu.title) {
                return Some(problem);
            }
            let name = format!("footer menu {:?}", menu.title.trim());
            if let Some(problem) = items_problem(&name, &menu.items, 1, &mut count) {
                return Some(problem);
            }
        }
        if let Some(tab) = &self.sidebar_tab
            && self.sidebar_menu().is_none()
        {
            return Some(format!(
                "sidebar_tab {:?} names no footer menu (it names one by its title)",
                tab.trim()
            ));
        }
        None
    }

    /// The footer menu the sidebar offers as its second tab ([`MenuSettings::sidebar_tab`]).
    pub fn sidebar_menu(&self) -> Option<&FooterMenu> {
        let wanted = self.sidebar_tab.as_deref()?.trim();
        self.footer.iter().find(|menu| menu.title.trim() == wanted)
    }

    /// The menus with labels, titles and links trimmed, as they are stored.
    #[must_use]
    pub fn trimmed(mut self) -> Self {
        fn trim_items(items: &mut [MenuItem]) {
            for item in items {
                item.label = item.label.trim().to_owned();
                item.url = item.url.trim().to_owned();
                trim_items(&mut item.children);
            }
        }
        trim_items(&mut self.main);
        for menu in &mut self.footer {
            menu.title = menu.title.trim().to_owned();
            trim_items(&mut menu.items);
        }
        self.sidebar_tab = self.sidebar_tab.map(|tab| tab.trim().to_owned());
        self
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_sidebar_tab_names_a_footer_menu_by_its_title() {
        let mut menus = super::MenuSettings {
            sidebar_tab: Some(" Account ".to_owned()),
            ..super::MenuSettings::default()
        };
        assert_eq!(menus.problem(), None);
        assert_eq!(
            menus.sidebar_menu().map(|m| m.title.as_str()),
            Some("Account")
        );
        assert_eq!(
            menus.clone().trimmed().sidebar_tab.as_deref(),
            Some("Account")
        );
        menus.sidebar_tab = Some("Categories".to_owned());
        assert_eq!(
            menus.problem().as_deref(),
            Some("sidebar_tab \"Categories\" names no footer menu (it names one by its title)")
        );
        assert_eq!(menus.sidebar_menu(), None);
    }

    use super::*;

    fn menus(json: &str) -> MenuSettings {
        serde_json::from_str(json).expect("parses")
    }

    #[test]
    fn the_defaults_are_valid_and_have_sub_menus() {
        let defaults = MenuSettings::default();
        assert_eq!(defaults.problem(), None);
        let shop = &defaults.main[0];
        assert_eq!(shop.label, "Shop");
        assert!(shop.children.iter().any(|c| c.label == "Accessories"));
        assert_eq!(defaults.footer.len(), 4);
    }

    #[test]
    fn a_file_may_set_only_the_main_menu() {
        let only_main = menus(r#"{"main": [{"label": "Sale", "url": "/sale/"}]}"#);
        assert_eq!(only_main.main[0].children, Vec::new());
        assert_eq!(only_main.footer, MenuSettings::default().footer);
        assert_eq!(only_main.problem(), None);
    }

    #[test]
    fn links_are_shop_paths_or_web_addresses_without_markup() {
        for good in [
            "/shop/",
            "/?s=mug&post_type=product",
            "https://example.com/a",
            "http://x.io",
        ] {
            assert_eq!(url_problem(good), None, "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            "//evil.example/",
            "shop/",
            "",
            "https://",
            "/a b/",
            "/\"onmouseover=x",
            "/<script>",
            "data:text/html,hi",
        ] {
            assert!(url_problem(bad).is_some(), "{bad}");
        }
        assert!(url_problem(&format!("/{}", "a".repeat(MAX_URL_CHARS))).is_some());
    }

    #[test]
    fn labels_depth_and_count_are_limited() {
        let empty = menus(r#"{"main": [{"label": "  ", "url": "/"}]}"#);
        assert!(
            empty.problem().is_some_and(|p| p.contains("empty")),
            "{empty:?}"
        );
        let long = MenuSettings {
            main: vec![link(&"x".repeat(MAX_LABEL_CHARS + 1), "/")],
            footer: Vec::new(),
            sidebar_tab: None,
        };
        assert!(
            long.problem()
                .is_some_and(|p| p.contains("longer than 100"))
        );

        let three = menus(
            r#"{"main": [{"label": "A", "url": "/a/", "children": [{"label": "B", "url": "/b/",
                "children": [{"label": "C", "url": "/c/"}]}]}]}"#,
        );
        assert_eq!(three.problem(), None, "three levels are allowed");
        let four = menus(
            r#"{"main": [{"label": "A", "url": "/a/", "children": [{"label": "B", "url": "/b/",
                "children": [{"label": "C", "url": "/c/", "children": [{"label": "D", "url": "/d/"}]}]}]}]}"#,
        );
        assert!(
            four.problem()
                .is_some_and(|p| p.contains("at most 3 levels") && p.contains("\"C\""))
        );

        let many = MenuSettings {
            main: (0..=MAX_ITEMS)
                .map(|i| link(&format!("L{i}"), "/"))
                .collect(),
            footer: Vec::new(),
            sidebar_tab: None,
        };
        assert!(many.problem().is_some_and(|p| p.contains("more than 200")));

        let bad_footer = menus(
            r#"{"footer": [{"title": "Help", "items": [{"label": "Mail", "url": "mailto:a@b.c"}]}]}"#,
        );
        assert!(
            bad_footer
                .problem()
                .is_some_and(|p| p.contains("footer menu \"Help\"") && p.contains("mailto"))
        );
        let untitled = menus(r#"{"footer": [{"title": "", "items": []}]}"#);
        assert!(untitled.problem().is_some_and(|p| p.contains("title")));
    }

    #[test]
    fn stored_menus_are_trimmed() {
        let padded = menus(
            r#"{"main": [{"label": " Sale ", "url": " /sale/ "}], "footer": [{"title": " Help "}]}"#,
        );
        let trimmed = padded.trimmed();
        assert_eq!(trimmed.main[0].label, "Sale");
        assert_eq!(trimmed.main[0].url, "/sale/");
        assert_eq!(trimmed.footer[0].title, "Help");
    }
}
