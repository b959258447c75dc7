//! The demo's product pictures: a simple illustration of the item (a T-shirt, a mug ...)
//! filled in the product's colour, with its name underneath. SVG, a few hundred bytes each.

/// What the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A T-shirt.
    Tshirt,
    /// A hoodie.
    Hoodie,
    /// A baseball cap.
    Cap,
    /// A beanie.
    Beanie,
    /// A mug.
    Mug,
    /// A framed poster.
    Poster,
    /// A round sticker.
    Sticker,
    /// A tote bag.
    Bag,
    /// A badge or pin.
    Pin,
    /// A screen (digital goods).
    Screen,
}

impl Shape {
    /// The name used in file names.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Tshirt => "tshirt",
            Shape::Hoodie => "hoodie",
            Shape::Cap => "cap",
            Shape::Beanie => "beanie",
            Shape::Mug => "mug",
            Shape::Poster => "poster",
            Shape::Sticker => "sticker",
            Shape::Bag => "bag",
            Shape::Pin => "pin",
            Shape::Screen => "screen",
        }
    }

    fn drawing(self) -> &'static str {
        match self {
            Shape::Tshirt => {
                r##"<path d="M210 120 L260 100 Q300 135 340 100 L390 120 L470 190 L430 250 L395 225 L395 470 L205 470 L205 225 L170 250 L130 190 Z"/>"##
            }
            Shape::Hoodie => {
                r##"<path d="M215 130 Q300 40 385 130 L470 200 L440 470 L395 470 L395 250 L395 480 L205 480 L205 250 L205 470 L160 470 L130 200 Z"/><path class="line" d="M250 140 Q300 200 350 140 M245 380 L355 380 L340 440 L260 440 Z"/>"##
            }
            Shape::Cap => {
                r##"<path d="M160 330 Q160 170 300 170 Q440 170 440 330 Z"/><path d="M300 330 L500 330 Q520 370 470 370 L300 350 Z"/><circle class="line" cx="300" cy="172" r="10"/>"##
            }
            Shape::Beanie => {
                r##"<path d="M170 360 Q170 170 300 170 Q430 170 430 360 Z"/><rect x="155" y="340" width="290" height="80" rx="16"/><circle cx="300" cy="150" r="38"/>"##
            }
            Shape::Mug => {
                r##"<path class="line" d="M400 240 Q480 240 480 310 Q480 380 400 380" stroke-width="26" fill="none"/><rect x="170" y="190" width="240" height="270" rx="26"/>"##
            }
            Shape::Poster => {
                r##"<rect x="170" y="90" width="260" height="370" fill="#fff" stroke="#333" stroke-width="10"/><path d="M190 440 L270 300 L320 370 L360 320 L410 440 Z"/><circle cx="360" cy="190" r="34"/>"##
            }
            Shape::Sticker => {
                r##"<circle cx="300" cy="280" r="170"/><circle class="line" cx="300" cy="280" r="140" fill="none" stroke-dasharray="14 10"/><path class="line" d="M240 300 L300 210 L360 300 Z" fill="none"/>"##
            }
            Shape::Bag => {
                r##"<path class="line" d="M230 200 Q230 110 300 110 Q370 110 370 200" fill="none" stroke-width="16"/><path d="M170 200 L430 200 L450 470 L150 470 Z"/>"##
            }
            Shape::Pin => {
                r##"<circle cx="300" cy="280" r="150"/><path class="line" d="M300 170 L330 250 L415 250 L345 300 L372 385 L300 335 L228 385 L255 300 L185 250 L270 250 Z" fill="none"/>"##
            }
            Shape::Screen => {
                r##"<rect x="120" y="130" width="360" height="240" rx="14"/><rect x="140" y="150" width="320" height="200" fill="#fff" opacity=".25"/><rect x="270" y="370" width="60" height="60"/><rect x="220" y="430" width="160" height="16" rx="8"/>"##
            }
        }
    }
}

/// Escapes text for an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Whether dark text reads better than white on `hex` (`#rrggbb`).
fn is_light(hex: &str) -> bool {
    let channel = |range: std::ops::Range<usize>| {
        hex.get(range)
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .unwrap_or(0)
    };
    let (r, g, b) = (channel(1..3), channel(3..5), channel(5..7));
    r * 299 + g * 587 + b * 114 > 150_000
}

/// The picture of `shape` in `color` (`#rrggbb`) captioned with `title`.
pub fn illustration(shape: Shape, color: &str, title: &str) -> String {
    let outline = if is_light(color) {
        "#55585c"
    } else {
        "#1b1c1e"
    };
    let accent = if is_light(color) {
        "#3a3d42"
    } else {
        "#f4f1ea"
    };
    format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="{title}">"##,
            r##"<rect width="600" height="600" fill="#f3efe8"/>"##,
            r##"<style>g *{{stroke:{outline};stroke-width:6;stroke-linejoin:round}} .line{{stroke:{accent}}}</style>"##,
            r##"<g fill="{color}">{drawing}</g>"##,
            r##"<text x="300" y="555" text-anchor="middle" font-family="system-ui,sans-serif" font-size="30" fill="#2b2b2b">{title}</text>"##,
            "</svg>"
        ),
        title = escape(title),
        outline = outline,
        accent = accent,
        color = color,
        drawing = shape.drawing(),
    )
}

/// A wide picture for the home page (a slide, a banner, a tile): `shape` in `color` drawn on
/// the right of a `background` with two soft circles, no text (the page writes the words).
pub fn banner(shape: Shape, color: &str, background: &str, width: u32, height: u32) -> String {
    let side = f64::from(width.min(height));
    let scale = side / 600.0 * 0.92;
    let x = f64::from(width) - side * 0.98;
    let y = f64::from(height) - side * 0.96;
    let outline = if is_light(color) {
        "#55585c"
    } else {
        "#1b1c1e"
    };
    let accent = if is_light(color) {
        "#3a3d42"
    } else {
        "#f4f1ea"
    };
    format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">"##,
            r##"<rect width="{w}" height="{h}" fill="{background}"/>"##,
            r##"<circle cx="{c1x:.0}" cy="{c1y:.0}" r="{r1:.0}" fill="{color}" opacity=".12"/>"##,
            r##"<circle cx="{c2x:.0}" cy="{c2y:.0}" r="{r2:.0}" fill="#ffffff" opacity=".45"/>"##,
            r##"<style>g *{{stroke:{outline};stroke-width:6;stroke-linejoin:round}} .line{{stroke:{accent}}}</style>"##,
            r##"<g fill="{color}" transform="translate({x:.1} {y:.1}) scale({scale:.4})">{drawing}</g>"##,
            "</svg>"
        ),
        w = width,
        h = height,
        background = background,
        color = color,
        c1x = f64::from(width) * 0.72,
        c1y = f64::from(height) * 0.45,
        r1 = side * 0.55,
        c2x = f64::from(width) * 0.12,
        c2y = f64::from(height) * 0.9,
        r2 = side * 0.35,
        outline = outline,
        accent = accent,
        x = x,
        y = y,
        scale = scale,
        drawing = shape.drawing(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_carry_the_colour_and_an_escaped_title() {
        let svg = illustration(Shape::Mug, "#1f2a44", "Mugs & <more>");
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains(r##"fill="#1f2a44""##));
        assert!(svg.contains("Mugs &amp; &lt;more&gt;"));
        assert!(is_light("#f5f5f5") && !is_light("#1f1f1f"));
    }
}
