//! Content pages (privacy policy, terms, about, contact, shipping and returns): what a page
//! is made of and the rules for storing one. A merchant writes a page in Markdown or in HTML;
//! either way it is kept as the source they wrote and as sanitised HTML, made once when the
//! page is saved, so showing a page costs no parsing.

use std::fmt;

use serde::{Deserialize, Serialize};

mod media;
pub mod shortcodes;
mod widgets;

pub use shortcodes::ShortcodeError;

/// The longest page source accepted (a long terms page is about 60 KB).
pub const MAX_SOURCE_BYTES: usize = 256 * 1024;
/// The longest page title.
pub const MAX_TITLE_CHARS: usize = 200;
/// The longest meta description (search engines show about 160 characters).
pub const MAX_DESCRIPTION_CHARS: usize = 320;
/// The longest slug.
pub const MAX_SLUG_CHARS: usize = 64;

/// First path segments the shop's own pages use: a content page cannot take them.
const RESERVED_SLUGS: [&str; 16] = [
    "assets",
    "cart",
    "checkout",
    "feed",
    "healthz",
    "media",
    "my-account",
    "product",
    "product-category",
    "product-tag",
    "robots.txt",
    "shop",
    "sitemap.xml",
    "wp-admin",
    "wp-json",
    "wp-login.php",
];

/// How a page's source is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceFormat {
    /// CommonMark with tables and strikethrough; HTML inside it is sanitised like HTML.
    Markdown,
    /// HTML, sanitised.
    Html,
}

impl SourceFormat {
    /// The format named `name` (`markdown`, `md` or `html`).
    pub fn parse(name: &str) -> Option<Self> {
        match name.trim().to_ascii_lowercase().as_str() {
            "markdown" | "md" => Some(SourceFormat::Markdown),
            "html" | "htm" => Some(SourceFormat::Html),
            _ => None,
        }
    }

    /// The name stored with the page.
    pub fn as_str(self) -> &'static str {
        match self {
            SourceFormat::Markdown => "markdown",
            SourceFormat::Html => "html",
        }
    }
}

/// Why a page cannot be saved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContentError {
    /// The slug is empty, too long, holds other characters than `a-z`, `0-9` and `-`, or is
    /// one the shop uses itself.
    #[error(
        "the slug {0:?} is not usable: lower-case letters, digits and dashes, at most {MAX_SLUG_CHARS}, not one of the shop's own paths"
    )]
    Slug(String),
    /// The title is empty or too long.
    #[error("the title must be 1 to {MAX_TITLE_CHARS} characters")]
    Title,
    /// The description is too long.
    #[error("the description may be at most {MAX_DESCRIPTION_CHARS} characters")]
    Description,
    /// The source is too large.
    #[error("the page is larger than {MAX_SOURCE_BYTES} bytes")]
    TooLarge,
    /// A shortcode is unknown, unclosed, mis-nested or wrongly written.
    #[error("shortcode error at {0}")]
    Shortcode(ShortcodeError),
}

/// A page ready to be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentPage {
    /// Its path segment: the page lives at `/{slug}/`.
    pub slug: String,
    /// Its title (the `<h1>` and the document title).
    pub title: String,
    /// The meta description ("" for none).
    pub description: String,
    /// How `source` is written.
    pub format: SourceFormat,
    /// What the merchant wrote.
    pub source: String,
    /// The sanitised HTML shown.
    pub html: String,
}

impl fmt::Display for ContentPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "/{}/ {}", self.slug, self.title)
    }
}

/// Whether `slug` may name a content page.
pub fn check_slug(slug: &str) -> Result<(), ContentError> {
    let shape_ok = !slug.is_empty()
        && slug.len() <= MAX_SLUG_CHARS
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-');
    if !shape_ok || RESERVED_SLUGS.contains(&slug) {
        return Err(ContentError::Slug(slug.to_owned()));
    }
    Ok(())
}

