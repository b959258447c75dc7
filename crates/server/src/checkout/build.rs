//! The order a priced cart makes: lines, coupons, fees, chosen shipping and taxes as the
//! server priced them (nothing the client sent about money is used).

use mercato_core::catalogue::find_attribute;
use mercato_core::money::{Currency, Money};
use mercato_core::orders::{
    Address, CouponLine, CreatedVia, FeeLine, ItemAttribute, LineItem, MetaEntry, Order,
    OrderDates, OrderKey, OrderStatus, OrderTotals, RateTax, ShippingLine, TaxLine,
};
use mercato_core::pricing::RateAmount;

use crate::cart::PricedCart;
use crate::cart::lines::Line;

/// Who is ordering and how they want it handled (what the cart does not hold).
#[derive(Debug, Clone, Default)]
pub struct OrderParty {
    /// The customer's user id, 0 for guests.
    pub customer_id: i64,
    /// Billing address (with the email).
    pub billing: Address,
    /// Shipping address.
    pub shipping: Address,
    /// The customer's note.
    pub customer_note: String,
    /// Chosen gateway id and its title.
    pub payment_method: String,
    /// Title of the gateway.
    pub payment_method_title: String,
    /// The browser's IP address and user agent.
    pub customer_ip: String,
    /// User agent.
    pub customer_user_agent: String,
}

/// A new order key from the system's random source.
pub fn new_order_key() -> OrderKey {
    let random: [u64; OrderKey::RANDOM_LEN] = std::array::from_fn(|_| rand::random::<u64>());
    OrderKey::generate(random)
}

fn rate_id(id: u64) -> i64 {
    i64::try_from(id).unwrap_or(i64::MAX)
}

fn rate_taxes(amounts: &[RateAmount]) -> Vec<RateTax> {
    amounts
        .iter()
        .map(|a| RateTax {
            rate_id: rate_id(a.rate_id),
            subtotal: a.amount,
            total: a.amount,
        })
        .collect()
}

/// The `checkout-draft` order for `priced`, as `party` places it, at `now`.
pub fn order_from_cart(
    priced: &PricedCart,
    party: &OrderParty,
    currency: &Currency,
    now: i64,
) -> Order {
    let totals = &priced.totals;
    let mut next_id = 0_i64;
    let mut item_id = || {
        next_id += 1;
        next_id
    };
    let line_items: Vec<LineItem> = priced
        .lines()
        .map(|line| {
            let t = totals.line(&line.item.key);
            LineItem {
                id: item_id(),
                product_id: line.product.id,
                variation_id: line.variation.map(|v| v.id),
                name: line.title(),
                sku: line
                    .variation
                    .map(|v| v.sku.clone())
                    .filter(|s| !s.is_empty())
                    .unwrap_or_else(|| line.product.sku.clone()),
                quantity: line.item.quantity,
                attributes: attributes(&line),
                addons: addon_meta(&line, currency),
                subtotal: t.map_or(Money::ZERO, |t| t.line_subtotal),
                subtotal_tax: t.map_or(Money::ZERO, |t| t.line_subtotal_tax),
                total: t.map_or(Money::ZERO, |t| t.line_total),
                total_tax: t.map_or(Money::ZERO, |t| t.line_total_tax),
                taxes: t.map_or_else(Vec::new, |t| {
                    t.taxes
                        .iter()
                        .map(|x| RateTax {
                            rate_id: rate_id(x.rate_id),
                            subtotal: x.subtotal,
                            total: x.total,
                        })
                        .collect()
                }),
            }
        })
        .collect();
    let coupon_lines = totals
        .coupons
        .iter()
        .map(|c| CouponLine {
            id: item_id(),
            code: c.code.clone(),
            discount_type: c.discount_type.as_str().to_owned(),
            discount: c.discount,
            discount_tax: c.discount_tax,
        })
        .collect();
    let fee_lines = totals
        .fees
        .iter()
        .map(|f| FeeLine {
            id: item_id(),
            name: f.name.clone(),
            total: f.total,
            total_tax: f.total_tax,
            taxes: rate_taxes(&f.taxes),
        })
        .collect();
    let shipping_lines: Vec<ShippingLine> = totals
        .packages
        .iter()
        .filter_map(|p| p.selected_rate())
        .map(|r| ShippingLine {
            id: item_id(),
            method_id: r.method_id.clone(),
            instance_id: i64::from(r.instance_id),
            rate_id: r.rate_id.clone(),
            name: r.name.clone(),
            cost: r.cost,
            total_tax: r.taxes,
            taxes: rate_taxes(&r.tax_breakdown),
            meta: r
                .meta_data
                .iter()
                .map(|m| MetaEntry {
                    key: m.key.clone(),
                    value: m.value.clone(),
                })
                .collect(),
        })
        .collect();
    let tax_lines = tax_lines(priced, &shipping_lines, &mut item_id);
    let t = &totals.totals;
    let shipping_tax = t.total_shipping_tax.unwrap_or(Money::ZERO);
    Order {
        id: 0,
        order_key: new_order_key(),
        status: OrderStatus::CheckoutDraft,
        customer_id: party.customer_id,
        billing: party.billing.clone(),
        shipping: party.shipping.clone(),
        customer_note: party.customer_note.clone(),
        currency: currency.code.clone(),
        prices_include_tax: priced.settings.tax.prices_include_tax,
        line_items,
        coupon_lines,
        fee_lines,
        shipping_lines,
        tax_lines,
        totals: OrderTotals {
            discount_total: t.total_discount,
            discount_tax: t.total_discount_tax,
            shipping_total: t.total_shipping.unwrap_or(Money::ZERO),
            shipping_tax,
            cart_tax: t.total_tax.checked_sub(shipping_tax).unwrap_or(t.total_tax),
            total: t.total_price,
            total_tax: t.total_tax,
        },
        total_refunded: Money::ZERO,
        payment_method: party.payment_method.clone(),
        payment_method_title: party.payment_method_title.clone(),
        transaction_id: String::new(),
        attribution: None,
        extension_data: Default::default(),
        stock_reduced: false,
        dates: OrderDates {
            created: now,
            updated: now,
            paid: None,
            completed: None,
        },
        created_via: CreatedVia::StoreApi,
        customer_ip: party.customer_ip.clone(),
        customer_user_agent: party.customer_user_agent.clone(),
        notes: Vec::new(),
    }
}

