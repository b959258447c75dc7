//! The recorded WooCommerce cart flow (exchanges 008–032), replayed request by request: after
//! each one, our line totals, coupons, totals, tax lines and shipping packages must equal the
//! recorded response exactly.

use serde_json::{Value, json};

use super::fixtures::*;
use crate::money::Money;
use crate::pricing::*;

const CARTS: &str = include_str!("../golden/carts.json");
const COUPON_ERRORS: &str = include_str!("../golden/coupon-errors.json");

fn money(amount: Money) -> Value {
    Value::String(amount.to_minor_string())
}

/// The parts of a Store API cart response that pricing decides.
fn store_view(cart: &CartInput, shop: &Shop, totals: &CartTotals) -> Value {
    let ctx = shop.ctx();
    let items: Vec<Value> = cart
        .lines
        .iter()
        .zip(&totals.lines)
        .map(|(line, t)| {
            json!({
                "key": line.key,
                "id": line.item_id().get(),
                "quantity": line.quantity,
                "price": money(display_price(cart, &ctx, line, 1)),
                "totals": {
                    "line_subtotal": money(t.line_subtotal),
                    "line_subtotal_tax": money(t.line_subtotal_tax),
                    "line_total": money(t.line_total),
                    "line_total_tax": money(t.line_total_tax),
                },
            })
        })
        .collect();
    let coupons: Vec<Value> = totals
        .coupons
        .iter()
        .map(|c| {
            json!({
                "code": c.code,
                "discount_type": c.discount_type.as_str(),
                "totals": {
                    "total_discount": money(c.discount),
                    "total_discount_tax": money(c.discount_tax),
                },
            })
        })
        .collect();
    let t = &totals.totals;
    let packages: Vec<Value> = totals
        .packages
        .iter()
        .map(|p| {
            json!({
                "package_id": p.package_id,
                "name": p.name,
                "destination": {
                    "address_1": p.destination.address_1,
                    "address_2": p.destination.address_2,
                    "city": p.destination.city,
                    "state": p.destination.state,
                    "postcode": p.destination.postcode,
                    "country": p.destination.country,
                },
                "items": p.items.iter().map(|i| json!({"key": i.key, "name": i.name, "quantity": i.quantity})).collect::<Vec<_>>(),
                "shipping_rates": p.rates.iter().map(|r| json!({
                    "rate_id": r.rate_id,
                    "name": r.name,
                    "description": r.description,
                    "delivery_time": r.delivery_time,
                    "price": money(r.cost),
                    "taxes": money(r.taxes),
                    "instance_id": r.instance_id,
                    "method_id": r.method_id,
                    "meta_data": r.meta_data.iter().map(|m| json!({"key": m.key, "value": m.value})).collect::<Vec<_>>(),
                    "selected": r.selected,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "items": items,
        "coupons": coupons,
        "fees": totals.fees.iter().map(|f| json!({"key": f.id, "name": f.name, "totals": {"total": money(f.total), "total_tax": money(f.total_tax)}})).collect::<Vec<_>>(),
        "totals": {
            "total_items": money(t.total_items),
            "total_items_tax": money(t.total_items_tax),
            "total_fees": money(t.total_fees),
            "total_fees_tax": money(t.total_fees_tax),
            "total_discount": money(t.total_discount),
            "total_discount_tax": money(t.total_discount_tax),
            "total_shipping": t.total_shipping.map(money),
            "total_shipping_tax": t.total_shipping_tax.map(money),
            "total_price": money(t.total_price),
            "total_tax": money(t.total_tax),
            "tax_lines": totals.tax_lines.iter().map(|l| json!({"name": l.name, "price": money(l.price), "rate": l.rate})).collect::<Vec<_>>(),
        },
        "needs_shipping": totals.needs_shipping,
        "has_calculated_shipping": totals.has_calculated_shipping,
        "shipping_rates": packages,
    })
}

/// The recorded response without the fields pricing does not decide.
fn recorded(cart: &Value) -> Value {
    let mut cart = cart.clone();
    if let Some(object) = cart.as_object_mut() {
        for field in ["shipping_address", "billing_address", "errors"] {
            object.remove(field);
        }
    }
    cart
}

fn address(value: &Value) -> Address {
    let field = |name: &str| value[name].as_str().unwrap_or_default().to_owned();
    Address {
        address_1: field("address_1"),
        address_2: field("address_2"),
        city: field("city"),
        state: field("state"),
        postcode: field("postcode"),
        country: field("country"),
    }
}

/// Plays one Store API request on the cart, as the server would with the pricing API.
fn play(cart: &mut CartInput, shop: &Shop, path: &str, body: &Value) {
    let route = path.rsplit('/').next().unwrap_or_default();
    match route {
        "add-item" => {
            let id = match body["id"].as_i64().unwrap_or_default() {
                // The V-Neck parent with Color=red and Size=large resolves to variation 28.
                14 => 28,
                id => id,
            };
            let quantity = u32::try_from(body["quantity"].as_u64().unwrap_or(1)).unwrap_or(1);
            let line = product(id, quantity);
            match cart.lines.iter_mut().find(|l| l.key == line.key) {
                Some(existing) => existing.quantity += quantity,
                None => cart.lines.push(line),
            }
        }
        "update-item" => {
            let key = body["key"].as_str().unwrap_or_default();
            let quantity = u32::try_from(body["quantity"].as_u64().unwrap_or(1)).unwrap_or(1);
            if let Some(line) = cart.lines.iter_mut().find(|l| l.key == key) {
                line.quantity = quantity;
            }
        }
        "remove-item" => {
            let key = body["key"].as_str().unwrap_or_default();
            cart.lines.retain(|l| l.key != key);
        }
        "apply-coupon" => {
            let code = body["code"].as_str().unwrap_or_default();
            let ctx = shop.ctx();
            let record = coupon(code);
            cart.coupons = apply_coupon(cart, &ctx, code, record.as_ref()).expect("applies");
        }
        "remove-coupon" => {
            let code = body["code"].as_str().unwrap_or_default();
            cart.coupons.retain(|c| !c.code.eq_ignore_ascii_case(code));
        }
        "update-customer" => {
            cart.customer.billing = address(&body["billing_address"]);
            cart.customer.shipping = address(&body["shipping_address"]);
            cart.customer.email = body["billing_address"]["email"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
        }
        "select-shipping-rate" => {
            let package = u32::try_from(body["package_id"].as_u64().unwrap_or(0)).unwrap_or(0);
            let rate = body["rate_id"].as_str().unwrap_or_default();
            // A rate that is not offered leaves the choice as it was (golden 019).
            if calculate(cart, &shop.ctx()).offers_rate(package, rate) {
                cart.chosen_rates.insert(package, rate.to_owned());
            }
        }
        "batch" => {
            for request in body["requests"].as_array().into_iter().flatten() {
                play(
                    cart,
                    shop,
                    request["path"].as_str().unwrap_or_default(),
                    &request["body"],
                );
            }
        }
        _ => {}
    }
}

fn replay(names: &[&str]) {
    let carts: Value = serde_json::from_str(CARTS).expect("golden carts");
    let shop = Shop::reference();
    let mut cart = CartInput {
        customer: guest(),
        ..CartInput::default()
    };
    for name in names {
        let exchange = &carts[*name];
        play(
            &mut cart,
            &shop,
            exchange["request"]["path"].as_str().unwrap_or_default(),
            &exchange["request"]["body"],
        );
        let totals = calculate(&cart, &shop.ctx());
        assert!(totals.coupon_errors.is_empty(), "{name}");
        assert_eq!(
            store_view(&cart, &shop, &totals),
            recorded(&exchange["cart"]),
            "{name}"
        );
        if *name == "012-b-cart-apply-coupon-ten" {
            check_coupon_errors(&cart, &shop);
        }
    }
}

/// Exchanges 013–015: the errors of `expired`, `nope` and `ten` again, on the cart of 012.
fn check_coupon_errors(cart: &CartInput, shop: &Shop) {
    let errors: Value = serde_json::from_str(COUPON_ERRORS).expect("golden errors");
    let ctx = shop.ctx();
    for (name, recorded) in errors.as_object().into_iter().flatten() {
        let code = recorded["request"]["code"].as_str().unwrap_or_default();
        let record = coupon(code);
        let error = apply_coupon(cart, &ctx, code, record.as_ref()).expect_err("refused");
        assert_eq!(recorded["status"], 400, "{name}");
        assert_eq!(recorded["body"]["code"], error.code(), "{name}");
        assert_eq!(recorded["body"]["message"], error.message(), "{name}");
    }
}

#[test]
fn recorded_cart_flow_matches_woocommerce() {
    replay(&[
        "008-b-cart-get-cart-empty",
        "009-b-cart-add-item-simple-qty2",
        "010-b-cart-add-item-variation",
        "011-b-cart-update-item-qty3",
        "012-b-cart-apply-coupon-ten",
        "016-b-cart-update-customer",
        "017-b-cart-select-shipping-rate-pickup",
        "018-b-cart-select-shipping-rate-flat",
        "019-b-cart-select-shipping-rate-invalid",
        "020-b-cart-remove-coupon-ten",
        "021-b-cart-apply-coupon-fixed5",
        "022-b-cart-remove-item-hoodie",
        "023-b-cart-batch-two-add-items",
        "029-b-cart-get-cart-final",
    ]);
}

#[test]
fn recorded_checkout_cart_matches_woocommerce() {
    replay(&["031-c-checkout-add-item", "032-c-checkout-add-item-2"]);
}

#[test]
fn an_expired_coupon_left_in_the_cart_is_reported_and_ignored() {
    let shop = Shop::reference();
    let mut cart = cart_of(&[(17, 3), (38, 1)]);
    cart.coupons = vec![applied("ten"), applied("expired"), applied("gone")];
    let totals = calculate(&cart, &shop.ctx());
    assert_eq!(totals.coupons.len(), 1);
    assert_eq!(totals.totals.total_discount, m(990));
    let messages: Vec<String> = totals
        .coupon_errors
        .iter()
        .map(CouponError::removed_message)
        .collect();
    assert_eq!(
        messages,
        vec![
            "The \"expired\" coupon has been removed from your cart: Coupon &quot;expired&quot; has expired.",
            "The \"gone\" coupon has been removed from your cart: Coupon &quot;gone&quot; cannot be applied because it does not exist.",
        ]
    );
}
