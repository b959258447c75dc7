//! The demo's home page: the pictures its layout (`mercato_core::home`'s default) shows,
//! drawn like the product pictures, the social feed's photos (`social_feeds`), and the layout
//! itself stored as the `home` setting so `mercato settings get home` shows it ready to edit.

use mercato_core::home::{self, HomeImage, HomeLayout, SocialFeed, SocialFeeds, SocialPhoto};
use mercato_db::catalogue as store;
use mercato_db::{Db, options};

use super::svg::{Shape, banner};

/// Each picture: media path (under `/media/`), shape, colour, background, width, height.
const PICTURES: &[(&str, Shape, &str, &str, u32, u32)] = &[
    (
        "demo/home-hero-1.svg",
        Shape::Tshirt,
        "#0a6e5c",
        "#e3f1ed",
        1600,
        640,
    ),
    (
        "demo/home-hero-2.svg",
        Shape::Hoodie,
        "#c2562f",
        "#f6e7da",
        1600,
        640,
    ),
    (
        "demo/home-hero-3.svg",
        Shape::Poster,
        "#3b3a8f",
        "#e8e6f4",
        1600,
        640,
    ),
    (
        "demo/home-banner-tees.svg",
        Shape::Tshirt,
        "#e0b33a",
        "#f3efe8",
        800,
        500,
    ),
    (
        "demo/home-banner-mugs.svg",
        Shape::Mug,
        "#2d6aa3",
        "#e4eef6",
        800,
        500,
    ),
    (
        "demo/home-banner-stickers.svg",
        Shape::Sticker,
        "#c23a6b",
        "#f7e4ea",
        800,
        500,
    ),
    (
        "demo/home-tile-tshirt.svg",
        Shape::Tshirt,
        "#2f7d6d",
        "#eef3f1",
        600,
        600,
    ),
    (
        "demo/home-tile-hoodie.svg",
        Shape::Hoodie,
        "#4a4f57",
        "#efeff1",
        600,
        600,
    ),
    (
        "demo/home-tile-cap.svg",
        Shape::Cap,
        "#b8452e",
        "#f6ece8",
        600,
        600,
    ),
    (
        "demo/home-tile-mug.svg",
        Shape::Mug,
        "#f1f1ee",
        "#e6ebf2",
        600,
        600,
    ),
    (
        "demo/home-tile-poster.svg",
        Shape::Poster,
        "#d9932b",
        "#f4efe6",
        600,
        600,
    ),
    (
        "demo/home-tile-bag.svg",
        Shape::Bag,
        "#c9b48a",
        "#f1efe9",
        600,
        600,
    ),
    (
        "demo/home-video-poster.svg",
        Shape::Tshirt,
        "#e3f1ed",
        "#0a6e5c",
        1280,
        720,
    ),
    (
        "demo/home-workshop.svg",
        Shape::Tshirt,
        "#1b4d89",
        "#e9edf3",
        800,
        800,
    ),
];

/// The demo's social feed: customers' photos, each leading to what they show.
const FEED: &[(&str, Shape, &str, &str, &str, &str)] = &[
    (
        "demo/feed-1.svg",
        Shape::Hoodie,
        "#c2562f",
        "#f6e7da",
        "A rust hoodie on a hike",
        "/product-category/clothing/hoodies/",
    ),
    (
        "demo/feed-2.svg",
        Shape::Mug,
        "#2d6aa3",
        "#e4eef6",
        "A blue mug on a desk",
        "/product-category/mugs/",
    ),
    (
        "demo/feed-3.svg",
        Shape::Tshirt,
        "#0a6e5c",
        "#e3f1ed",
        "A green tee at the beach",
        "/product-category/clothing/t-shirts/",
    ),
    (
        "demo/feed-4.svg",
        Shape::Sticker,
        "#c23a6b",
        "#f7e4ea",
        "Stickers on a laptop",
        "/product-category/stickers/",
    ),
    (
        "demo/feed-5.svg",
        Shape::Poster,
        "#3b3a8f",
        "#e8e6f4",
        "A poster above a sofa",
        "/product-category/posters/",
    ),
    (
        "demo/feed-6.svg",
        Shape::Cap,
        "#e0b33a",
        "#f3efe8",
        "A yellow cap at a gig",
        "/product-category/caps-beanies/",
    ),
];

