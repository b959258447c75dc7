//! Product add-ons: groups of options a shopper picks on the product page beside the product
//! itself ("Gift wrap": No / Yes +$3.00; "Print position": Front / Back +$2.00 / Both +$4.00).
//!
//! A product carries its groups ([`AddonGroup`]); each group is one radio group whose options
//! ([`AddonOption`]) adjust the unit price ([`AddonPrice`]). This module holds every rule about
//! them: what a merchant may save ([`validate_groups`]), what a shopper's choice means
//! ([`choose`]: unknown groups and options refused, defaults filled in, required groups
//! enforced) and what it costs ([`unit_adjustment`]). Storage, the cart and the pages only
//! apply these.

use serde::{Deserialize, Serialize};

use super::slug::slugify;
use crate::money::{Currency, Money};

/// At most this many groups on one product.
pub const MAX_GROUPS: usize = 10;
/// At most this many options in one group.
pub const MAX_OPTIONS: usize = 20;
/// A group's name or an option's label, in characters.
pub const MAX_LABEL_CHARS: usize = 100;
/// A group's or an option's key, in characters.
pub const MAX_KEY_CHARS: usize = 50;
/// The largest flat adjustment, in minor units (100,000.00 in a two-decimal currency).
pub const MAX_FLAT_MINOR: i64 = 10_000_000;
/// The largest percentage adjustment, in basis points (100 %).
pub const MAX_PERCENT_BASIS_POINTS: u32 = 10_000;

/// What choosing an option adds to the price of each unit of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AddonPrice {
    /// Nothing ("No gift wrap").
    #[default]
    Free,
    /// A fixed amount per unit (WooCommerce's `quantity_based`).
    Flat {
        /// Minor units added to each unit.
        amount: Money,
    },
    /// A share of the product's own unit price (WooCommerce's `percentage_based`), rounded
    /// half up to the minor unit.
    Percent {
        /// Hundredths of a percent (1,000 = 10 %).
        basis_points: u32,
    },
}

impl AddonPrice {
    /// What it adds to one unit whose own price is `unit_price`.
    pub fn per_unit(self, unit_price: Money) -> Money {
        match self {
            AddonPrice::Free => Money::ZERO,
            AddonPrice::Flat { amount } => amount,
            AddonPrice::Percent { basis_points } => {
                let base = i128::from(unit_price.minor().max(0));
                let share = (base * i128::from(basis_points) + 5_000) / 10_000;
                Money::from_minor(i64::try_from(share).unwrap_or(i64::MAX))
            }
        }
    }

    /// What it adds as shoppers read it: `+$3.00`, `+10%`; `None` when it adds nothing.
    pub fn describe(self, currency: &Currency) -> Option<String> {
        if self.is_free() {
            return None;
        }
        match self {
            AddonPrice::Free => None,
            AddonPrice::Flat { amount } => Some(format!("+{}", currency.format(amount))),
            AddonPrice::Percent { basis_points } => {
                let whole = basis_points / 100;
                let rest = basis_points % 100;
                Some(match rest {
                    0 => format!("+{whole}%"),
                    r if r % 10 == 0 => format!("+{whole}.{}%", r / 10),
                    r => format!("+{whole}.{r:02}%"),
                })
            }
        }
    }

    /// Whether choosing it changes nothing.
    pub fn is_free(self) -> bool {
        match self {
            AddonPrice::Free => true,
            AddonPrice::Flat { amount } => amount.is_zero(),
            AddonPrice::Percent { basis_points } => basis_points == 0,
        }
    }
}

/// One option of a group.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AddonOption {
    /// Stable key, unique in its group (the radio's value): a slug of the label.
    pub key: String,
    /// What the shopper reads ("Yes").
    pub label: String,
    /// What it adds to each unit.
    pub price: AddonPrice,
}

impl AddonOption {
    /// The label with what it adds, as the product page's radio and the cart show it:
    /// `Yes (+$3.00)`, `Both (+10%)`, or the bare label when it is free.
    pub fn display(&self, currency: &Currency) -> String {
        match self.price.describe(currency) {
            Some(price) => format!("{} ({price})", self.label),
            None => self.label.clone(),
        }
    }

    /// An option keyed by the slug of its label.
    pub fn new(label: &str, price: AddonPrice) -> Self {
        AddonOption {
            key: slugify(label),
            label: label.to_owned(),
            price,
        }
    }
}

