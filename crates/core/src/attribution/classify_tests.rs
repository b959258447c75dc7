//! The classification examples of order-attribution.md §3–§5.

use super::classify::{PageView, SourceType, TrafficSource, classify};

const SHOP: &str = "www.myshop.com";

fn first_visit<'a>(query: &'a str, referrer: &'a str) -> PageView<'a> {
    PageView {
        page_host: SHOP,
        query,
        referrer,
        has_session: false,
        has_history: false,
    }
}

fn mid_session<'a>(query: &'a str, referrer: &'a str) -> PageView<'a> {
    PageView {
        has_session: true,
        has_history: true,
        ..first_visit(query, referrer)
    }
}

fn summary(source: &TrafficSource) -> (SourceType, &str, &str, &str, &str) {
    (
        source.source_type,
        source.source.as_str(),
        source.medium.as_str(),
        source.campaign.as_str(),
        source.content.as_str(),
    )
}

fn class(view: PageView<'_>) -> TrafficSource {
    classify(&view).expect("a classification")
}

#[test]
fn campaign_parameters() {
    let s = class(first_visit(
        "utm_source=newsletter&utm_medium=email&utm_campaign=spring",
        "",
    ));
    assert_eq!(
        summary(&s),
        (SourceType::Utm, "newsletter", "email", "spring", "(none)")
    );
    assert_eq!(s.term, "(none)");
    assert_eq!(s.id, "(none)");

    let s = class(first_visit("gclid=abc&utm_source=bing", ""));
    assert_eq!(
        summary(&s),
        (SourceType::Utm, "bing", "cpc", "google_cpc", "(none)")
    );
    let s = class(first_visit("?gclid=abc", ""));
    assert_eq!(
        summary(&s),
        (SourceType::Utm, "google", "cpc", "google_cpc", "(none)")
    );
    let s = class(first_visit("yclid=1", ""));
    assert_eq!(
        summary(&s),
        (SourceType::Utm, "yandex", "cpc", "yandex_cpc", "(none)")
    );
}

#[test]
fn empty_and_ga4_values() {
    let s = class(first_visit("utm_source=", ""));
    assert_eq!((s.source_type, s.source.as_str()), (SourceType::Utm, ""));
    let s = class(first_visit("utm_id=", ""));
    assert_eq!((s.source_type, s.id.as_str()), (SourceType::Utm, "(none)"));
    let s = class(first_visit(
        "utm_id=42&utm_source_platform=dv360&utm_creative_format=video&utm_marketing_tactic=prospecting",
        "",
    ));
    assert_eq!(
        (
            s.id.as_str(),
            s.platform.as_str(),
            s.format.as_str(),
            s.tactic.as_str()
        ),
        ("42", "dv360", "video", "prospecting")
    );
}

#[test]
fn query_quirks() {
    // Upper-case keys are not campaign keys.
    let s = class(first_visit("UTM_SOURCE=x", ""));
    assert_eq!(s.source_type, SourceType::Typein);
    let s = class(first_visit(
        "utm_source=a=b&utm_content=Face%20Book&utm_term=red+shoes",
        "",
    ));
    assert_eq!(s.source, "a");
    assert_eq!(s.content, "Face Book");
    assert_eq!(s.term, "red+shoes");
    let s = class(first_visit(
        "utm_source=a&utm_source=b&utm_medium=a%2Bb",
        "",
    ));
    assert_eq!((s.source.as_str(), s.medium.as_str()), ("a,b", "a+b"));
}

#[test]
fn yandex_referrer_supplies_the_term() {
    let s = class(first_visit(
        "utm_source=ads",
        "https://yandex.ru/search/?text=boots",
    ));
    assert_eq!(s.term, "boots");
    let s = class(first_visit(
        "utm_source=ads&utm_term=hats",
        "https://yandex.ru/search/?text=boots",
    ));
    assert_eq!(s.term, "hats");
}

#[test]
fn search_engines_are_organic() {
    for referrer in [
        "https://www.google.com/",
        "https://google.co.uk/",
        "https://www.google.com.au/search?q=x",
    ] {
        let s = class(mid_session("", referrer));
        assert_eq!(
            summary(&s),
            (SourceType::Organic, "google", "organic", "(none)", "(none)"),
            "{referrer}"
        );
    }
    let s = class(mid_session("", "https://www.bing.com/search?q=hoodie"));
    assert_eq!(s.source, "bing");
    let s = class(mid_session("", "https://search.yahoo.com/search?p=hoodie"));
    assert_eq!(s.source, "yahoo");
    let s = class(mid_session("", "https://yandex.com.tr/search/?text=hoodie"));
    assert_eq!(s.source, "yandex");
    let s = class(mid_session("", "https://nova.rambler.ru/search?QUERY=x"));
    assert_eq!(s.source, "rambler");
}

