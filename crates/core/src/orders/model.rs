//! The stored order: what was bought, for how much, by whom, how it is paid and shipped.
//!
//! Money is in minor units of the order's currency. Line, fee and shipping amounts exclude tax;
//! their taxes are kept per tax rate, and the tax lines sum them up per rate.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::address::Address;
use super::key::OrderKey;
use super::status::{OrderStatus, StockChange, TransitionError};
use crate::attribution::Attribution;
use crate::catalogue::ProductId;
use crate::money::Money;

/// An order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Order id (also its number).
    pub id: i64,
    /// The secret that lets a guest see the order.
    pub order_key: OrderKey,
    /// Status.
    pub status: OrderStatus,
    /// The customer's user id, 0 for guests.
    pub customer_id: i64,
    /// Billing address, with the email.
    pub billing: Address,
    /// Shipping address.
    pub shipping: Address,
    /// The note the customer left at checkout.
    pub customer_note: String,
    /// ISO 4217 currency code.
    pub currency: String,
    /// Whether the shop's prices included tax when the order was made.
    pub prices_include_tax: bool,
    /// Products bought.
    pub line_items: Vec<LineItem>,
    /// Coupons applied.
    pub coupon_lines: Vec<CouponLine>,
    /// Fees charged.
    pub fee_lines: Vec<FeeLine>,
    /// Shipping chosen, one line per package.
    pub shipping_lines: Vec<ShippingLine>,
    /// Tax per rate.
    pub tax_lines: Vec<TaxLine>,
    /// Totals.
    pub totals: OrderTotals,
    /// Refunded so far.
    pub total_refunded: Money,
    /// Payment gateway id (`cod`), "" when none was chosen.
    pub payment_method: String,
    /// Payment gateway title at the time ("Cash on delivery").
    pub payment_method_title: String,
    /// The gateway's reference for the payment.
    pub transaction_id: String,
    /// Where the order came from, when the browser said.
    pub attribution: Option<Attribution>,
    /// Installed extensions' data, by namespace (their manifests' `data_schema`): what the
    /// cart kept (`POST /cart/extensions`) overlaid by the checkout's `extensions`, each
    /// checked against its schema before it was stored.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extension_data: BTreeMap<String, serde_json::Value>,
    /// Whether the order's stock has been taken (see [`OrderStatus::stock_change_on_entering`]).
    pub stock_reduced: bool,
    /// When things happened.
    pub dates: OrderDates,
    /// Which surface made the order.
    pub created_via: CreatedVia,
    /// The customer's IP address.
    pub customer_ip: String,
    /// The customer's browser user agent.
    pub customer_user_agent: String,
    /// What happened to the order, oldest first (WooCommerce's order notes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<OrderNote>,
}

/// A note on an order: what happened to it, for the shop (and the customer when
/// `to_customer`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderNote {
    /// When, in Unix seconds.
    pub at: i64,
    /// The text.
    pub text: String,
    /// Whether the customer sees it on their order.
    #[serde(default)]
    pub to_customer: bool,
}

/// A product bought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineItem {
    /// Order item id.
    pub id: i64,
    /// The product (the parent, for a variation).
    pub product_id: ProductId,
    /// The variation, if one was bought.
    pub variation_id: Option<ProductId>,
    /// Name at the time, e.g. "Hoodie - Blue, Yes".
    pub name: String,
    /// SKU at the time.
    pub sku: String,
    /// Quantity.
    pub quantity: u32,
    /// The attribute values chosen (for variations, "any" choices included).
    pub attributes: Vec<ItemAttribute>,
    /// The add-on options chosen, as order item meta: `key` the group's key, `label` its
    /// name, `value` the option's label, `display_value` with its price (`Yes (+$3.00)`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub addons: Vec<ItemAttribute>,
    /// Price × quantity before coupons, excluding tax.
    pub subtotal: Money,
    /// Tax on the subtotal.
    pub subtotal_tax: Money,
    /// After coupons, excluding tax.
    pub total: Money,
    /// Tax on the total.
    pub total_tax: Money,
    /// Tax per rate.
    pub taxes: Vec<RateTax>,
}

