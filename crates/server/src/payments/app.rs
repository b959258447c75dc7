//! Gateways an extension adds (docs/extensions.md): offline ones that settle like bank
//! transfer, and ones paid by the extension's payment app, an HTTP service the shop posts each
//! payment to (docs/payments.md, "Payment apps").
//!
//! The app gets the order as signed JSON (`X-Mercato-Signature: sha256=<hex HMAC-SHA256 of the
//! exact body>`), an `Idempotency-Key` that is the same for one order and attempt, and a
//! deadline; it answers `{"result": "success" | "failure" | "pending", ...}`. Anything else
//! (down, too slow, nonsense) fails the order, which gives its stock back, with a message that
//! says the payment did not go through.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{HeaderValue, Request, StatusCode, Uri, header};
use bytes::Bytes;
use futures_util::future::BoxFuture;
use hmac::{Hmac, Mac};
use http_body_util::{BodyExt, Full, Limited};
use mercato_core::orders::{Order, OrderStatus};
use mercato_core::payments::{
    Availability, GatewayFeature, GatewayInfo, PaymentOutcome, payment_complete_status,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use sha2::Sha256;

use super::{Gateway, NEEDS_PROCESSING, Payment, PaymentRequest, success};

/// The header carrying a body's signature, both ways.
pub const SIGNATURE_HEADER: &str = "x-mercato-signature";
/// The header naming one attempt to pay one order.
pub const IDEMPOTENCY_HEADER: &str = "idempotency-key";
/// Bytes of an app's answer read at most.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// What the shopper is told when the app could not be reached or gave no usable answer.
pub const APP_UNAVAILABLE: &str = "The payment service did not answer, so no payment was taken. Please try again, or choose another payment method.";
/// What the shopper is told when the app refused without saying why.
pub const APP_DECLINED: &str =
    "The payment was declined. Please try again, or choose another payment method.";

/// A signing secret: never printed.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    /// Wraps `text`.
    pub fn new(text: String) -> Self {
        Self(text)
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// `sha256=<lowercase hex HMAC-SHA256 of body under secret>`.
pub fn signature(secret: &Secret, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.0.as_bytes())
        .expect("HMAC takes a key of any length");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// Whether `header` is the signature of `body` under `secret` (compared in constant time).
pub fn verify(secret: &Secret, body: &[u8], header: Option<&str>) -> bool {
    let Some(given) = header
        .and_then(|h| h.trim().strip_prefix("sha256="))
        .and_then(|h| hex::decode(h).ok())
    else {
        return false;
    };
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.0.as_bytes())
        .expect("HMAC takes a key of any length");
    mac.update(body);
    mac.verify_slice(&given).is_ok()
}

/// Where a gateway's payment app is.
#[derive(Debug, Clone)]
pub struct PaymentApp {
    /// The URL payments are posted to.
    pub url: Uri,
    /// The signing secret (both ways).
    pub secret: Secret,
    /// How long the shop waits for an answer.
    pub timeout: Duration,
}

/// How an extension's gateway takes payment.
#[derive(Debug, Clone)]
pub enum Settlement {
    /// Nothing charged; the order takes this status (on hold, or processing).
    Offline(OrderStatus),
    /// Paid through its app.
    App(Arc<PaymentApp>),
}

/// A gateway declared in an extension's manifest.
#[derive(Debug, Clone)]
pub struct ExtensionGateway {
    /// Id, title, description.
    pub info: GatewayInfo,
    /// How it takes payment.
    pub settlement: Settlement,
    /// `paymentMethodData[id]`: the extension's `{id}_data` setting, when it has one.
    pub method_data: Option<Value>,
}

impl ExtensionGateway {
    /// A gateway with `id`, `title` and `description`, on as soon as its extension is
    /// installed (installing it is the merchant's choice; the `payment_gateways` setting can
    /// still turn it off).
    pub fn new(id: &str, title: &str, description: &str, settlement: Settlement) -> Self {
        ExtensionGateway {
            info: GatewayInfo {
                id: id.to_owned(),
                title: title.to_owned(),
                description: description.to_owned(),
                icons: Vec::new(),
                supports: vec![GatewayFeature::Products],
                enabled: true,
                order_button_text: String::new(),
            },
            settlement,
            method_data: None,
        }
    }

    /// The gateway's payment app, if it has one.
    pub fn app(&self) -> Option<&PaymentApp> {
        match &self.settlement {
            Settlement::App(app) => Some(app),
            Settlement::Offline(_) => None,
        }
    }
}

impl Gateway for ExtensionGateway {
    fn info(&self) -> GatewayInfo {
        self.info.clone()
    }

    fn method_data(&self, info: &GatewayInfo, _rules: &Availability) -> Value {
        match &self.method_data {
            Some(data) => data.clone(),
            None => serde_json::to_value(info.method_data()).unwrap_or(Value::Null),
        }
    }

    fn settles_offline(&self, _order: &Order) -> Option<OrderStatus> {
        match self.settlement {
            Settlement::Offline(status) => Some(status),
            Settlement::App(_) => None,
        }
    }

    fn pay(&self, request: &PaymentRequest<'_>) -> Payment {
        match &self.settlement {
            Settlement::Offline(status) => success(*status),
            // Only reached by a caller that does not await [`Gateway::charge`].
            Settlement::App(_) => unavailable(request.order),
        }
    }

    fn charge<'a>(&'a self, request: PaymentRequest<'a>) -> BoxFuture<'a, Payment> {
        match &self.settlement {
            Settlement::Offline(status) => Box::pin(std::future::ready(success(*status))),
            Settlement::App(app) => Box::pin(pay_with_app(&self.info.id, app, request)),
        }
    }
}

/// The body posted to the app.
#[derive(Debug, Serialize)]
pub struct AppRequest<'a> {
    /// The order.
    pub order: AppOrder<'a>,
    /// The gateway's id.
    pub payment_method: &'a str,
    /// The gateway's fields from the browser (`payment_data`), as an object.
    pub payment_data: Map<String, Value>,
    /// Where the shopper lands once the order is paid.
    pub return_url: &'a str,
}