#[test]
fn other_sites_are_referrals_at_session_start() {
    let s = class(first_visit("", "https://images.google.com/"));
    assert_eq!(
        summary(&s),
        (
            SourceType::Referral,
            "images.google.com",
            "referral",
            "(none)",
            "/"
        )
    );
    let s = class(first_visit("", "https://www.bing.com/"));
    assert_eq!(s.source, "bing.com");
    let s = class(first_visit("", "https://duckduckgo.com/?q=hoodie"));
    assert_eq!(
        (s.source_type, s.source.as_str()),
        (SourceType::Referral, "duckduckgo.com")
    );
    let s = class(first_visit("", "https://t.co/abc123"));
    assert_eq!(
        (s.source.as_str(), s.content.as_str()),
        ("twitter.com", "/abc123")
    );
    let s = class(first_visit(
        "",
        "https://partner.example.org:8443/deals/summer%20sale?x=1",
    ));
    assert_eq!(
        (s.source.as_str(), s.content.as_str()),
        ("partner.example.org", "/deals/summer sale")
    );
    let s = class(first_visit("", "https://www.facebook.com/"));
    assert_eq!(s.source, "facebook.com");
}

#[test]
fn session_and_history_rules() {
    // A second external referrer inside a session is ignored.
    assert_eq!(
        classify(&mid_session("", "https://www.facebook.com/")),
        None
    );
    // Typein never overrides an earlier classification.
    assert_eq!(classify(&mid_session("", "")), None);
    let returning = PageView {
        has_session: false,
        ..mid_session("", "")
    };
    assert_eq!(classify(&returning), None);
    // Campaign parameters override mid-session.
    let s = class(mid_session("utm_source=mail", "https://www.facebook.com/"));
    assert_eq!(s.source_type, SourceType::Utm);
}

#[test]
fn internal_referrers() {
    for referrer in [
        "https://www.myshop.com/shop/",
        "https://myshop.com/",
        "https://blog.myshop.com/post",
    ] {
        let s = class(first_visit("", referrer));
        assert_eq!(
            summary(&s),
            (SourceType::Typein, "(direct)", "(none)", "(none)", "(none)"),
            "{referrer}"
        );
    }
    for referrer in ["https://myshop.com.evil.org/", "https://evilmyshop.com/"] {
        let s = class(first_visit("", referrer));
        assert_eq!(s.source_type, SourceType::Referral, "{referrer}");
    }
}

#[test]
fn field_values_cover_the_classification() {
    let s = class(first_visit("utm_source=news", ""));
    let values = s.field_values();
    assert_eq!(values.len(), 10);
    assert!(values.contains(&(super::AttributionField::SourceType, "utm")));
    assert!(values.contains(&(super::AttributionField::UtmSource, "news")));
}

/// One case of `classify_cases.json` (shared with web/src/attribution/rules.cases.test.ts).
#[derive(serde::Deserialize)]
struct SharedCase {
    name: String,
    page_host: Option<String>,
    query: String,
    referrer: String,
    session: bool,
    history: bool,
    expect: Option<std::collections::BTreeMap<String, String>>,
}

#[derive(serde::Deserialize)]
struct SharedCases {
    page_host: String,
    cases: Vec<SharedCase>,
}

/// The classification as sourcebuster's `current` cookie keys.
fn as_cookie_fields(s: &TrafficSource) -> std::collections::BTreeMap<String, String> {
    [
        ("typ", s.source_type.as_str()),
        ("src", &s.source),
        ("mdm", &s.medium),
        ("cmp", &s.campaign),
        ("cnt", &s.content),
        ("trm", &s.term),
        ("id", &s.id),
        ("plt", &s.platform),
        ("fmt", &s.format),
        ("tct", &s.tactic),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v.to_owned()))
    .collect()
}

#[test]
fn the_shared_cases_hold_for_the_server_classifier() {
    let shared: SharedCases =
        serde_json::from_str(include_str!("classify_cases.json")).expect("the cases parse");
    assert!(shared.cases.len() >= 40, "the file holds the cases");
    for case in &shared.cases {
        let view = PageView {
            page_host: case.page_host.as_deref().unwrap_or(&shared.page_host),
            query: &case.query,
            referrer: &case.referrer,
            has_session: case.session,
            has_history: case.history,
        };
        let expected = case.expect.as_ref().map(|fields| {
            let mut all = as_cookie_fields(&fixed_none());
            all.extend(fields.iter().map(|(k, v)| (k.clone(), v.clone())));
            all
        });
        let found = classify(&view).map(|s| as_cookie_fields(&s));
        assert_eq!(found, expected, "{}", case.name);
    }
}

/// Every field `(none)`: the base the cases' listed fields are laid over.
fn fixed_none() -> TrafficSource {
    let none = || "(none)".to_owned();
    TrafficSource {
        source_type: SourceType::Typein,
        source: none(),
        medium: none(),
        campaign: none(),
        content: none(),
        term: none(),
        id: none(),
        platform: none(),
        format: none(),
        tactic: none(),
    }
}
