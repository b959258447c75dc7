//! The matcher cases shared with the browser's copy of the matcher
//! (`matching_cases.json`; web/src/variations/matching.cases.test.ts runs the same file), so
//! the server and the page agree on matches and option states.

use serde::Deserialize;
use std::collections::BTreeMap;

use super::*;
use crate::money::Money;

#[derive(Deserialize)]
struct Cases {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    attributes: Vec<CaseAttribute>,
    variations: Vec<CaseVariation>,
    choice: BTreeMap<String, String>,
    #[serde(rename = "match")]
    expected_match: Option<i64>,
    states: BTreeMap<String, BTreeMap<String, String>>,
}

#[derive(Deserialize)]
struct CaseAttribute {
    name: String,
    options: Vec<String>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct CaseVariation {
    id: i64,
    attributes: BTreeMap<String, String>,
    #[serde(default = "yes")]
    in_stock: bool,
    #[serde(default = "yes")]
    enabled: bool,
    #[serde(default = "yes")]
    priced: bool,
}

fn state_name(availability: ValueAvailability) -> &'static str {
    match availability {
        ValueAvailability::Unavailable => "unavailable",
        ValueAvailability::OutOfStock => "out-of-stock",
        ValueAvailability::Available => "available",
    }
}

fn build(case: &Case) -> (Product, Vec<Variation>) {
    let attributes = case
        .attributes
        .iter()
        .zip(0..)
        .map(|(a, position)| {
            let options: Vec<&str> = a.options.iter().map(String::as_str).collect();
            ProductAttribute::local(&a.name, &options)
                .for_variations()
                .at(position)
        })
        .collect();
    let product = Product {
        attributes,
        ..Product::new(ProductId(1), ProductType::Variable, "Case")
    };
    let variations = case
        .variations
        .iter()
        .zip(0..)
        .map(|(v, menu_order)| {
            let values: Vec<(&str, &str)> = v
                .attributes
                .iter()
                .map(|(k, value)| (k.as_str(), value.as_str()))
                .collect();
            Variation {
                menu_order,
                enabled: v.enabled,
                pricing: if v.priced {
                    Pricing::regular(Money::from_minor(1000))
                } else {
                    Pricing::default()
                },
                stock: Stock::untracked(if v.in_stock {
                    StockStatus::InStock
                } else {
                    StockStatus::OutOfStock
                }),
                ..Variation::new(ProductId(v.id), ProductId(1), &values)
            }
        })
        .collect();
    (product, variations)
}

#[test]
fn the_shared_cases_hold_for_the_server_matcher() {
    let cases: Cases =
        serde_json::from_str(include_str!("matching_cases.json")).expect("the cases parse");
    assert!(cases.cases.len() >= 5, "the file holds the cases");
    for case in &cases.cases {
        let (product, variations) = build(case);
        let choice = AttributeChoice::from_pairs(case.choice.iter());
        let found = find_matching_variation(&variations, &choice).map(|v| v.id.0);
        assert_eq!(found, case.expected_match, "{}: match", case.name);
        let states: BTreeMap<String, BTreeMap<String, String>> =
            option_states(&product, &variations, &choice)
                .into_iter()
                .map(|(key, options)| {
                    let by_value = options
                        .into_iter()
                        .map(|o| (o.name, state_name(o.availability).to_owned()))
                        .collect();
                    (key, by_value)
                })
                .collect();
        assert_eq!(states, case.states, "{}: option states", case.name);
    }
}
