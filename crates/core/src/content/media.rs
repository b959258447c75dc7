//! The media shortcodes of content pages: `[lightbox]`, `[video]`, `[lottie]` and `[gallery]`
//! with its `[image]`s. Each makes the markup of the home page's section of the same kind
//! (crates/server/templates/home/*.html), so the same browser behaviours (media.ts, lottie.ts)
//! attach to it and the same styles (home.css, media.css) draw it; the addresses, sizes and
//! animation settings are checked by the home page's own rules (`crate::home`).

use std::fmt::Write as _;

use super::shortcodes::{Node, Page, ShortcodeError, Tag, escape};
use super::widgets::{flag, items, required};
use crate::home::{
    self, LottieDirection, LottieMouseout, LottieSettings, LottieTrigger, MAX_GALLERY_IMAGES,
    MAX_HEADING_CHARS, MAX_IMAGE_SIDE, ScrollAction,
};

/// An optional attribute's value, trimmed; `None` when absent or empty.
fn optional<'t>(tag: &'t Tag<'_>, name: &str) -> Option<&'t str> {
    tag.get(name).map(str::trim).filter(|v| !v.is_empty())
}

/// A heading or label: at most [`MAX_HEADING_CHARS`] characters.
fn short_text<'t>(tag: &Tag<'_>, name: &str, text: &'t str) -> Result<&'t str, ShortcodeError> {
    if text.chars().count() > MAX_HEADING_CHARS {
        return Err(ShortcodeError::at(
            tag.line,
            format!(
                "{name} on [{}] is longer than {MAX_HEADING_CHARS} characters",
                tag.name
            ),
        ));
    }
    Ok(text)
}

/// An address the home page would accept (a path of this shop or an http(s) URL without
/// spaces, quotes or angle brackets), ending in `.{extension}` when one is given.
fn address<'t>(
    tag: &'t Tag<'_>,
    name: &str,
    extension: Option<&str>,
) -> Result<&'t str, ShortcodeError> {
    let url = required(tag, name)?;
    if !home::is_allowed_url(url) {
        return Err(ShortcodeError::at(
            tag.line,
            format!(
                "{name} on [{}] must be a path of this shop (/...) or an http(s) URL, without spaces, quotes or angle brackets",
                tag.name
            ),
        ));
    }
    if let Some(extension) = extension
        && !home::has_extension(url, extension)
    {
        return Err(ShortcodeError::at(
            tag.line,
            format!("{name} on [{}] must be a .{extension} file", tag.name),
        ));
    }
    Ok(url)
}

/// A whole number in `range`; `default` when absent (required when `default` is `None`).
fn number<T>(
    tag: &Tag<'_>,
    name: &str,
    range: std::ops::RangeInclusive<T>,
    default: Option<T>,
) -> Result<T, ShortcodeError>
where
    T: std::str::FromStr + PartialOrd + Copy + std::fmt::Display,
{
    let Some(text) = optional(tag, name) else {
        return default.ok_or_else(|| {
            ShortcodeError::at(tag.line, format!("[{}] needs a {name}=\"...\"", tag.name))
        });
    };
    match text.parse::<T>() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ => Err(ShortcodeError::at(
            tag.line,
            format!(
                "{name}={text:?} on [{}] must be a whole number from {} to {}",
                tag.name,
                range.start(),
                range.end()
            ),
        )),
    }
}

/// A width or height in pixels, 1 to [`MAX_IMAGE_SIDE`].
fn side(tag: &Tag<'_>, name: &str) -> Result<u32, ShortcodeError> {
    number(tag, name, 1..=MAX_IMAGE_SIDE, None)
}

/// One of `choices` (as written, lower case), or the first when absent.
fn choice<T: Copy>(tag: &Tag<'_>, name: &str, choices: &[(&str, T)]) -> Result<T, ShortcodeError> {
    let Some(text) = optional(tag, name) else {
        return Ok(choices[0].1);
    };
    choices
        .iter()
        .find(|(written, _)| *written == text)
        .map(|(_, value)| *value)
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            ShortcodeError::at(
                tag.line,
                format!(
                    "{name}={text:?} on [{}] must be one of: {}",
                    tag.name,
                    names.join(", ")
                ),
            )
        })
}

