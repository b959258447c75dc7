//! The shortcodes a content page may use, by name, and the markup each one makes. Markup is
//! written so that everything reads without JavaScript (every accordion panel and tab panel
//! shown, tabs as headed sections, read-more panels open, tooltip text in a `title` and in
//! the page); the browser behaviours of the same names fold it once they attach
//! (web/src/behaviours/content-widgets.ts). To add a shortcode, add a [`Widget`] to
//! [`WIDGETS`] with its renderer (in its own file when it is more than a few lines: the media
//! blocks are in `media.rs`).

use std::fmt::Write as _;

use super::media;
use super::shortcodes::{MAX_ITEMS, Node, Page, ShortcodeError, Tag, escape};

/// Makes a shortcode's HTML from its tag and what it encloses.
pub(crate) type Render = fn(&mut Page, &Tag<'_>, &[Node<'_>]) -> Result<String, ShortcodeError>;

/// One shortcode.
pub(crate) struct Widget {
    pub name: &'static str,
    /// Whether it has a closing tag (`[x]...[/x]`) rather than standing alone.
    pub encloses: bool,
    /// Whether it is a block (its own paragraph) rather than a few words inside one.
    pub block: bool,
    /// The attributes it takes.
    pub attributes: &'static [&'static str],
    /// The shortcode it must sit directly inside, if any (it is then made by that one).
    pub parent: Option<&'static str>,
    /// How it is made; `None` for a part that only its parent makes.
    pub render: Option<Render>,
}

