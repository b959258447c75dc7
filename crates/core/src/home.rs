//! The home page's layout (issue 14): an ordered list of sections the merchant configures,
//! stored as the `home` option and set with `mercato settings set home` (docs/home-page.md).
//!
//! Every section is a tagged object (`{"type": "hero_slider", ...}`). The layout is checked
//! before it is stored ([`HomeLayout::problem`]): counts, text lengths, links (a shop path or
//! an http(s) URL), image sizes (width and height are required, so pictures take their place
//! before they load) and product sources. Plain text is escaped by the templates; the one
//! rich text field (`text_image.text`, Markdown) goes through the content pages' sanitiser.
//! The default is the demo shop's home page.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::content::{SourceFormat, to_html};

/// The option's name.
pub const OPTION: &str = "home";

/// Sections on one home page at most.
pub const MAX_SECTIONS: usize = 30;
/// Slides in one hero slider at most.
pub const MAX_SLIDES: usize = 8;
/// Banners in one banner grid at most.
pub const MAX_BANNERS: usize = 6;
/// Tiles in one category tiles section at most.
pub const MAX_TILES: usize = 12;
/// Products in one product grid at most.
pub const MAX_PRODUCTS: u32 = 24;
/// Numbers in one counters section at most.
pub const MAX_COUNTERS: usize = 6;
/// Testimonials in one section at most.
pub const MAX_TESTIMONIALS: usize = 12;
/// Characters of a heading at most.
pub const MAX_HEADING_CHARS: usize = 120;
/// Characters of a short text (a slide's or a banner's line, a testimonial's author) at most.
pub const MAX_SHORT_CHARS: usize = 300;
/// Characters of a button's or a counter's label at most.
pub const MAX_LABEL_CHARS: usize = 60;
/// Characters of a testimonial's quote at most.
pub const MAX_QUOTE_CHARS: usize = 600;
/// Bytes of a text-and-image section's Markdown at most.
pub const MAX_TEXT_BYTES: usize = 4_000;
/// Characters of a link or an image address at most.
pub const MAX_URL_CHARS: usize = 2_048;
/// The largest width or height an image may declare, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 4_000;
/// The hero slider's interval bounds, in seconds.
pub const INTERVAL_SECONDS: std::ops::RangeInclusive<u32> = 3..=30;
/// The largest number a counter shows.
pub const MAX_COUNTER_VALUE: u64 = 999_999_999;

/// The home page: its sections, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HomeLayout {
    /// The sections, top to bottom.
    pub sections: Vec<Section>,
}

/// One section of the home page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Section {
    /// Large slides with a heading, a line and a button.
    HeroSlider {
        /// The slides, first shown first (and alone without JavaScript on small screens).
        slides: Vec<Slide>,
        /// Move on by itself (never for visitors who ask for reduced motion).
        #[serde(default)]
        autoplay: bool,
        /// Seconds between slides when it moves on by itself.
        #[serde(default = "default_interval")]
        interval_seconds: u32,
    },
    /// Pictures with a title, each a link (collections, campaigns).
    BannerGrid {
        /// The section's heading; empty: the banners' titles speak for themselves.
        #[serde(default)]
        heading: String,
        /// The banners.
        banners: Vec<Banner>,
    },
    /// Links to categories, with their pictures.
    CategoryTiles {
        /// The section's heading.
        heading: String,
        /// The tiles; a category that does not exist (any more) is left out.
        tiles: Vec<CategoryTile>,
    },
    /// Product cards chosen by a rule.
    ProductGrid {
        /// The section's heading.
        heading: String,
        /// Which products.
        source: ProductSource,
        /// How many at most.
        #[serde(default = "default_limit")]
        limit: u32,
        /// A link under the grid ("Shop all tees").
        #[serde(default)]
        link: Option<Button>,
    },
    /// A picture beside a heading, some text and a button.
    TextImage {
        /// The heading.
        heading: String,
        /// The text, Markdown (sanitised like a content page).
        text: String,
        /// The picture.
        image: HomeImage,
        /// Which side the picture is on, on wide screens.
        #[serde(default)]
        image_side: Side,
        /// A button under the text.
        #[serde(default)]
        button: Option<Button>,
    },
    /// Big numbers that count up when they come into view.
    Counters {
        /// The section's heading.
        heading: String,
        /// The numbers.
        items: Vec<Counter>,
    },
    /// What customers said.
    Testimonials {
        /// The section's heading.
        heading: String,
        /// The quotes.
        items: Vec<Testimonial>,
    },
    /// Photos from the shop's social account, loaded when the block comes into view.
    SocialFeed {
        /// The section's heading.
        heading: String,
        /// The feed's name (`[a-z0-9_]`, at most 40): the request is
        /// `admin-ajax.php?action=mercato_load_{feed}`.
        feed: String,
        /// A link to the account ("Follow @mercato").
        #[serde(default)]
        link: Option<Button>,
    },
    /// Thumbnails that open a gallery lightbox (the product gallery's).
    Gallery {
        /// The section's heading.
        heading: String,
        /// The pictures, in order; each needs its alt text (the thumbnail link's name).
        images: Vec<HomeImage>,
    },
    /// A banner over a muted, looping background video, with an optional "Watch" link to a
    /// film that plays inline or in a video lightbox.
    Video {
        /// The banner's heading.
        heading: String,
        /// A line under it.
        #[serde(default)]
        text: String,
        /// The background video: an `.mp4` file.
        src: String,
        /// The still shown before it plays, and instead of it with reduced motion.
        poster: HomeImage,
        /// A button under the text.
        #[serde(default)]
        button: Option<Button>,
        /// A link to a film (`.mp4`) to watch with sound.
        #[serde(default)]
        watch: Option<WatchLink>,
    },
    /// A vector (lottie) animation with the settings of SPEC §3.5.
    Lottie {
        /// The section's heading; empty: the animation's label names the section.
        #[serde(default)]
        heading: String,
        /// The animation's JSON, a file of this shop's media (`/media/....json`).
        src: String,
        /// What it shows, for screen readers.
        label: String,
        /// The size it is drawn at; the place is reserved before the player loads.
        width: u32,
        /// See `width`.
        height: u32,
        /// The player's settings.
        #[serde(flatten)]
        settings: LottieSettings,
    },
    /// Content shown in a lightbox or an off-canvas panel, opened by any link to `#id`.
    Lightbox {
        /// The element's id, which links name (`#size-guide`).
        id: String,
        /// The panel's heading (its name).
        heading: String,
        /// The content, Markdown (sanitised like a content page).
        text: String,
        /// A lightbox in the middle, or a panel from the left or the right edge.
        #[serde(default)]
        panel: PanelKind,
    },
}

