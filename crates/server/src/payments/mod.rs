//! Payments: one registry of gateway types, configured by the merchant. A domain module like
//! `cart` and `checkout`: it uses no surface, every surface may use it.
//!
//! A gateway is a type implementing [`Gateway`]: what the shop shows of it, when it is
//! offered, and how it takes a payment. [`registered`] lists every gateway the shop has, in
//! their default order; adding one is a new file in `crates/server/src/payments/` and one line there (see
//! docs/payments.md). The merchant's `payment_gateways` setting
//! ([`mercato_core::settings::GatewaySettings`]) turns each on or off, renames, describes and
//! orders it, and limits when it is offered; [`Gateways::configure`] applies it, once at
//! start-up, into the list every surface reads (`Services::gateways`): the Store API cart's
//! `payment_methods`, the pages' `paymentMethodData` and `paymentMethodSortOrder`, the classic
//! checkout and the Store API checkout.

pub mod app;
mod app_tls;
mod offline;
mod test_card;

use std::sync::Arc;

use futures_util::future::BoxFuture;
use mercato_core::money::{Currency, Money};
use mercato_core::orders::{Order, OrderStatus};
use mercato_core::payments::{
    Availability, CardDetails, GatewayFeature, GatewayInfo, OfflineGateway, PaymentContext,
    PaymentOutcome, payment_complete_status,
};
use mercato_core::settings::{BankAccount, GatewaySettings};
use mercato_db::payment_tokens::StoredToken;
use serde::Serialize;
use serde_json::{Map, Value};

pub use test_card::TestCard;

/// Every gateway the shop has, in their default checkout order. A new gateway is one line
/// here.
pub fn registered() -> Vec<Arc<dyn Gateway>> {
    vec![
        Arc::new(OfflineGateway::Bacs),
        Arc::new(OfflineGateway::Cheque),
        Arc::new(OfflineGateway::Cod),
        Arc::new(TestCard),
    ]
}

/// The ids of every registered gateway (what the `payment_gateways` setting may name).
pub fn registered_ids() -> Vec<String> {
    registered().iter().map(|g| g.info().id).collect()
}

/// A `payment_gateways` setting that turns every registered gateway on, as they are: what the
/// demo shop stores, and what tests of paying shops configure.
pub fn all_turned_on() -> Vec<GatewaySettings> {
    registered_ids()
        .into_iter()
        .map(|id| GatewaySettings {
            id,
            enabled: Some(true),
            ..GatewaySettings::default()
        })
        .collect()
}

/// One input of a gateway's payment form. Both checkouts draw it from here: the classic form
/// (`checkout/payment_methods.html`, also the order-pay and add-payment-method pages) and the
/// block checkout (`paymentMethodData[id].fields`), so a gateway's browser side is described
/// once, by the gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PaymentField {
    /// What it is posted as (a `payment_data` key, the classic form's input name and id):
    /// the gateway's id, a dash, the field (`test_card-card-number`).
    pub name: &'static str,
    /// Its label ("Card number").
    pub label: &'static str,
    /// Its `autocomplete` token (`cc-number`).
    pub autocomplete: &'static str,
    /// Its placeholder.
    pub placeholder: &'static str,
    /// Its `inputmode` (`numeric`).
    pub input_mode: &'static str,
    /// At most this many characters, when limited.
    pub max_length: Option<u32>,
}

/// The keys a gateway's saved cards are posted with, as WooCommerce names them: the chosen
/// card (`wc-{id}-payment-token`) and "keep the new card" (`wc-{id}-new-payment-method`).
pub fn saved_card_keys(id: &str) -> [String; 2] {
    [
        format!("wc-{id}-payment-token"),
        format!("wc-{id}-new-payment-method"),
    ]
}

