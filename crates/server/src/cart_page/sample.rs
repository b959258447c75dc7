//! The page editor's sample cart (SPEC §9.5): staff who edit pages open `/cart/?preview=sample`
//! to style the cart with a fixed, filled cart instead of their own. Two items with quantity
//! limits 1–99 (multiple 1), a 20% tax line, the cod, bacs and cheque payment methods and the
//! `products` payment requirement. It is a Store API cart object in the shop's currency; the
//! page embeds it only for staff, and the browser keeps every change to it local (the cart
//! core's preview client sends nothing).

use mercato_core::money::Currency;
use serde_json::{Value, json};

use crate::accounts::roles::Capabilities;

/// The query that asks for the preview: `?preview=sample`.
pub fn requested(pairs: &[(String, String)]) -> bool {
    pairs.iter().any(|(k, v)| k == "preview" && v == "sample")
}

/// Whether this request gets the sample cart: it asked for it and the account edits pages.
/// Anyone else gets the cart page as usual.
pub fn applies(pairs: &[(String, String)], capabilities: Capabilities) -> bool {
    capabilities.can_edit_pages && requested(pairs)
}

/// The sample cart in `currency`.
pub fn sample_cart(currency: &Currency) -> Value {
    let money = serde_json::to_value(currency.fields()).unwrap_or_else(|_| json!({}));
    let with_money = |mut value: Value| {
        if let (Some(target), Some(fields)) = (value.as_object_mut(), money.as_object()) {
            for (key, field) in fields {
                target.insert(key.clone(), field.clone());
            }
        }
        value
    };
    let address = json!({
        "first_name": "", "last_name": "", "company": "", "address_1": "", "address_2": "",
        "city": "", "state": "", "postcode": "", "country": "", "phone": "",
    });
    let mut billing = address.clone();
    billing["email"] = json!("");
    let item = |key: &str, id: u32, name: &str, quantity: u32, price: u32| {
        let subtotal = price * quantity;
        json!({
            "key": key,
            "id": id,
            "type": "simple",
            "quantity": quantity,
            "quantity_limits": {"minimum": 1, "maximum": 99, "multiple_of": 1, "editable": true},
            "name": name,
            "summary": "",
            "short_description": "",
            "description": "",
            "sku": "",
            "low_stock_remaining": null,
            "backorders_allowed": false,
            "show_backorder_badge": false,
            "sold_individually": false,
            "permalink": "/shop/",
            "images": [{
                "id": 0, "src": "/media/placeholder.svg", "thumbnail": "/media/placeholder.svg",
                "srcset": "", "sizes": "", "name": name, "alt": "",
            }],
            "variation": [],
            "item_data": [],
            "prices": with_money(json!({
                "price": price.to_string(),
                "regular_price": price.to_string(),
                "sale_price": price.to_string(),
                "price_range": null,
                "raw_prices": {
                    "precision": 6,
                    "price": format!("{price}0000"),
                    "regular_price": format!("{price}0000"),
                    "sale_price": format!("{price}0000"),
                },
            })),
            "totals": with_money(json!({
                "line_subtotal": subtotal.to_string(),
                "line_subtotal_tax": (subtotal / 5).to_string(),
                "line_total": subtotal.to_string(),
                "line_total_tax": (subtotal / 5).to_string(),
            })),
            "catalog_visibility": "visible",
            "extensions": {},
        })
    };
    let rate = |rate_id: &str,
                method_id: &str,
                instance_id: u32,
                name: &str,
                price: u32,
                selected: bool| {
        with_money(json!({
            "rate_id": rate_id,
            "name": name,
            "description": "",
            "delivery_time": "",
            "price": price.to_string(),
            "taxes": (price / 5).to_string(),
            "instance_id": instance_id,
            "method_id": method_id,
            "meta_data": [],
            "selected": selected,
        }))
    };
    // Beanie 2 × 10.00 and Cap 1 × 16.00: items 36.00, tax 7.20; flat-rate shipping 5.00 with
    // 1.00 tax; total 49.20. Fixed figures, as the sample is fixed.
    json!({
        "items": [
            item("sample-beanie", 0, "Beanie", 2, 1000),
            item("sample-cap", 0, "Cap", 1, 1600),
        ],
        "coupons": [],
        "fees": [],
        "totals": with_money(json!({
            "total_items": "3600",
            "total_items_tax": "720",
            "total_fees": "0",
            "total_fees_tax": "0",
            "total_discount": "0",
            "total_discount_tax": "0",
            "total_shipping": "500",
            "total_shipping_tax": "100",
            "total_price": "4920",
            "total_tax": "820",
            "tax_lines": [{"name": "Sales tax", "rate": "20%", "price": "820"}],
        })),
        "shipping_address": address,
        "billing_address": billing,
        "needs_payment": true,
        "needs_shipping": true,
        "payment_requirements": ["products"],
        "has_calculated_shipping": true,
        "shipping_rates": [{
            "package_id": 0,
            "name": "Shipment 1",
            "destination": {"address_1": "", "address_2": "", "city": "", "state": "", "postcode": "", "country": ""},
            "items": [
                {"key": "sample-beanie", "name": "Beanie", "quantity": 2},
                {"key": "sample-cap", "name": "Cap", "quantity": 1},
            ],
            "shipping_rates": [
                rate("flat_rate:0", "flat_rate", 0, "Flat rate", 500, true),
                rate("free_shipping:1", "free_shipping", 1, "Free shipping", 0, false),
            ],
        }],
        "items_count": 3,
        "items_weight": 0,
        "cross_sells": [],
        "errors": [],
        "payment_methods": ["cod", "bacs", "cheque"],
        "extensions": {},
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
        query
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn only_staff_who_edit_pages_get_the_preview() {
        let asked = pairs(&[("preview", "sample")]);
        assert!(applies(&asked, Capabilities::of("administrator")));
        assert!(applies(&asked, Capabilities::of("shop_manager")));
        assert!(!applies(&asked, Capabilities::of("customer")));
        assert!(!applies(&asked, Capabilities::default()));
        assert!(!applies(
            &pairs(&[("preview", "other")]),
            Capabilities::of("administrator")
        ));
        assert!(!applies(&[], Capabilities::of("administrator")));
    }

    #[test]
    fn the_sample_is_spec_9_5() {
        let cart = sample_cart(&Currency::default());
        let items = cart["items"].as_array().map_or(0, Vec::len);
        assert_eq!(items, 2);
        for item in cart["items"].as_array().into_iter().flatten() {
            assert_eq!(
                item["quantity_limits"],
                json!({"minimum": 1, "maximum": 99, "multiple_of": 1, "editable": true})
            );
            assert_eq!(item["prices"]["currency_code"], "USD");
        }
        assert_eq!(cart["totals"]["tax_lines"][0]["rate"], "20%");
        assert_eq!(cart["payment_methods"], json!(["cod", "bacs", "cheque"]));
        assert_eq!(cart["payment_requirements"], json!(["products"]));
        assert_eq!(cart["totals"]["currency_prefix"], "$");
    }
}