/// The "Watch" link of a video section.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WatchLink {
    /// Its text ("Watch the film").
    pub label: String,
    /// The film: an `.mp4` file.
    pub src: String,
    /// Where it plays.
    #[serde(default)]
    pub open: VideoOpen,
}

/// Where a linked film plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VideoOpen {
    /// A video player in place of the link.
    #[default]
    Inline,
    /// A video lightbox.
    Lightbox,
}

/// How a lightbox section is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PanelKind {
    /// A dialog in the middle of the screen.
    #[default]
    Lightbox,
    /// A panel sliding in from the left edge.
    OffcanvasLeft,
    /// A panel sliding in from the right edge.
    OffcanvasRight,
}

/// A vector animation's settings (SPEC §3.5), with the player's defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LottieSettings {
    /// Play as soon as it is shown (never for visitors who ask for reduced motion).
    #[serde(default)]
    pub autoplay: bool,
    /// Show a Play / Pause button.
    #[serde(default)]
    pub controls: bool,
    /// Forwards or backwards.
    #[serde(default)]
    pub direction: LottieDirection,
    /// Where it starts, in percent of its frames.
    #[serde(default)]
    pub start: u8,
    /// Where it ends, in percent of its frames.
    #[serde(default = "hundred")]
    pub end: u8,
    /// Start again at the end.
    #[serde(default, rename = "loop")]
    pub repeat: bool,
    /// Playback speed, 0.1–5 (1 is as drawn).
    #[serde(default = "one")]
    pub speed: f64,
    /// What starts it besides `autoplay`.
    #[serde(default)]
    pub trigger: LottieTrigger,
    /// With the hover trigger: what leaving it does.
    #[serde(default)]
    pub mouseout: LottieMouseout,
    /// With the scroll trigger: play once in view, or follow the scroll position.
    #[serde(default)]
    pub scroll_action: ScrollAction,
    /// With the scroll trigger: where in the viewport (percent from its bottom) it starts.
    #[serde(default)]
    pub visibility_start: u8,
    /// And where it ends.
    #[serde(default = "hundred")]
    pub visibility_end: u8,
}

/// Which way an animation plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LottieDirection {
    /// From start to end.
    #[default]
    Forward,
    /// From end to start.
    Reverse,
}

/// What starts an animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LottieTrigger {
    /// Only `autoplay` or the controls.
    #[default]
    None,
    /// Coming into view (or the scroll position, see `scroll_action`).
    Scroll,
    /// The pointer over it.
    Hover,
    /// A click (or Enter / Space): plays, or pauses while playing.
    Click,
}

/// What leaving a hover-triggered animation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LottieMouseout {
    /// It stops where it is.
    #[default]
    None,
    /// It plays back to its start.
    Reverse,
}

/// What scrolling does to a scroll-triggered animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScrollAction {
    /// It plays once it comes into view.
    #[default]
    Play,
    /// Its frame follows the scroll position between the visibility bounds.
    Seek,
}

fn hundred() -> u8 {
    100
}

fn one() -> f64 {
    1.0
}

/// Pictures in one gallery at most.
pub const MAX_GALLERY_IMAGES: usize = 24;
/// The slowest and fastest an animation may play.
pub const LOTTIE_SPEED: std::ops::RangeInclusive<f64> = 0.1..=5.0;

/// Whether `id` may be a lightbox's id: a lower-case letter, then up to 39 lower-case letters,
/// digits or dashes, and not `home-...` (the page's own section ids).
pub fn is_lightbox_id(id: &str) -> bool {
    id.len() <= 40
        && id.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !id.starts_with("home-")
}

/// Whether `url` is an allowed address whose path ends in `.{extension}`.
pub fn has_extension(url: &str, extension: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or("");
    path.len() > extension.len() + 1
        && path
            .to_ascii_lowercase()
            .ends_with(&format!(".{extension}"))
}

fn default_interval() -> u32 {
    6
}

fn default_limit() -> u32 {
    8
}

/// One slide of the hero slider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Slide {
    /// The slide's heading.
    pub heading: String,
    /// A line under it.
    #[serde(default)]
    pub text: String,
    /// The picture behind it (usually decorative: `alt` empty).
    pub image: HomeImage,
    /// Its button.
    #[serde(default)]
    pub button: Option<Button>,
}

/// A banner of a banner grid.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Banner {
    /// The banner's title (the link's name).
    pub title: String,
    /// A line under it.
    #[serde(default)]
    pub text: String,
    /// Where it goes.
    pub url: String,
    /// The picture.
    pub image: HomeImage,
}

/// One category tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CategoryTile {
    /// The category's slug.
    pub category: String,
    /// A picture for the tile; without one the category's own picture is used.
    #[serde(default)]
    pub image: Option<HomeImage>,
}

/// A link shown as a button.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Button {
    /// Its text.
    pub label: String,
    /// Where it goes.
    pub url: String,
}

/// A picture with the size it is drawn at (so the page does not move when it loads).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HomeImage {
    /// A shop path (`/media/...`) or an http(s) URL.
    pub src: String,
    /// Intrinsic width in pixels.
    pub width: u32,
    /// Intrinsic height in pixels.
    pub height: u32,
    /// Alternative text; empty for a decorative picture.
    #[serde(default)]
    pub alt: String,
}

/// Left or right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The picture first.
    #[default]
    Left,
    /// The text first.
    Right,
}

/// One counter: a number with a label.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Counter {
    /// The number it counts up to.
    pub value: u64,
    /// Text before the number (`$`).
    #[serde(default)]
    pub prefix: String,
    /// Text after the number (`+`, `%`, `k`).
    #[serde(default)]
    pub suffix: String,
    /// What it counts.
    pub label: String,
}

/// One testimonial.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Testimonial {
    /// What the customer said.
    pub quote: String,
    /// Who.
    pub name: String,
    /// Where from, or what they bought.
    #[serde(default)]
    pub detail: String,
    /// Stars, 1–5.
    #[serde(default)]
    pub rating: Option<u8>,
}