/// One payment gateway.
pub trait Gateway: Send + Sync + 'static {
    /// What the shop shows of it before the merchant changes anything: id, title,
    /// description, icons, what it supports, and whether it starts enabled (no built-in
    /// gateway does: a new shop offers only what its merchant turned on).
    fn info(&self) -> GatewayInfo;

    /// A sentence every page offering the gateway shows whatever description the merchant
    /// set (the test card's "Test mode: … No money is taken."); it begins the description.
    fn fixed_notice(&self) -> Option<&'static str> {
        None
    }

    /// When it is offered before the merchant changes anything.
    fn default_availability(&self) -> Availability {
        Availability::default()
    }

    /// The inputs its payment form asks for, in order (none for a gateway that asks nothing).
    /// What they post is the gateway's `payment_data`; they are never shown filled in again.
    fn fields(&self) -> &'static [PaymentField] {
        &[]
    }

    /// Whether it offers an express button: one press pays with the customer's default saved
    /// card, to their saved address (needs [`GatewayFeature::Tokenization`]).
    fn express(&self) -> bool {
        false
    }

    /// `paymentMethodData[id]` for pages (the block checkout's view of it).
    fn method_data(&self, info: &GatewayInfo, _rules: &Availability) -> Value {
        serde_json::to_value(info.method_data()).unwrap_or(Value::Null)
    }

    /// For a gateway that takes no money now (bank transfer, cheque, cash on delivery): the
    /// order's status once it is chosen. Known before the order is placed, so it is settled
    /// in the placing transaction. `None` (the default) for a gateway that charges.
    fn settles_offline(&self, _order: &Order) -> Option<OrderStatus> {
        None
    }

    /// Takes the payment for a placed order.
    fn pay(&self, request: &PaymentRequest<'_>) -> Payment;

    /// Takes the payment for a placed order, waiting on the network if the gateway must (a
    /// payment app, `app.rs`); what the checkouts call. The default is [`Gateway::pay`].
    fn charge<'a>(&'a self, request: PaymentRequest<'a>) -> BoxFuture<'a, Payment> {
        Box::pin(std::future::ready(self.pay(&request)))
    }

    /// Checks a card given outside a checkout (the account's "Add payment method" page) and
    /// answers what to keep, or why not, in words for the shopper. Only for gateways that
    /// support [`GatewayFeature::AddPaymentMethod`]; the default refuses.
    fn add_card(
        &self,
        _payment_data: &[(String, String)],
        _now: i64,
    ) -> Result<CardDetails, String> {
        Err(ADD_CARD_UNSUPPORTED.to_owned())
    }
}

/// A gateway that cannot add cards outside a checkout.
pub const ADD_CARD_UNSUPPORTED: &str = "This payment method cannot be added to your account.";

/// What a gateway is asked to take a payment with.
#[derive(Debug, Clone, Copy)]
pub struct PaymentRequest<'a> {
    /// The placed order (pending).
    pub order: &'a Order,
    /// The gateway's fields as posted (`payment_data`, or the classic form's fields).
    pub payment_data: &'a [(String, String)],
    /// A saved card the customer chose (already checked to be theirs).
    pub saved: Option<&'a StoredToken>,
    /// Where the shopper confirms a payment that needs it.
    pub confirm_url: &'a str,
    /// The order-received page, where the shopper lands once the order is paid.
    pub return_url: &'a str,
    /// Now, in Unix seconds.
    pub now: i64,
}

/// What taking a payment came to, and what it means for the order.
#[derive(Debug, Clone, PartialEq)]
pub struct Payment {
    /// The gateway's outcome.
    pub outcome: PaymentOutcome,
    /// The order's status after it.
    pub status: OrderStatus,
    /// The gateway's reference ("" when none).
    pub transaction_id: String,
    /// New card details that were charged successfully (what a customer may keep).
    pub card: Option<CardDetails>,
}

/// Orders are not marked downloadable-only yet: every paid order goes to processing.
pub(crate) const NEEDS_PROCESSING: bool = true;

