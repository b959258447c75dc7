//! The Store API cart (SPEC §3.12–3.16): every key WooCommerce sends, in its order, money as
//! minor-unit strings with the currency fields. Built from a [`PricedCart`]; the page that
//! embeds the cart and the Store API send the same object.

use mercato_core::catalogue::{StoreProduct, ViewContext};
use mercato_core::money::{CurrencyFields, Money};
use mercato_core::orders::{BillingAddressView, ShippingAddressView};
use mercato_core::pricing::{
    CouponTotals, FeeSource, FeeTotals, PackageItem, RateMeta, ShippingPackage, ShippingRate,
};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::checks::CartNotice;
use super::priced::{PricedCart, pricing_context, pricing_input};
use super::view_item::{CartItemView, ItemContext, item_view};
use crate::services::Services;

/// The Store API cart object.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CartResponse {
    /// Lines.
    pub items: Vec<CartItemView>,
    /// Applied coupons.
    pub coupons: Vec<CouponView>,
    /// Fees.
    pub fees: Vec<FeeView>,
    /// Totals.
    pub totals: TotalsView,
    /// Shipping address.
    pub shipping_address: ShippingAddressView,
    /// Billing address.
    pub billing_address: BillingAddressView,
    /// Whether anything is to be paid.
    pub needs_payment: bool,
    /// Whether anything ships.
    pub needs_shipping: bool,
    /// Gateway features needed.
    pub payment_requirements: Vec<String>,
    /// Whether shipping costs are known.
    pub has_calculated_shipping: bool,
    /// Shipping packages and their rates.
    pub shipping_rates: Vec<PackageView>,
    /// Total quantity.
    pub items_count: u64,
    /// Total weight in grams.
    #[serde(serialize_with = "php_number")]
    pub items_weight: f64,
    /// Suggested products.
    pub cross_sells: Vec<StoreProduct>,
    /// Problems with the cart.
    pub errors: Vec<CartNotice>,
    /// Available gateway ids.
    pub payment_methods: Vec<String>,
    /// Extension data.
    pub extensions: Map<String, Value>,
}

/// An applied coupon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct CouponView {
    /// The code.
    pub code: String,
    /// `percent`, `fixed_cart` or `fixed_product`.
    pub discount_type: &'static str,
    /// What it takes off.
    pub totals: CouponAmounts,
}

/// `totals` of a coupon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct CouponAmounts {
    /// Discount excluding tax.
    pub total_discount: String,
    /// Tax taken off.
    pub total_discount_tax: String,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// A fee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct FeeView {
    /// The fee's id (SPEC §3.15).
    pub id: String,
    /// The fee's key (what WooCommerce sends).
    pub key: String,
    /// Name.
    pub name: String,
    /// Amounts.
    pub totals: FeeAmounts,
}

/// `totals` of a fee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct FeeAmounts {
    /// Amount excluding tax.
    pub total: String,
    /// Its tax.
    pub total_tax: String,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// The cart totals (SPEC §3.13).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TotalsView {
    /// Items before discounts.
    pub total_items: String,
    /// Their tax.
    pub total_items_tax: String,
    /// Fees.
    pub total_fees: String,
    /// Their tax.
    pub total_fees_tax: String,
    /// Discounts.
    pub total_discount: String,
    /// Tax taken off by discounts.
    pub total_discount_tax: String,
    /// Shipping, null until calculated.
    pub total_shipping: Option<String>,
    /// Its tax, null until calculated.
    pub total_shipping_tax: Option<String>,
    /// What the shopper pays.
    pub total_price: String,
    /// All tax.
    pub total_tax: String,
    /// Taxes per rate.
    pub tax_lines: Vec<TaxLineView>,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// One tax line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct TaxLineView {
    /// Rate label.
    pub name: String,
    /// Amount.
    pub price: String,
    /// Rate as a percentage.
    pub rate: String,
}

