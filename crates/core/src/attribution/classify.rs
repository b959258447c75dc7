//! Sourcebuster's traffic-source classification (order-attribution.md §3–§5; SPEC §4.13), as
//! WooCommerce's pinned fork runs it in the browser on every page view. Mercato runs the same
//! rules on the server for shoppers without JavaScript.

use super::fields::{AttributionField, NONE_VALUE};
use super::url::{
    Param, is_same_or_subdomain, param, parse_query, parse_referrer, percent_decode, strip_www,
};

/// How a visit arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceType {
    /// Campaign parameters (`utm_*`, `gclid`, `yclid`) on the page URL.
    Utm,
    /// A search engine results page.
    Organic,
    /// A link on another site.
    Referral,
    /// Typed in, bookmarked, or an internal referrer on a first visit ("Direct").
    Typein,
}

impl SourceType {
    /// Sourcebuster's name (`typ`), stored as `source_type`.
    pub fn as_str(self) -> &'static str {
        match self {
            SourceType::Utm => "utm",
            SourceType::Organic => "organic",
            SourceType::Referral => "referral",
            SourceType::Typein => "typein",
        }
    }
}

/// A classification: sourcebuster's `current` cookie (`typ src mdm cmp cnt trm id plt fmt tct`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrafficSource {
    /// `typ`.
    pub source_type: SourceType,
    /// `src`: utm_source, engine or referring host.
    pub source: String,
    /// `mdm`: utm_medium, `organic`, `referral`, `cpc` or `(none)`.
    pub medium: String,
    /// `cmp`: utm_campaign.
    pub campaign: String,
    /// `cnt`: utm_content, or the referrer's path for referrals.
    pub content: String,
    /// `trm`: utm_term.
    pub term: String,
    /// `id`: utm_id.
    pub id: String,
    /// `plt`: utm_source_platform.
    pub platform: String,
    /// `fmt`: utm_creative_format.
    pub format: String,
    /// `tct`: utm_marketing_tactic.
    pub tactic: String,
}

/// What one page view shows the classifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageView<'a> {
    /// The page's host name (`www.myshop.com`).
    pub page_host: &'a str,
    /// The page URL's query string, with or without the leading `?`.
    pub query: &'a str,
    /// The referrer URL (`document.referrer` or the `Referer` header), "" when none.
    pub referrer: &'a str,
    /// Whether a session is running (the `sbjs_session` cookie, 30 minutes).
    pub has_session: bool,
    /// Whether the visitor was classified before (`sbjs_first` or `sbjs_current`).
    pub has_history: bool,
}

/// Campaign keys whose presence (even with an empty value) makes a visit `utm`.
const CAMPAIGN_KEYS: [&str; 11] = [
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "utm_content",
    "utm_term",
    "utm_id",
    "utm_source_platform",
    "utm_creative_format",
    "utm_marketing_tactic",
    "gclid",
    "yclid",
];

/// Built-in search engines: host suffix, query parameter, display name.
const ENGINES: [(&str, &str, &str); 9] = [
    ("bing.com", "q", "bing"),
    ("yahoo.com", "p", "yahoo"),
    ("about.com", "q", "about"),
    ("aol.com", "q", "aol"),
    ("ask.com", "q", "ask"),
    ("globososo.com", "q", "globo"),
    ("go.mail.ru", "q", "go.mail.ru"),
    ("rambler.ru", "query", "rambler"),
    ("tut.by", "query", "tut.by"),
];

/// Built-in referral names: host suffix, display name.
const REFERRALS: [(&str, &str); 2] = [
    ("t.co", "twitter.com"),
    ("plus.url.google.com", "plus.google.com"),
];

/// Classifies a page view; `None` keeps the visitor's current classification.
///
/// In order: campaign parameters always win; then a search engine referrer; then, only at the
/// start of a session, any external referrer; then, only on a first visit, typein.
pub fn classify(view: &PageView<'_>) -> Option<TrafficSource> {
    let params = parse_query(view.query);
    let referrer = parse_referrer(view.referrer);
    if CAMPAIGN_KEYS.iter().any(|k| param(&params, k).is_some()) {
        return Some(campaign(&params, referrer.as_ref()));
    }
    let domain = strip_www(&view.page_host.to_ascii_lowercase());
    let external = referrer.filter(|r| !is_same_or_subdomain(&strip_www(&r.host), &domain));
    if let Some(r) = &external {
        if let Some(engine) = search_engine(&r.host, r.query) {
            return Some(fixed(SourceType::Organic, engine, "organic", NONE_VALUE));
        }
        if !view.has_session {
            let source = REFERRALS
                .iter()
                .find(|(host, _)| is_same_or_subdomain(&r.host, host))
                .map_or_else(|| strip_www(&r.host), |(_, name)| (*name).to_owned());
            return Some(fixed(
                SourceType::Referral,
                &source,
                "referral",
                &percent_decode(r.path),
            ));
        }
    }
    (!view.has_history).then(|| fixed(SourceType::Typein, "(direct)", NONE_VALUE, NONE_VALUE))
}

