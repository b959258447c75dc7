//! Variations of a variable product (SPEC §3.1): their own fields, what they inherit from the
//! parent, and the flags the product page reads.

use serde::{Deserialize, Serialize};

use super::ids::ProductId;
use super::pricing::Pricing;
use super::product::{Dimensions, Image, Product, PurchaseLimits};
use super::product_attribute::{VariationAttribute, attribute_key, keys_match};
use super::stock::Stock;

/// One purchasable option set of a variable product.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Variation {
    /// Id (in the products' id space).
    pub id: ProductId,
    /// The variable product.
    pub parent_id: ProductId,
    /// One value per variation attribute of the parent; "" means any value.
    pub attributes: Vec<VariationAttribute>,
    /// Own SKU; "" inherits the parent's.
    pub sku: String,
    /// Description shown when chosen (HTML).
    pub description: String,
    /// Prices.
    pub pricing: Pricing,
    /// Stock; when not managed here, a parent that manages stock decides.
    pub stock: Stock,
    /// Own image; `None` shows the parent's.
    pub image: Option<Image>,
    /// Weight; "" inherits.
    pub weight: String,
    /// Dimensions; empty ones inherit.
    pub dimensions: Dimensions,
    /// Tax class; `None` is "same as parent".
    pub tax_class: Option<String>,
    /// Quantity rules; absent ones inherit.
    pub purchase_limits: PurchaseLimits,
    /// No shipping needed.
    pub is_virtual: bool,
    /// Has downloadable files.
    pub is_downloadable: bool,
    /// Whether the merchant enabled it (a disabled variation is private).
    pub enabled: bool,
    /// Manual sort position.
    pub menu_order: i64,
}

impl Variation {
    /// An enabled variation of `parent_id` with the given attribute values.
    pub fn new(id: ProductId, parent_id: ProductId, attributes: &[(&str, &str)]) -> Self {
        Variation {
            id,
            parent_id,
            attributes: attributes
                .iter()
                .map(|(k, v)| VariationAttribute::new(k, v))
                .collect(),
            enabled: true,
            ..Variation::default()
        }
    }

    /// The value for an attribute: `Some("")` when it accepts any, `None` when it has none.
    pub fn value_of(&self, attribute: &str) -> Option<&str> {
        let key = attribute_key(attribute);
        self.attributes
            .iter()
            .find(|a| a.key == key)
            .or_else(|| self.attributes.iter().find(|a| keys_match(&a.key, &key)))
            .map(|a| a.value.as_str())
    }

    /// How many attributes have a fixed value (more is more specific).
    pub fn specificity(&self) -> usize {
        self.attributes.iter().filter(|a| !a.is_any()).count()
    }

    /// The variation's title as WooCommerce generates it (`generate_product_title`): the
    /// parent's name, then " - " and the values the variation fixes (option names, "any" ones
    /// left out), but only when it has fewer than three attributes and, with two, neither
    /// has a name of several words. Cart lines, orders and CSV rows all use it.
    pub fn title(&self, parent: &Product) -> String {
        let include = match self.attributes.len() {
            0 | 1 => true,
            2 => !self.attributes.iter().any(|a| a.key.contains('-')),
            _ => false,
        };
        let values: Vec<&str> = self
            .attributes
            .iter()
            .filter(|value| !value.is_any())
            .map(|value| {
                parent
                    .attributes
                    .iter()
                    .find(|a| keys_match(&a.key(), &value.key))
                    .map_or(value.value.as_str(), |a| a.option_name(&value.value))
            })
            .collect();
        if !include || values.is_empty() {
            parent.name.clone()
        } else {
            format!("{} - {}", parent.name, values.join(", "))
        }
    }

    /// The SKU shown: own, else the parent's.
    pub fn effective_sku<'a>(&'a self, parent: &'a Product) -> &'a str {
        if self.sku.is_empty() {
            &parent.sku
        } else {
            &self.sku
        }
    }

    /// The weight shown: own, else the parent's.
    pub fn effective_weight<'a>(&'a self, parent: &'a Product) -> &'a str {
        if self.weight.is_empty() {
            &parent.weight
        } else {
            &self.weight
        }
    }