/// Checks a page and makes its HTML.
pub fn prepare(
    slug: &str,
    title: &str,
    description: &str,
    format: SourceFormat,
    source: &str,
) -> Result<ContentPage, ContentError> {
    check_slug(slug)?;
    let title = title.trim();
    if title.is_empty() || title.chars().count() > MAX_TITLE_CHARS {
        return Err(ContentError::Title);
    }
    let description = description.trim();
    if description.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(ContentError::Description);
    }
    if source.len() > MAX_SOURCE_BYTES {
        return Err(ContentError::TooLarge);
    }
    Ok(ContentPage {
        slug: slug.to_owned(),
        title: title.to_owned(),
        description: description.to_owned(),
        format,
        source: source.to_owned(),
        html: shortcodes::page_html(format, source).map_err(ContentError::Shortcode)?,
    })
}

/// The sanitised HTML of `source`, shortcodes left as text (a content page's own HTML is
/// [`shortcodes::page_html`], which makes them into widgets).
pub fn to_html(format: SourceFormat, source: &str) -> String {
    let raw = match format {
        SourceFormat::Html => source.to_owned(),
        SourceFormat::Markdown => {
            use pulldown_cmark::{Options, Parser, html};
            let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
            let mut out = String::with_capacity(source.len() * 3 / 2);
            html::push_html(&mut out, Parser::new_ext(source, options));
            out
        }
    };
    sanitise(&raw)
}

/// Keeps the tags and attributes a content page may use (ammonia's defaults: text structure,
/// lists, tables, links and images, no scripts, styles, forms or event handlers), with links
/// to other sites marked `noopener noreferrer`, and the page's own `h1` turned into `h2`
/// (the layout gives the page its single `h1`).
fn sanitise(html: &str) -> String {
    let cleaned = ammonia::Builder::default()
        .link_rel(Some("noopener noreferrer"))
        .url_schemes(["http", "https", "mailto", "tel"].into_iter().collect())
        .clean(html)
        .to_string();
    mark_inline_films(&cleaned.replace("<h1>", "<h2>").replace("</h1>", "</h2>"))
}

