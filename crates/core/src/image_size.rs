//! The pixel size a picture file declares: raster formats by their header (`imagesize`), SVG
//! by its root element's `width` and `height`, else its `viewBox`. Used where a picture enters
//! the shop from a file (the CSV import, a social feed's folder) so pages reserve its space.

/// The size `bytes` (a picture file, or its first few kilobytes) declares, when it does.
pub fn pixel_size(bytes: &[u8]) -> Option<(u32, u32)> {
    imagesize::blob_size(bytes)
        .ok()
        .and_then(|s| Some((u32::try_from(s.width).ok()?, u32::try_from(s.height).ok()?)))
        .or_else(|| svg_size(bytes))
        .filter(|(w, h)| *w > 0 && *h > 0)
}

/// The size an SVG file declares on its root element: its `width` and `height` in pixels
/// (unitless or `px`), else its `viewBox`.
pub fn svg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let text = std::str::from_utf8(bytes.get(..4096).unwrap_or(bytes)).ok()?;
    let start = text.find("<svg")?;
    let tag = &text[start..start + text[start..].find('>')?];
    let attribute = |name: &str| -> Option<&str> {
        let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        tag[at..].split('"').next()
    };
    // Whole pixels (a fraction is dropped); percentages and other units are no size.
    let pixels = |value: &str| -> Option<u32> {
        let number = value.trim().trim_end_matches("px");
        let whole = number.split_once('.').map_or(number, |(whole, _)| whole);
        whole
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=u32::from(u16::MAX)).contains(n))
    };
    if let (Some(w), Some(h)) = (attribute("width"), attribute("height"))
        && let (Some(w), Some(h)) = (pixels(w), pixels(h))
    {
        return Some((w, h));
    }
    let view_box: Vec<&str> = attribute("viewBox")?.split_whitespace().collect();
    match view_box.as_slice() {
        [_, _, w, h] => Some((pixels(w)?, pixels(h)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_svg_declares_its_size_by_attributes_or_view_box() {
        let sized = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="640" height="480px" viewBox="0 0 10 10"></svg>"#;
        assert_eq!(svg_size(sized), Some((640, 480)));
        let boxed =
            br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"><rect/></svg>"#;
        assert_eq!(svg_size(boxed), Some((600, 400)));
        let relative = br#"<svg width="100%" height="100%" viewBox="0 0 300 200"></svg>"#;
        assert_eq!(
            svg_size(relative),
            Some((300, 200)),
            "percentages fall back to the viewBox"
        );
        assert_eq!(svg_size(b"<svg></svg>"), None);
        assert_eq!(svg_size(b"not an image"), None);
    }
}