/// A radio group of options.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AddonGroup {
    /// Stable key, unique on the product (the form field is `addon[<key>]`).
    pub key: String,
    /// What the shopper reads ("Gift wrap").
    pub name: String,
    /// The shopper must choose (when there is no default).
    pub required: bool,
    /// The key of the option chosen unless the shopper picks another.
    pub default: Option<String>,
    /// The options, in the merchant's order.
    pub options: Vec<AddonOption>,
}

impl AddonGroup {
    /// A group keyed by the slug of its name.
    pub fn new(name: &str, options: Vec<AddonOption>) -> Self {
        AddonGroup {
            key: slugify(name),
            name: name.to_owned(),
            options,
            ..AddonGroup::default()
        }
    }

    /// The option whose key or label (ignoring case) is `wanted`.
    pub fn option(&self, wanted: &str) -> Option<&AddonOption> {
        let wanted = wanted.trim();
        self.options.iter().find(|o| o.key == wanted).or_else(|| {
            self.options
                .iter()
                .find(|o| o.label.trim().eq_ignore_ascii_case(wanted))
        })
    }

    /// The default option, when it names one of the group's options.
    pub fn default_option(&self) -> Option<&AddonOption> {
        let key = self.default.as_deref()?;
        self.options.iter().find(|o| o.key == key)
    }
}

/// The group whose key or name (ignoring case) is `wanted`.
pub fn find_group<'a>(groups: &'a [AddonGroup], wanted: &str) -> Option<&'a AddonGroup> {
    let wanted = wanted.trim();
    groups.iter().find(|g| g.key == wanted).or_else(|| {
        groups
            .iter()
            .find(|g| g.name.trim().eq_ignore_ascii_case(wanted))
    })
}

/// Why a set of groups cannot be saved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddonError {
    /// Too many groups.
    #[error("a product can have at most {MAX_GROUPS} add-on groups")]
    TooManyGroups,
    /// A group with no options or too many.
    #[error("add-on group \"{0}\" must have between 1 and {MAX_OPTIONS} options")]
    OptionCount(String),
    /// A name or label that is empty or too long.
    #[error("add-on name \"{0}\" must have between 1 and {MAX_LABEL_CHARS} characters")]
    Label(String),
    /// A key that is empty, too long or not a slug.
    #[error(
        "add-on key \"{0}\" must have between 1 and {MAX_KEY_CHARS} lower-case letters, digits, '-' or '_'"
    )]
    Key(String),
    /// Two groups, or two options of a group, with one key.
    #[error("add-on key \"{0}\" is used twice")]
    DuplicateKey(String),
    /// A default that names no option of its group.
    #[error("the default of add-on group \"{0}\" is not one of its options")]
    UnknownDefault(String),
    /// A negative or too large amount.
    #[error("the price of add-on option \"{0}\" is negative or too large")]
    Amount(String),
}

/// Checks groups before they are saved (import, admin).
pub fn validate_groups(groups: &[AddonGroup]) -> Result<(), AddonError> {
    if groups.len() > MAX_GROUPS {
        return Err(AddonError::TooManyGroups);
    }
    let mut group_keys: Vec<&str> = Vec::new();
    for group in groups {
        check_label(&group.name)?;
        check_key(&group.key)?;
        if group_keys.contains(&group.key.as_str()) {
            return Err(AddonError::DuplicateKey(group.key.clone()));
        }
        group_keys.push(&group.key);
        if group.options.is_empty() || group.options.len() > MAX_OPTIONS {
            return Err(AddonError::OptionCount(group.name.clone()));
        }
        let mut option_keys: Vec<&str> = Vec::new();
        for option in &group.options {
            check_label(&option.label)?;
            check_key(&option.key)?;
            if option_keys.contains(&option.key.as_str()) {
                return Err(AddonError::DuplicateKey(option.key.clone()));
            }
            option_keys.push(&option.key);
            let sane = match option.price {
                AddonPrice::Free => true,
                AddonPrice::Flat { amount } => (0..=MAX_FLAT_MINOR).contains(&amount.minor()),
                AddonPrice::Percent { basis_points } => basis_points <= MAX_PERCENT_BASIS_POINTS,
            };
            if !sane {
                return Err(AddonError::Amount(option.label.clone()));
            }
        }
        if group.default.is_some() && group.default_option().is_none() {
            return Err(AddonError::UnknownDefault(group.name.clone()));
        }
    }
    Ok(())
}