/// Sanitised HTML with each link to an `.mp4` file marked for the video-link behaviour
/// (SPEC §2.1: such a link plays inline); without JavaScript it stays a link to the file.
fn mark_inline_films(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("<a ") {
        let Some(len) = rest[start..].find('>') else {
            break;
        };
        let tag = &rest[start..start + len];
        out.push_str(&rest[..start + len]);
        let href = tag
            .split_once(" href=\"")
            .and_then(|(_, value)| value.split_once('"'))
            .map(|(value, _)| value);
        let is_film = href.is_some_and(|url| {
            let path = url.split(['?', '#']).next().unwrap_or("");
            path.len() > 4 && path.to_ascii_lowercase().ends_with(".mp4")
        });
        if is_film {
            out.push_str(r#" data-behaviour="video-link" data-open="inline""#);
        }
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    out
}

/// The text of `html` for a meta description or a link preview: tags dropped, entities read,
/// white space collapsed, cut at a word boundary to at most `max_chars` characters (with an
/// ellipsis when cut).
pub fn plain_text(html: &str, max_chars: usize) -> String {
    // Block ends become spaces, so "<p>One</p><p>Two</p>" does not read "OneTwo".
    let spaced = html.replace('<', " <");
    let text = ammonia::Builder::empty()
        .clean_content_tags(["script", "style"].into_iter().collect())
        .clean(&spaced)
        .to_string();
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    let words: Vec<&str> = text.split_whitespace().collect();
    let whole = words.join(" ");
    if whole.chars().count() <= max_chars {
        return whole;
    }
    let mut out = String::new();
    for word in words {
        let next = if out.is_empty() {
            word.chars().count()
        } else {
            out.chars().count() + 1 + word.chars().count()
        };
        if next + 1 > max_chars {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        out = whole.chars().take(max_chars.saturating_sub(1)).collect();
    }
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_to_mp4_files_are_marked_to_play_inline() {
        assert_eq!(
            mark_inline_films(
                r#"<p><a href="/media/film.MP4?v=2" rel="noopener">Watch</a> and <a href="/about/">about</a>.</p>"#
            ),
            r#"<p><a href="/media/film.MP4?v=2" rel="noopener" data-behaviour="video-link" data-open="inline">Watch</a> and <a href="/about/">about</a>.</p>"#
        );
        assert_eq!(mark_inline_films("<p>no links</p>"), "<p>no links</p>");
        assert_eq!(mark_inline_films("<a "), "<a ");
        // Every page's HTML goes through it: a Markdown link to a film in a content page.
        assert!(
            to_html(
                SourceFormat::Markdown,
                "[Watch the film](/media/demo/studio.mp4)"
            )
            .contains(r#"data-behaviour="video-link" data-open="inline">Watch the film</a>"#)
        );
    }

    #[test]
    fn plain_text_reads_like_a_sentence() {
        assert_eq!(
            plain_text(
                "<p>Soft <strong>organic</strong> cotton &amp; a relaxed fit.</p><p>Printed to order.</p>",
                200
            ),
            "Soft organic cotton & a relaxed fit. Printed to order."
        );
        assert_eq!(plain_text("<script>alert(1)</script>Hi", 50), "Hi");
        assert_eq!(plain_text("one two three four", 12), "one two…");
        assert_eq!(plain_text("abcdefghijkl", 5), "abcd…");
        assert!(plain_text(&"word ".repeat(100), 160).chars().count() <= 160);
    }

    #[test]
    fn markdown_becomes_html_with_one_page_heading() {
        let page = prepare(
            "about",
            " About us ",
            "Who we are",
            SourceFormat::Markdown,
            "# About\n\nWe **print** shirts.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[Mail](mailto:hi@example.com)",
        )
        .expect("a good page");
        assert_eq!(page.title, "About us");
        assert!(page.html.contains("<h2>About</h2>"), "{}", page.html);
        assert!(page.html.contains("<strong>print</strong>"));
        assert!(page.html.contains("<table>"));
        assert!(page.html.contains("href=\"mailto:hi@example.com\""));
        assert!(!page.html.contains("<h1"));
    }

    #[test]
    fn hostile_markup_is_removed_from_both_formats() {
        let hostile = "<p onclick=\"x()\">Hi</p><script>alert(1)</script><a href=\"javascript:alert(1)\">x</a><img src=x onerror=alert(1)><style>body{}</style><iframe src=\"https://evil.example\"></iframe>";
        for format in [SourceFormat::Html, SourceFormat::Markdown] {
            let html = to_html(format, hostile);
            for bad in [
                "onclick",
                "<script",
                "javascript:",
                "onerror",
                "<style",
                "<iframe",
            ] {
                assert!(!html.contains(bad), "{format:?} kept {bad}: {html}");
            }
            assert!(html.contains("Hi"), "{html}");
        }
    }

    #[test]
    fn links_elsewhere_do_not_get_the_opener() {
        let html = to_html(SourceFormat::Html, "<a href=\"https://example.com\">x</a>");
        assert!(html.contains("rel=\"noopener noreferrer\""), "{html}");
    }

    #[test]
    fn slugs_are_plain_and_not_the_shops_own() {
        for good in ["privacy-policy", "terms", "about", "a1"] {
            assert!(check_slug(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "Terms",
            "terms/",
            "../x",
            "-x",
            "x-",
            "a b",
            "shop",
            "cart",
            "my-account",
            "wp-admin",
            "é",
        ] {
            assert!(check_slug(bad).is_err(), "{bad}");
        }
        assert!(check_slug(&"a".repeat(MAX_SLUG_CHARS + 1)).is_err());
    }

    #[test]
    fn limits_are_enforced() {
        let md = SourceFormat::Markdown;
        assert_eq!(prepare("a", "", "", md, "x"), Err(ContentError::Title));
        let long_title = "t".repeat(MAX_TITLE_CHARS + 1);
        assert_eq!(
            prepare("a", &long_title, "", md, "x"),
            Err(ContentError::Title)
        );
        let long_description = "d".repeat(MAX_DESCRIPTION_CHARS + 1);
        assert_eq!(
            prepare("a", "A", &long_description, md, "x"),
            Err(ContentError::Description)
        );
        let huge = "x".repeat(MAX_SOURCE_BYTES + 1);
        assert_eq!(
            prepare("a", "A", "", md, &huge),
            Err(ContentError::TooLarge)
        );
    }

    #[test]
    fn formats_are_named() {
        assert_eq!(SourceFormat::parse("MD"), Some(SourceFormat::Markdown));
        assert_eq!(SourceFormat::parse("html"), Some(SourceFormat::Html));
        assert_eq!(SourceFormat::parse("pdf"), None);
        assert_eq!(SourceFormat::Markdown.as_str(), "markdown");
    }
}