impl LineItem {
    /// The product or variation the line is for.
    pub fn purchased_id(&self) -> ProductId {
        self.variation_id.unwrap_or(self.product_id)
    }
}

/// One attribute value of a line (`pa_color` = `blue`, shown as Color: Blue).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemAttribute {
    /// Attribute key: a taxonomy (`pa_color`) or a local attribute's name (`logo`).
    pub key: String,
    /// Attribute label ("Color").
    pub label: String,
    /// Stored value: a term slug or the local value (`blue`).
    pub value: String,
    /// Value as shown ("Blue").
    pub display_value: String,
}

/// Tax for one tax rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RateTax {
    /// Tax rate id.
    pub rate_id: i64,
    /// Tax on the amount before coupons (lines only; equal to `total` elsewhere).
    pub subtotal: Money,
    /// Tax on the final amount.
    pub total: Money,
}

/// A coupon applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CouponLine {
    /// Order item id.
    pub id: i64,
    /// Coupon code (lower case).
    pub code: String,
    /// `percent`, `fixed_cart` or `fixed_product`.
    pub discount_type: String,
    /// Discount, excluding tax.
    pub discount: Money,
    /// Tax removed by the discount.
    pub discount_tax: Money,
}

/// A fee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeeLine {
    /// Order item id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Amount, excluding tax.
    pub total: Money,
    /// Tax.
    pub total_tax: Money,
    /// Tax per rate.
    pub taxes: Vec<RateTax>,
}

/// The shipping of one package.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShippingLine {
    /// Order item id.
    pub id: i64,
    /// Method id (`flat_rate`, `pickup_location`).
    pub method_id: String,
    /// Method instance id (0 for pickup locations).
    pub instance_id: i64,
    /// The rate id chosen (`flat_rate:1`, `pickup_location:0`).
    pub rate_id: String,
    /// Name shown ("Flat rate").
    pub name: String,
    /// Cost, excluding tax.
    pub cost: Money,
    /// Tax.
    pub total_tax: Money,
    /// Tax per rate.
    pub taxes: Vec<RateTax>,
    /// Extra details, e.g. `pickup_location` = "SF Store", `Items` = "T-Shirt &times; 1".
    pub meta: Vec<MetaEntry>,
}

/// Method ids whose orders have no shipping address (`woocommerce_order_hide_shipping_address`).
pub const LOCAL_PICKUP_METHODS: [&str; 2] = ["local_pickup", "pickup_location"];

/// Whether a shipping method (a rate's or a line's `method_id`) is collected by the customer.
pub fn is_local_pickup_method(method_id: &str) -> bool {
    LOCAL_PICKUP_METHODS.contains(&method_id)
}

impl ShippingLine {
    /// Whether the customer collects the package.
    pub fn is_local_pickup(&self) -> bool {
        is_local_pickup_method(&self.method_id)
    }
}

/// A key and value shown with a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetaEntry {
    /// Key.
    pub key: String,
    /// Value.
    pub value: String,
}

/// The tax charged at one rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaxLine {
    /// Order item id.
    pub id: i64,
    /// Tax rate id.
    pub rate_id: i64,
    /// Rate code (`US-CA-CA TAX-1`).
    pub rate_code: String,
    /// Label ("CA Tax").
    pub label: String,
    /// Rate in percent as WooCommerce prints it ("8.25").
    pub rate_percent: String,
    /// Whether the rate is compound.
    pub compound: bool,
    /// Tax on items and fees.
    pub tax_total: Money,
    /// Tax on shipping.
    pub shipping_tax_total: Money,
}

