//! Variation matching against the recorded shop (wc-golden 052–055) and generated catalogues.

use super::fixtures::{hoodie, vneck};
use super::*;
use crate::money::Money;

fn ids(found: Option<&Variation>) -> Option<i64> {
    found.map(|v| v.id.0)
}

#[test]
fn hoodie_blue_yes_is_38() {
    let (_, variations) = hoodie();
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "blue")
        .with("attribute_logo", "Yes");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), Some(38));
}

#[test]
fn hoodie_red_no_is_31() {
    let (_, variations) = hoodie();
    let chosen =
        AttributeChoice::from_pairs([("attribute_pa_color", "red"), ("attribute_logo", "No")]);
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), Some(31));
}

#[test]
fn names_and_values_in_any_form() {
    let (_, variations) = hoodie();
    for (color, logo) in [
        ("pa_color", "logo"),
        ("Color", "Logo"),
        ("COLOR", "attribute_Logo"),
        ("attribute_pa_color", "LOGO"),
    ] {
        let chosen = AttributeChoice::new().with(color, "BLUE").with(logo, "yes");
        assert_eq!(
            ids(find_matching_variation(&variations, &chosen)),
            Some(38),
            "{color} {logo}"
        );
    }
}

#[test]
fn vneck_any_size_matches_28() {
    let (_, variations) = vneck();
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "red")
        .with("attribute_pa_size", "large");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), Some(28));
    // "Any" does not require a value to be chosen (the add-item check does).
    let only_color = AttributeChoice::new().with("attribute_pa_color", "blue");
    assert_eq!(
        ids(find_matching_variation(&variations, &only_color)),
        Some(30)
    );
}

#[test]
fn green_yes_has_no_match() {
    let (_, variations) = hoodie();
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "green")
        .with("attribute_logo", "Yes");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), None);
}

#[test]
fn missing_and_unknown_attributes() {
    let (_, variations) = hoodie();
    // A fixed attribute left unchosen: no match.
    let partial = AttributeChoice::new().with("attribute_pa_color", "blue");
    assert_eq!(ids(find_matching_variation(&variations, &partial)), None);
    // Unknown attributes are ignored, as WooCommerce ignores extra form fields.
    let extra = AttributeChoice::new()
        .with("attribute_pa_color", "red")
        .with("attribute_logo", "No")
        .with("attribute_pa_material", "wool")
        .with("product_id", "15");
    assert_eq!(ids(find_matching_variation(&variations, &extra)), Some(31));
    let only_unknown = AttributeChoice::new().with("attribute_pa_material", "wool");
    assert_eq!(
        ids(find_matching_variation(&variations, &only_unknown)),
        None
    );
    assert_eq!(ids(find_matching_variation(&[], &extra)), None);
}

#[test]
fn most_specific_wins_then_menu_order_then_id() {
    let make = |id, menu_order, color: &str, logo: &str| Variation {
        menu_order,
        pricing: Pricing::regular(Money::from_minor(100)),
        ..Variation::new(
            ProductId(id),
            ProductId(1),
            &[("pa_color", color), ("logo", logo)],
        )
    };
    let variations = vec![
        make(1, 0, "blue", ""),
        make(2, 5, "blue", "Yes"),
        make(3, 1, "", ""),
        make(4, 5, "blue", "Yes"),
    ];
    let chosen = AttributeChoice::new()
        .with("pa_color", "blue")
        .with("logo", "Yes");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), Some(2));
    let chosen = AttributeChoice::new()
        .with("pa_color", "blue")
        .with("logo", "No");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), Some(1));
    let chosen = AttributeChoice::new()
        .with("pa_color", "red")
        .with("logo", "No");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), Some(3));
    let tie = vec![
        make(9, 2, "red", ""),
        make(7, 2, "red", ""),
        make(8, 3, "", "No"),
    ];
    let chosen = AttributeChoice::new()
        .with("pa_color", "red")
        .with("logo", "No");
    assert_eq!(ids(find_matching_variation(&tie, &chosen)), Some(7));
    let tie = vec![make(9, 2, "red", ""), make(8, 1, "", "No")];
    assert_eq!(ids(find_matching_variation(&tie, &chosen)), Some(8));
}

#[test]
fn disabled_variations_never_match() {
    let (_, mut variations) = hoodie();
    for v in &mut variations {
        if v.id == ProductId(38) {
            v.enabled = false;
        }
    }
    let chosen = AttributeChoice::new()
        .with("pa_color", "blue")
        .with("logo", "Yes");
    assert_eq!(ids(find_matching_variation(&variations, &chosen)), None);
}

#[test]
fn narrowing_follows_other_choices() {
    let (product, variations) = hoodie();
    let (color, logo) = (&product.attributes[0], &product.attributes[1]);
    let none = AttributeChoice::new();
    assert_eq!(
        available_values(&variations, &none, color),
        ["blue", "green", "red"]
    );
    assert_eq!(available_values(&variations, &none, logo), ["Yes", "No"]);
    let green = AttributeChoice::new().with("pa_color", "green");
    assert_eq!(available_values(&variations, &green, logo), ["No"]);
    // The attribute's own value does not narrow itself.
    assert_eq!(
        available_values(&variations, &green, color),
        ["blue", "green", "red"]
    );
    let yes = AttributeChoice::new().with("logo", "Yes");
    assert_eq!(available_values(&variations, &yes, color), ["blue"]);
    let (vproduct, vvariations) = vneck();
    let red = AttributeChoice::new().with("pa_color", "red");
    assert_eq!(
        available_values(&vvariations, &red, &vproduct.attributes[1]),
        ["large", "medium", "small"]
    );
}