/// A shipping package (SPEC §3.16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PackageView {
    /// Package id.
    pub package_id: u32,
    /// "Shipment 1".
    pub name: String,
    /// Where it goes.
    pub destination: DestinationView,
    /// What is in it.
    pub items: Vec<PackageItem>,
    /// The rates offered.
    pub shipping_rates: Vec<RateView>,
}

/// A package's destination.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct DestinationView {
    /// Street.
    pub address_1: String,
    /// Apartment.
    pub address_2: String,
    /// City.
    pub city: String,
    /// State code.
    pub state: String,
    /// Postcode.
    pub postcode: String,
    /// Country code.
    pub country: String,
}

/// A shipping rate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct RateView {
    /// `flat_rate:1`.
    pub rate_id: String,
    /// Name.
    pub name: String,
    /// Description.
    pub description: String,
    /// Delivery time.
    pub delivery_time: String,
    /// Cost excluding tax.
    pub price: String,
    /// Tax on the cost.
    pub taxes: String,
    /// Method instance.
    pub instance_id: u32,
    /// `flat_rate`.
    pub method_id: String,
    /// Extra data.
    pub meta_data: Vec<RateMeta>,
    /// Whether it is the chosen rate.
    pub selected: bool,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// PHP's JSON numbers: a whole float is written without a fraction (`0`, not `0.0`).
fn php_number<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.is_finite() && value.fract() == 0.0 && value.abs() < 9.0e15 {
        let whole = format!("{value:.0}").parse::<i64>().unwrap_or(0);
        serializer.serialize_i64(whole)
    } else if value.is_finite() {
        serializer.serialize_f64(*value)
    } else {
        serializer.serialize_i64(0)
    }
}

/// Grams in one unit of the shop's weight unit.
fn grams_per(unit: &str) -> f64 {
    match unit {
        "kg" => 1000.0,
        "lbs" => 453.592,
        "oz" => 28.3495,
        _ => 1.0,
    }
}

/// The Store API cart for `priced`, with `cross_sells` already made into products.
pub fn cart_response(
    state: &Services,
    priced: &PricedCart,
    base_url: &str,
    cross_sells: Vec<StoreProduct>,
) -> CartResponse {
    let currency = &state.settings.currency;
    let fields = || currency.fields();
    let view = ViewContext {
        base_url,
        currency,
        settings: &state.settings.catalogue,
        now: priced.now,
    };
    let input = pricing_input(
        &priced.settings,
        &priced.document,
        &priced.catalogue,
        &priced.coupons,
        priced.now,
    );
    let sources: Vec<&dyn FeeSource> = state.cart.fee_sources.iter().map(|s| s.as_ref()).collect();
    let pricing = pricing_context(state, &priced.settings, &sources, priced.now);
    let item_ctx = ItemContext {
        view: &view,
        input: &input,
        pricing: &pricing,
    };
    let totals = &priced.totals;
    let items = priced
        .lines()
        .map(|line| {
            let held = priced.catalogue.held(line.stock_id());
            item_view(&line, held, totals.line(&line.item.key), &item_ctx)
        })
        .collect();
    let grams = grams_per(&state.settings.catalogue.weight_unit);
    let items_weight: f64 = priced
        .lines()
        .map(|line| line.weight() * f64::from(line.item.quantity))
        .sum::<f64>()
        * grams;
    let amount = |money: Money| money.to_minor_string();
    let t = &totals.totals;
    let extensions = priced
        .document
        .extensions
        .iter()
        .filter(|(namespace, _)| state.cart.extensions.contains(namespace))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    CartResponse {
        items,
        coupons: totals
            .coupons
            .iter()
            .map(|c| coupon_view(c, fields()))
            .collect(),
        fees: totals.fees.iter().map(|f| fee_view(f, fields())).collect(),
        totals: TotalsView {
            total_items: amount(t.total_items),
            total_items_tax: amount(t.total_items_tax),
            total_fees: amount(t.total_fees),
            total_fees_tax: amount(t.total_fees_tax),
            total_discount: amount(t.total_discount),
            total_discount_tax: amount(t.total_discount_tax),
            total_shipping: t.total_shipping.map(amount),
            total_shipping_tax: t.total_shipping_tax.map(amount),
            total_price: amount(t.total_price),
            total_tax: amount(t.total_tax),
            tax_lines: totals
                .tax_lines
                .iter()
                .map(|line| TaxLineView {
                    name: line.name.clone(),
                    price: amount(line.price),
                    rate: line.rate.clone(),
                })
                .collect(),
            currency: fields(),
        },
        shipping_address: ShippingAddressView::from(&priced.shipping()),
        billing_address: BillingAddressView::from(&priced.billing()),
        needs_payment: t.total_price > Money::ZERO,
        needs_shipping: totals.needs_shipping,
        payment_requirements: vec!["products".to_owned()],
        has_calculated_shipping: totals.has_calculated_shipping,
        shipping_rates: totals
            .packages
            .iter()
            .map(|p| package_view(p, &fields))
            .collect(),
        items_count: priced.items_count(),
        items_weight,
        cross_sells,
        errors: priced.errors.clone(),
        payment_methods: payment_methods(state, priced),
        extensions,
    }
}