/// Which products a product grid shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum ProductSource {
    /// The featured products, in the merchant's order.
    Featured,
    /// The newest first.
    Newest,
    /// Those on sale now.
    OnSale,
    /// The most sold, from paid orders' lines.
    BestSellers,
    /// A category (with its subcategories), by slug.
    Category(String),
}

impl fmt::Display for ProductSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProductSource::Featured => f.write_str("featured"),
            ProductSource::Newest => f.write_str("newest"),
            ProductSource::OnSale => f.write_str("on_sale"),
            ProductSource::BestSellers => f.write_str("best_sellers"),
            ProductSource::Category(slug) => write!(f, "category:{slug}"),
        }
    }
}

impl TryFrom<String> for ProductSource {
    type Error = String;

    fn try_from(value: String) -> Result<Self, Self::Error> {
        Ok(match value.as_str() {
            "featured" => ProductSource::Featured,
            "newest" => ProductSource::Newest,
            "on_sale" => ProductSource::OnSale,
            "best_sellers" => ProductSource::BestSellers,
            other => match other.strip_prefix("category:") {
                Some(slug) if is_slug(slug) => ProductSource::Category(slug.to_owned()),
                _ => {
                    return Err(format!(
                        "unknown product source {value:?}: use featured, newest, on_sale, best_sellers or category:<slug>"
                    ));
                }
            },
        })
    }
}

impl From<ProductSource> for String {
    fn from(source: ProductSource) -> String {
        source.to_string()
    }
}

/// A category or feed slug: lower-case letters, digits and dashes, at most 200 bytes.
fn is_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 200
        && slug.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_' || b >= 0x80
        })
}