fn check_label(text: &str) -> Result<(), AddonError> {
    let count = text.trim().chars().count();
    if count == 0 || text.chars().count() > MAX_LABEL_CHARS {
        return Err(AddonError::Label(
            text.chars().take(MAX_LABEL_CHARS).collect(),
        ));
    }
    Ok(())
}

fn check_key(key: &str) -> Result<(), AddonError> {
    let ok = !key.is_empty()
        && key.len() <= MAX_KEY_CHARS
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if ok {
        Ok(())
    } else {
        Err(AddonError::Key(key.chars().take(MAX_KEY_CHARS).collect()))
    }
}

/// One chosen option of a line, by keys (what a cart line stores).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
pub struct ChosenAddon {
    /// The group's key.
    pub group: String,
    /// The option's key.
    pub option: String,
}

/// Why a shopper's choice cannot be added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddonChoiceError {
    /// The product has no such group.
    #[error("\"{0}\" is not an option group of this product.")]
    UnknownGroup(String),
    /// The group has no such option.
    #[error("\"{option}\" is not a choice of {group}.")]
    UnknownOption {
        /// The group's name.
        group: String,
        /// What was asked for.
        option: String,
    },
    /// A group was named twice with different options.
    #[error("{0} was chosen more than once.")]
    Repeated(String),
    /// A required group without a default was not chosen.
    #[error("{0} is a required field.")]
    Missing(String),
}

/// What a shopper's `(group, option)` pairs choose on a product with `groups`: keys or
/// names/labels are accepted, an empty option means no choice, groups left out take their
/// default, and a required group without one must be chosen. The result is in the product's
/// group order, one entry per chosen group.
pub fn choose(
    groups: &[AddonGroup],
    requested: &[(String, String)],
) -> Result<Vec<ChosenAddon>, AddonChoiceError> {
    let mut picked: Vec<(&AddonGroup, &AddonOption)> = Vec::new();
    for (group_name, option_name) in requested {
        let group = find_group(groups, group_name)
            .ok_or_else(|| AddonChoiceError::UnknownGroup(echo(group_name)))?;
        if option_name.trim().is_empty() {
            continue;
        }
        let option = group
            .option(option_name)
            .ok_or_else(|| AddonChoiceError::UnknownOption {
                group: group.name.clone(),
                option: echo(option_name),
            })?;
        match picked.iter().find(|(g, _)| g.key == group.key) {
            Some((_, earlier)) if earlier.key != option.key => {
                return Err(AddonChoiceError::Repeated(group.name.clone()));
            }
            Some(_) => {}
            None => picked.push((group, option)),
        }
    }
    let mut chosen = Vec::new();
    for group in groups {
        let option = picked
            .iter()
            .find(|(g, _)| g.key == group.key)
            .map(|(_, o)| *o)
            .or_else(|| group.default_option());
        match option {
            Some(option) => chosen.push(ChosenAddon {
                group: group.key.clone(),
                option: option.key.clone(),
            }),
            None if group.required => return Err(AddonChoiceError::Missing(group.name.clone())),
            None => {}
        }
    }
    Ok(chosen)
}

/// What a refusal repeats of the shopper's text: trimmed, and at most [`MAX_LABEL_CHARS`]
/// characters (no name or label is longer, so nothing real is cut).
fn echo(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(MAX_LABEL_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A chosen option with its group, as the product defines them now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResolvedAddon<'a> {
    /// The group.
    pub group: &'a AddonGroup,
    /// The option.
    pub option: &'a AddonOption,
}

/// The groups and options a stored choice names; `None` when the product no longer offers
/// one of them, or now requires a group the choice lacks (the line must go).
pub fn resolve<'a>(
    groups: &'a [AddonGroup],
    chosen: &[ChosenAddon],
) -> Option<Vec<ResolvedAddon<'a>>> {
    let resolved = chosen
        .iter()
        .map(|c| {
            let group = groups.iter().find(|g| g.key == c.group)?;
            let option = group.options.iter().find(|o| o.key == c.option)?;
            Some(ResolvedAddon { group, option })
        })
        .collect::<Option<Vec<_>>>()?;
    let complete = groups
        .iter()
        .filter(|g| g.required)
        .all(|g| chosen.iter().any(|c| c.group == g.key));
    complete.then_some(resolved)
}