/// `[lightbox id="size-guide" panel="lightbox" title="Size guide"]...[/lightbox]`: content
/// opened by any link to `#id` in a lightbox or an off-canvas panel. Without JavaScript it is
/// an ordinary section where it was written, which such a link scrolls to.
pub(crate) fn lightbox(
    page: &mut Page,
    tag: &Tag<'_>,
    children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let wanted = required(tag, "id")?;
    let wanted = wanted.strip_prefix('#').unwrap_or(wanted);
    if !home::is_lightbox_id(wanted) {
        return Err(ShortcodeError::at(
            tag.line,
            format!(
                "the id {wanted:?} of [lightbox] must be a lower-case letter then up to 39 lower-case letters, digits or dashes"
            ),
        ));
    }
    let title = short_text(tag, "title", required(tag, "title")?)?;
    let panel = choice(
        tag,
        "panel",
        &[
            ("lightbox", "lightbox"),
            ("offcanvas_left", "offcanvas_left"),
            ("offcanvas_right", "offcanvas_right"),
        ],
    )?;
    let id = page.claim_id(Some(wanted), title, &["-heading"], tag.line)?;
    let body = page.render(children)?;
    Ok(format!(
        "<section class=\"home-section home-lightbox\" id=\"{id}\" aria-labelledby=\"{id}-heading\" data-behaviour=\"lightbox\" data-panel=\"{panel}\">\
         <h2 class=\"home-section__heading\" id=\"{id}-heading\">{}</h2>\
         <div class=\"home-lightbox__text\">\n{body}</div></section>\n",
        escape(title)
    ))
}

/// `[video src="/media/film.mp4" poster="/media/still.svg" width="1600" height="640"
/// title="..."]`: a muted, looping background video that the background-video behaviour plays
/// while it is on screen (never under reduced motion); without JavaScript the poster shows.
/// The title, when given, is a heading over it.
pub(crate) fn video(
    page: &mut Page,
    tag: &Tag<'_>,
    _children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let src = address(tag, "src", Some("mp4"))?;
    let poster = address(tag, "poster", None)?;
    let width = side(tag, "width")?;
    let height = side(tag, "height")?;
    let title = optional(tag, "title")
        .map(|t| short_text(tag, "title", t))
        .transpose()?;
    let media = format!(
        "<div class=\"home-video__media\" data-behaviour=\"background-video\">\
         <video class=\"home-video__player\" src=\"{src}\" poster=\"{poster}\" width=\"{width}\" height=\"{height}\" muted loop playsinline preload=\"none\" aria-hidden=\"true\"></video>\
         <button type=\"button\" class=\"home-video__toggle\" data-video-toggle hidden>Play video</button></div>",
        src = escape(src),
        poster = escape(poster),
    );
    Ok(match title {
        Some(title) => {
            let id = page.claim_id(None, &format!("{title}-video"), &["-heading"], tag.line)?;
            format!(
                "<section class=\"home-section home-video\" id=\"{id}\" aria-labelledby=\"{id}-heading\">{media}\
                 <div class=\"home-video__caption\"><h2 class=\"home-section__heading\" id=\"{id}-heading\">{}</h2></div></section>\n",
                escape(title)
            )
        }
        None => format!("<div class=\"home-section home-video\">{media}</div>\n"),
    })
}