/// A payment that succeeded with the order at `status`.
pub(crate) fn success(status: OrderStatus) -> Payment {
    Payment {
        outcome: PaymentOutcome::Success,
        status,
        transaction_id: String::new(),
        card: None,
    }
}

/// A registered gateway with the merchant's settings applied.
#[derive(Clone)]
pub struct Configured {
    gateway: Arc<dyn Gateway>,
    /// What shoppers see (title, description as the merchant set them) and whether it is on.
    pub info: GatewayInfo,
    /// When it is offered.
    pub rules: Availability,
    /// What the order-received page and the order email tell its shoppers ("" for none).
    pub instructions: String,
    /// The bank accounts a transfer goes to (bank transfer).
    pub accounts: Vec<BankAccount>,
}

impl std::fmt::Debug for Configured {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Configured")
            .field("info", &self.info)
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

/// The shop's gateways, configured, in checkout order.
#[derive(Debug, Clone)]
pub struct Gateways {
    all: Vec<Configured>,
}

impl Default for Gateways {
    /// Every registered gateway with its defaults: a new shop's, none enabled.
    fn default() -> Self {
        Self::configure(&[], &Currency::default())
    }
}

impl Gateways {
    /// The registry with the merchant's `settings` applied (amounts in `currency`). Settings
    /// for an id the registry does not have are ignored (the settings command refuses them).
    pub fn configure(settings: &[GatewaySettings], currency: &Currency) -> Self {
        Self::configure_with(settings, currency, Vec::new())
    }

    /// [`Gateways::configure`] with `extra` gateways after the registered ones (those the
    /// installed extensions declare, docs/extensions.md).
    pub fn configure_with(
        settings: &[GatewaySettings],
        currency: &Currency,
        extra: Vec<Arc<dyn Gateway>>,
    ) -> Self {
        let mut all: Vec<(Option<i32>, usize, Configured)> = registered()
            .into_iter()
            .chain(extra)
            .enumerate()
            .map(|(position, gateway)| {
                let mut info = gateway.info();
                let defaults = gateway.default_availability();
                let chosen = settings.iter().find(|s| s.id == info.id);
                let rules = match chosen {
                    Some(s) => s.availability(currency, &defaults),
                    None => defaults,
                };
                if let Some(s) = chosen {
                    if let Some(enabled) = s.enabled {
                        info.enabled = enabled;
                    }
                    if let Some(title) = &s.title {
                        info.title = title.trim().to_owned();
                    }
                    if let Some(description) = &s.description {
                        info.description = description.trim().to_owned();
                    }
                }
                if let Some(notice) = gateway.fixed_notice()
                    && !info.description.starts_with(notice)
                {
                    info.description = format!("{notice} {}", info.description)
                        .trim_end()
                        .to_owned();
                }
                let order = chosen.and_then(|s| s.order);
                let instructions = chosen
                    .and_then(|s| s.instructions.as_deref())
                    .unwrap_or_default()
                    .trim()
                    .to_owned();
                let accounts = chosen
                    .and_then(|s| s.accounts.clone())
                    .unwrap_or_default()
                    .into_iter()
                    .filter(BankAccount::is_usable)
                    .collect();
                (
                    order,
                    position,
                    Configured {
                        gateway,
                        info,
                        rules,
                        instructions,
                        accounts,
                    },
                )
            })
            .collect();
        // Ordered ones first, by their order; the rest in the registry's order.
        all.sort_by_key(|(order, position, _)| (order.is_none(), order.unwrap_or(0), *position));
        Gateways {
            all: all.into_iter().map(|(_, _, c)| c).collect(),
        }
    }

    /// Whether no gateway is enabled: nobody can pay (`mercato serve` warns).
    pub fn none_enabled(&self) -> bool {
        self.enabled().next().is_none()
    }