/// The order's totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct OrderTotals {
    /// Discount, excluding tax.
    pub discount_total: Money,
    /// Tax removed by discounts.
    pub discount_tax: Money,
    /// Shipping, excluding tax.
    pub shipping_total: Money,
    /// Tax on shipping.
    pub shipping_tax: Money,
    /// Tax on items and fees.
    pub cart_tax: Money,
    /// What the customer pays.
    pub total: Money,
    /// All tax (`cart_tax + shipping_tax`).
    pub total_tax: Money,
}

/// When things happened, in Unix seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct OrderDates {
    /// Created.
    pub created: i64,
    /// Last changed.
    pub updated: i64,
    /// Paid, once paid.
    pub paid: Option<i64>,
    /// Completed, once completed.
    pub completed: Option<i64>,
}

/// Which surface made an order (`created_via`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CreatedVia {
    /// The Store API (block checkout).
    StoreApi,
    /// The classic checkout form.
    Checkout,
    /// A merchant, by hand.
    Admin,
    /// The admin REST API.
    RestApi,
}

impl CreatedVia {
    /// The stored name (`store-api`).
    pub fn as_str(self) -> &'static str {
        match self {
            CreatedVia::StoreApi => "store-api",
            CreatedVia::Checkout => "checkout",
            CreatedVia::Admin => "admin",
            CreatedVia::RestApi => "rest-api",
        }
    }
}

impl Order {
    /// The number shown to customers (the id, as WooCommerce numbers orders by default).
    pub fn order_number(&self) -> String {
        self.id.to_string()
    }

    /// Sum of the lines before coupons, excluding tax (`get_subtotal`).
    pub fn subtotal(&self) -> Money {
        self.line_items.iter().map(|l| l.subtotal).sum()
    }

    /// Sum of the fees, excluding tax.
    pub fn fees_total(&self) -> Money {
        self.fee_lines.iter().map(|f| f.total).sum()
    }

    /// Whether the order still needs paying (`WC_Order::needs_payment`).
    pub fn needs_payment(&self) -> bool {
        self.status.needs_payment(self.totals.total)
    }

    /// Whether the order has been paid.
    pub fn is_paid(&self) -> bool {
        self.status.is_paid()
    }

    /// Whether the order ships to an address: some shipping, none of it local pickup
    /// (`needs_shipping_address`).
    pub fn needs_shipping_address(&self) -> bool {
        !self.shipping_lines.is_empty()
            && !self
                .shipping_lines
                .iter()
                .any(ShippingLine::is_local_pickup)
    }

    /// Moves the order to `to` at `now` (Unix seconds), if the change is allowed.
    ///
    /// Keeps `stock_reduced` in step and returns the stock change the caller must carry out;
    /// stamps the paid date the first time the order reaches a paid status, and the completed
    /// date each time it is completed (`maybe_set_date_paid`, `maybe_set_date_completed`).
    pub fn set_status(
        &mut self,
        to: OrderStatus,
        now: i64,
    ) -> Result<StockChange, TransitionError> {
        let change = self.status.transition(to, self.stock_reduced)?;
        match change {
            StockChange::Reduce => self.stock_reduced = true,
            StockChange::Restore => self.stock_reduced = false,
            StockChange::None => {}
        }
        self.status = to;
        self.dates.updated = now;
        if to.is_paid() && self.dates.paid.is_none() {
            self.dates.paid = Some(now);
        }
        if to == OrderStatus::Completed {
            self.dates.completed = Some(now);
        }
        Ok(change)
    }

    /// Adds a note for the shop at `now`.
    pub fn add_note(&mut self, text: impl Into<String>, now: i64) {
        self.notes.push(OrderNote {
            at: now,
            text: text.into(),
            to_customer: false,
        });
    }

    /// Total quantity of all lines.
    pub fn item_count(&self) -> u64 {
        self.line_items.iter().map(|l| u64::from(l.quantity)).sum()
    }
}
