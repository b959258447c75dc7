//! A stored line read against the catalogue as it is now: its product (and variation), its
//! title, stock, quantity limits, price, and the pricing rules' view of it.

use mercato_core::catalogue::{
    Product, ProductFamily, ProductType, ResolvedAddon, Stock, Variation, addon_unit_adjustment,
    resolve_addons,
};
use mercato_core::money::Money;
use mercato_core::pricing::CartLine;
use mercato_core::quantity::QuantityLimits;

use super::document::StoredItem;

/// A line with its catalogue records.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// The stored line.
    pub item: &'a StoredItem,
    /// The product (the variable parent, for a variation).
    pub product: &'a Product,
    /// The variation, for a variation.
    pub variation: Option<&'a Variation>,
}

impl<'a> Line<'a> {
    /// The id WooCommerce calls the line's product: the variation if there is one.
    pub fn item_id(&self) -> i64 {
        self.variation.map_or(self.product.id.0, |v| v.id.0)
    }

    /// The line's title as WooCommerce names the product: "Hoodie - Blue, Yes" for a
    /// variation, the product's name otherwise.
    pub fn title(&self) -> String {
        match self.variation {
            Some(variation) => variation.title(self.product),
            None => self.product.name.clone(),
        }
    }

    /// The stock in force (a variation inherits its parent's when it does not count its own).
    pub fn stock(&self) -> Stock {
        match self.variation {
            Some(variation) => variation.effective_stock(self.product),
            None => self.product.stock,
        }
    }

    /// The id stock is counted on (`get_stock_managed_by_id`): the variation when it manages
    /// its own stock, else the product.
    pub fn stock_id(&self) -> i64 {
        match self.variation {
            Some(variation) if variation.manages_own_stock() => variation.id.0,
            _ => self.product.id.0,
        }
    }

    /// Sold one at a time.
    pub fn sold_individually(&self) -> bool {
        self.product.sold_individually
    }

    /// The quantity limits, with `held_elsewhere` units of stock reserved by other checkouts.
    pub fn limits(&self, held_elsewhere: i64) -> QuantityLimits {
        let rules = match self.variation {
            Some(variation) => variation.effective_purchase_limits(self.product),
            None => self.product.purchase_limits,
        };
        QuantityLimits::from_rules(
            &rules,
            self.sold_individually(),
            &self.stock(),
            held_elsewhere,
        )
    }

    /// The price of one now, its add-on options included; `None` when the product has no
    /// price.
    pub fn unit_price(&self, now: i64) -> Option<Money> {
        let own = match self.variation {
            Some(variation) => variation.current_price(now),
            None => self.product.pricing.current(now),
        }?;
        Some(own + self.addon_adjustment(own))
    }

    /// What the chosen add-on options add to a unit whose own price is `own` (nothing when
    /// the choice is no longer valid: such a line is dropped when the cart is read).
    pub fn addon_adjustment(&self, own: Money) -> Money {
        addon_unit_adjustment(&self.product.addons, &self.item.addons, own).unwrap_or(Money::ZERO)
    }

    /// The chosen add-on options as the product defines them now; `None` when it no longer
    /// offers one of them (or now requires a group the line lacks).
    pub fn addons(&self) -> Option<Vec<ResolvedAddon<'a>>> {
        resolve_addons(&self.product.addons, &self.item.addons)
    }

    /// Whether the product can be bought at all (published, priced, a buyable kind).
    pub fn is_purchasable(&self, now: i64) -> bool {
        match self.variation {
            Some(variation) => {
                self.product.kind == ProductType::Variable && variation.is_purchasable(self.product)
            }
            None => {
                self.product.kind != ProductType::Variable
                    && ProductFamily::new(self.product).is_purchasable(now)
            }
        }
    }

    /// Whether it is on sale now.
    pub fn on_sale(&self, now: i64) -> bool {
        match self.variation {
            Some(variation) => variation.is_on_sale(now),
            None => self.product.pricing.is_on_sale(now),
        }
    }

    /// Whether it ships (not virtual).
    pub fn needs_shipping(&self) -> bool {
        !self.product.is_virtual && !self.variation.is_some_and(|v| v.is_virtual)
    }

    /// Its weight in the shop's unit, as a number (0 when not given).
    pub fn weight(&self) -> f64 {
        let text = match self.variation {
            Some(variation) => variation.effective_weight(self.product),
            None => &self.product.weight,
        };
        text.trim().parse::<f64>().unwrap_or(0.0)
    }

    /// The line as the pricing rules see it.
    pub fn pricing_line(&self, now: i64) -> CartLine {
        let tax_class = match self.variation {
            Some(variation) => variation.effective_tax_class(self.product).to_owned(),
            None => self.product.tax_class.clone(),
        };
        CartLine {
            key: self.item.key.clone(),
            product_id: self.product.id,
            variation_id: self.variation.map(|v| v.id),
            name: self.title(),
            category_ids: self.product.category_ids.clone(),
            quantity: self.item.quantity,
            unit_price: self.unit_price(now).unwrap_or(Money::ZERO),
            on_sale: self.on_sale(now),
            tax_status: self.product.tax_status,
            tax_class,
            needs_shipping: self.needs_shipping(),
            shipping_class: String::new(),
        }
    }
}