    /// The enabled gateways, in order.
    pub fn enabled(&self) -> impl Iterator<Item = &GatewayInfo> {
        self.all.iter().filter(|g| g.info.enabled).map(|g| &g.info)
    }

    /// Ids of the enabled gateways, in order (`paymentMethodSortOrder`, what a checkout may
    /// name at all).
    pub fn enabled_ids(&self) -> Vec<String> {
        self.enabled().map(|g| g.id.clone()).collect()
    }

    /// The enabled gateway with this id.
    pub fn get(&self, id: &str) -> Option<&GatewayInfo> {
        self.enabled().find(|g| g.id == id)
    }

    /// What an order paid with gateway `id` tells its shopper after the checkout: the
    /// gateway's instructions and, for a bank transfer, where to pay (empty when none).
    pub fn payment_details(&self, id: &str) -> (&str, &[BankAccount]) {
        self.all
            .iter()
            .find(|g| g.info.id == id)
            .map_or(("", &[]), |g| {
                (g.instructions.as_str(), g.accounts.as_slice())
            })
    }

    /// Any registered gateway with this id, enabled or not (an order's gateway shown later).
    pub fn info(&self, id: &str) -> Option<&GatewayInfo> {
        self.all.iter().map(|g| &g.info).find(|g| g.id == id)
    }

    /// Ids of the enabled gateways offered for this order or cart, in order (the cart's
    /// `payment_methods`; what a checkout may pay with).
    pub fn available_for(&self, context: &PaymentContext<'_>) -> Vec<&str> {
        self.all
            .iter()
            .filter(|g| g.info.enabled && g.rules.allows(context))
            .map(|g| g.info.id.as_str())
            .collect()
    }

    /// The enabled gateways that can add a card from the account page, in order.
    pub fn adding_cards(&self) -> impl Iterator<Item = &GatewayInfo> {
        self.enabled()
            .filter(|g| g.supports(GatewayFeature::AddPaymentMethod))
    }

    /// Asks the enabled gateway `id` to check a card to keep (see [`Gateway::add_card`]).
    pub fn add_card(
        &self,
        id: &str,
        payment_data: &[(String, String)],
        now: i64,
    ) -> Result<CardDetails, String> {
        match self.all.iter().find(|g| {
            g.info.enabled && g.info.id == id && g.info.supports(GatewayFeature::AddPaymentMethod)
        }) {
            Some(gateway) => gateway.gateway.add_card(payment_data, now),
            None => Err(ADD_CARD_UNSUPPORTED.to_owned()),
        }
    }

    /// The inputs of gateway `id`'s payment form (none for an unknown id).
    pub fn fields(&self, id: &str) -> &'static [PaymentField] {
        self.all
            .iter()
            .find(|g| g.info.id == id)
            .map_or(&[], |g| g.gateway.fields())
    }

    /// Whether gateway `id` keeps cards and pays with them again.
    pub fn saves_cards(&self, id: &str) -> bool {
        self.info(id)
            .is_some_and(|g| g.supports(GatewayFeature::Tokenization))
    }

    /// The enabled gateway whose express button pays in one press, if any.
    pub fn express(&self) -> Option<&GatewayInfo> {
        self.all
            .iter()
            .find(|g| g.info.enabled && g.gateway.express())
            .map(|g| &g.info)
    }

    /// What a classic form posted for the gateways: every gateway's form inputs and saved-card
    /// keys, in the order posted (the chosen gateway reads its own).
    pub fn payment_data(&self, posted: &[(String, String)]) -> Vec<(String, String)> {
        let mut names: Vec<String> = Vec::new();
        for g in &self.all {
            names.extend(g.gateway.fields().iter().map(|f| f.name.to_owned()));
            if g.info.supports(GatewayFeature::Tokenization) {
                names.extend(saved_card_keys(&g.info.id));
            }
        }
        posted
            .iter()
            .filter(|(key, _)| names.contains(key))
            .cloned()
            .collect()
    }