/// A `utm` classification from the page's campaign parameters.
fn campaign(
    params: &[(String, Param)],
    referrer: Option<&super::url::Referrer<'_>>,
) -> TrafficSource {
    let get = |key: &str| param(params, key).map(percent_decode);
    let gclid = param(params, "gclid").is_some();
    let yclid = param(params, "yclid").is_some();
    let paid = |google: &str, yandex: &str| {
        if gclid {
            Some(google.to_owned())
        } else if yclid {
            Some(yandex.to_owned())
        } else {
            None
        }
    };
    let none = || NONE_VALUE.to_owned();
    let truthy = |key: &str| get(key).filter(|v| !v.is_empty()).unwrap_or_else(none);
    let yandex_text = || {
        referrer
            .filter(|r| is_yandex(&r.host))
            .and_then(|r| param(&parse_query(r.query), "text").map(percent_decode))
    };
    TrafficSource {
        source_type: SourceType::Utm,
        source: get("utm_source")
            .or_else(|| paid("google", "yandex"))
            .unwrap_or_else(none),
        medium: get("utm_medium")
            .or_else(|| paid("cpc", "cpc"))
            .unwrap_or_else(none),
        campaign: get("utm_campaign")
            .or_else(|| paid("google_cpc", "yandex_cpc"))
            .unwrap_or_else(none),
        content: get("utm_content").unwrap_or_else(none),
        term: get("utm_term").or_else(yandex_text).unwrap_or_else(none),
        id: truthy("utm_id"),
        platform: truthy("utm_source_platform"),
        format: truthy("utm_creative_format"),
        tactic: truthy("utm_marketing_tactic"),
    }
}

/// The display name of the search engine a referrer comes from, if it is one.
fn search_engine(host: &str, query: &str) -> Option<&'static str> {
    if is_yandex(host) && query.contains("text=") {
        return Some("yandex");
    }
    let bare = host.strip_prefix("www.").unwrap_or(host);
    if bare
        .strip_prefix("google.")
        .is_some_and(|tld| (2..=9).contains(&tld.chars().count()))
    {
        return Some("google");
    }
    if query.is_empty() {
        return None;
    }
    let query = query.to_ascii_lowercase();
    ENGINES
        .iter()
        .find(|(suffix, key, _)| {
            is_same_or_subdomain(host, suffix) && query.contains(&format!("{key}="))
        })
        .map(|(_, _, name)| *name)
}

/// `^(.*\.)?yandex\..{2,9}$`.
fn is_yandex(host: &str) -> bool {
    host.match_indices("yandex.").any(|(at, _)| {
        (at == 0 || host[..at].ends_with('.'))
            && (2..=9).contains(&host[at + "yandex.".len()..].chars().count())
    })
}

/// A classification with the given source, medium and content, and `(none)` elsewhere.
fn fixed(source_type: SourceType, source: &str, medium: &str, content: &str) -> TrafficSource {
    let none = || NONE_VALUE.to_owned();
    TrafficSource {
        source_type,
        source: source.to_owned(),
        medium: medium.to_owned(),
        campaign: none(),
        content: content.to_owned(),
        term: none(),
        id: none(),
        platform: none(),
        format: none(),
        tactic: none(),
    }
}

impl TrafficSource {
    /// The classification as the checkout's attribution fields (before `(none)` is dropped).
    pub fn field_values(&self) -> Vec<(AttributionField, &str)> {
        use AttributionField as F;
        vec![
            (F::SourceType, self.source_type.as_str()),
            (F::UtmCampaign, &self.campaign),
            (F::UtmSource, &self.source),
            (F::UtmMedium, &self.medium),
            (F::UtmContent, &self.content),
            (F::UtmId, &self.id),
            (F::UtmTerm, &self.term),
            (F::UtmSourcePlatform, &self.platform),
            (F::UtmCreativeFormat, &self.format),
            (F::UtmMarketingTactic, &self.tactic),
        ]
    }
}