/// The order as the app sees it.
#[derive(Debug, Serialize)]
pub struct AppOrder<'a> {
    /// The order's number.
    pub id: i64,
    /// Its key.
    pub key: &'a str,
    /// What to charge, in minor units.
    pub total: i64,
    /// ISO 4217 code.
    pub currency: &'a str,
    /// What was bought.
    pub lines: Vec<AppLine<'a>>,
    /// The billing address (with email and phone).
    pub billing_address: &'a mercato_core::orders::Address,
    /// The shipping address.
    pub shipping_address: &'a mercato_core::orders::Address,
}

/// One line of the order.
#[derive(Debug, Serialize)]
pub struct AppLine<'a> {
    /// The product's name.
    pub name: &'a str,
    /// Its SKU ("" for none).
    pub sku: &'a str,
    /// How many.
    pub quantity: u32,
    /// The line's total with tax, in minor units.
    pub total: i64,
}

/// The app's answer.
#[derive(Debug, Deserialize)]
struct AppAnswer {
    result: AppResult,
    #[serde(default)]
    redirect_url: Option<String>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    transaction_id: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum AppResult {
    Success,
    Failure,
    Pending,
}

/// The body for `request`, exactly as signed and sent.
pub fn request_body(gateway_id: &str, request: &PaymentRequest<'_>) -> Vec<u8> {
    let order = request.order;
    let body = AppRequest {
        order: AppOrder {
            id: order.id,
            key: order.order_key.as_str(),
            total: order.totals.total.minor(),
            currency: &order.currency,
            lines: order
                .line_items
                .iter()
                .map(|line| AppLine {
                    name: &line.name,
                    sku: &line.sku,
                    quantity: line.quantity,
                    total: (line.total + line.total_tax).minor(),
                })
                .collect(),
            billing_address: &order.billing,
            shipping_address: &order.shipping,
        },
        payment_method: gateway_id,
        payment_data: request
            .payment_data
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect(),
        return_url: request.return_url,
    };
    serde_json::to_vec(&body).unwrap_or_default()
}

/// The idempotency key of one attempt to pay `order` with `payment_data`: the order's id,
/// its `updated` stamp (every attempt first moves the order: placing it, or putting it on
/// hold to pay again) and a digest of the data sent. The same attempt sent twice (a double
/// submit in the same second) has the same key; another attempt, or other card data, another.
pub fn idempotency_key(order: &Order, payment_data: &[(String, String)]) -> String {
    use sha2::Digest;
    let mut digest = Sha256::new();
    for (key, value) in payment_data {
        digest.update(key.as_bytes());
        digest.update([0]);
        digest.update(value.as_bytes());
        digest.update([0]);
    }
    let digest = hex::encode(digest.finalize());
    format!(
        "mercato-order-{}-{}-{}",
        order.id,
        order.dates.updated,
        &digest[..16]
    )
}

/// A payment that did not happen because of the app: the order fails (its stock goes back)
/// and the shopper may try again.
fn unavailable(_order: &Order) -> Payment {
    Payment {
        outcome: PaymentOutcome::Error {
            message: APP_UNAVAILABLE.to_owned(),
        },
        status: OrderStatus::Failed,
        transaction_id: String::new(),
        card: None,
    }
}

async fn pay_with_app(gateway_id: &str, app: &PaymentApp, request: PaymentRequest<'_>) -> Payment {
    let order = request.order;
    let body = request_body(gateway_id, &request);
    let key = idempotency_key(order, request.payment_data);
    let answer = tokio::time::timeout(app.timeout, post(app, body, &key)).await;
    let answer = match answer {
        Ok(Ok(answer)) => answer,
        Ok(Err(problem)) => {
            tracing::warn!(order.id = order.id, gateway = gateway_id, %problem, "payment app failed");
            return unavailable(order);
        }
        Err(_) => {
            tracing::warn!(
                order.id = order.id,
                gateway = gateway_id,
                timeout_ms = u64::try_from(app.timeout.as_millis()).unwrap_or(u64::MAX),
                "payment app did not answer in time"
            );
            return unavailable(order);
        }
    };
    let transaction_id = answer.transaction_id.unwrap_or_default();
    match answer.result {
        AppResult::Success => Payment {
            transaction_id,
            ..success(payment_complete_status(NEEDS_PROCESSING))
        },
        AppResult::Failure => {
            let message = answer
                .message
                .map(|m| m.trim().to_owned())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| APP_DECLINED.to_owned());
            let outcome = PaymentOutcome::Failure { message };
            Payment {
                status: outcome.order_status(OrderStatus::Processing),
                outcome,
                transaction_id,
                card: None,
            }
        }
        AppResult::Pending => match answer.redirect_url.filter(|u| is_web_url(u)) {
            Some(redirect) => Payment {
                outcome: PaymentOutcome::Pending { redirect },
                status: OrderStatus::Pending,
                transaction_id,
                card: None,
            },
            None => {
                tracing::warn!(
                    order.id = order.id,
                    gateway = gateway_id,
                    "payment app answered pending without an http(s) redirect_url"
                );
                unavailable(order)
            }
        },
    }
}