/// The gateways offered for the cart as it stands (`payment_methods`): enabled, and
/// available for its total, billing country and chosen shipping.
fn payment_methods(state: &Services, priced: &PricedCart) -> Vec<String> {
    let chosen = priced.chosen_rates().unwrap_or_default();
    let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
    let billing = priced.billing();
    let context = mercato_core::payments::PaymentContext {
        total: priced.total(),
        needs_shipping: priced.totals.needs_shipping,
        chosen_rates: &chosen,
        country: &billing.country,
    };
    state
        .gateways
        .available_for(&context)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// An applied coupon's object (`coupons[]`, `/cart/coupons`).
pub fn coupon_view(coupon: &CouponTotals, currency: CurrencyFields) -> CouponView {
    CouponView {
        code: coupon.code.clone(),
        discount_type: coupon.discount_type.as_str(),
        totals: CouponAmounts {
            total_discount: coupon.discount.to_minor_string(),
            total_discount_tax: coupon.discount_tax.to_minor_string(),
            currency,
        },
    }
}

fn fee_view(fee: &FeeTotals, currency: CurrencyFields) -> FeeView {
    FeeView {
        id: fee.id.clone(),
        key: fee.id.clone(),
        name: fee.name.clone(),
        totals: FeeAmounts {
            total: fee.total.to_minor_string(),
            total_tax: fee.total_tax.to_minor_string(),
            currency,
        },
    }
}

fn package_view(package: &ShippingPackage, fields: &dyn Fn() -> CurrencyFields) -> PackageView {
    let d = &package.destination;
    PackageView {
        package_id: package.package_id,
        name: package.name.clone(),
        destination: DestinationView {
            address_1: d.address_1.clone(),
            address_2: d.address_2.clone(),
            city: d.city.clone(),
            state: d.state.clone(),
            postcode: d.postcode.clone(),
            country: d.country.clone(),
        },
        items: package.items.clone(),
        shipping_rates: package
            .rates
            .iter()
            .map(|rate| rate_view(rate, fields()))
            .collect(),
    }
}

fn rate_view(rate: &ShippingRate, currency: CurrencyFields) -> RateView {
    RateView {
        rate_id: rate.rate_id.clone(),
        name: rate.name.clone(),
        description: rate.description.clone(),
        delivery_time: rate.delivery_time.clone(),
        price: rate.cost.to_minor_string(),
        taxes: rate.taxes.to_minor_string(),
        instance_id: rate.instance_id,
        method_id: rate.method_id.clone(),
        meta_data: rate.meta_data.clone(),
        selected: rate.selected,
        currency,
    }
}