impl Widget {
    /// Refuses attributes this shortcode does not take.
    pub fn check_attributes(&self, tag: &Tag<'_>) -> Result<(), ShortcodeError> {
        for (name, _) in &tag.attributes {
            if !self.attributes.contains(&name.as_str()) {
                let known = if self.attributes.is_empty() {
                    "none".to_owned()
                } else {
                    self.attributes.join(", ")
                };
                return Err(ShortcodeError::at(
                    tag.line,
                    format!(
                        "[{}] has no attribute {name:?} (it takes: {known})",
                        self.name
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Every shortcode, by name.
pub(crate) const WIDGETS: &[Widget] = &[
    Widget {
        name: "accordion",
        encloses: true,
        block: true,
        attributes: &["single"],
        parent: None,
        render: Some(accordion),
    },
    Widget {
        name: "accordion-item",
        encloses: true,
        block: true,
        attributes: &["title", "open", "anchor"],
        parent: Some("accordion"),
        render: None,
    },
    Widget {
        name: "tabgroup",
        encloses: true,
        block: true,
        attributes: &["title"],
        parent: None,
        render: Some(tabgroup),
    },
    Widget {
        name: "tab",
        encloses: true,
        block: true,
        attributes: &["title", "anchor"],
        parent: Some("tabgroup"),
        render: None,
    },
    Widget {
        name: "read_more",
        encloses: true,
        block: true,
        attributes: &[],
        parent: None,
        render: Some(read_more),
    },
    Widget {
        name: "tooltip",
        encloses: true,
        block: false,
        attributes: &["title"],
        parent: None,
        render: Some(tooltip),
    },
    Widget {
        name: "scroll_to",
        encloses: false,
        block: true,
        attributes: &["title", "link", "bullet"],
        parent: None,
        render: Some(scroll_to),
    },
    Widget {
        name: "lightbox",
        encloses: true,
        block: true,
        attributes: &["id", "panel", "title"],
        parent: None,
        render: Some(media::lightbox),
    },
    Widget {
        name: "video",
        encloses: false,
        block: true,
        attributes: &["src", "poster", "width", "height", "title"],
        parent: None,
        render: Some(media::video),
    },
    Widget {
        name: "lottie",
        encloses: false,
        block: true,
        attributes: &[
            "src",
            "width",
            "height",
            "label",
            "autoplay",
            "controls",
            "direction",
            "start",
            "end",
            "loop",
            "speed",
            "trigger",
            "mouseout",
            "scroll_action",
            "visibility_start",
            "visibility_end",
        ],
        parent: None,
        render: Some(media::lottie),
    },
    Widget {
        name: "gallery",
        encloses: true,
        block: true,
        attributes: &["title"],
        parent: None,
        render: Some(media::gallery),
    },
    Widget {
        name: "image",
        encloses: false,
        block: true,
        attributes: &["src", "width", "height", "alt"],
        parent: Some("gallery"),
        render: None,
    },
];

/// The shortcode named `name`.
pub(crate) fn find(name: &str) -> Option<&'static Widget> {
    WIDGETS.iter().find(|w| w.name == name)
}

/// The value of a required attribute, trimmed and not empty.
pub(crate) fn required<'t>(tag: &'t Tag<'_>, name: &str) -> Result<&'t str, ShortcodeError> {
    match tag.get(name).map(str::trim) {
        Some(value) if !value.is_empty() => Ok(value),
        _ => Err(ShortcodeError::at(
            tag.line,
            format!("[{}] needs a {name}=\"...\"", tag.name),
        )),
    }
}

/// A yes/no attribute: absent is `default`; written alone, `true` or `1` is yes; `false` or
/// `0` is no.
pub(crate) fn flag(tag: &Tag<'_>, name: &str, default: bool) -> Result<bool, ShortcodeError> {
    match tag.get(name).map(str::trim) {
        None => Ok(default),
        Some("" | "true" | "1" | "yes") => Ok(true),
        Some("false" | "0" | "no") => Ok(false),
        Some(other) => Err(ShortcodeError::at(
            tag.line,
            format!("{name}={other:?} on [{}] must be true or false", tag.name),
        )),
    }
}

/// The items of a group (`[accordion]`'s `[accordion-item]`s, `[tabgroup]`'s `[tab]`s):
/// nothing but white space may sit between them, and there are 1 to [`MAX_ITEMS`].
pub(crate) fn items<'n, 'a>(
    tag: &Tag<'_>,
    children: &'n [Node<'a>],
    item: &str,
) -> Result<Vec<(&'n Tag<'a>, &'n [Node<'a>])>, ShortcodeError> {
    let mut out = Vec::new();
    for child in children {
        match child {
            Node::Text(text) if text.trim().is_empty() => {}
            Node::Text(_) => {
                return Err(ShortcodeError::at(
                    tag.line,
                    format!(
                        "[{}] may hold only [{item}]s; put text inside them",
                        tag.name
                    ),
                ));
            }
            Node::Shortcode(inner, grandchildren) if inner.name == item => {
                find(item)
                    .expect("items are shortcodes")
                    .check_attributes(inner)?;
                out.push((inner, grandchildren.as_slice()));
            }
            Node::Shortcode(inner, _) => {
                return Err(ShortcodeError::at(
                    inner.line,
                    format!(
                        "[{}] may hold only [{item}]s, not [{}]",
                        tag.name, inner.name
                    ),
                ));
            }
        }
    }
    if out.is_empty() || out.len() > MAX_ITEMS {
        return Err(ShortcodeError::at(
            tag.line,
            format!("[{}] needs 1 to {MAX_ITEMS} [{item}]s", tag.name),
        ));
    }
    Ok(out)
}

/// `[accordion]`: each item a heading with a button that opens its panel (WAI-ARIA
/// accordion); the item's id is its anchor. Every button says expanded, which is true until
/// the behaviour attaches (every panel shows without JavaScript); items marked `open` carry
/// `is-open`, which is what the behaviour, and the CSS before it, leave open. A `single`
/// accordion (`data-single`) keeps one item open at a time: only its first `open` item
/// starts open.
fn accordion(
    page: &mut Page,
    tag: &Tag<'_>,
    children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let single = flag(tag, "single", false)?;
    let mut html = format!(
        "<div class=\"accordion\" data-behaviour=\"accordion\"{}>\n",
        if single { " data-single" } else { "" }
    );
    let mut opened = false;
    for (item, inner) in items(tag, children, "accordion-item")? {
        let title = required(item, "title")?;
        let open = flag(item, "open", false)? && !(single && opened);
        opened |= open;
        let id = page.claim_id(item.get("anchor"), title, &["-button", "-panel"], item.line)?;
        let body = page.render(inner)?;
        let title = escape(title);
        let _ = write!(
            html,
            "<div class=\"accordion__item{open_class}\" id=\"{id}\">\
             <h3 class=\"accordion__heading\"><button type=\"button\" class=\"accordion__button\" \
             id=\"{id}-button\" aria-expanded=\"true\" aria-controls=\"{id}-panel\">{title}</button></h3>\
             <div class=\"accordion__panel\" id=\"{id}-panel\" role=\"region\" aria-labelledby=\"{id}-button\">\n{body}</div></div>\n",
            open_class = if open { " is-open" } else { "" },
        );
    }
    html.push_str("</div>\n");
    Ok(html)
}

/// `[tabgroup]`: a WAI-ARIA tab set, the first tab selected. Without JavaScript the tab list
/// is hidden and each panel shows its own heading.
fn tabgroup(
    page: &mut Page,
    tag: &Tag<'_>,
    children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let tabs = items(tag, children, "tab")?;
    let mut html = String::from("<div class=\"tabs\" data-behaviour=\"tabs\">\n");
    let label = match tag.get("title").map(str::trim).filter(|t| !t.is_empty()) {
        Some(title) => {
            let id = page.claim_id(None, &format!("{title}-tabs"), &[], tag.line)?;
            let _ = writeln!(
                html,
                "<h3 class=\"tabs__title\" id=\"{id}\">{}</h3>",
                escape(title)
            );
            format!(" aria-labelledby=\"{id}\"")
        }
        None => String::new(),
    };
    let mut list = String::new();
    let mut panels = String::new();
    for (index, (tab, inner)) in tabs.into_iter().enumerate() {
        let title = required(tab, "title")?;
        let id = page.claim_id(tab.get("anchor"), title, &["-tab"], tab.line)?;
        let body = page.render(inner)?;
        let title = escape(title);
        let selected = index == 0;
        let _ = write!(
            list,
            "<button type=\"button\" class=\"tabs__tab\" role=\"tab\" id=\"{id}-tab\" aria-controls=\"{id}\" \
             aria-selected=\"{selected}\" tabindex=\"{tabindex}\">{title}</button>",
            tabindex = if selected { 0 } else { -1 },
        );
        let _ = write!(
            panels,
            "<div class=\"tabs__panel{selected_class}\" id=\"{id}\" role=\"tabpanel\" aria-labelledby=\"{id}-tab\" tabindex=\"0\">\
             <h3 class=\"tabs__heading\">{title}</h3>\n{body}</div>\n",
            selected_class = if selected { " is-selected" } else { "" },
        );
    }
    let _ = writeln!(
        html,
        "<div class=\"tabs__list\" role=\"tablist\"{label}>{list}</div>"
    );
    html.push_str(&panels);
    html.push_str("</div>\n");
    Ok(html)
}

/// `[read_more]`: a panel folded to 200 px behind a 'Read more ▼' button (SPEC §4.11); open
/// without JavaScript.
fn read_more(
    page: &mut Page,
    tag: &Tag<'_>,
    children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let id = page.claim_id(None, "read-more", &[], tag.line)?;
    let body = page.render(children)?;
    Ok(format!(
        "<div class=\"read-more\" data-behaviour=\"read-more\">\
         <div class=\"read-more__content\" id=\"{id}\">\n{body}</div>\
         <button type=\"button\" class=\"read-more__button\" aria-expanded=\"false\" aria-controls=\"{id}\">Read more ▼</button></div>\n"
    ))
}

/// `[tooltip title="..."]words[/tooltip]`: the words, focusable, described by the title.
/// Without JavaScript the title is the words' `title` and sits in the page, visually hidden.
fn tooltip(
    page: &mut Page,
    tag: &Tag<'_>,
    children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let title = required(tag, "title")?;
    if let Some(Node::Shortcode(inner, _)) =
        children.iter().find(|c| matches!(c, Node::Shortcode(..)))
    {
        return Err(ShortcodeError::at(
            inner.line,
            format!("[tooltip] holds only words, not [{}]", inner.name),
        ));
    }
    let body = page.render(children)?;
    let body = body.trim();
    let words = body
        .strip_prefix("<p>")
        .and_then(|b| b.strip_suffix("</p>"))
        .unwrap_or(body);
    if words.is_empty()
        || words.contains("<p>")
        || ["<ul", "<ol", "<h", "<table", "<blockquote", "<pre", "<div"]
            .iter()
            .any(|b| words.contains(b))
    {
        return Err(ShortcodeError::at(
            tag.line,
            "[tooltip] holds a few words of text, not empty or block content",
        ));
    }
    let id = page.claim_id(None, "tooltip", &[], tag.line)?;
    let title = escape(title);
    Ok(format!(
        "<span class=\"tooltip\" data-behaviour=\"tooltip\"><span class=\"tooltip__trigger\" tabindex=\"0\" title=\"{title}\" \
         aria-describedby=\"{id}\">{words}</span><span class=\"tooltip__bubble\" role=\"tooltip\" id=\"{id}\">{title}</span></span>"
    ))
}

/// `[scroll_to title="..." link="anchor" bullet="true"]`: a point of the page that links and
/// the bullet navigation lead to; its anchor is `link`, else made from the title.
fn scroll_to(
    page: &mut Page,
    tag: &Tag<'_>,
    _children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let title = required(tag, "title")?;
    let bullet = flag(tag, "bullet", true)?;
    let link = tag.get("link").map(str::trim).filter(|l| !l.is_empty());
    let id = page.claim_id(link, title, &[], tag.line)?;
    if bullet {
        page.bullets.push((id.clone(), title.to_owned()));
    }
    Ok(format!(
        "<span class=\"scroll-to\" id=\"{id}\" data-scroll-title=\"{}\"></span>\n",
        escape(title)
    ))
}

/// The side navigation with a bullet for each `[scroll_to]` that asks for one.
pub(crate) fn bullet_nav(bullets: &[(String, String)]) -> String {
    let mut html = String::from(
        "<nav class=\"scroll-bullets\" aria-label=\"Sections of this page\" data-behaviour=\"scroll-sections\"><ul>",
    );
    for (id, title) in bullets {
        let _ = write!(
            html,
            "<li><a class=\"scroll-bullets__link\" href=\"#{id}\"><span class=\"scroll-bullets__label\">{}</span></a></li>",
            escape(title)
        );
    }
    html.push_str("</ul></nav>\n");
    html
}