#[test]
fn out_of_stock_marks() {
    let (product, mut variations) = hoodie();
    let (color, logo) = (&product.attributes[0], &product.attributes[1]);
    for v in &mut variations {
        if v.id == ProductId(38) {
            v.stock = Stock::managed(0);
        }
    }
    let none = AttributeChoice::new();
    // "Yes" exists only as blue/Yes, now sold out.
    assert!(value_out_of_stock(
        &product,
        &variations,
        &none,
        logo,
        "Yes"
    ));
    assert!(!value_out_of_stock(
        &product,
        &variations,
        &none,
        logo,
        "No"
    ));
    // Blue still has blue/No.
    assert!(!value_out_of_stock(
        &product,
        &variations,
        &none,
        color,
        "blue"
    ));
    // Given Logo = Yes, blue only combines into the sold-out variation.
    let yes = AttributeChoice::new().with("logo", "Yes");
    assert_eq!(
        value_availability(&product, &variations, &yes, color, "blue"),
        ValueAvailability::OutOfStock
    );
    assert_eq!(
        value_availability(&product, &variations, &yes, color, "green"),
        ValueAvailability::Unavailable
    );
    assert!(!value_out_of_stock(
        &product,
        &variations,
        &yes,
        color,
        "green"
    ));
    let states = option_states(&product, &variations, &yes);
    assert_eq!(states[0].0, "pa_color");
    let blue = states[0]
        .1
        .iter()
        .find(|s| s.value == "blue")
        .map(|s| s.availability);
    assert_eq!(blue, Some(ValueAvailability::OutOfStock));
    assert!(states[1].1.iter().any(|s| s.value == "Yes" && s.selected));
}

#[test]
fn unpriced_or_draft_counts_as_unavailable() {
    let (mut product, mut variations) = vneck();
    let color = product.attributes[0].clone();
    variations[2].pricing = Pricing::default();
    let none = AttributeChoice::new();
    assert!(value_out_of_stock(
        &product,
        &variations,
        &none,
        &color,
        "blue"
    ));
    product.status = ProductStatus::Draft;
    assert!(value_out_of_stock(
        &product,
        &variations,
        &none,
        &color,
        "red"
    ));
}

#[test]
fn resolves_labels_names_and_slugs() {
    let (product, variations) = hoodie();
    let resolved = resolve_choice(
        &product,
        [("Color", "Blue"), ("Logo", "yes"), ("product_id", "15")],
    );
    assert_eq!(resolved.choice.get("pa_color"), Some("blue"));
    assert_eq!(resolved.choice.get("logo"), Some("Yes"));
    assert_eq!(resolved.unknown, ["product_id"]);
    assert_eq!(
        ids(find_matching_variation(&variations, &resolved.choice)),
        Some(38)
    );
    let (vproduct, vvariations) = vneck();
    let resolved = resolve_choice(
        &vproduct,
        [("attribute_pa_color", "red"), ("Size", "Large")],
    );
    assert_eq!(resolved.choice.get("pa_size"), Some("large"));
    assert_eq!(
        ids(find_matching_variation(&vvariations, &resolved.choice)),
        Some(28)
    );
    // Unknown term names become slugs, as WooCommerce's sanitize_title does.
    let resolved = resolve_choice(&vproduct, [("pa_size", "Extra Large")]);
    assert_eq!(resolved.choice.get("pa_size"), Some("extra-large"));
}

#[test]
fn add_item_attribute_checks() {
    let (vproduct, vvariations) = vneck();
    let red = &vvariations[0];
    let full = AttributeChoice::new()
        .with("pa_color", "red")
        .with("pa_size", "large");
    let selected = selected_attributes(&vproduct, red, &full).expect("a value");
    let shown: Vec<(&str, &str, &str)> = selected
        .iter()
        .map(|s| {
            (
                s.field_name.as_str(),
                s.label.as_str(),
                s.value_name.as_str(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("attribute_pa_color", "Color", "Red"),
            ("attribute_pa_size", "Size", "Large")
        ]
    );
    // A fixed value may be left out.
    let size_only = AttributeChoice::new().with("Size", "small");
    assert_eq!(
        selected_attributes(&vproduct, red, &size_only).map(|s| s[1].value.clone()),
        Ok("small".into())
    );
    let missing =
        selected_attributes(&vproduct, red, &AttributeChoice::new()).expect_err("an error");
    assert_eq!(
        missing.to_string(),
        "Missing variation data for variable product. Size is a required field."
    );
    let bad = AttributeChoice::new().with("pa_size", "huge");
    assert_eq!(
        selected_attributes(&vproduct, red, &bad)
            .expect_err("an error")
            .to_string(),
        "Invalid value posted for Size. Allowed values: large, medium, small"
    );
    let contradiction = AttributeChoice::new()
        .with("pa_color", "blue")
        .with("pa_size", "large");
    assert!(matches!(
        selected_attributes(&vproduct, red, &contradiction),
        Err(VariationChoiceError::Invalid { .. })
    ));
    let two = VariationChoiceError::Missing(vec!["Color".into(), "Size".into()]);
    assert_eq!(
        two.to_string(),
        "Missing variation data for variable product. Color and Size are required fields."
    );
}
