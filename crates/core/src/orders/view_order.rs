//! The Store API order object (`GET /order/{id}`, store-api.md §6.8; golden 036).
//!
//! Lines show the product as it is now; the caller loads those products and passes them in
//! (see [`ItemProduct`]).

use std::collections::BTreeMap;

use serde::Serialize;

use super::address::{BillingAddressView, ShippingAddressView};
use super::model::Order;
use super::status::OrderStatus;
use super::view_order_items::{ItemProduct, OrderItemView, item_view};
use crate::catalogue::ProductId;
use crate::money::{Currency, CurrencyFields, Money};

/// A problem shown with the order (`{code, message}`), e.g. stock gone for a failed order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderNotice {
    /// Code.
    pub code: String,
    /// Message.
    pub message: String,
}

/// What the order view needs beside the order.
#[derive(Debug, Clone, Copy)]
pub struct OrderViewContext<'a> {
    /// The order's currency.
    pub currency: &'a Currency,
    /// The products of the lines, by product or variation id; a missing one shows blanks.
    pub products: &'a BTreeMap<ProductId, ItemProduct>,
    /// Gateway features the cart requires (`["products"]`).
    pub payment_requirements: &'a [&'a str],
    /// Problems to show with the order.
    pub errors: &'a [OrderNotice],
}

/// The order object.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderView {
    /// Order id.
    pub id: i64,
    /// Status.
    pub status: OrderStatus,
    /// Lines.
    pub items: Vec<OrderItemView>,
    /// Coupons.
    pub coupons: Vec<OrderCouponView>,
    /// Fees.
    pub fees: Vec<OrderFeeView>,
    /// Totals.
    pub totals: OrderTotalsView,
    /// Shipping address.
    pub shipping_address: ShippingAddressView,
    /// Billing address.
    pub billing_address: BillingAddressView,
    /// Whether it still needs paying.
    pub needs_payment: bool,
    /// Whether it ships to an address.
    pub needs_shipping: bool,
    /// Gateway features required.
    pub payment_requirements: Vec<String>,
    /// Problems.
    pub errors: Vec<OrderNotice>,
}

/// A coupon of the order object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderCouponView {
    /// Code.
    pub code: String,
    /// Discount type.
    pub discount_type: String,
    /// Amounts.
    pub totals: CouponTotalsView,
}

/// `totals` of a coupon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CouponTotalsView {
    /// Discount.
    pub total_discount: String,
    /// Tax removed.
    pub total_discount_tax: String,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// A fee of the order object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderFeeView {
    /// Order item id.
    pub key: i64,
    /// Name.
    pub name: String,
    /// Amounts.
    pub totals: FeeTotalsView,
}

/// `totals` of a fee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FeeTotalsView {
    /// Amount.
    pub total: String,
    /// Tax.
    pub total_tax: String,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// `totals` of the order object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderTotalsView {
    /// Lines before coupons.
    pub subtotal: String,
    /// Discount.
    pub total_discount: String,
    /// Shipping.
    pub total_shipping: String,
    /// Fees.
    pub total_fees: String,
    /// All tax.
    pub total_tax: String,
    /// Refunded.
    pub total_refund: String,
    /// What the customer pays.
    pub total_price: String,
    /// Lines after coupons.
    pub total_items: String,
    /// Tax on items and fees (sum of the tax lines).
    pub total_items_tax: String,
    /// Tax on fees.
    pub total_fees_tax: String,
    /// Tax removed by coupons.
    pub total_discount_tax: String,
    /// Tax on shipping.
    pub total_shipping_tax: String,
    /// Tax per rate.
    pub tax_lines: Vec<TaxLineView>,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// `{name, price, rate}` of a tax line; `rate` is a percent without the sign ("8.25").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TaxLineView {
    /// Label.
    pub name: String,
    /// Tax on items and fees.
    pub price: String,
    /// Rate.
    pub rate: String,
}

pub(super) fn amount(m: Money) -> String {
    m.to_minor_string()
}

/// The order object for `GET /order/{id}`.
pub fn order_view(order: &Order, ctx: &OrderViewContext<'_>) -> OrderView {
    let currency = ctx.currency.fields();
    let items = order
        .line_items
        .iter()
        .map(|line| item_view(order, line, ctx.products.get(&line.purchased_id()), ctx))
        .collect();
    let coupons = order
        .coupon_lines
        .iter()
        .map(|c| OrderCouponView {
            code: c.code.clone(),
            discount_type: c.discount_type.clone(),
            totals: CouponTotalsView {
                total_discount: amount(c.discount),
                total_discount_tax: amount(c.discount_tax),
                currency: currency.clone(),
            },
        })
        .collect();
    let fees = order
        .fee_lines
        .iter()
        .map(|f| OrderFeeView {
            key: f.id,
            name: f.name.clone(),
            totals: FeeTotalsView {
                total: amount(f.total),
                total_tax: amount(f.total_tax),
                currency: currency.clone(),
            },
        })
        .collect();
    let t = &order.totals;
    let totals = OrderTotalsView {
        subtotal: amount(order.subtotal()),
        total_discount: amount(t.discount_total),
        total_shipping: amount(t.shipping_total),
        total_fees: amount(order.fees_total()),
        total_tax: amount(t.total_tax),
        total_refund: amount(order.total_refunded),
        total_price: amount(t.total),
        total_items: amount(order.line_items.iter().map(|l| l.total).sum()),
        total_items_tax: amount(order.tax_lines.iter().map(|l| l.tax_total).sum()),
        total_fees_tax: amount(order.fee_lines.iter().map(|f| f.total_tax).sum()),
        total_discount_tax: amount(t.discount_tax),
        total_shipping_tax: amount(t.shipping_tax),
        tax_lines: order
            .tax_lines
            .iter()
            .map(|l| TaxLineView {
                name: l.label.clone(),
                price: amount(l.tax_total),
                rate: l.rate_percent.clone(),
            })
            .collect(),
        currency,
    };
    OrderView {
        id: order.id,
        status: order.status,
        items,
        coupons,
        fees,
        totals,
        shipping_address: ShippingAddressView::from(&order.shipping),
        billing_address: BillingAddressView::from(&order.billing),
        needs_payment: order.needs_payment(),
        needs_shipping: order.needs_shipping_address(),
        payment_requirements: ctx
            .payment_requirements
            .iter()
            .map(|s| (*s).to_owned())
            .collect(),
        errors: ctx.errors.to_vec(),
    }
}