/// An absolute http(s) URL a browser may be sent to.
fn is_web_url(url: &str) -> bool {
    (url.starts_with("https://") || url.starts_with("http://"))
        && url.parse::<Uri>().is_ok_and(|u| u.host().is_some())
}

/// Posts `body` to the app and reads its answer; `Err` says what went wrong (for the log).
async fn post(app: &PaymentApp, body: Vec<u8>, key: &str) -> Result<AppAnswer, String> {
    let signature = signature(&app.secret, &body);
    let uri = &app.url;
    let host = uri.host().ok_or("the app URL has no host")?;
    let https = uri.scheme_str() == Some("https");
    let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
    let authority = uri.authority().map_or(host, |a| a.as_str());
    let path = uri.path_and_query().map_or("/", |p| p.as_str());
    let request = Request::post(path)
        .header(header::HOST, authority)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::USER_AGENT, "Mercato payment app client")
        .header(SIGNATURE_HEADER, signature)
        .header(
            IDEMPOTENCY_HEADER,
            HeaderValue::from_str(key).map_err(|e| e.to_string())?,
        )
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| e.to_string())?;
    let stream = tokio::net::TcpStream::connect((host, port))
        .await
        .map_err(|e| format!("cannot connect: {e}"))?;
    let response = if https {
        let tls = super::app_tls::connect(host, stream).await?;
        send(tls, request, app.timeout).await?
    } else {
        send(stream, request, app.timeout).await?
    };
    let (parts, body) = response.into_parts();
    // Nothing is read of an answer that is not a 200, or that says it is longer than any
    // answer can be; the rest is read up to the limit and no further.
    if parts.status != StatusCode::OK {
        return Err(format!("the app answered HTTP {}", parts.status.as_u16()));
    }
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(length) = declared.filter(|&l| l > MAX_ANSWER_BYTES as u64) {
        return Err(format!(
            "the app's answer is {length} bytes long (at most {MAX_ANSWER_BYTES} are read)"
        ));
    }
    let bytes = Limited::new(body, MAX_ANSWER_BYTES)
        .collect()
        .await
        .map_err(|e| format!("cannot read the answer: {e}"))?
        .to_bytes();
    serde_json::from_slice(&bytes).map_err(|e| format!("the app's answer is not one: {e}"))
}