/// The demo's video and vector animation, made once and kept as files: a 3 s, 320×180 clip
/// (ffmpeg, see docs/home-page.md) and a hand-written lottie animation.
const FILES: &[(&str, &str, &[u8])] = &[
    (
        "demo/studio.mp4",
        "video/mp4",
        include_bytes!("media/studio.mp4"),
    ),
    (
        "demo/bouncing-tee.json",
        "application/json",
        include_bytes!("media/bouncing-tee.json"),
    ),
];

/// Stores the pictures (again: they are cheap) and the layout when none is set.
pub async fn load(db: &Db) -> anyhow::Result<()> {
    for (path, content_type, bytes) in FILES {
        store::put_media(db, path, content_type, bytes).await?;
    }
    for (path, shape, color, background, width, height) in PICTURES {
        let svg = banner(*shape, color, background, *width, *height);
        store::put_media(db, path, "image/svg+xml", svg.as_bytes()).await?;
    }
    let mut photos = Vec::new();
    for (path, shape, color, background, alt, url) in FEED {
        let svg = banner(*shape, color, background, 600, 600);
        store::put_media(db, path, "image/svg+xml", svg.as_bytes()).await?;
        photos.push(SocialPhoto {
            image: HomeImage {
                src: format!("/media/{path}"),
                width: 600,
                height: 600,
                alt: (*alt).to_owned(),
            },
            url: (*url).to_owned(),
        });
    }
    if options::get::<serde_json::Value>(db, home::FEEDS_OPTION)
        .await?
        .is_none()
    {
        let feed = SocialFeed {
            service: "Instagram".to_owned(),
            photos,
            folder: None,
        };
        let feeds = SocialFeeds {
            feeds: [("instagram".to_owned(), feed)].into(),
        };
        options::set(db, home::FEEDS_OPTION, &feeds).await?;
    }
    if options::get::<serde_json::Value>(db, home::OPTION)
        .await?
        .is_none()
    {
        options::set(db, home::OPTION, &HomeLayout::default()).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The video and animation the default layout plays are files the demo stores.
    #[test]
    fn the_layout_plays_only_files_the_demo_stores() {
        let mut played = Vec::new();
        for section in HomeLayout::default().sections {
            match section {
                Section::Video { src, watch, .. } => {
                    played.push(src);
                    played.extend(watch.map(|w| w.src));
                }
                Section::Lottie { src, .. } => played.push(src),
                _ => {}
            }
        }
        assert!(played.len() >= 3);
        for src in played {
            assert!(
                FILES.iter().any(|f| format!("/media/{}", f.0) == src),
                "{src} is not stored"
            );
        }
    }

    use super::*;
    use mercato_core::home::Section;

    /// Every home picture is drawn at the size it says, writes no words and stays small.
    #[test]
    fn pictures_say_their_size_and_write_nothing() {
        let feed = FEED.iter().map(|f| (f.0, f.1, f.2, f.3, 600, 600));
        for (path, shape, color, background, width, height) in PICTURES.iter().copied().chain(feed)
        {
            let svg = banner(shape, color, background, width, height);
            assert!(
                svg.starts_with(&format!(
                    r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}">"#
                )),
                "{path}"
            );
            assert!(!svg.contains("<text") && !svg.contains('$'), "{path}");
            assert!(svg.len() < 8192, "{path}: {} bytes", svg.len());
        }
    }

    /// Every picture the default layout shows is one the demo draws, at the size it says.
    #[test]
    fn the_layout_shows_only_pictures_the_demo_draws() {
        let mut shown = Vec::new();
        for section in HomeLayout::default().sections {
            match section {
                Section::HeroSlider { slides, .. } => {
                    shown.extend(slides.into_iter().map(|s| s.image))
                }
                Section::BannerGrid { banners, .. } => {
                    shown.extend(banners.into_iter().map(|b| b.image))
                }
                Section::CategoryTiles { tiles, .. } => {
                    shown.extend(tiles.into_iter().filter_map(|t| t.image))
                }
                Section::TextImage { image, .. } => shown.push(image),
                Section::Gallery { images, .. } => shown.extend(images),
                Section::Video { poster, .. } => shown.push(poster),
                _ => {}
            }
        }
        assert!(shown.len() >= 15);
        for image in shown {
            let drawn = PICTURES
                .iter()
                .find(|p| format!("/media/{}", p.0) == image.src)
                .unwrap_or_else(|| panic!("{} is not drawn", image.src));
            assert_eq!(
                (drawn.4, drawn.5),
                (image.width, image.height),
                "{}",
                image.src
            );
        }
    }
}