    /// The names of every gateway's form inputs (card details: never shown again).
    pub fn field_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.all
            .iter()
            .flat_map(|g| g.gateway.fields().iter().map(|f| f.name))
    }

    /// `paymentMethodData` for pages: id → the gateway's data, for the enabled gateways.
    pub fn method_data(&self) -> Map<String, Value> {
        self.all
            .iter()
            .filter(|g| g.info.enabled)
            .map(|g| {
                let mut data = g.gateway.method_data(&g.info, &g.rules);
                // Cards can be saved and paid with again (the block checkout's
                // `supports.showSavedCards` / `showSaveOption`).
                if g.info.supports(GatewayFeature::Tokenization)
                    && let Value::Object(map) = &mut data
                {
                    map.insert("showSavedCards".to_owned(), Value::Bool(true));
                    map.insert("showSaveOption".to_owned(), Value::Bool(true));
                }
                // Its form's inputs and its express button (the block checkout draws them
                // as the classic form does).
                if let Value::Object(map) = &mut data {
                    let fields = g.gateway.fields();
                    if !fields.is_empty() {
                        map.insert(
                            "fields".to_owned(),
                            serde_json::to_value(fields).unwrap_or(Value::Null),
                        );
                    }
                    if g.gateway.express() {
                        map.insert("express".to_owned(), Value::Bool(true));
                    }
                }
                (g.info.id.clone(), data)
            })
            .collect()
    }

    /// The payment of an order that takes no money now: nothing to pay, or a gateway that
    /// settles offline (its outcome known before the order is placed). `None` when a charge
    /// has to be made.
    pub fn without_charge(&self, order: &Order) -> Option<Payment> {
        if order.totals.total <= Money::ZERO {
            return Some(success(payment_complete_status(NEEDS_PROCESSING)));
        }
        let gateway = self
            .all
            .iter()
            .find(|g| g.info.id == order.payment_method)?;
        gateway.gateway.settles_offline(order).map(success)
    }

    /// Takes payment for the order with its chosen gateway; an order with nothing to pay is
    /// paid at once, and an unknown gateway is an error.
    pub async fn pay(&self, request: &PaymentRequest<'_>) -> Payment {
        if let Some(payment) = self.without_charge(request.order) {
            return payment;
        }
        match self
            .all
            .iter()
            .find(|g| g.info.enabled && g.info.id == request.order.payment_method)
        {
            Some(gateway) => gateway.gateway.charge(*request).await,
            None => {
                let outcome = PaymentOutcome::Error {
                    message: "The payment gateway is not available.".to_owned(),
                };
                Payment {
                    status: outcome.order_status(OrderStatus::Pending),
                    outcome,
                    transaction_id: String::new(),
                    card: None,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context<'a>(total: i64, rates: &'a [&'a str]) -> PaymentContext<'a> {
        PaymentContext {
            total: Money::from_minor(total),
            needs_shipping: true,
            chosen_rates: rates,
            country: "US",
        }
    }

    #[test]
    fn a_new_shop_has_no_gateway_on() {
        let gateways = Gateways::default();
        assert!(gateways.none_enabled());
        assert!(gateways.method_data().is_empty());
        assert!(gateways.available_for(&context(100, &[])).is_empty());
        assert_eq!(
            gateways.info("test_card").map(|g| g.enabled),
            Some(false),
            "known, for orders that used it"
        );
    }

    #[test]
    fn registry_lists_the_four_gateways() {
        let gateways = Gateways::configure(&all_turned_on(), &Currency::default());
        assert_eq!(
            gateways.enabled_ids(),
            ["bacs", "cheque", "cod", "test_card"]
        );
        assert_eq!(registered_ids(), gateways.enabled_ids());
        assert_eq!(
            gateways.get("cod").map(|g| g.title.as_str()),
            Some("Cash on delivery")
        );
        let data = gateways.method_data();
        assert_eq!(data["cod"]["enableForVirtual"], Value::Bool(true));
        assert_eq!(data["test_card"]["supports"][0], "products");
        assert_eq!(data["test_card"]["showSavedCards"], Value::Bool(true));
        assert_eq!(data["test_card"]["showSaveOption"], Value::Bool(true));
        assert!(data["bacs"].get("showSavedCards").is_none());
        assert_eq!(
            gateways
                .available_for(&context(100, &["flat_rate:1"]))
                .len(),
            4
        );
    }

    #[test]
    fn the_merchant_disables_renames_orders_and_limits_gateways() {
        let settings: Vec<GatewaySettings> = serde_json::from_value(serde_json::json!([
            {"id": "cheque", "enabled": false},
            {"id": "test_card", "enabled": true, "order": 1, "title": " Card "},
            {"id": "bacs", "enabled": true, "order": 2, "min_amount": "50.00"},
            {"id": "cod", "enabled": true, "shipping_methods": ["flat_rate"]},
        ]))
        .expect("settings");
        let gateways = Gateways::configure(&settings, &Currency::default());
        assert_eq!(gateways.enabled_ids(), ["test_card", "bacs", "cod"]);
        assert_eq!(
            gateways.get("test_card").map(|g| g.title.as_str()),
            Some("Card")
        );
        assert!(gateways.get("cheque").is_none());
        assert_eq!(
            gateways.info("cheque").map(|g| g.enabled),
            Some(false),
            "still known for orders that used it"
        );
        assert_eq!(
            gateways.available_for(&context(1000, &["pickup_location:0"])),
            ["test_card"]
        );
        assert_eq!(
            gateways.available_for(&context(5000, &["flat_rate:1"])),
            ["test_card", "bacs", "cod"]
        );
        assert!(!gateways.method_data().contains_key("cheque"));
    }

    #[test]
    fn each_gateway_describes_its_browser_side() {
        let gateways = Gateways::configure(&all_turned_on(), &Currency::default());
        let data = gateways.method_data();
        // The card's form, for the block checkout as for the classic one.
        let names: Vec<&str> = gateways
            .fields("test_card")
            .iter()
            .map(|f| f.name)
            .collect();
        assert_eq!(
            names,
            [
                mercato_core::payments::NUMBER_KEY,
                mercato_core::payments::EXPIRY_KEY,
                mercato_core::payments::CVC_KEY
            ]
        );
        assert_eq!(data["test_card"]["fields"][0]["label"], "Card number");
        assert_eq!(data["test_card"]["fields"][0]["autocomplete"], "cc-number");
        assert_eq!(data["test_card"]["fields"][2]["maxLength"], 4);
        assert_eq!(data["test_card"]["express"], true);
        assert!(gateways.saves_cards("test_card"));
        assert_eq!(gateways.express().map(|g| g.id.as_str()), Some("test_card"));
        // The offline gateways ask nothing and keep nothing.
        for id in ["bacs", "cheque", "cod"] {
            assert!(gateways.fields(id).is_empty(), "{id}");
            assert!(!gateways.saves_cards(id), "{id}");
            assert!(data[id].get("fields").is_none(), "{id}");
            assert!(data[id].get("express").is_none(), "{id}");
        }
        // A classic form's post: the gateways' own fields and saved-card keys, nothing else.
        let posted: Vec<(String, String)> = [
            ("billing_email", "a@b.c"),
            ("test_card-card-number", "4242424242424242"),
            ("wc-test_card-payment-token", "new"),
            ("wc-test_card-new-payment-method", "true"),
            ("test_card-other", "x"),
            ("wc-cod-payment-token", "3"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        let taken: Vec<String> = gateways
            .payment_data(&posted)
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        assert_eq!(
            taken,
            [
                "test_card-card-number",
                "wc-test_card-payment-token",
                "wc-test_card-new-payment-method"
            ]
        );
    }
}