/// Whether `url` may be a link or an image address on the home page: a path of this shop
/// (`/shop/`, not `//host`) or an absolute http(s) URL, without spaces, quotes or angle
/// brackets, at most [`MAX_URL_CHARS`].
pub fn is_allowed_url(url: &str) -> bool {
    let clean = !url.is_empty()
        && url.chars().count() <= MAX_URL_CHARS
        && !url.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\' | '`')
        });
    if !clean {
        return false;
    }
    if let Some(rest) = url.strip_prefix('/') {
        return !rest.starts_with('/');
    }
    let lower = url.to_ascii_lowercase();
    ["https://", "http://"].iter().any(|scheme| {
        lower
            .strip_prefix(scheme)
            .is_some_and(|host| !host.is_empty() && !host.starts_with('/'))
    })
}

/// Collects the first problem found, with where it is.
struct Check {
    problem: Option<String>,
}

impl Check {
    fn fail(&mut self, at: &str, what: impl fmt::Display) {
        if self.problem.is_none() {
            self.problem = Some(format!("{at}: {what}"));
        }
    }

    fn text(&mut self, at: &str, text: &str, max: usize, required: bool) {
        if required && text.trim().is_empty() {
            self.fail(at, "must not be empty");
        } else if text.chars().count() > max {
            self.fail(at, format_args!("at most {max} characters"));
        }
    }

    fn count(&mut self, at: &str, len: usize, max: usize) {
        if len == 0 {
            self.fail(at, "needs at least one entry");
        } else if len > max {
            self.fail(at, format_args!("at most {max} entries"));
        }
    }

    fn url(&mut self, at: &str, url: &str) {
        if !is_allowed_url(url) {
            self.fail(
                at,
                "must be a path of this shop (/...) or an http(s) URL, without spaces or quotes",
            );
        }
    }

    /// A link: an allowed URL, or `#id` naming an element of the page (a lightbox).
    fn link(&mut self, at: &str, url: &str) {
        match url.strip_prefix('#') {
            Some(id) if !id.is_empty() => {
                if !(id.len() <= 40
                    && id
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
                {
                    self.fail(
                        at,
                        "an in-page link is # and 1 to 40 letters, digits, dashes or underscores",
                    );
                }
            }
            _ => self.url(at, url),
        }
    }

    /// A video: an allowed URL of an `.mp4` file.
    fn video(&mut self, at: &str, url: &str) {
        self.url(at, url);
        if !has_extension(url, "mp4") {
            self.fail(at, "must be an .mp4 file");
        }
    }

    fn image(&mut self, at: &str, image: &HomeImage) {
        self.url(&format!("{at}.src"), &image.src);
        for (side, value) in [("width", image.width), ("height", image.height)] {
            if value == 0 || value > MAX_IMAGE_SIDE {
                self.fail(
                    &format!("{at}.{side}"),
                    format_args!("must be between 1 and {MAX_IMAGE_SIDE} pixels"),
                );
            }
        }
        self.text(&format!("{at}.alt"), &image.alt, MAX_SHORT_CHARS, false);
    }

    fn button(&mut self, at: &str, button: Option<&Button>) {
        if let Some(button) = button {
            self.text(&format!("{at}.label"), &button.label, MAX_LABEL_CHARS, true);
            self.link(&format!("{at}.url"), &button.url);
        }
    }
}

impl HomeLayout {
    /// The first thing wrong with the layout, with where it is
    /// (`sections[2].slides[0].heading: must not be empty`), or `None`.
    pub fn problem(&self) -> Option<String> {
        let mut check = Check { problem: None };
        if self.sections.len() > MAX_SECTIONS {
            check.fail("sections", format_args!("at most {MAX_SECTIONS} sections"));
        }
        let mut ids: Vec<&str> = Vec::new();
        for (i, section) in self.sections.iter().enumerate() {
            section.check(&format!("sections[{i}]"), &mut check);
            if let Section::Lightbox { id, .. } = section {
                if ids.contains(&id.as_str()) {
                    check.fail(
                        &format!("sections[{i}].id"),
                        format_args!("{id:?} is already the id of another lightbox"),
                    );
                }
                ids.push(id);
            }
        }
        check.problem
    }

    /// How many product grids read best sellers (the page reads orders only for them).
    pub fn wants_best_sellers(&self) -> bool {
        self.sections.iter().any(|s| {
            matches!(
                s,
                Section::ProductGrid {
                    source: ProductSource::BestSellers,
                    ..
                }
            )
        })
    }
}

impl Section {
    /// The section's `type`, as stored.
    pub fn kind(&self) -> &'static str {
        match self {
            Section::HeroSlider { .. } => "hero_slider",
            Section::BannerGrid { .. } => "banner_grid",
            Section::CategoryTiles { .. } => "category_tiles",
            Section::ProductGrid { .. } => "product_grid",
            Section::TextImage { .. } => "text_image",
            Section::Counters { .. } => "counters",
            Section::Testimonials { .. } => "testimonials",
            Section::SocialFeed { .. } => "social_feed",
            Section::Gallery { .. } => "gallery",
            Section::Video { .. } => "video",
            Section::Lottie { .. } => "lottie",
            Section::Lightbox { .. } => "lightbox",
        }
    }

    fn check(&self, at: &str, check: &mut Check) {
        let heading = |check: &mut Check, heading: &str, required: bool| {
            check.text(
                &format!("{at}.heading"),
                heading,
                MAX_HEADING_CHARS,
                required,
            );
        };
        match self {
            Section::HeroSlider {
                slides,
                autoplay: _,
                interval_seconds,
            } => {
                check.count(&format!("{at}.slides"), slides.len(), MAX_SLIDES);
                if !INTERVAL_SECONDS.contains(interval_seconds) {
                    check.fail(
                        &format!("{at}.interval_seconds"),
                        format_args!(
                            "must be between {} and {} seconds",
                            INTERVAL_SECONDS.start(),
                            INTERVAL_SECONDS.end()
                        ),
                    );
                }
                for (j, slide) in slides.iter().enumerate() {
                    let here = format!("{at}.slides[{j}]");
                    check.text(
                        &format!("{here}.heading"),
                        &slide.heading,
                        MAX_HEADING_CHARS,
                        true,
                    );
                    check.text(&format!("{here}.text"), &slide.text, MAX_SHORT_CHARS, false);
                    check.image(&format!("{here}.image"), &slide.image);
                    check.button(&format!("{here}.button"), slide.button.as_ref());
                }
            }
            Section::BannerGrid {
                heading: h,
                banners,
            } => {
                heading(check, h, false);
                check.count(&format!("{at}.banners"), banners.len(), MAX_BANNERS);
                for (j, banner) in banners.iter().enumerate() {
                    let here = format!("{at}.banners[{j}]");
                    check.text(
                        &format!("{here}.title"),
                        &banner.title,
                        MAX_HEADING_CHARS,
                        true,
                    );
                    check.text(
                        &format!("{here}.text"),
                        &banner.text,
                        MAX_SHORT_CHARS,
                        false,
                    );
                    check.link(&format!("{here}.url"), &banner.url);
                    check.image(&format!("{here}.image"), &banner.image);
                }
            }
            Section::CategoryTiles { heading: h, tiles } => {
                heading(check, h, true);
                check.count(&format!("{at}.tiles"), tiles.len(), MAX_TILES);
                for (j, tile) in tiles.iter().enumerate() {
                    let here = format!("{at}.tiles[{j}]");
                    if !is_slug(&tile.category) {
                        check.fail(
                            &format!("{here}.category"),
                            "must be a category slug (lower-case letters, digits and dashes)",
                        );
                    }
                    if let Some(image) = &tile.image {
                        check.image(&format!("{here}.image"), image);
                    }
                }
            }
            Section::ProductGrid {
                heading: h,
                source: _,
                limit,
                link,
            } => {
                heading(check, h, true);
                if *limit == 0 || *limit > MAX_PRODUCTS {
                    check.fail(
                        &format!("{at}.limit"),
                        format_args!("must be between 1 and {MAX_PRODUCTS}"),
                    );
                }
                check.button(&format!("{at}.link"), link.as_ref());
            }
            Section::TextImage {
                heading: h,
                text,
                image,
                image_side: _,
                button,
            } => {
                heading(check, h, true);
                if text.len() > MAX_TEXT_BYTES {
                    check.fail(
                        &format!("{at}.text"),
                        format_args!("at most {MAX_TEXT_BYTES} bytes"),
                    );
                }
                check.image(&format!("{at}.image"), image);
                check.button(&format!("{at}.button"), button.as_ref());
            }
            Section::Counters { heading: h, items } => {
                heading(check, h, true);
                check.count(&format!("{at}.items"), items.len(), MAX_COUNTERS);
                for (j, item) in items.iter().enumerate() {
                    let here = format!("{at}.items[{j}]");
                    if item.value > MAX_COUNTER_VALUE {
                        check.fail(
                            &format!("{here}.value"),
                            format_args!("at most {MAX_COUNTER_VALUE}"),
                        );
                    }
                    check.text(&format!("{here}.prefix"), &item.prefix, 8, false);
                    check.text(&format!("{here}.suffix"), &item.suffix, 8, false);
                    check.text(&format!("{here}.label"), &item.label, MAX_LABEL_CHARS, true);
                }
            }
            Section::Testimonials { heading: h, items } => {
                heading(check, h, true);
                check.count(&format!("{at}.items"), items.len(), MAX_TESTIMONIALS);
                for (j, item) in items.iter().enumerate() {
                    let here = format!("{at}.items[{j}]");
                    check.text(&format!("{here}.quote"), &item.quote, MAX_QUOTE_CHARS, true);
                    check.text(&format!("{here}.name"), &item.name, MAX_LABEL_CHARS, true);
                    check.text(
                        &format!("{here}.detail"),
                        &item.detail,
                        MAX_LABEL_CHARS,
                        false,
                    );
                    if item.rating.is_some_and(|r| !(1..=5).contains(&r)) {
                        check.fail(&format!("{here}.rating"), "must be between 1 and 5");
                    }
                }
            }
            Section::SocialFeed {
                heading: h,
                feed,
                link,
            } => {
                heading(check, h, true);
                if !is_feed_name(feed) {
                    check.fail(
                        &format!("{at}.feed"),
                        "must be 1 to 40 lower-case letters, digits or underscores",
                    );
                }
                check.button(&format!("{at}.link"), link.as_ref());
            }
            Section::Gallery { heading: h, images } => {
                heading(check, h, true);
                check.count(&format!("{at}.images"), images.len(), MAX_GALLERY_IMAGES);
                for (j, image) in images.iter().enumerate() {
                    let here = format!("{at}.images[{j}]");
                    check.image(&here, image);
                    check.text(&format!("{here}.alt"), &image.alt, MAX_SHORT_CHARS, true);
                }
            }
            Section::Video {
                heading: h,
                text,
                src,
                poster,
                button,
                watch,
            } => {
                heading(check, h, true);
                check.text(&format!("{at}.text"), text, MAX_SHORT_CHARS, false);
                check.video(&format!("{at}.src"), src);
                check.image(&format!("{at}.poster"), poster);
                check.button(&format!("{at}.button"), button.as_ref());
                if let Some(watch) = watch {
                    check.text(
                        &format!("{at}.watch.label"),
                        &watch.label,
                        MAX_LABEL_CHARS,
                        true,
                    );
                    check.video(&format!("{at}.watch.src"), &watch.src);
                }
            }
            Section::Lottie {
                heading: h,
                src,
                label,
                width,
                height,
                settings,
            } => {
                heading(check, h, false);
                if !(src.starts_with("/media/") && has_extension(src, "json")) {
                    check.fail(
                        &format!("{at}.src"),
                        "must be a .json file of this shop's media (/media/...)",
                    );
                }
                check.text(&format!("{at}.label"), label, MAX_SHORT_CHARS, true);
                check.image(
                    at,
                    &HomeImage {
                        src: src.clone(),
                        width: *width,
                        height: *height,
                        alt: String::new(),
                    },
                );
                settings.check(at, check);
            }
            Section::Lightbox {
                id,
                heading: h,
                text,
                panel: _,
            } => {
                if !is_lightbox_id(id) {
                    check.fail(
                        &format!("{at}.id"),
                        "must be a lower-case letter then up to 39 lower-case letters, digits or dashes, not starting with home-",
                    );
                }
                heading(check, h, true);
                if text.len() > MAX_TEXT_BYTES {
                    check.fail(
                        &format!("{at}.text"),
                        format_args!("at most {MAX_TEXT_BYTES} bytes"),
                    );
                }
            }
        }
    }
}