    /// Dimensions, each inherited from the parent where not set.
    pub fn effective_dimensions(&self, parent: &Product) -> Dimensions {
        self.dimensions.or_inherit(&parent.dimensions)
    }

    /// The tax class in force.
    pub fn effective_tax_class<'a>(&'a self, parent: &'a Product) -> &'a str {
        self.tax_class.as_deref().unwrap_or(&parent.tax_class)
    }

    /// The image shown: own, else the parent's main image.
    pub fn effective_image<'a>(&'a self, parent: &'a Product) -> Option<&'a Image> {
        self.image.as_ref().or(parent.image.as_ref())
    }

    /// Quantity rules, inherited field by field from the parent.
    pub fn effective_purchase_limits(&self, parent: &Product) -> PurchaseLimits {
        self.purchase_limits.or_inherit(&parent.purchase_limits)
    }

    /// Whether stock is counted on the variation itself.
    pub fn manages_own_stock(&self) -> bool {
        self.stock.managed
    }

    /// The stock in force: the variation's own when it manages stock; the parent's quantity,
    /// backorders and threshold when only the parent does; else the variation's set status.
    pub fn effective_stock(&self, parent: &Product) -> Stock {
        if self.stock.managed {
            Stock {
                low_stock_amount: self
                    .stock
                    .low_stock_amount
                    .or(parent.stock.low_stock_amount),
                ..self.stock
            }
        } else if parent.stock.managed {
            parent.stock
        } else {
            Stock::untracked(self.stock.status)
        }
    }

    /// Sold individually is a parent setting in WooCommerce.
    pub fn is_sold_individually(&self, parent: &Product) -> bool {
        parent.sold_individually
    }

    /// The price a shopper pays at `now`.
    pub fn current_price(&self, now: i64) -> Option<crate::money::Money> {
        self.pricing.current(now)
    }

    /// On sale at `now`.
    pub fn is_on_sale(&self, now: i64) -> bool {
        self.pricing.is_on_sale(now)
    }

    /// Enabled by the merchant: a disabled variation does not exist for shoppers.
    pub fn is_active(&self) -> bool {
        self.enabled
    }

    /// Visible: enabled and priced (`variation_is_visible`).
    pub fn is_visible(&self) -> bool {
        self.enabled && self.pricing.has_price()
    }

    /// In stock, with stock inherited from the parent where it applies.
    pub fn is_in_stock(&self, parent: &Product) -> bool {
        self.effective_stock(parent).is_in_stock()
    }

    /// Purchasable: visible and its parent published (stock is checked separately).
    pub fn is_purchasable(&self, parent: &Product) -> bool {
        self.is_visible() && parent.is_published()
    }