/// `[lottie src="/media/anim.json" width="240" height="240" label="..." autoplay loop ...]`:
/// a vector animation with the settings of SPEC §3.5, checked as the home page's are. The
/// placeholder keeps its size until the lottie behaviour draws it; the label names it.
pub(crate) fn lottie(
    _page: &mut Page,
    tag: &Tag<'_>,
    _children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let src = required(tag, "src")?;
    if !(src.starts_with("/media/")
        && home::is_allowed_url(src)
        && home::has_extension(src, "json"))
    {
        return Err(ShortcodeError::at(
            tag.line,
            "src on [lottie] must be a .json file of this shop's media (/media/...), without spaces or quotes",
        ));
    }
    let width = side(tag, "width")?;
    let height = side(tag, "height")?;
    let label = short_text(tag, "label", required(tag, "label")?)?;
    let defaults = LottieSettings::default();
    let settings = LottieSettings {
        autoplay: flag(tag, "autoplay", defaults.autoplay)?,
        controls: flag(tag, "controls", defaults.controls)?,
        direction: choice(
            tag,
            "direction",
            &[
                ("forward", LottieDirection::Forward),
                ("reverse", LottieDirection::Reverse),
            ],
        )?,
        start: number(tag, "start", 0..=100, Some(defaults.start))?,
        end: number(tag, "end", 0..=100, Some(defaults.end))?,
        repeat: flag(tag, "loop", defaults.repeat)?,
        speed: match optional(tag, "speed") {
            None => defaults.speed,
            Some(text) => text
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite())
                .ok_or_else(|| {
                    ShortcodeError::at(
                        tag.line,
                        format!("speed={text:?} on [lottie] must be a number"),
                    )
                })?,
        },
        trigger: choice(
            tag,
            "trigger",
            &[
                ("none", LottieTrigger::None),
                ("scroll", LottieTrigger::Scroll),
                ("hover", LottieTrigger::Hover),
                ("click", LottieTrigger::Click),
            ],
        )?,
        mouseout: choice(
            tag,
            "mouseout",
            &[
                ("none", LottieMouseout::None),
                ("reverse", LottieMouseout::Reverse),
            ],
        )?,
        scroll_action: choice(
            tag,
            "scroll_action",
            &[("play", ScrollAction::Play), ("seek", ScrollAction::Seek)],
        )?,
        visibility_start: number(
            tag,
            "visibility_start",
            0..=100,
            Some(defaults.visibility_start),
        )?,
        visibility_end: number(
            tag,
            "visibility_end",
            0..=100,
            Some(defaults.visibility_end),
        )?,
    };
    if let Some((field, what)) = settings.problem() {
        return Err(ShortcodeError::at(
            tag.line,
            format!("{field} on [lottie] {what}"),
        ));
    }
    let yes_no = |b: bool| if b { "true" } else { "false" };
    let direction = match settings.direction {
        LottieDirection::Forward => "forward",
        LottieDirection::Reverse => "reverse",
    };
    let trigger = match settings.trigger {
        LottieTrigger::None => "none",
        LottieTrigger::Scroll => "scroll",
        LottieTrigger::Hover => "hover",
        LottieTrigger::Click => "click",
    };
    let mouseout = match settings.mouseout {
        LottieMouseout::None => "none",
        LottieMouseout::Reverse => "reverse",
    };
    let scroll_action = match settings.scroll_action {
        ScrollAction::Play => "play",
        ScrollAction::Seek => "seek",
    };
    let label = escape(label);
    let toggle = if settings.controls {
        "<button type=\"button\" class=\"home-lottie__toggle\" data-lottie-toggle hidden>Play animation</button>"
    } else {
        ""
    };
    Ok(format!(
        "<div class=\"home-section home-lottie\">\
         <div class=\"home-lottie__player\" data-behaviour=\"lottie\" data-src=\"{src}\" data-width=\"{width}\" data-height=\"{height}\" \
         data-autoplay=\"{autoplay}\" data-controls=\"{controls}\" data-direction=\"{direction}\" data-start=\"{start}\" data-end=\"{end}\" \
         data-loop=\"{repeat}\" data-speed=\"{speed}\" data-trigger=\"{trigger}\" data-mouseout=\"{mouseout}\" data-scroll-action=\"{scroll_action}\" \
         data-visibility-start=\"{visibility_start}\" data-visibility-end=\"{visibility_end}\">\
         <div class=\"home-lottie__frame\" role=\"img\" aria-label=\"{label}\"><svg class=\"home-lottie__placeholder\" viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" aria-hidden=\"true\" focusable=\"false\"></svg></div>{toggle}</div></div>\n",
        src = escape(src),
        autoplay = yes_no(settings.autoplay),
        controls = yes_no(settings.controls),
        start = settings.start,
        end = settings.end,
        repeat = yes_no(settings.repeat),
        speed = settings.speed,
        visibility_start = settings.visibility_start,
        visibility_end = settings.visibility_end,
    ))
}

/// `[gallery title="..."][image src="" width="" height="" alt=""]...[/gallery]`: thumbnails,
/// each a link to its picture (which is what a click shows without JavaScript), opened by
/// the home-gallery behaviour in the product gallery's lightbox.
pub(crate) fn gallery(
    page: &mut Page,
    tag: &Tag<'_>,
    children: &[Node<'_>],
) -> Result<String, ShortcodeError> {
    let images = items(tag, children, "image")?;
    if images.len() > MAX_GALLERY_IMAGES {
        return Err(ShortcodeError::at(
            tag.line,
            format!("[gallery] holds at most {MAX_GALLERY_IMAGES} [image]s"),
        ));
    }
    let mut list = String::new();
    for (image, _) in images {
        let src = escape(address(image, "src", None)?);
        let width = side(image, "width")?;
        let height = side(image, "height")?;
        let alt = escape(short_text(image, "alt", required(image, "alt")?)?);
        let _ = write!(
            list,
            "<li class=\"home-gallery__item\"><a class=\"home-gallery__link\" href=\"{src}\" data-gallery-width=\"{width}\" data-gallery-height=\"{height}\">\
             <img class=\"home-gallery__image\" src=\"{src}\" width=\"{width}\" height=\"{height}\" alt=\"{alt}\" loading=\"lazy\" decoding=\"async\"></a></li>"
        );
    }
    let (open, heading) = match optional(tag, "title") {
        Some(title) => {
            let title = short_text(tag, "title", title)?;
            let id = page.claim_id(None, &format!("{title}-gallery"), &["-heading"], tag.line)?;
            (
                format!(
                    "<section class=\"home-section home-gallery\" id=\"{id}\" aria-labelledby=\"{id}-heading\" data-behaviour=\"home-gallery\">"
                ),
                format!(
                    "<h2 class=\"home-section__heading\" id=\"{id}-heading\">{}</h2>",
                    escape(title)
                ),
            )
        }
        None => (
            "<div class=\"home-section home-gallery\" data-behaviour=\"home-gallery\">".to_owned(),
            String::new(),
        ),
    };
    let close = if heading.is_empty() {
        "</div>"
    } else {
        "</section>"
    };
    Ok(format!(
        "{open}{heading}<ul class=\"home-gallery__list\">{list}</ul>{close}\n"
    ))
}

#[cfg(test)]
#[path = "media_tests.rs"]
mod tests;
