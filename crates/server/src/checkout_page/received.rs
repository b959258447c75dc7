//! `GET /checkout/order-received/{id}/?key=…`: the placed order for whoever holds its key.
//! Without the right key the page is the helpful 404, so ids cannot be probed.
//!
//! Download links are not shown: orders do not record downloadable items yet.

use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::money::Money;
use mercato_core::orders::{Address, Order, OrderStatus};
use mercato_core::payments::OfflineGateway;
use serde::Serialize;

use crate::pages::{PageContext, not_found_page, render_page};
use crate::state::AppState;

/// The order as the page shows it.
#[derive(Debug, Serialize)]
struct ReceivedView {
    number: i64,
    date: String,
    email: String,
    total: String,
    payment_method: String,
    failed: bool,
    lines: Vec<(String, String, u32, String)>,
    totals: Vec<(String, String)>,
    note: String,
    billing: Vec<String>,
    shipping: Vec<String>,
    bank_transfer: Option<String>,
}

/// `GET /checkout/order-received/{id}/`.
pub async fn show(
    State(state): State<AppState>,
    jar: CookieJar,
    Path(id): Path<String>,
    uri: Uri,
) -> Response {
    let order = match super::keyed_order(&state, &id, &super::key_param(&uri)).await {
        Ok(order) => order,
        Err(e) => return super::failed(&e),
    };
    let Some(order) = order else {
        return not_found_page(&state, &jar, uri.path());
    };
    let view = received_view(&state, &order);
    let context = PageContext::new(&state, &jar, "Order received", uri.path())
        .with_body_class("woocommerce-checkout woocommerce-order-received");
    render_page(
        &state,
        "checkout/received.html",
        StatusCode::OK,
        &context,
        minijinja::context! { order => view },
    )
}

fn received_view(state: &AppState, order: &Order) -> ReceivedView {
    let currency = &state.settings.currency;
    let money = |m: Money| currency.format(m);
    let t = &order.totals;
    let subtotal: Money = order.line_items.iter().map(|l| l.subtotal).sum();
    let mut totals = vec![("Subtotal:".to_owned(), money(subtotal))];
    if t.discount_total > Money::ZERO {
        totals.push((
            "Discount:".to_owned(),
            format!("-{}", money(t.discount_total)),
        ));
    }
    for s in &order.shipping_lines {
        totals.push((
            "Shipping:".to_owned(),
            format!("{} via {}", money(s.cost), s.name),
        ));
    }
    for f in &order.fee_lines {
        totals.push((format!("{}:", f.name), money(f.total)));
    }
    if t.total_tax > Money::ZERO {
        totals.push(("Tax:".to_owned(), money(t.total_tax)));
    }
    totals.push((
        "Payment method:".to_owned(),
        order.payment_method_title.clone(),
    ));
    totals.push(("Total:".to_owned(), money(t.total)));
    let bank_transfer = (order.payment_method == OfflineGateway::Bacs.id()).then(|| {
        crate::checkout::gateways()
            .all
            .iter()
            .find(|g| g.id == order.payment_method)
            .map(|g| g.description.clone())
            .unwrap_or_default()
    });
    ReceivedView {
        number: order.id,
        date: date(order.dates.created),
        email: order.billing.email.clone(),
        total: money(t.total),
        payment_method: order.payment_method_title.clone(),
        failed: order.status == OrderStatus::Failed,
        lines: order
            .line_items
            .iter()
            .map(|l| {
                let details = l
                    .attributes
                    .iter()
                    .map(|a| format!("{}: {}", a.label, a.display_value))
                    .collect::<Vec<_>>()
                    .join(", ");
                (l.name.clone(), details, l.quantity, money(l.subtotal))
            })
            .collect(),
        totals,
        note: order.customer_note.clone(),
        billing: address_lines(&order.billing),
        shipping: address_lines(&order.shipping),
        bank_transfer,
    }
}

fn address_lines(a: &Address) -> Vec<String> {
    let name = format!("{} {}", a.first_name, a.last_name);
    let place = format!("{} {}", a.postcode, a.city);
    let country = mercato_core::geo::country_name(&a.country).unwrap_or(&a.country);
    [
        name.trim(),
        a.company.as_str(),
        a.address_1.as_str(),
        a.address_2.as_str(),
        place.trim(),
        a.state.as_str(),
        if a.country.is_empty() { "" } else { country },
        a.phone.as_str(),
    ]
    .into_iter()
    .filter(|l| !l.is_empty())
    .map(str::to_owned)
    .collect()
}

/// `November 21, 2026` for a Unix time (UTC).
fn date(secs: i64) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    // Howard Hinnant's days-to-civil.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let name = usize::try_from(month - 1)
        .ok()
        .and_then(|i| MONTHS.get(i))
        .unwrap_or(&"");
    format!("{name} {day}, {year}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_read_as_words() {
        assert_eq!(super::date(0), "January 1, 1970");
        assert_eq!(super::date(1_795_219_200), "November 21, 2026");
    }
}