/// What the chosen options add to one unit whose own price is `unit_price`; `None` when the
/// choice is no longer valid ([`resolve`]).
pub fn unit_adjustment(
    groups: &[AddonGroup],
    chosen: &[ChosenAddon],
    unit_price: Money,
) -> Option<Money> {
    let resolved = resolve(groups, chosen)?;
    Some(
        resolved
            .iter()
            .map(|r| r.option.price.per_unit(unit_price))
            .sum(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(minor: i64) -> AddonPrice {
        AddonPrice::Flat {
            amount: Money::from_minor(minor),
        }
    }

    fn gift_wrap() -> AddonGroup {
        AddonGroup {
            default: Some("no".into()),
            ..AddonGroup::new(
                "Gift wrap",
                vec![
                    AddonOption::new("No", AddonPrice::Free),
                    AddonOption::new("Yes", flat(300)),
                ],
            )
        }
    }

    fn print_position() -> AddonGroup {
        AddonGroup {
            required: true,
            ..AddonGroup::new(
                "Print position",
                vec![
                    AddonOption::new("Front", AddonPrice::Free),
                    AddonOption::new("Back", flat(200)),
                    AddonOption::new(
                        "Both",
                        AddonPrice::Percent {
                            basis_points: 1_000,
                        },
                    ),
                ],
            )
        }
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(g, o)| ((*g).to_owned(), (*o).to_owned()))
            .collect()
    }

    fn chosen(group: &str, option: &str) -> ChosenAddon {
        ChosenAddon {
            group: group.into(),
            option: option.into(),
        }
    }

    #[test]
    fn choices_take_keys_or_labels_and_fill_in_defaults() {
        let groups = [gift_wrap(), print_position()];
        assert_eq!(
            choose(&groups, &pairs(&[("print-position", "back")])),
            Ok(vec![
                chosen("gift-wrap", "no"),
                chosen("print-position", "back")
            ])
        );
        assert_eq!(
            choose(
                &groups,
                &pairs(&[("Gift Wrap", "YES"), ("Print position", "Both")])
            ),
            Ok(vec![
                chosen("gift-wrap", "yes"),
                chosen("print-position", "both")
            ])
        );
    }

    #[test]
    fn bad_choices_are_refused_with_the_shoppers_words() {
        let groups = [gift_wrap(), print_position()];
        assert_eq!(
            choose(&groups, &pairs(&[("engraving", "yes")])),
            Err(AddonChoiceError::UnknownGroup("engraving".into()))
        );
        assert_eq!(
            choose(&groups, &pairs(&[("print-position", "sleeve")])).map_err(|e| e.to_string()),
            Err("\"sleeve\" is not a choice of Print position.".into())
        );
        assert_eq!(
            choose(&groups, &pairs(&[("gift-wrap", "yes")])),
            Err(AddonChoiceError::Missing("Print position".into()))
        );
        assert_eq!(
            choose(
                &groups,
                &pairs(&[("print-position", "back"), ("print-position", "front")])
            ),
            Err(AddonChoiceError::Repeated("Print position".into()))
        );
        let long = "x".repeat(5_000);
        assert_eq!(
            choose(&groups, &[(long, "yes".into())]),
            Err(AddonChoiceError::UnknownGroup(format!(
                "{}…",
                "x".repeat(MAX_LABEL_CHARS)
            )))
        );
        // An empty value is no choice: the required group is still missing.
        assert_eq!(
            choose(&groups, &pairs(&[("print-position", " ")])),
            Err(AddonChoiceError::Missing("Print position".into()))
        );
    }

    #[test]
    fn a_group_without_default_or_requirement_may_be_left_out() {
        let optional = AddonGroup::new("Card", vec![AddonOption::new("Birthday", flat(150))]);
        assert_eq!(choose(&[optional], &[]), Ok(vec![]));
    }

    #[test]
    fn adjustments_are_per_unit_flat_or_a_rounded_share() {
        let groups = [gift_wrap(), print_position()];
        let price = Money::from_minor(1_805);
        let with = |list: &[ChosenAddon]| unit_adjustment(&groups, list, price);
        assert_eq!(
            with(&[chosen("gift-wrap", "no"), chosen("print-position", "front")]),
            Some(Money::ZERO)
        );
        assert_eq!(
            with(&[chosen("gift-wrap", "yes"), chosen("print-position", "back")]),
            Some(Money::from_minor(500))
        );
        // 10 % of 18.05 is 1.805: half up to 1.81.
        assert_eq!(
            with(&[chosen("print-position", "both")]),
            Some(Money::from_minor(181))
        );
        assert_eq!(
            AddonPrice::Percent {
                basis_points: 2_500
            }
            .per_unit(Money::from_minor(-400)),
            Money::ZERO
        );
    }

    #[test]
    fn a_stored_choice_the_product_no_longer_offers_is_invalid() {
        let mut groups = vec![gift_wrap(), print_position()];
        let stored = [chosen("gift-wrap", "yes"), chosen("print-position", "back")];
        assert!(resolve(&groups, &stored).is_some());
        if let Some(group) = groups.get_mut(1) {
            group.options.retain(|o| o.key != "back");
        }
        assert_eq!(resolve(&groups, &stored), None);
        assert_eq!(
            unit_adjustment(&groups, &stored, Money::from_minor(100)),
            None
        );
        // A newly required group the line never chose also invalidates it.
        let mut required_wrap = gift_wrap();
        required_wrap.required = true;
        assert_eq!(resolve(&[required_wrap], &[]), None);
    }

    #[test]
    fn merchants_cannot_save_broken_groups() {
        assert_eq!(validate_groups(&[gift_wrap(), print_position()]), Ok(()));
        let too_many: Vec<AddonGroup> = (0..=MAX_GROUPS)
            .map(|i| AddonGroup::new(&format!("G{i}"), vec![AddonOption::new("A", flat(1))]))
            .collect();
        assert_eq!(validate_groups(&too_many), Err(AddonError::TooManyGroups));
        let mut empty = gift_wrap();
        empty.options.clear();
        empty.default = None;
        assert_eq!(
            validate_groups(&[empty]),
            Err(AddonError::OptionCount("Gift wrap".into()))
        );
        assert_eq!(
            validate_groups(&[gift_wrap(), gift_wrap()]),
            Err(AddonError::DuplicateKey("gift-wrap".into()))
        );
        let negative = AddonGroup::new("Wrap", vec![AddonOption::new("Yes", flat(-1))]);
        assert_eq!(
            validate_groups(&[negative]),
            Err(AddonError::Amount("Yes".into()))
        );
        let huge = AddonGroup::new(
            "Wrap",
            vec![AddonOption::new(
                "Yes",
                AddonPrice::Percent {
                    basis_points: 10_001,
                },
            )],
        );
        assert_eq!(
            validate_groups(&[huge]),
            Err(AddonError::Amount("Yes".into()))
        );
        let long = AddonGroup::new(&"x".repeat(MAX_LABEL_CHARS + 1), vec![]);
        assert!(matches!(
            validate_groups(&[long]),
            Err(AddonError::Label(_))
        ));
        let mut bad_key = gift_wrap();
        bad_key.key = "Gift Wrap!".into();
        assert!(matches!(
            validate_groups(&[bad_key]),
            Err(AddonError::Key(_))
        ));
        let mut bad_default = gift_wrap();
        bad_default.default = Some("maybe".into());
        assert_eq!(
            validate_groups(&[bad_default]),
            Err(AddonError::UnknownDefault("Gift wrap".into()))
        );
    }

    #[test]
    fn options_show_what_they_add() {
        let usd = Currency::default();
        let groups = [gift_wrap(), print_position()];
        let shown: Vec<String> = groups
            .iter()
            .flat_map(|g| g.options.iter().map(|o| o.display(&usd)))
            .collect();
        assert_eq!(
            shown,
            [
                "No",
                "Yes (+$3.00)",
                "Front",
                "Back (+$2.00)",
                "Both (+10%)"
            ]
        );
        let share = |basis_points| AddonPrice::Percent { basis_points }.describe(&usd);
        assert_eq!(share(1_250), Some("+12.5%".into()));
        assert_eq!(share(5), Some("+0.05%".into()));
        assert_eq!(share(0), None);
    }

    #[test]
    fn groups_round_trip_through_json() {
        let groups = vec![gift_wrap(), print_position()];
        let text = serde_json::to_string(&groups).expect("json");
        let back: Vec<AddonGroup> = serde_json::from_str(&text).expect("groups");
        assert_eq!(back, groups);
        assert!(
            text.contains(r#""price":{"kind":"flat","amount":300}"#),
            "{text}"
        );
    }
}