/// Sends one request over `io` (HTTP/1.1) and returns the response, its body still to read.
///
/// The connection is driven by a task of its own, which ends when the response has been read
/// and the sender dropped, when the caller drops the response unread (the caller's deadline
/// passed, or the answer was too long), and in any case `deadline` after it starts, so an app
/// that never answers, or never stops answering, holds no socket past the payment's deadline.
async fn send<IO>(
    io: IO,
    request: Request<Full<Bytes>>,
    deadline: Duration,
) -> Result<hyper::Response<hyper::body::Incoming>, String>
where
    IO: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(io))
            .await
            .map_err(|e| format!("cannot speak HTTP: {e}"))?;
    tokio::spawn(async move {
        match tokio::time::timeout(deadline, connection).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::debug!(error = %e, "payment app connection closed"),
            Err(_) => tracing::debug!("payment app connection closed at the deadline"),
        }
    });
    sender
        .send_request(request)
        .await
        .map_err(|e| format!("no answer: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_hmac_sha256_in_lowercase_hex() {
        let secret = Secret::new("key".to_owned());
        // RFC 4231-style check against a value computed with
        // `printf %s 'The quick brown fox jumps over the lazy dog' | openssl dgst -sha256 -hmac key`.
        let body = b"The quick brown fox jumps over the lazy dog";
        assert_eq!(
            signature(&secret, body),
            "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
        assert!(verify(&secret, body, Some(&signature(&secret, body))));
        assert!(!verify(
            &secret,
            b"The quick brown fox",
            Some(&signature(&secret, body))
        ));
        assert!(!verify(
            &Secret::new("other".to_owned()),
            body,
            Some(&signature(&secret, body))
        ));
        assert!(!verify(&secret, body, None));
        assert!(!verify(&secret, body, Some("sha256=zz")));
        assert!(!verify(
            &secret,
            body,
            Some("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
        ));
        assert_eq!(format!("{secret:?}"), "Secret(***)");
    }

    #[test]
    fn redirects_must_be_web_urls() {
        assert!(is_web_url("https://pay.example/confirm?x=1"));
        assert!(is_web_url("http://127.0.0.1:9000/confirm"));
        assert!(!is_web_url("javascript:alert(1)"));
        assert!(!is_web_url("/relative"));
        assert!(!is_web_url("https://"));
    }
}
