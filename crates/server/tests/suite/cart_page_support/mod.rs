//! Support for the classic cart tests: the reference shop (`store_api_cart_support`) plus a
//! grouped product, a sold-individually product and a cross-sell, and a browser without
//! JavaScript (a cookie jar, forms posted as forms, redirects followed by hand).

#![allow(
    dead_code,
    reason = "each cart page test file uses part of the support"
)]

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType};
use mercato_core::money::Money;
use mercato_db::Db;
use mercato_db::catalogue::CatalogueWriter;
use mercato_db::testing::Fixture;
use tower::ServiceExt;

pub use crate::store_api_cart_support::fixture::RefShop;

/// The grouped product (T-Shirt 17 and Cap 20).
pub const GROUPED: i64 = 60;
/// A product sold one at a time.
pub const SOLO: i64 = 61;

/// The reference shop with the extra products; the Belt (19) cross-sells the Cap (20).
pub async fn cart_shop() -> RefShop {
    cart_shop_on(mercato_db::Backend::Sqlite).await
}

/// [`cart_shop`] on `backend`.
pub async fn cart_shop_on(backend: mercato_db::Backend) -> RefShop {
    crate::shop::Shop::builder()
        .with_products(&CART_SHOP)
        .paying()
        .rest_route()
        .build(backend)
        .await
}

/// The rows of [`cart_shop`].
pub static CART_SHOP: Fixture = Fixture {
    name: "cart_shop",
    build: |db| Box::pin(write_cart_shop(db)),
};

async fn write_cart_shop(db: Db) {
    crate::store_api_cart_support::fixture::write_ref_shop(db.clone()).await;
    let db = &db;
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut grouped = Product {
        grouped_ids: vec![ProductId(17), ProductId(20)],
        ..Product::new(ProductId(GROUPED), ProductType::Grouped, "Logo Collection")
    };
    writer
        .save_product(&mut grouped, &mut [])
        .await
        .expect("grouped");
    let mut solo = Product {
        sold_individually: true,
        pricing: Pricing::regular(Money::from_minor(2500)),
        ..Product::new(ProductId(SOLO), ProductType::Simple, "Album")
    };
    writer.save_product(&mut solo, &mut []).await.expect("solo");
    writer.commit().await.expect("commit");
    let mut belt = mercato_db::catalogue::product_by_id(db, ProductId(19))
        .await
        .expect("read")
        .expect("belt");
    belt.cross_sell_ids = vec![ProductId(20)];
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer.save_product(&mut belt, &mut []).await.expect("belt");
    writer.commit().await.expect("commit");
}

/// A response, read.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    pub location: String,
    pub body: String,
    /// The `Cache-Control` header ("" without one).
    pub cache_control: String,
}

/// A browser without JavaScript.
pub struct Browser {
    app: axum::Router,
    pub cookies: BTreeMap<String, String>,
    /// The `Host` header sent (`shop.test` unless a test forges another).
    pub host: String,
}

impl Browser {
    pub fn new(shop: &RefShop) -> Self {
        Self::on(&shop.app)
    }

    /// A browser of `app` (a shop served with other settings).
    pub fn on(app: &axum::Router) -> Self {
        Browser {
            app: app.clone(),
            cookies: BTreeMap::new(),
            host: "shop.test".to_owned(),
        }
    }

    pub async fn send(&mut self, method: Method, uri: &str, form: Option<String>) -> Page {
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, self.host.as_str());
        if !self.cookies.is_empty() {
            let jar: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            request = request.header(header::COOKIE, jar.join("; "));
        }
        let body = match form {
            Some(form) => {
                request = request.header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
                Body::from(form)
            }
            None => Body::empty(),
        };
        let response = self
            .app
            .clone()
            .oneshot(request.body(body).expect("request"))
            .await
            .expect("response");
        for set in response.headers().get_all(header::SET_COOKIE) {
            let text = set.to_str().expect("cookie");
            let pair = text.split(';').next().unwrap_or("");
            let (name, value) = pair.split_once('=').expect("name=value");
            if text.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        let status = response.status();
        let location = response
            .headers()
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let cache_control = response
            .headers()
            .get(header::CACHE_CONTROL)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        Page {
            status,
            location,
            body: String::from_utf8_lossy(&bytes).into_owned(),
            cache_control,
        }
    }

    pub async fn get(&mut self, uri: &str) -> Page {
        self.send(Method::GET, uri, None).await
    }

    pub async fn post(&mut self, uri: &str, fields: &[(&str, &str)]) -> Page {
        let form: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect();
        self.send(Method::POST, uri, Some(form.join("&"))).await
    }

    /// Follows a 303 and returns the page it leads to.
    pub async fn follow(&mut self, page: Page) -> Page {
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let to = page.location.clone();
        self.get(&to).await
    }

    /// The cart page's nonce.
    pub async fn nonce(&mut self) -> String {
        let cart = self.get("/cart/").await;
        attribute_after(&cart.body, "name=\"_wpnonce\" value=\"").expect("nonce on the cart page")
    }
}

/// The text after `marker` up to the next quote.
pub fn attribute_after(body: &str, marker: &str) -> Option<String> {
    let start = body.find(marker)? + marker.len();
    let end = body[start..].find('"')?;
    Some(body[start..start + end].replace("&amp;", "&"))
}

/// The notices shown at the top of the page.
pub fn notices(body: &str) -> Vec<String> {
    body.split("<div class=\"notice notice--")
        .skip(1)
        .filter_map(|part| part.split("</div>").next())
        .map(|n| n.split_once('>').map_or(n, |(_, text)| text).to_owned())
        .collect()
}

/// The header's cart count.
pub fn header_count(body: &str) -> String {
    attribute_after(body, "<span class=\"header-cart__count\">")
        .map(|s| s.split('<').next().unwrap_or("").to_owned())
        .unwrap_or_default()
}

/// The quantity field names of the cart form, in order.
pub fn quantity_fields(body: &str) -> Vec<String> {
    body.split("name=\"cart[")
        .skip(1)
        .filter_map(|part| part.split('"').next())
        .map(|key| format!("cart[{key}"))
        .collect()
}

/// The embedded Store API cart.
pub fn cart_json(body: &str) -> serde_json::Value {
    let marker = "<script type=\"application/json\" id=\"mercato-cart\">";
    let start = body.find(marker).expect("cart json") + marker.len();
    let end = body[start..].find("</script>").expect("end") + start;
    serde_json::from_str(&body[start..end]).expect("json")
}

pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Fails when the page has inline script (the CSP forbids it).
pub fn assert_no_inline_script(body: &str) {
    for (i, _) in body.match_indices("<script") {
        let tag = &body[i..i + body[i..].find('>').expect("tag end")];
        assert!(
            tag.contains("type=\"application/json\"") || tag.contains(" src=\""),
            "an inline script: {tag}"
        );
    }
}