/// The chosen attributes of a variation line, with their labels and value names.
/// The line's add-on options as order item meta (group name and option, with its price).
fn addon_meta(line: &Line<'_>, currency: &Currency) -> Vec<ItemAttribute> {
    line.addons()
        .unwrap_or_default()
        .iter()
        .map(|a| ItemAttribute {
            key: a.group.key.clone(),
            label: a.group.name.clone(),
            value: a.option.label.clone(),
            display_value: a.option.display(currency),
        })
        .collect()
}

fn attributes(line: &Line<'_>) -> Vec<ItemAttribute> {
    if line.variation.is_none() {
        return Vec::new();
    }
    line.item
        .variation
        .iter()
        .map(|chosen| {
            let key = chosen
                .name
                .strip_prefix("attribute_")
                .unwrap_or(&chosen.name)
                .to_owned();
            match find_attribute(&line.product.attributes, &chosen.name) {
                Some(attribute) => ItemAttribute {
                    key,
                    label: attribute.name.clone(),
                    value: chosen.value.clone(),
                    display_value: attribute.option_name(&chosen.value).to_owned(),
                },
                None => ItemAttribute {
                    label: key.clone(),
                    key,
                    value: chosen.value.clone(),
                    display_value: chosen.value.clone(),
                },
            }
        })
        .collect()
}

/// One tax line per rate: the cart's tax lines split into shipping tax and the rest.
fn tax_lines(
    priced: &PricedCart,
    shipping: &[ShippingLine],
    item_id: &mut impl FnMut() -> i64,
) -> Vec<TaxLine> {
    priced
        .totals
        .tax_lines
        .iter()
        .map(|line| {
            let id = rate_id(line.rate_id);
            let shipping_tax: Money = shipping
                .iter()
                .flat_map(|s| s.taxes.iter())
                .filter(|t| t.rate_id == id)
                .map(|t| t.total)
                .sum();
            let rate = priced
                .settings
                .tax_rates
                .iter()
                .find(|r| r.id == line.rate_id);
            TaxLine {
                id: item_id(),
                rate_id: id,
                rate_code: rate.map(|r| r.code()).unwrap_or_default(),
                label: line.name.clone(),
                rate_percent: line.rate.trim_end_matches('%').to_owned(),
                compound: line.compound,
                tax_total: line.price.checked_sub(shipping_tax).unwrap_or(line.price),
                shipping_tax_total: shipping_tax,
            }
        })
        .collect()
}

/// `(stock id, quantity)` per line: what placing the order takes off stock.
pub fn stock_lines(priced: &PricedCart) -> Vec<(i64, i64)> {
    priced
        .lines()
        .map(|line| (line.stock_id(), i64::from(line.item.quantity)))
        .collect()
}
