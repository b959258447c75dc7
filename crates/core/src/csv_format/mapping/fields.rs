//! Columns products and variations share: prices and sale dates, stock, weight and
//! dimensions, and the purchase limits kept in Min/Max Quantities meta keys.

use super::dates::{sale_end, sale_start};
use super::from_row::Has;
use crate::catalogue::{self, Pricing, PurchaseLimits, Stock};
use crate::csv_format::{Backorders, Column, ProductRow, StockStatus};

pub(super) fn apply_pricing(
    row: &ProductRow,
    pricing: &mut Pricing,
    has: Has<'_>,
) -> Result<(), String> {
    if has(Column::RegularPrice) {
        pricing.regular = row.regular_price;
    }
    if has(Column::SalePrice) {
        pricing.sale = row.sale_price;
    }
    if has(Column::SaleStarts) {
        pricing.sale_from = row
            .sale_starts
            .as_ref()
            .map(sale_start)
            .transpose()
            .map_err(|e| format!("column \"Date sale price starts\": {e}"))?;
    }
    if has(Column::SaleEnds) {
        pricing.sale_to = row
            .sale_ends
            .as_ref()
            .map(sale_end)
            .transpose()
            .map_err(|e| format!("column \"Date sale price ends\": {e}"))?;
    }
    if let (Some(from), Some(to)) = (pricing.sale_from, pricing.sale_to)
        && to < from
    {
        return Err("the sale ends before it starts".to_owned());
    }
    Ok(())
}

/// `Stock`, `In stock?`, `Backorders allowed?` and `Low stock amount`. A quantity means
/// stock is managed; `parent` (variations only) leaves it to the parent.
pub(super) fn apply_stock(
    row: &ProductRow,
    stock: &mut Stock,
    has: Has<'_>,
    variation: bool,
) -> Result<(), String> {
    if has(Column::Stock) {
        match row.stock {
            Some(crate::csv_format::Stock::Quantity(quantity)) => {
                stock.managed = true;
                stock.quantity = Some(quantity);
            }
            Some(crate::csv_format::Stock::Parent) if !variation => {
                return Err(
                    "column \"Stock\": \"parent\" is only for variations; give a quantity or leave it empty"
                        .to_owned(),
                );
            }
            Some(crate::csv_format::Stock::Parent) | None => {
                stock.managed = false;
                stock.quantity = None;
            }
        }
    }
    if has(Column::StockStatus) {
        stock.status = match row.stock_status {
            None | Some(StockStatus::InStock) => catalogue::StockStatus::InStock,
            Some(StockStatus::OutOfStock) => catalogue::StockStatus::OutOfStock,
            Some(StockStatus::OnBackorder) => catalogue::StockStatus::OnBackorder,
        };
    }
    if has(Column::Backorders) {
        stock.backorders = match row.backorders {
            None | Some(Backorders::No) => catalogue::Backorders::No,
            Some(Backorders::Yes) => catalogue::Backorders::Yes,
            Some(Backorders::Notify) => catalogue::Backorders::Notify,
        };
    }
    if has(Column::LowStockAmount) {
        stock.low_stock_amount = row.low_stock_amount;
    }
    if stock.managed {
        // A managed quantity decides the status, as WooCommerce recomputes it on save.
        stock.status = stock.status();
    }
    Ok(())
}

pub(super) fn apply_shipping(
    row: &ProductRow,
    weight: &mut String,
    dimensions: &mut catalogue::Dimensions,
    has: Has<'_>,
) {
    let text = |d: Option<crate::csv_format::Decimal>| d.map(|d| d.to_string()).unwrap_or_default();
    if has(Column::Weight) {
        *weight = text(row.weight);
    }
    if has(Column::Length) {
        dimensions.length = text(row.length);
    }
    if has(Column::Width) {
        dimensions.width = text(row.width);
    }
    if has(Column::Height) {
        dimensions.height = text(row.height);
    }
}

/// Purchase limits from the Min/Max Quantities meta keys present in the row.
pub(super) fn apply_limits(
    row: &ProductRow,
    limits: &mut PurchaseLimits,
    keys: &[&str; 3],
) -> Result<(), String> {
    let targets = [
        &mut limits.minimum,
        &mut limits.maximum,
        &mut limits.multiple_of,
    ];
    for (key, target) in keys.iter().zip(targets) {
        if let Some((_, value)) = row.meta.iter().find(|(k, _)| k == key) {
            let quantity: u32 = value.trim().parse().map_err(|_| {
                format!("column \"Meta: {key}\": \"{value}\" is not a whole number of items")
            })?;
            *target = (quantity > 0).then_some(quantity);
        }
    }
    Ok(())
}
