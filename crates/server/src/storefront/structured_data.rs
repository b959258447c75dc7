//! What search engines and link previews read of a product page: JSON-LD (`Product` with its
//! offers, price, availability and rating, and the `BreadcrumbList`) and the Open Graph and
//! Twitter card tags. Made from the same product family and breadcrumbs the page shows, so
//! the two cannot disagree.

use mercato_core::catalogue::{ProductFamily, StockStatus};
use mercato_core::content::plain_text;
use mercato_core::money::Currency;
use serde::Serialize;
use serde_json::{Value, json};

use super::Crumb;
use crate::page_settings::escape_for_script;

/// The longest meta description and preview text (search engines show about 160).
pub const DESCRIPTION_CHARS: usize = 160;

/// A product page's tags for search engines and previews.
#[derive(Debug, Clone, Serialize)]
pub struct ProductMeta {
    /// The meta and preview description.
    pub description: String,
    /// The page's absolute URL.
    pub url: String,
    /// The main image's absolute URL, if it has one.
    pub image: Option<String>,
    /// `product:price:amount` (a decimal), when priced.
    pub price: Option<String>,
    /// `product:price:currency`.
    pub currency: String,
    /// The JSON-LD graph, ready for a `<script type="application/ld+json">`.
    pub json_ld: String,
}

fn absolute(base: &str, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{base}{url}")
    }
}

fn availability(status: StockStatus) -> &'static str {
    match status {
        StockStatus::InStock => "https://schema.org/InStock",
        StockStatus::OnBackorder => "https://schema.org/BackOrder",
        StockStatus::OutOfStock => "https://schema.org/OutOfStock",
    }
}

/// The tags of the product page of `family`, at `path`, under `crumbs`.
pub fn product_meta(
    family: &ProductFamily<'_>,
    base: &str,
    path: &str,
    crumbs: &[Crumb],
    currency: &Currency,
    now: i64,
) -> ProductMeta {
    let product = family.product;
    let url = absolute(base, path);
    let source = if product.short_description.trim().is_empty() {
        &product.description
    } else {
        &product.short_description
    };
    let description = plain_text(source, DESCRIPTION_CHARS);
    let image = product.image.as_ref().map(|i| absolute(base, &i.src));
    let decimals = currency.minor_unit;
    let price = family
        .current_price(now)
        .map(|m| m.to_decimal_string(decimals));
    let status = availability(family.stock_status());

    let offers = match family.price_range(now) {
        Some(range) => Some(json!({
            "@type": "AggregateOffer",
            "lowPrice": range.min.to_decimal_string(decimals),
            "highPrice": range.max.to_decimal_string(decimals),
            "offerCount": family.visible_variations().len().max(family.visible_children().len()),
            "priceCurrency": currency.code,
            "availability": status,
            "url": url,
        })),
        None => price.as_ref().map(|p| {
            json!({
                "@type": "Offer",
                "price": p,
                "priceCurrency": currency.code,
                "availability": status,
                "url": url,
            })
        }),
    };
    let mut node = json!({
        "@type": "Product",
        "@id": format!("{url}#product"),
        "name": product.name,
        "url": url,
    });
    if !description.is_empty() {
        node["description"] = Value::from(description.clone());
    }
    if !product.sku.is_empty() {
        node["sku"] = Value::from(product.sku.clone());
    }
    let images: Vec<String> = product.images().map(|i| absolute(base, &i.src)).collect();
    if !images.is_empty() {
        node["image"] = Value::from(images);
    }
    if let Some(offers) = offers {
        node["offers"] = offers;
    }
    if product.review_count > 0 {
        node["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": format!("{:.2}", f64::from(product.average_rating.0) / 100.0),
            "reviewCount": product.review_count,
            "bestRating": "5",
            "worstRating": "1",
        });
    }
    let graph = json!({
        "@context": "https://schema.org",
        "@graph": [node, breadcrumb_list(base, crumbs, &url)],
    });
    ProductMeta {
        description,
        url,
        image,
        price,
        currency: currency.code.clone(),
        json_ld: escape_for_script(&graph.to_string()),
    }
}

