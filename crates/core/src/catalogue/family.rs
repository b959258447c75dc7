//! Rules that need a product together with its variations or grouped children: prices and
//! ranges, sale, stock and purchasability as WooCommerce derives them.

use crate::money::Money;

use super::pricing::PriceRange;
use super::product::{Product, ProductType};
use super::stock::StockStatus;
use super::variation::Variation;

/// A product with the relatives its derived rules look at.
#[derive(Debug, Clone, Copy)]
pub struct ProductFamily<'a> {
    /// The product.
    pub product: &'a Product,
    /// Its variations, for a variable product (any order).
    pub variations: &'a [Variation],
    /// Its children, for a grouped product.
    pub children: &'a [Product],
    /// The store hides out-of-stock items (they leave price ranges and variation lists).
    pub hide_out_of_stock: bool,
}

impl<'a> ProductFamily<'a> {
    /// A product on its own.
    pub fn new(product: &'a Product) -> Self {
        ProductFamily {
            product,
            variations: &[],
            children: &[],
            hide_out_of_stock: false,
        }
    }

    /// The same, with the variations of a variable product.
    pub fn with_variations(mut self, variations: &'a [Variation]) -> Self {
        self.variations = variations;
        self
    }

    /// The same, with the children of a grouped product.
    pub fn with_children(mut self, children: &'a [Product]) -> Self {
        self.children = children;
        self
    }

    /// The same, with the store's "hide out of stock items" setting.
    pub fn hiding_out_of_stock(mut self, hide: bool) -> Self {
        self.hide_out_of_stock = hide;
        self
    }

    /// Variations shoppers can see: enabled, priced and (if the store hides them) in stock,
    /// in menu order then id.
    pub fn visible_variations(&self) -> Vec<&'a Variation> {
        if self.product.kind != ProductType::Variable {
            return Vec::new();
        }
        let mut list: Vec<&Variation> = self
            .variations
            .iter()
            .filter(|v| v.is_visible() && (!self.hide_out_of_stock || v.is_in_stock(self.product)))
            .collect();
        list.sort_by_key(|v| (v.menu_order, v.id));
        list
    }

    /// Children of a grouped product that shoppers can see: published and priced.
    pub fn visible_children(&self) -> Vec<&'a Product> {
        if self.product.kind != ProductType::Grouped {
            return Vec::new();
        }
        self.children
            .iter()
            .filter(|c| c.is_published() && c.pricing.has_price())
            .filter(|c| !self.hide_out_of_stock || c.stock.is_in_stock())
            .collect()
    }

    /// Lowest and highest prices over visible variations or children; `None` for other kinds
    /// or when none is priced.
    pub fn price_range(&self, now: i64) -> Option<PriceRange> {
        match self.product.kind {
            ProductType::Variable => {
                PriceRange::over(self.visible_variations().into_iter().filter_map(|v| {
                    let current = v.current_price(now)?;
                    Some((current, v.pricing.regular.unwrap_or(current)))
                }))
            }
            ProductType::Grouped => {
                PriceRange::over(self.visible_children().into_iter().filter_map(|c| {
                    let current = c.pricing.current(now)?;
                    Some((current, c.pricing.regular.unwrap_or(current)))
                }))
            }
            _ => None,
        }
    }

    /// The price a shopper pays now: own for simple and external products, the lowest for
    /// variable and grouped ones ("From").
    pub fn current_price(&self, now: i64) -> Option<Money> {
        match self.product.kind {
            ProductType::Variable | ProductType::Grouped => self.price_range(now).map(|r| r.min),
            _ => self.product.pricing.current(now),
        }
    }

    /// The regular price: own, or the lowest regular price of the variations.
    pub fn regular_price(&self, now: i64) -> Option<Money> {
        match self.product.kind {
            ProductType::Variable => self.price_range(now).map(|r| r.min_regular),
            ProductType::Grouped => None,
            _ => self.product.pricing.regular,
        }
    }

    /// On sale now: own sale, or any visible variation or child on sale.
    pub fn is_on_sale(&self, now: i64) -> bool {
        match self.product.kind {
            ProductType::Variable => self.visible_variations().iter().any(|v| v.is_on_sale(now)),
            ProductType::Grouped => self
                .visible_children()
                .iter()
                .any(|c| c.pricing.is_on_sale(now)),
            _ => self.product.pricing.is_on_sale(now),
        }
    }

    /// The stock status: own; for a variable product not managing stock, the best status of
    /// its enabled variations; for a grouped product, the best of its children.
    pub fn stock_status(&self) -> StockStatus {
        let best = |statuses: &mut dyn Iterator<Item = StockStatus>| {
            let all: Vec<StockStatus> = statuses.collect();
            if all.contains(&StockStatus::InStock) {
                StockStatus::InStock
            } else if all.contains(&StockStatus::OnBackorder) {
                StockStatus::OnBackorder
            } else {
                StockStatus::OutOfStock
            }
        };
        match self.product.kind {
            ProductType::Variable if !self.product.stock.managed => best(
                &mut self
                    .variations
                    .iter()
                    .filter(|v| v.is_active())
                    .map(|v| v.effective_stock(self.product).status()),
            ),
            ProductType::Grouped if !self.children.is_empty() => best(
                &mut self
                    .children
                    .iter()
                    .filter(|c| c.is_published())
                    .map(|c| c.stock.status()),
            ),
            _ => self.product.stock.status(),
        }
    }

    /// Whether it can be bought as far as stock goes.
    pub fn is_in_stock(&self) -> bool {
        self.stock_status() != StockStatus::OutOfStock
    }

    /// Whether it is on backorder.
    pub fn is_on_backorder(&self) -> bool {
        self.stock_status() == StockStatus::OnBackorder
    }

    /// Purchasable: published and priced; external and grouped products never are (their
    /// buttons lead elsewhere).
    pub fn is_purchasable(&self, now: i64) -> bool {
        match self.product.kind {
            ProductType::External | ProductType::Grouped => false,
            _ => self.product.is_published() && self.current_price(now).is_some(),
        }
    }

    /// Whether options must be chosen before adding to the cart.
    pub fn has_options(&self) -> bool {
        self.product.kind == ProductType::Variable
    }

    /// Stock left when low (see [`super::Stock::low_stock_remaining`]); only for stock managed
    /// on the product itself.
    pub fn low_stock_remaining(&self, store_threshold: i64) -> Option<i64> {
        self.product.stock.low_stock_remaining(store_threshold)
    }
}
