//! Variation matching on generated catalogues: matches agree with the choice, and the
//! narrowing offers exactly the values some completed choice can match.

use proptest::prelude::*;

use super::*;
use crate::money::Money;

const KEYS: [&str; 3] = ["pa_a", "b", "pa_c"];
const VALUES: [&str; 3] = ["x", "y", "z"];

fn product_for(attribute_count: usize) -> Product {
    let attributes = KEYS[..attribute_count]
        .iter()
        .enumerate()
        .map(|(i, key)| {
            let mut attribute = ProductAttribute::local(key, &VALUES).for_variations();
            attribute.position = u32::try_from(i).unwrap_or(0);
            if let Some(taxonomy) = key.strip_prefix("pa_") {
                attribute.taxonomy = Some(format!("pa_{taxonomy}"));
            }
            attribute
        })
        .collect();
    Product {
        attributes,
        ..Product::new(ProductId(1), ProductType::Variable, "P")
    }
}

prop_compose! {
    fn catalogue()(attribute_count in 1_usize..=3)
        (rows in proptest::collection::vec((proptest::collection::vec(0_usize..=3, attribute_count), any::<bool>(), 0_i64..3), 0..7),
         choice in proptest::collection::vec(0_usize..=3, attribute_count),
         attribute_count in Just(attribute_count))
        -> (Product, Vec<Variation>, AttributeChoice)
    {
        let product = product_for(attribute_count);
        let variations = rows.iter().enumerate().map(|(i, (values, enabled, menu_order))| {
            let pairs: Vec<(&str, &str)> = values.iter().enumerate()
                .map(|(k, v)| (KEYS[k], VALUES.get(*v).copied().unwrap_or(""))).collect();
            Variation {
                enabled: *enabled,
                menu_order: *menu_order,
                pricing: Pricing::regular(Money::from_minor(100)),
                ..Variation::new(ProductId(100 + i64::try_from(i).unwrap_or(0)), ProductId(1), &pairs)
            }
        }).collect();
        let mut chosen = AttributeChoice::new();
        for (k, v) in choice.iter().enumerate() {
            if let Some(value) = VALUES.get(*v) {
                chosen.set(KEYS[k], value);
            }
        }
        (product, variations, chosen)
    }
}

/// Every full choice that agrees with `chosen` outside `skip` and sets `skip` to `value`.
fn completions(
    attribute_count: usize,
    chosen: &AttributeChoice,
    skip: &str,
    value: &str,
) -> Vec<AttributeChoice> {
    let mut all = vec![AttributeChoice::new()];
    for key in &KEYS[..attribute_count] {
        let fixed = if *key == skip {
            Some(value.to_owned())
        } else {
            chosen.get(key).map(str::to_owned)
        };
        let options: Vec<String> = fixed.map_or_else(
            || VALUES.iter().map(|v| (*v).to_owned()).collect(),
            |f| vec![f],
        );
        all = all
            .into_iter()
            .flat_map(|c| options.iter().map(move |o| c.clone().with(key, o)))
            .collect();
    }
    all
}

proptest! {
    #[test]
    fn a_match_agrees_with_every_chosen_value((_product, variations, chosen) in catalogue()) {
        if let Some(found) = find_matching_variation(&variations, &chosen) {
            prop_assert!(found.is_active());
            for attribute in &found.attributes {
                if !attribute.is_any() {
                    let value = chosen.get(&attribute.key);
                    prop_assert_eq!(value, Some(attribute.value.as_str()));
                }
            }
            for other in variations.iter().filter(|v| v.is_active() && variation_matches(v, &chosen)) {
                prop_assert!(other.specificity() <= found.specificity());
            }
        } else {
            prop_assert!(!variations.iter().any(|v| v.is_active() && variation_matches(v, &chosen)));
        }
    }

    #[test]
    fn available_values_are_exactly_the_completable_ones((product, variations, chosen) in catalogue()) {
        let count = product.attributes.len();
        for attribute in &product.attributes {
            let key = attribute.key();
            let available = available_values(&variations, &chosen, attribute);
            for value in VALUES {
                let completable = completions(count, &chosen, &key, value)
                    .iter()
                    .any(|c| find_matching_variation(&variations, c).is_some());
                prop_assert_eq!(available.iter().any(|a| a == value), completable, "{} = {}", key, value);
                let availability = value_availability(&product, &variations, &chosen, attribute, value);
                prop_assert_eq!(availability != ValueAvailability::Unavailable, completable);
            }
        }
    }
}