/// A `BreadcrumbList` of `crumbs`; the last (unlinked) one is the page at `url`.
pub fn breadcrumb_list(base: &str, crumbs: &[Crumb], url: &str) -> Value {
    let items: Vec<Value> = crumbs
        .iter()
        .enumerate()
        .map(|(i, crumb)| {
            let item = crumb
                .href
                .as_deref()
                .map_or_else(|| url.to_owned(), |href| absolute(base, href));
            json!({
                "@type": "ListItem",
                "position": i + 1,
                "name": crumb.label,
                "item": item,
            })
        })
        .collect();
    json!({"@type": "BreadcrumbList", "itemListElement": items})
}

#[cfg(test)]
mod tests {
    use super::*;
    use mercato_core::catalogue::{Image, Pricing, Product, ProductId, ProductType, Stock};
    use mercato_core::money::Money;

    fn tee() -> Product {
        let mut product = Product::new(ProductId(7), ProductType::Simple, "Organic Tee");
        product.slug = "organic-tee".into();
        product.sku = "TS-ORG".into();
        product.short_description = "<p>Soft <em>organic</em> cotton.</p>".into();
        product.pricing = Pricing::on_sale(Money::from_minor(2500), Money::from_minor(2000));
        product.stock = Stock::managed(0);
        product.image = Some(Image {
            src: "/media/tee.svg".into(),
            ..Image::default()
        });
        product.review_count = 3;
        product.average_rating = mercato_core::catalogue::AverageRating(433);
        product
    }

    #[test]
    fn a_product_says_its_price_stock_and_rating() {
        let product = tee();
        let family = ProductFamily::new(&product);
        let crumbs = [
            Crumb::link("Home", "/"),
            Crumb::link("Shop", "/shop/"),
            Crumb::here("Organic Tee"),
        ];
        let meta = product_meta(
            &family,
            "https://shop.example",
            "/product/organic-tee/",
            &crumbs,
            &Currency::default(),
            0,
        );
        assert_eq!(meta.description, "Soft organic cotton.");
        assert_eq!(
            meta.image.as_deref(),
            Some("https://shop.example/media/tee.svg")
        );
        assert_eq!(meta.price.as_deref(), Some("20.00"));
        let graph: Value = serde_json::from_str(&meta.json_ld).expect("JSON");
        let node = &graph["@graph"][0];
        assert_eq!(node["@type"], "Product");
        assert_eq!(node["sku"], "TS-ORG");
        assert_eq!(node["offers"]["price"], "20.00");
        assert_eq!(node["offers"]["priceCurrency"], "USD");
        assert_eq!(
            node["offers"]["availability"],
            "https://schema.org/OutOfStock"
        );
        assert_eq!(node["aggregateRating"]["ratingValue"], "4.33");
        assert_eq!(node["aggregateRating"]["reviewCount"], 3);
        let crumbs = &graph["@graph"][1]["itemListElement"];
        assert_eq!(crumbs[1]["item"], "https://shop.example/shop/");
        assert_eq!(
            crumbs[2]["item"],
            "https://shop.example/product/organic-tee/"
        );
        assert_eq!(crumbs[2]["position"], 3);
    }

    #[test]
    fn hostile_names_cannot_close_the_script() {
        let mut product = tee();
        product.name = "</script><script>alert(1)</script>".into();
        let family = ProductFamily::new(&product);
        let meta = product_meta(&family, "", "/p/", &[], &Currency::default(), 0);
        assert!(!meta.json_ld.contains("</script"));
        let graph: Value = serde_json::from_str(&meta.json_ld).expect("JSON");
        assert_eq!(graph["@graph"][0]["name"], product.name);
    }
}