impl LottieSettings {
    /// The first thing wrong with the settings, as (the setting's name, what is wrong), or
    /// `None`. The home page's lottie section and the content pages' `[lottie]` shortcode
    /// both check with this.
    pub fn problem(&self) -> Option<(&'static str, String)> {
        for (field, value) in [
            ("start", self.start),
            ("end", self.end),
            ("visibility_start", self.visibility_start),
            ("visibility_end", self.visibility_end),
        ] {
            if value > 100 {
                return Some((field, "must be between 0 and 100 (percent)".to_owned()));
            }
        }
        if self.start >= self.end {
            return Some(("end", "must be more than start".to_owned()));
        }
        if self.visibility_start >= self.visibility_end {
            return Some((
                "visibility_end",
                "must be more than visibility_start".to_owned(),
            ));
        }
        if !LOTTIE_SPEED.contains(&self.speed) {
            return Some((
                "speed",
                format!(
                    "must be between {} and {}",
                    LOTTIE_SPEED.start(),
                    LOTTIE_SPEED.end()
                ),
            ));
        }
        None
    }

    fn check(&self, at: &str, check: &mut Check) {
        if let Some((field, what)) = self.problem() {
            check.fail(&format!("{at}.{field}"), what);
        }
    }
}

impl Default for LottieSettings {
    fn default() -> Self {
        Self {
            autoplay: false,
            controls: false,
            direction: LottieDirection::default(),
            start: 0,
            end: hundred(),
            repeat: false,
            speed: one(),
            trigger: LottieTrigger::default(),
            mouseout: LottieMouseout::default(),
            scroll_action: ScrollAction::default(),
            visibility_start: 0,
            visibility_end: hundred(),
        }
    }
}

/// Whether `name` may name a social feed (`mercato_load_{name}`).
pub fn is_feed_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 40
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The option holding the social feeds' photos.
pub const FEEDS_OPTION: &str = "social_feeds";
/// Photos in one feed at most.
pub const MAX_FEED_PHOTOS: usize = 24;
/// Feeds at most.
pub const MAX_FEEDS: usize = 8;

/// The photos of every social feed, by feed name (`social_feeds` option): the merchant's own
/// list of pictures and links, so the page never calls a third party.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SocialFeeds {
    /// Feed name (`[a-z0-9_]`) → feed.
    pub feeds: std::collections::BTreeMap<String, SocialFeed>,
}

/// One feed's photos: listed, or the pictures of a folder under the media directory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SocialFeed {
    /// The service's name, in error messages (`Instagram error: ...`).
    pub service: String,
    /// The photos, newest first (empty when the feed names a folder).
    #[serde(default)]
    pub photos: Vec<SocialPhoto>,
    /// A folder under the media directory (`feed/instagram`) whose pictures are the photos,
    /// newest first by modification time; see [`FolderLinks`] for where each leads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub folder: Option<String>,
}

/// Characters in a feed's folder path.
pub const MAX_FOLDER_CHARS: usize = 200;
/// The optional file in a feed's folder that says where each picture leads.
pub const FOLDER_LINKS_FILE: &str = "links.json";
/// The picture files a feed's folder offers, by extension (lower case).
pub const FOLDER_IMAGE_EXTENSIONS: [&str; 6] = ["jpg", "jpeg", "png", "webp", "svg", "gif"];

/// Whether `folder` may name a feed's folder: a relative path of `/`-separated names made of
/// letters, digits, `-`, `_` and `.`, none starting with a dot (so no `..`, no hidden folder).
pub fn is_feed_folder(folder: &str) -> bool {
    !folder.is_empty()
        && folder.chars().count() <= MAX_FOLDER_CHARS
        && folder.split('/').all(|name| {
            !name.is_empty()
                && !name.starts_with('.')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        })
}

/// `links.json` in a feed's folder: picture file name → where it leads, either a link
/// (`"/product/hoodie/"`) or `{"url": ..., "alt": ...}` (both optional). A picture it does not
/// name leads to itself.
pub type FolderLinks = std::collections::BTreeMap<String, FolderLink>;

/// Where one picture of a feed's folder leads, and what it shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum FolderLink {
    /// Just the link.
    Url(String),
    /// The link and the alt text.
    Full {
        /// Where it leads.
        #[serde(default)]
        url: Option<String>,
        /// What it shows.
        #[serde(default)]
        alt: Option<String>,
    },
}

