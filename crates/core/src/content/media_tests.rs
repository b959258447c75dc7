use crate::content::SourceFormat;
use crate::content::shortcodes::{ShortcodeError, page_html};

fn md(source: &str) -> Result<String, ShortcodeError> {
    page_html(SourceFormat::Markdown, source)
}

fn error_of(source: &str) -> ShortcodeError {
    md(source).expect_err("a refused page")
}

#[test]
fn a_lightbox_is_the_home_lightbox_section_where_it_was_written() {
    let html = md("Check the [size guide](#size-guide).\n\n[lightbox id=\"size-guide\" panel=\"offcanvas_right\" title=\"Size <guide>\"]\n| Size | Chest |\n|---|---|\n| S | 48 |\n[/lightbox]\n\nAfter.")
        .expect("a good page");
    assert!(
        html.contains(r##"<a href="#size-guide" rel="noopener noreferrer">size guide</a>"##),
        "{html}"
    );
    assert!(
        html.contains(r#"<section class="home-section home-lightbox" id="size-guide" aria-labelledby="size-guide-heading" data-behaviour="lightbox" data-panel="offcanvas_right"><h2 class="home-section__heading" id="size-guide-heading">Size &lt;guide&gt;</h2><div class="home-lightbox__text">"#),
        "{html}"
    );
    assert!(html.contains("<td>48</td>"), "{html}");
    assert!(!html.contains("<p><section"), "{html}");
    let before = html.find("size guide</a>").expect("the link");
    let section = html.find("<section").expect("the lightbox");
    let after = html.find("<p>After.</p>").expect("the text after");
    assert!(before < section && section < after, "in page order: {html}");
    // The panel defaults to a lightbox in the middle.
    let html =
        md("[lightbox id=\"care\" title=\"Care\"]Wash cold.[/lightbox]").expect("a good page");
    assert!(html.contains(r#"data-panel="lightbox""#), "{html}");
}

#[test]
fn a_video_lottie_and_gallery_make_the_home_markup() {
    let html = md("[video src=\"/media/demo/studio.mp4\" poster=\"/media/demo/studio.svg\" width=\"1600\" height=\"640\" title=\"In the studio\"]\n\n[lottie src=\"/media/demo/bouncing-tee.json\" width=\"240\" height=\"240\" label=\"A tee & a table\" autoplay loop controls speed=\"1.5\" trigger=\"scroll\" scroll_action=\"seek\" visibility_start=\"10\" visibility_end=\"90\"]\n\n[gallery title=\"Prints\"]\n[image src=\"/media/a.svg\" width=\"600\" height=\"400\" alt=\"A poster\"]\n[image src=\"https://cdn.example.com/b.jpg?x=1&y=2\" width=\"800\" height=\"800\" alt=\"A mug\"]\n[/gallery]")
        .expect("a good page");
    assert!(
        html.contains(r#"<section class="home-section home-video" id="in-the-studio-video" aria-labelledby="in-the-studio-video-heading"><div class="home-video__media" data-behaviour="background-video"><video class="home-video__player" src="/media/demo/studio.mp4" poster="/media/demo/studio.svg" width="1600" height="640" muted loop playsinline preload="none" aria-hidden="true"></video>"#),
        "{html}"
    );
    assert!(html.contains(r#"<h2 class="home-section__heading" id="in-the-studio-video-heading">In the studio</h2>"#), "{html}");
    assert!(
        html.contains(r#"data-behaviour="lottie" data-src="/media/demo/bouncing-tee.json" data-width="240" data-height="240" data-autoplay="true" data-controls="true" data-direction="forward" data-start="0" data-end="100" data-loop="true" data-speed="1.5" data-trigger="scroll" data-mouseout="none" data-scroll-action="seek" data-visibility-start="10" data-visibility-end="90">"#),
        "{html}"
    );
    assert!(html.contains(r#"<div class="home-lottie__frame" role="img" aria-label="A tee &amp; a table"><svg class="home-lottie__placeholder" viewBox="0 0 240 240""#), "{html}");
    assert!(
        html.contains("data-lottie-toggle hidden>Play animation</button>"),
        "{html}"
    );
    assert!(html.contains(r#"<section class="home-section home-gallery" id="prints-gallery" aria-labelledby="prints-gallery-heading" data-behaviour="home-gallery">"#), "{html}");
    assert!(
        html.contains(r#"<a class="home-gallery__link" href="https://cdn.example.com/b.jpg?x=1&amp;y=2" data-gallery-width="800" data-gallery-height="800"><img class="home-gallery__image" src="https://cdn.example.com/b.jpg?x=1&amp;y=2" width="800" height="800" alt="A mug" loading="lazy" decoding="async"></a>"#),
        "{html}"
    );
    // Without a title: no heading, no landmark; without controls: no button.
    let html = md("[lottie src=\"/media/a.json\" width=\"10\" height=\"10\" label=\"Dots\"]\n\n[video src=\"/media/a.mp4\" poster=\"/media/a.svg\" width=\"10\" height=\"10\"]").expect("a good page");
    assert!(!html.contains("<section"), "{html}");
    assert!(!html.contains("Play animation"), "{html}");
    assert!(
        html.contains(r#"data-autoplay="false" data-controls="false""#),
        "{html}"
    );
    assert!(html.contains(r#"data-speed="1""#), "{html}");
}

#[test]
fn markdown_links_named_like_shortcodes_stay_links() {
    let html = md("[video](/media/demo/studio.mp4) and [gallery](/gallery)").expect("links");
    assert!(html.contains(r#"data-behaviour="video-link""#), "{html}");
    assert!(html.contains(">gallery</a>"), "{html}");
}

#[test]
fn bad_media_attributes_are_refused_with_their_line() {
    let cases: &[(&str, usize, &str)] = &[
        (
            "Text\n\n[lightbox title=\"A\"]x[/lightbox]",
            3,
            "needs a id",
        ),
        (
            "[lightbox id=\"Size Guide\" title=\"A\"]x[/lightbox]",
            1,
            "lower-case letter",
        ),
        (
            "[lightbox id=\"a\" title=\"A\" panel=\"top\"]x[/lightbox]",
            1,
            "must be one of: lightbox, offcanvas_left, offcanvas_right",
        ),
        (
            "[lightbox id=\"a\" title=\"A\"]x[/lightbox]\n[lightbox id=\"a\" title=\"B\"]y[/lightbox]",
            2,
            "used twice",
        ),
        (
            "[scroll_to title=\"x\" link=\"a\"]\n[lightbox id=\"a\" title=\"B\"]y[/lightbox]",
            2,
            "used twice",
        ),
        (
            "[lightbox id=\"a\" title=\"A\" onclick=\"x\"]x[/lightbox]",
            1,
            "has no attribute \"onclick\"",
        ),
        (
            "[video src=\"/media/a.webm\" poster=\"/p.svg\" width=\"1\" height=\"1\"]",
            1,
            "must be a .mp4 file",
        ),
        (
            "[video src=\"javascript:alert(1).mp4\" poster=\"/p.svg\" width=\"1\" height=\"1\"]",
            1,
            "must be a path of this shop",
        ),
        (
            "[video src=\"/a.mp4\" poster=\"//evil.example/p.svg\" width=\"1\" height=\"1\"]",
            1,
            "must be a path of this shop",
        ),
        (
            "[video src=\"/a b.mp4\" poster=\"/p.svg\" width=\"1\" height=\"1\"]",
            1,
            "without spaces",
        ),
        (
            "[video src=\"/a.mp4\" poster=\"/p.svg\" width=\"0\" height=\"1\"]",
            1,
            "width=\"0\" on [video] must be a whole number from 1 to 4000",
        ),
        (
            "[video src=\"/a.mp4\" poster=\"/p.svg\" width=\"10\"]",
            1,
            "needs a height",
        ),
        (
            "[lottie src=\"https://cdn.example.com/a.json\" width=\"1\" height=\"1\" label=\"x\"]",
            1,
            "this shop's media",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\"]",
            1,
            "needs a label",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\" label=\"x\" speed=\"9\"]",
            1,
            "speed on [lottie] must be between 0.1 and 5",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\" label=\"x\" speed=\"NaN\"]",
            1,
            "must be a number",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\" label=\"x\" start=\"50\" end=\"20\"]",
            1,
            "end on [lottie] must be more than start",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\" label=\"x\" end=\"101\"]",
            1,
            "from 0 to 100",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\" label=\"x\" trigger=\"wiggle\"]",
            1,
            "must be one of: none, scroll, hover, click",
        ),
        (
            "[lottie src=\"/media/a.json\" width=\"1\" height=\"1\" label=\"x\" loop=\"maybe\"]",
            1,
            "must be true or false",
        ),
        ("[gallery]\nText\n[/gallery]", 1, "may hold only [image]s"),
        ("[gallery]\n[/gallery]", 1, "needs 1 to"),
        (
            "[gallery]\n[image src=\"/a.svg\" width=\"1\" height=\"1\"]\n[/gallery]",
            2,
            "needs a alt",
        ),
        (
            "Text\n[image src=\"/a.svg\" width=\"1\" height=\"1\" alt=\"x\"]",
            2,
            "belongs directly inside [gallery]",
        ),
    ];
    for (source, line, message) in cases {
        let error = error_of(source);
        assert_eq!(error.line, *line, "{source}: {error}");
        assert!(error.message.contains(message), "{source}: {error}");
    }
    let many = "[image src=\"/a.svg\" width=\"1\" height=\"1\" alt=\"x\"]\n".repeat(25);
    let error = error_of(&format!("[gallery]\n{many}[/gallery]"));
    assert!(error.message.contains("at most 24"), "{error}");
}