    /// Can be added to the cart right now: purchasable, in stock and visible (SPEC §4.2).
    pub fn is_available(&self, parent: &Product) -> bool {
        self.is_purchasable(parent) && self.is_in_stock(parent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::product::{ProductStatus, ProductType};
    use crate::catalogue::stock::{Backorders, StockStatus};
    use crate::money::Money;

    fn parent() -> Product {
        Product {
            sku: "woo-hoodie".into(),
            weight: "1.5".into(),
            dimensions: Dimensions::new("10", "8", "3"),
            tax_class: "reduced-rate".into(),
            image: Some(Image {
                src: "parent.jpg".into(),
                ..Image::default()
            }),
            ..Product::new(ProductId(15), ProductType::Variable, "Hoodie")
        }
    }

    fn variation() -> Variation {
        Variation {
            pricing: Pricing::regular(Money::from_minor(4500)),
            ..Variation::new(
                ProductId(38),
                ProductId(15),
                &[("pa_color", "blue"), ("Logo", "Yes")],
            )
        }
    }

    #[test]
    fn inherits_from_parent_where_empty() {
        let (p, mut v) = (parent(), variation());
        assert_eq!(v.effective_sku(&p), "woo-hoodie");
        assert_eq!(v.effective_weight(&p), "1.5");
        assert_eq!(v.effective_dimensions(&p), Dimensions::new("10", "8", "3"));
        assert_eq!(v.effective_tax_class(&p), "reduced-rate");
        assert_eq!(
            v.effective_image(&p).map(|i| i.src.as_str()),
            Some("parent.jpg")
        );
        v.sku = "woo-hoodie-blue-logo".into();
        v.weight = "2".into();
        v.dimensions.height = "4".into();
        v.tax_class = Some(String::new());
        assert_eq!(v.effective_sku(&p), "woo-hoodie-blue-logo");
        assert_eq!(v.effective_weight(&p), "2");
        assert_eq!(v.effective_dimensions(&p), Dimensions::new("10", "8", "4"));
        assert_eq!(v.effective_tax_class(&p), "");
    }

    #[test]
    fn stock_inheritance() {
        let (mut p, mut v) = (parent(), variation());
        v.stock = Stock::untracked(StockStatus::OutOfStock);
        assert!(!v.is_in_stock(&p));
        p.stock = Stock {
            backorders: Backorders::Notify,
            ..Stock::managed(0)
        };
        assert_eq!(v.effective_stock(&p).status(), StockStatus::OnBackorder);
        v.stock = Stock::managed(3);
        p.stock.low_stock_amount = Some(5);
        assert_eq!(v.effective_stock(&p).low_stock_remaining(2), Some(3));
    }

    #[test]
    fn flags() {
        let (mut p, mut v) = (parent(), variation());
        assert!(v.is_visible() && v.is_active() && v.is_purchasable(&p) && v.is_in_stock(&p));
        v.pricing = Pricing::default();
        assert!(!v.is_visible() && !v.is_purchasable(&p));
        v.pricing = Pricing::regular(Money::from_minor(1));
        v.enabled = false;
        assert!(!v.is_active() && !v.is_visible());
        v.enabled = true;
        p.status = ProductStatus::Draft;
        assert!(!v.is_purchasable(&p));
    }

    #[test]
    fn titles_as_woocommerce_generates_them() {
        use crate::catalogue::fixtures::hoodie;
        use crate::catalogue::product_attribute::ProductAttribute;
        let (mut parent, variations) = hoodie();
        let blue_yes = variations
            .iter()
            .find(|v| v.id == ProductId(38))
            .expect("blue with logo");
        assert_eq!(blue_yes.title(&parent), "Hoodie - Blue, Yes");
        let mut any_logo = blue_yes.clone();
        any_logo.attributes[1].value = String::new();
        assert_eq!(
            any_logo.title(&parent),
            "Hoodie - Blue",
            "any values are left out"
        );
        let mut nothing_fixed = any_logo.clone();
        nothing_fixed.attributes[0].value = String::new();
        assert_eq!(nothing_fixed.title(&parent), "Hoodie");

        // Two attributes, one named in several words: the name alone.
        let mut two_words = parent.clone();
        two_words.attributes[1] = ProductAttribute::local("Logo style", &["Yes", "No"])
            .for_variations()
            .at(1);
        let mut styled = blue_yes.clone();
        styled.attributes[1] = VariationAttribute::new("logo-style", "Yes");
        assert_eq!(styled.title(&two_words), "Hoodie");

        // Three variation attributes: the name alone, in the cart and in CSV exports alike.
        parent.attributes.push(
            ProductAttribute::local("Fit", &["Slim", "Loose"])
                .for_variations()
                .at(2),
        );
        let mut fitted = blue_yes.clone();
        fitted
            .attributes
            .push(VariationAttribute::new("fit", "Slim"));
        assert_eq!(fitted.title(&parent), "Hoodie");
    }

    #[test]
    fn values_by_any_name_form() {
        let v = variation();
        assert_eq!(v.value_of("attribute_pa_color"), Some("blue"));
        assert_eq!(v.value_of("Color"), Some("blue"));
        assert_eq!(v.value_of("attribute_logo"), Some("Yes"));
        assert_eq!(v.value_of("size"), None);
        assert_eq!(v.specificity(), 2);
    }
}