impl FolderLink {
    /// The link, when one is given and allowed ([`is_allowed_url`]).
    pub fn url(&self) -> Option<&str> {
        match self {
            Self::Url(url) => Some(url.as_str()),
            Self::Full { url, .. } => url.as_deref(),
        }
        .filter(|url| is_allowed_url(url))
    }

    /// The alt text, when one is given (not empty, at most [`MAX_SHORT_CHARS`]).
    pub fn alt(&self) -> Option<&str> {
        match self {
            Self::Url(_) => None,
            Self::Full { alt, .. } => alt.as_deref(),
        }
        .map(str::trim)
        .filter(|alt| !alt.is_empty() && alt.chars().count() <= MAX_SHORT_CHARS)
    }
}

/// One photo of a feed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SocialPhoto {
    /// The picture (its alt text says what it shows).
    pub image: HomeImage,
    /// Where it leads (the post, or a product).
    pub url: String,
}

impl SocialFeeds {
    /// The first thing wrong, with where it is, or `None`.
    pub fn problem(&self) -> Option<String> {
        let mut check = Check { problem: None };
        if self.feeds.len() > MAX_FEEDS {
            check.fail("feeds", format_args!("at most {MAX_FEEDS} feeds"));
        }
        for (name, feed) in &self.feeds {
            let at = format!("feeds.{name}");
            if !is_feed_name(name) {
                check.fail(
                    &at,
                    "a feed's name is 1 to 40 lower-case letters, digits or underscores",
                );
            }
            check.text(
                &format!("{at}.service"),
                &feed.service,
                MAX_LABEL_CHARS,
                true,
            );
            if let Some(folder) = &feed.folder {
                if !is_feed_folder(folder) {
                    check.fail(
                        &format!("{at}.folder"),
                        "a folder under the media directory: names of letters, digits, '-', '_' and '.' separated by '/', none starting with a dot",
                    );
                }
                if !feed.photos.is_empty() {
                    check.fail(
                        &format!("{at}.photos"),
                        "a feed lists photos or names a folder, not both",
                    );
                }
            }
            if feed.photos.len() > MAX_FEED_PHOTOS {
                check.fail(
                    &format!("{at}.photos"),
                    format_args!("at most {MAX_FEED_PHOTOS} entries"),
                );
            }
            for (j, photo) in feed.photos.iter().enumerate() {
                let here = format!("{at}.photos[{j}]");
                check.image(&format!("{here}.image"), &photo.image);
                check.text(
                    &format!("{here}.image.alt"),
                    &photo.image.alt,
                    MAX_SHORT_CHARS,
                    true,
                );
                check.url(&format!("{here}.url"), &photo.url);
            }
        }
        check.problem
    }
}

/// The sanitised HTML of a text-and-image section's Markdown.
pub fn text_html(markdown: &str) -> String {
    to_html(SourceFormat::Markdown, markdown)
}

/// The demo shop's home page, which is also the default.
const DEMO_LAYOUT: &str = include_str!("home_demo.json");

