use super::*;

fn md(source: &str) -> Result<String, ShortcodeError> {
    page_html(SourceFormat::Markdown, source)
}

fn error_of(source: &str) -> ShortcodeError {
    md(source).expect_err("a refused page")
}

#[test]
fn an_accordion_is_headings_with_buttons_controlling_their_panels() {
    let html = md("# FAQ\n\n[accordion]\n[accordion-item title=\"How long does delivery take?\"]\nTwo to **four** days.\n[/accordion-item]\n[accordion-item title=\"Returns\" open anchor=\"returns\"]\n- 30 days\n- free\n[/accordion-item]\n[/accordion]\n\nAfter.")
        .expect("a good page");
    assert!(html.contains("<h2>FAQ</h2>"), "{html}");
    assert!(
        html.contains(r#"<div class="accordion" data-behaviour="accordion">"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<div class="accordion__item" id="how-long-does-delivery-take"><h3 class="accordion__heading"><button type="button" class="accordion__button" id="how-long-does-delivery-take-button" aria-expanded="true" aria-controls="how-long-does-delivery-take-panel">How long does delivery take?</button></h3>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"role="region" aria-labelledby="how-long-does-delivery-take-button""#),
        "{html}"
    );
    assert!(
        html.contains("Two to <strong>four</strong> days."),
        "{html}"
    );
    assert!(
        html.contains(r#"<div class="accordion__item is-open" id="returns">"#),
        "{html}"
    );
    assert!(
        html.contains(r#"aria-expanded="true" aria-controls="returns-panel""#),
        "{html}"
    );
    assert!(html.contains("<li>30 days</li>"), "{html}");
    assert!(html.contains("<p>After.</p>"), "{html}");
    assert!(
        !html.contains("<p><div"),
        "blocks are not inside paragraphs: {html}"
    );
    assert!(!html.contains("shortcodeslot"), "{html}");
}

#[test]
fn a_single_accordion_is_marked_and_starts_with_at_most_one_item_open() {
    let html = md("[accordion single]\n[accordion-item title=\"One\"]\nA.\n[/accordion-item]\n[accordion-item title=\"Two\" open]\nB.\n[/accordion-item]\n[accordion-item title=\"Three\" open]\nC.\n[/accordion-item]\n[/accordion]")
        .expect("a good page");
    assert!(
        html.contains(r#"<div class="accordion" data-behaviour="accordion" data-single>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<div class="accordion__item" id="one">"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<div class="accordion__item is-open" id="two">"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<div class="accordion__item" id="three">"#),
        "{html}"
    );
    // Without `single` both marked items start open.
    let html = md("[accordion]\n[accordion-item title=\"Two\" open]\nB.\n[/accordion-item]\n[accordion-item title=\"Three\" open]\nC.\n[/accordion-item]\n[/accordion]")
        .expect("a good page");
    assert!(!html.contains("data-single"), "{html}");
    assert!(
        html.contains(r#"<div class="accordion__item is-open" id="three">"#),
        "{html}"
    );
    let error = error_of(
        "[accordion single=\"maybe\"]\n[accordion-item title=\"One\"]\nA.\n[/accordion-item]\n[/accordion]",
    );
    assert!(
        error
            .to_string()
            .contains("single=\"maybe\" on [accordion] must be true or false"),
        "{error}"
    );
}

#[test]
fn tabs_are_a_tab_list_and_headed_panels() {
    let html = md("[tabgroup title=\"Our shop\"]\n[tab title=\"Story\"]\nOnce.\n[/tab]\n[tab title=\"Team\" anchor=\"people\"]\nUs.\n[/tab]\n[/tabgroup]")
        .expect("a good page");
    assert!(
        html.contains(r#"<h3 class="tabs__title" id="our-shop-tabs">Our shop</h3>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"role="tablist" aria-labelledby="our-shop-tabs""#),
        "{html}"
    );
    assert!(html.contains(r#"role="tab" id="story-tab" aria-controls="story" aria-selected="true" tabindex="0">Story</button>"#), "{html}");
    assert!(html.contains(r#"role="tab" id="people-tab" aria-controls="people" aria-selected="false" tabindex="-1">Team</button>"#), "{html}");
    assert!(html.contains(r#"<div class="tabs__panel is-selected" id="story" role="tabpanel" aria-labelledby="story-tab" tabindex="0"><h3 class="tabs__heading">Story</h3>"#), "{html}");
    assert!(
        html.contains(r#"<div class="tabs__panel" id="people" role="tabpanel""#),
        "{html}"
    );
}

#[test]
fn read_more_tooltip_and_scroll_sections() {
    let html = md("[scroll_to title=\"Our story\"]\n\nShirts of [tooltip title=\"Grown without pesticides\"]organic *cotton*[/tooltip], printed here.\n\n[read_more]\nA long tale.\n[/read_more]\n\n[scroll_to title=\"Elsewhere\" link=\"#far\" bullet=\"false\"]\n")
        .expect("a good page");
    assert!(
        html.contains(
            r#"<span class="scroll-to" id="our-story" data-scroll-title="Our story"></span>"#
        ),
        "{html}"
    );
    assert!(
        html.contains(r#"<span class="scroll-to" id="far" data-scroll-title="Elsewhere"></span>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<p>Shirts of <span class="tooltip" data-behaviour="tooltip"><span class="tooltip__trigger" tabindex="0" title="Grown without pesticides" aria-describedby="tooltip">organic <em>cotton</em></span><span class="tooltip__bubble" role="tooltip" id="tooltip">Grown without pesticides</span></span>, printed here.</p>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"<div class="read-more__content" id="read-more">"#),
        "{html}"
    );
    assert!(
        html.contains(r#"aria-expanded="false" aria-controls="read-more">Read more ▼</button>"#),
        "{html}"
    );
    assert!(
        html.ends_with("<nav class=\"scroll-bullets\" aria-label=\"Sections of this page\" data-behaviour=\"scroll-sections\"><ul><li><a class=\"scroll-bullets__link\" href=\"#our-story\"><span class=\"scroll-bullets__label\">Our story</span></a></li></ul></nav>\n"),
        "only bullet sections are listed: {html}"
    );
}

#[test]
fn anchors_are_unique_on_the_page() {
    let html = md("[accordion][accordion-item title=\"Sizes\"]a[/accordion-item][accordion-item title=\"Sizes!\"]b[/accordion-item][/accordion][tabgroup][tab title=\"Sizes\"]c[/tab][tab title=\"¿¿\"]d[/tab][tab title=\"main\"]e[/tab][/tabgroup]")
        .expect("a good page");
    assert!(html.contains(r#"id="sizes""#), "{html}");
    assert!(html.contains(r#"id="sizes-2""#), "{html}");
    assert!(html.contains(r#"id="sizes-3""#), "{html}");
    assert!(html.contains(r#"id="section""#), "{html}");
    assert!(
        html.contains(r#"id="main-2""#),
        "the layout's own ids are not taken: {html}"
    );
    let error = error_of("[scroll_to title=\"A\" link=\"x\"]\n[scroll_to title=\"B\" link=\"x\"]");
    assert_eq!(error.line, 2);
    assert!(error.message.contains("used twice"), "{error}");
    assert!(
        error_of("[scroll_to title=\"A\" link=\"a b\"]")
            .message
            .contains("anchor")
    );
    assert!(
        error_of("[scroll_to title=\"A\" link=\"1a\"]")
            .message
            .contains("anchor")
    );
}

#[test]
fn hostile_attributes_and_inner_html_are_made_harmless() {
    let html = md("[accordion][accordion-item title='\"><script>alert(1)</script>' ]<img src=x onerror=alert(1)><script>alert(2)</script>ok[/accordion-item][/accordion]\n\n[tooltip title=\"a&quot; onmouseover=&quot;x()\"]<b onclick=\"y()\">word</b>[/tooltip]")
        .expect("a page");
    for bad in ["<script", "onerror", "onclick", "onmouseover=\""] {
        assert!(!html.contains(bad), "kept {bad}: {html}");
    }
    assert!(
        html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</button>"),
        "{html}"
    );
    assert!(
        html.contains("title=\"a&amp;quot; onmouseover=&amp;quot;x()\""),
        "{html}"
    );
    assert!(html.contains("<b>word</b>"), "{html}");
    assert!(html.contains("ok"), "{html}");
    // Widget markup cannot be forged by the merchant: classes and data attributes go.
    let forged =
        md("<div class=\"accordion\" data-behaviour=\"accordion\">x</div>").expect("a page");
    assert!(!forged.contains("data-behaviour"), "{forged}");
}

#[test]
fn html_pages_take_shortcodes_too() {
    let html = page_html(
        SourceFormat::Html,
        "<p>Hi</p>[read_more]<p>More</p>[/read_more]",
    )
    .expect("a page");
    assert!(
        html.starts_with("<p>Hi</p><div class=\"read-more\""),
        "{html}"
    );
    assert!(html.contains("<p>More</p>"), "{html}");
}

#[test]
fn plain_brackets_stay_text() {
    let html = md("See [our terms](/terms/) and [sic] and [x] and [ tooltip ].").expect("a page");
    assert!(
        html.contains(r#"<a href="/terms/""#) && html.contains(">our terms</a>"),
        "{html}"
    );
    assert!(html.contains("[sic] and [x] and [ tooltip ]."), "{html}");
}

#[test]
fn mistakes_are_refused_with_their_line() {
    let cases: [(&str, usize, &str); 14] = [
        ("a\n\n[acordion title=\"x\"]", 3, "not a shortcode"),
        ("a\n[/accordeon]", 2, "does not exist"),
        (
            "[accordion]\n[accordion-item title=\"a\"]\nx",
            2,
            "never closed",
        ),
        (
            "[read_more]\n\n[tooltip title=\"t\"]x[/read_more]",
            3,
            "cannot close [tooltip] opened on line 3",
        ),
        ("x\n[/read_more]", 2, "closes nothing"),
        (
            "[accordion-item title=\"a\"]x[/accordion-item]",
            1,
            "belongs directly inside [accordion]",
        ),
        (
            "[accordion]\ntext\n[/accordion]",
            1,
            "may hold only [accordion-item]s",
        ),
        ("[accordion][/accordion]", 1, "needs 1 to"),
        ("[tabgroup]\n[tab]x[/tab][/tabgroup]", 2, "needs a title"),
        (
            "[tabgroup]\n[tab title=\"a\" colour=\"red\"]x[/tab][/tabgroup]",
            2,
            "no attribute \"colour\"",
        ),
        (
            "\n[accordion][accordion-item title=\"a\" open=\"maybe\"]x[/accordion-item][/accordion]",
            2,
            "true or false",
        ),
        (
            "[tooltip title=\"t\"]\n\n- a\n- b\n[/tooltip]",
            1,
            "few words",
        ),
        (
            "[tooltip title=\"t\"]a [read_more]b[/read_more][/tooltip]",
            1,
            "holds only words",
        ),
        ("[scroll_to title=\"a\" link=\"b]", 1, "no closing quote"),
    ];
    for (source, line, words) in cases {
        let error = error_of(source);
        assert_eq!(error.line, line, "{source:?}: {error}");
        assert!(error.message.contains(words), "{source:?}: {error}");
    }
}

#[test]
fn limits_are_kept() {
    let deep = "[read_more]".repeat(MAX_DEPTH + 1) + &"[/read_more]".repeat(MAX_DEPTH + 1);
    assert!(error_of(&deep).message.contains("nested"), "{deep}");
    let ok_deep = "[read_more]".repeat(MAX_DEPTH) + "x" + &"[/read_more]".repeat(MAX_DEPTH);
    assert!(md(&ok_deep).is_ok());
    let many =
        "[tabgroup]".to_owned() + &"[tab title=\"t\"]x[/tab]".repeat(MAX_ITEMS + 1) + "[/tabgroup]";
    assert!(error_of(&many).message.contains("needs 1 to"), "items");
    let crowded = "[scroll_to title=\"s\" bullet=\"false\"]\n".repeat(MAX_SHORTCODES + 1);
    let error = error_of(&crowded);
    assert_eq!(error.line, MAX_SHORTCODES + 1);
    let long = format!(
        "[tooltip title=\"{}\"]x[/tooltip]",
        "t".repeat(MAX_ATTRIBUTE_CHARS + 1)
    );
    assert!(error_of(&long).message.contains("longer than"));
}

#[test]
fn a_page_is_refused_whole_by_prepare() {
    let refused = super::super::prepare(
        "faq",
        "FAQ",
        "",
        SourceFormat::Markdown,
        "fine\n\n[accordion]\n",
    );
    match refused {
        Err(super::super::ContentError::Shortcode(error)) => {
            assert_eq!(
                error.to_string(),
                "line 3: [accordion] is never closed with [/accordion]"
            );
        }
        other => panic!("expected a shortcode error, got {other:?}"),
    }
}

#[test]
fn slugs_are_plain() {
    assert_eq!(slugify("Delivery & Returns!"), "delivery-returns");
    assert_eq!(slugify("  2024 prices"), "section-2024-prices");
    assert_eq!(slugify("Çà"), "section");
    assert!(slugify(&"long ".repeat(40)).len() <= 48);
}

#[test]
fn a_spelled_slot_or_a_shortcode_inside_a_tag_cannot_misplace_markup() {
    // The sanitiser turns `&#115;` into `s`: the page now holds the slot word, once read.
    let html = md("mercatoshortcode&#115;lot0end\n\n[read_more]\nx\n[/read_more]").expect("a page");
    assert!(
        html.starts_with("<p>mercatoshortcodeslot0end</p>"),
        "{html}"
    );
    assert!(html.contains("<div class=\"read-more\""), "{html}");
    let error = page_html(
        SourceFormat::Html,
        "<p>a</p>\n<a href=\"/x\" title=\"[tooltip title='t']w[/tooltip]\">x</a>",
    )
    .expect_err("refused");
    assert_eq!(error.line, 2);
    assert!(error.message.contains("inside an HTML tag"), "{error}");
}

#[test]
fn many_brackets_are_read_quickly() {
    let source = "[x] ".repeat(60_000) + "\n[read_more]y[/read_more]";
    let started = std::time::Instant::now();
    assert!(md(&source).is_ok());
    assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
}