impl Default for HomeLayout {
    fn default() -> Self {
        serde_json::from_str(DEMO_LAYOUT).unwrap_or(HomeLayout {
            sections: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(json: &str) -> Result<HomeLayout, String> {
        let layout: HomeLayout = serde_json::from_str(json).map_err(|e| e.to_string())?;
        match layout.problem() {
            Some(problem) => Err(problem),
            None => Ok(layout),
        }
    }

    #[test]
    fn the_demo_layout_parses_checks_and_uses_every_section() {
        let parsed: HomeLayout = serde_json::from_str(DEMO_LAYOUT).expect("the demo layout parses");
        assert_eq!(parsed.problem(), None);
        assert_eq!(HomeLayout::default(), parsed);
        let kinds: Vec<&str> = parsed.sections.iter().map(Section::kind).collect();
        for kind in [
            "hero_slider",
            "banner_grid",
            "category_tiles",
            "product_grid",
            "text_image",
            "counters",
            "testimonials",
            "social_feed",
            "gallery",
            "video",
            "lottie",
            "lightbox",
        ] {
            assert!(kinds.contains(&kind), "the demo has no {kind}");
        }
        let sources: Vec<String> = parsed
            .sections
            .iter()
            .filter_map(|s| match s {
                Section::ProductGrid { source, .. } => Some(source.to_string()),
                _ => None,
            })
            .collect();
        for source in ["featured", "newest", "on_sale", "best_sellers"] {
            assert!(sources.iter().any(|s| s == source), "no {source} grid");
        }
        assert!(sources.iter().any(|s| s.starts_with("category:")));
    }

    #[test]
    fn product_sources_round_trip_and_unknown_ones_are_named() {
        for text in [
            "featured",
            "newest",
            "on_sale",
            "best_sellers",
            "category:t-shirts",
        ] {
            let source = ProductSource::try_from(text.to_owned()).expect(text);
            assert_eq!(source.to_string(), text);
        }
        let e =
            layout(r#"{"sections":[{"type":"product_grid","heading":"H","source":"cheapest"}]}"#)
                .expect_err("unknown source");
        assert!(e.contains("unknown product source \"cheapest\""), "{e}");
        let e =
            layout(r#"{"sections":[{"type":"product_grid","heading":"H","source":"category:"}]}"#)
                .expect_err("empty slug");
        assert!(e.contains("unknown product source"), "{e}");
        let e = layout(r#"{"sections":[{"type":"carousel"}]}"#).expect_err("unknown type");
        assert!(e.contains("carousel"), "{e}");
    }

    #[test]
    fn problems_say_where_they_are() {
        let e =
            layout(r#"{"sections":[{"type":"hero_slider","slides":[]}]}"#).expect_err("no slides");
        assert_eq!(e, "sections[0].slides: needs at least one entry");
        let long = "x".repeat(MAX_HEADING_CHARS + 1);
        let e = layout(&format!(
            r#"{{"sections":[{{"type":"counters","heading":"{long}","items":[{{"value":1,"label":"a"}}]}}]}}"#
        ))
        .expect_err("long heading");
        assert_eq!(e, "sections[0].heading: at most 120 characters");
        let e = layout(
            r#"{"sections":[{"type":"banner_grid","banners":[{"title":"T","url":"javascript:alert(1)","image":{"src":"/a.svg","width":10,"height":10}}]}]}"#,
        )
        .expect_err("script URL");
        assert!(
            e.starts_with("sections[0].banners[0].url: must be a path"),
            "{e}"
        );
        let e = layout(
            r#"{"sections":[{"type":"text_image","heading":"H","text":"t","image":{"src":"/a.svg","width":0,"height":10}}]}"#,
        )
        .expect_err("no width");
        assert_eq!(
            e,
            "sections[0].image.width: must be between 1 and 4000 pixels"
        );
        let e = layout(
            r#"{"sections":[{"type":"product_grid","heading":"H","source":"newest","limit":99}]}"#,
        )
        .expect_err("limit");
        assert_eq!(e, "sections[0].limit: must be between 1 and 24");
        let e = layout(
            r#"{"sections":[{"type":"testimonials","heading":"H","items":[{"quote":"q","name":"n","rating":6}]}]}"#,
        )
        .expect_err("rating");
        assert_eq!(e, "sections[0].items[0].rating: must be between 1 and 5");
        let e = layout(r#"{"sections":[{"type":"social_feed","heading":"H","feed":"../x"}]}"#)
            .expect_err("feed name");
        assert!(e.starts_with("sections[0].feed:"), "{e}");
        let e = layout(
            r#"{"sections":[{"type":"hero_slider","interval_seconds":1,"slides":[{"heading":"H","image":{"src":"/a.svg","width":1,"height":1}}]}]}"#,
        )
        .expect_err("interval");
        assert_eq!(
            e,
            "sections[0].interval_seconds: must be between 3 and 30 seconds"
        );
    }

    const IMAGE: &str = r#"{"src":"/media/a.svg","width":10,"height":10,"alt":"A"}"#;

    #[test]
    fn media_sections_are_checked_and_say_where() {
        let gallery = |images: &str| {
            layout(&format!(
                r#"{{"sections":[{{"type":"gallery","heading":"Lookbook","images":[{images}]}}]}}"#
            ))
        };
        assert!(gallery(IMAGE).is_ok());
        assert_eq!(
            gallery("").expect_err("no images"),
            "sections[0].images: needs at least one entry"
        );
        assert_eq!(
            gallery(r#"{"src":"/media/a.svg","width":10,"height":10}"#).expect_err("no alt"),
            "sections[0].images[0].alt: must not be empty"
        );

        let video = |src: &str, watch: &str| {
            layout(&format!(
                r#"{{"sections":[{{"type":"video","heading":"Studio","src":"{src}","poster":{IMAGE}{watch}}}]}}"#
            ))
        };
        assert!(video("/media/a.mp4", r#","watch":{"label":"Watch","src":"https://cdn.example/f.MP4?v=2","open":"lightbox"}"#).is_ok());
        assert_eq!(
            video("/media/a.webm", "").expect_err("not mp4"),
            "sections[0].src: must be an .mp4 file"
        );
        assert_eq!(
            video(
                "/media/a.mp4",
                r#","watch":{"label":"Watch","src":"/media/b.mov"}"#
            )
            .expect_err("watch not mp4"),
            "sections[0].watch.src: must be an .mp4 file"
        );
        assert!(
            video(
                "/media/a.mp4",
                r#","watch":{"label":"Watch","src":"/b.mp4","open":"popup"}"#
            )
            .expect_err("unknown open")
            .contains("popup")
        );

        let lottie = |fields: &str| {
            layout(&format!(
                r#"{{"sections":[{{"type":"lottie","src":"/media/a.json","label":"A tee","width":200,"height":200{fields}}}]}}"#
            ))
        };
        let parsed = lottie(r#","autoplay":true,"loop":true,"start":10,"end":90,"speed":1.5,"trigger":"hover","mouseout":"reverse","direction":"reverse","scroll_action":"seek","visibility_start":20,"visibility_end":80"#)
            .expect("all settings");
        match &parsed.sections[0] {
            Section::Lottie { settings, .. } => {
                assert!(settings.repeat && settings.autoplay && !settings.controls);
                assert_eq!((settings.start, settings.end), (10, 90));
                assert_eq!(settings.trigger, LottieTrigger::Hover);
                assert_eq!(settings.mouseout, LottieMouseout::Reverse);
                assert_eq!(settings.direction, LottieDirection::Reverse);
                assert_eq!(settings.scroll_action, ScrollAction::Seek);
            }
            other => panic!("not a lottie: {other:?}"),
        }
        // Defaults: the whole animation, once, at its own speed, on no trigger.
        match &lottie("").expect("defaults").sections[0] {
            Section::Lottie { settings, .. } => {
                assert_eq!(
                    (settings.start, settings.end, settings.speed),
                    (0, 100, 1.0)
                );
                assert_eq!(settings.trigger, LottieTrigger::None);
                assert!(!settings.repeat && !settings.autoplay);
            }
            other => panic!("not a lottie: {other:?}"),
        }
        assert_eq!(
            lottie(r#","start":50,"end":50"#).expect_err("empty segment"),
            "sections[0].end: must be more than start"
        );
        assert_eq!(
            lottie(r#","end":120"#).expect_err("over 100"),
            "sections[0].end: must be between 0 and 100 (percent)"
        );
        assert_eq!(
            lottie(r#","speed":0"#).expect_err("speed"),
            "sections[0].speed: must be between 0.1 and 5"
        );
        assert_eq!(
            lottie(r#","visibility_start":90,"visibility_end":10"#).expect_err("visibility"),
            "sections[0].visibility_end: must be more than visibility_start"
        );
        assert!(
            lottie(r#","trigger":"wiggle""#)
                .expect_err("trigger")
                .contains("wiggle")
        );
        assert_eq!(
            layout(r#"{"sections":[{"type":"lottie","src":"https://cdn.example/a.json","label":"A","width":1,"height":1}]}"#)
                .expect_err("not our media"),
            "sections[0].src: must be a .json file of this shop's media (/media/...)"
        );
        assert_eq!(
            layout(r#"{"sections":[{"type":"lottie","src":"/media/a.json","label":"A","width":0,"height":1}]}"#)
                .expect_err("no width"),
            "sections[0].width: must be between 1 and 4000 pixels"
        );
        assert_eq!(
            layout(r#"{"sections":[{"type":"lottie","src":"/media/a.json","label":" ","width":1,"height":1}]}"#)
                .expect_err("no label"),
            "sections[0].label: must not be empty"
        );
    }

    #[test]
    fn lightboxes_have_unique_ids_that_links_may_name() {
        let lightbox = |id: &str, panel: &str| {
            format!(
                r#"{{"type":"lightbox","id":"{id}","heading":"Size guide","text":"S, M, L","panel":"{panel}"}}"#
            )
        };
        let banner = |url: &str| {
            format!(
                r#"{{"type":"banner_grid","banners":[{{"title":"T","url":"{url}","image":{IMAGE}}}]}}"#
            )
        };
        let page =
            |sections: &[String]| layout(&format!(r#"{{"sections":[{}]}}"#, sections.join(",")));
        assert!(
            page(&[
                banner("#size-guide"),
                lightbox("size-guide", "lightbox"),
                lightbox("care", "offcanvas_left"),
                lightbox("faq", "offcanvas_right")
            ])
            .is_ok()
        );
        assert_eq!(
            page(&[
                lightbox("size-guide", "lightbox"),
                lightbox("size-guide", "offcanvas_left")
            ])
            .expect_err("twice"),
            "sections[1].id: \"size-guide\" is already the id of another lightbox"
        );
        for bad in ["", "Size", "9lives", "home-0-hero", "a b", &"a".repeat(41)] {
            let e = page(&[lightbox(bad, "lightbox")]).expect_err(bad);
            assert!(
                e.starts_with("sections[0].id: must be a lower-case letter"),
                "{e}"
            );
        }
        assert!(
            page(&[lightbox("x", "sidebar")])
                .expect_err("panel")
                .contains("sidebar")
        );
        let e = page(&[banner("#a.b")]).expect_err("a dot in a fragment");
        assert!(
            e.starts_with("sections[0].banners[0].url: an in-page link"),
            "{e}"
        );
        let long = "x".repeat(MAX_TEXT_BYTES + 1);
        assert_eq!(
            page(&[format!(
                r#"{{"type":"lightbox","id":"x","heading":"H","text":"{long}"}}"#
            )])
            .expect_err("long text"),
            "sections[0].text: at most 4000 bytes"
        );
    }

    #[test]
    fn urls_are_shop_paths_or_http() {
        for good in [
            "/shop/",
            "/media/demo/a.svg",
            "https://example.com/x?y=1",
            "HTTP://a.b",
        ] {
            assert!(is_allowed_url(good), "{good}");
        }
        for bad in [
            "",
            "//evil.example/x",
            "javascript:alert(1)",
            "data:text/html,x",
            "https://",
            "https:///x",
            "/a b",
            "/a\"onmouseover=x",
            "shop/",
            "/\\evil.example",
        ] {
            assert!(!is_allowed_url(bad), "{bad}");
        }
    }

    #[test]
    fn social_feeds_are_checked() {
        let good: SocialFeeds = serde_json::from_str(
            r#"{"feeds": {"instagram": {"service": "Instagram", "photos": [
                {"image": {"src": "/media/a.svg", "width": 600, "height": 600, "alt": "A tee"}, "url": "/shop/"}]}}}"#,
        )
        .expect("parses");
        assert_eq!(good.problem(), None);
        let mut bad = good.clone();
        if let Some(feed) = bad.feeds.get_mut("instagram") {
            feed.photos[0].image.alt.clear();
        }
        assert_eq!(
            bad.problem().as_deref(),
            Some("feeds.instagram.photos[0].image.alt: must not be empty")
        );
        let mut bad = good.clone();
        if let Some(feed) = bad.feeds.remove("instagram") {
            bad.feeds.insert("Insta gram".to_owned(), feed);
        }
        assert!(
            bad.problem()
                .is_some_and(|p| p.starts_with("feeds.Insta gram:"))
        );
    }

    #[test]
    fn a_feed_may_name_a_folder_inside_the_media_directory() {
        let feeds = |json: &str| -> SocialFeeds { serde_json::from_str(json).expect("parses") };
        let good =
            feeds(r#"{"feeds": {"insta": {"service": "Instagram", "folder": "feed/insta-2024"}}}"#);
        assert_eq!(good.problem(), None);
        for bad in [
            "../secret",
            "feed/../../etc",
            "/etc",
            "feed/.hidden",
            "feed//x",
            "feed/",
            "a b",
            "feed\\x",
            "",
        ] {
            let json =
                serde_json::json!({"feeds": {"insta": {"service": "Instagram", "folder": bad}}});
            let parsed: SocialFeeds = serde_json::from_value(json).expect("parses");
            assert!(
                parsed
                    .problem()
                    .is_some_and(|p| p.starts_with("feeds.insta.folder:")),
                "{bad:?}"
            );
        }
        let both = feeds(
            r#"{"feeds": {"insta": {"service": "Instagram", "folder": "feed", "photos": [
                {"image": {"src": "/media/a.svg", "width": 6, "height": 6, "alt": "A tee"}, "url": "/shop/"}]}}}"#,
        );
        assert_eq!(
            both.problem().as_deref(),
            Some("feeds.insta.photos: a feed lists photos or names a folder, not both")
        );

        let links: FolderLinks = serde_json::from_str(
            r#"{"a.jpg": "/product/hoodie/", "b.png": {"alt": "A mug"}, "c.gif": "javascript:alert(1)", "d.svg": {"url": "https://example.com/p/1", "alt": "  "}}"#,
        )
        .expect("parses");
        let get = |name: &str| links.get(name).expect("listed");
        assert_eq!(
            (get("a.jpg").url(), get("a.jpg").alt()),
            (Some("/product/hoodie/"), None)
        );
        assert_eq!(
            (get("b.png").url(), get("b.png").alt()),
            (None, Some("A mug"))
        );
        assert_eq!(
            get("c.gif").url(),
            None,
            "a link the settings would refuse leads to the picture"
        );
        assert_eq!(
            (get("d.svg").url(), get("d.svg").alt()),
            (Some("https://example.com/p/1"), None)
        );
    }

    #[test]
    fn rich_text_is_sanitised() {
        let html = text_html(
            "# Title\n\nHello <script>alert(1)</script> **you** <img src=x onerror=alert(1)>",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("<h1>"), "{html}");
        assert!(html.contains("<strong>you</strong>"), "{html}");
    }
}
