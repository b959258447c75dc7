//! Price HTML exactly as WooCommerce writes it (`wc_price`, sale and range formats), for the
//! product page, `get_variation` and (normalised) the Store API's `price_html`.

use crate::money::{Currency, Money, SymbolPosition};

use super::family::ProductFamily;
use super::product::ProductType;

/// The currency symbol as WooCommerce's HTML entity (`$` → `&#36;`, `€` → `&euro;`).
pub fn symbol_html(symbol: &str) -> String {
    let mut out = String::with_capacity(symbol.len() + 8);
    for c in symbol.chars() {
        match c {
            '$' => out.push_str("&#36;"),
            '€' => out.push_str("&euro;"),
            '£' => out.push_str("&pound;"),
            '¥' => out.push_str("&yen;"),
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// `wc_price`: the amount in its `woocommerce-Price-amount` span; `aria_hidden` marks the
/// halves of a price range.
pub fn amount_html(amount: Money, currency: &Currency, aria_hidden: bool) -> String {
    let symbol = format!(
        "<span class=\"woocommerce-Price-currencySymbol\">{}</span>",
        symbol_html(&currency.symbol)
    );
    let number = currency.format_number(Money::from_minor(amount.minor().saturating_abs()));
    let body = match currency.symbol_position {
        SymbolPosition::Left => format!("{symbol}{number}"),
        SymbolPosition::Right => format!("{number}{symbol}"),
        SymbolPosition::LeftSpace => format!("{symbol}&nbsp;{number}"),
        SymbolPosition::RightSpace => format!("{number}&nbsp;{symbol}"),
    };
    let sign = if amount.is_negative() { "-" } else { "" };
    let hidden = if aria_hidden {
        " aria-hidden=\"true\""
    } else {
        ""
    };
    format!(
        "<span class=\"woocommerce-Price-amount amount\"{hidden}><bdi>{sign}{body}</bdi></span>"
    )
}

/// The amount as the screen-reader texts write it: tags stripped, entities normalised
/// (`&#036;20.00`).
pub fn amount_text(amount: Money, currency: &Currency) -> String {
    normalize_entities(&strip_tags(&amount_html(amount, currency, false)))
}

/// `wc_format_sale_price`: struck-through regular price, then the sale price.
pub fn sale_html(regular: Money, sale: Money, currency: &Currency) -> String {
    format!(
        "<del aria-hidden=\"true\">{}</del> <span class=\"screen-reader-text\">Original price was: {}.</span><ins aria-hidden=\"true\">{}</ins><span class=\"screen-reader-text\">Current price is: {}.</span>",
        amount_html(regular, currency, false),
        amount_text(regular, currency),
        amount_html(sale, currency, false),
        amount_text(sale, currency),
    )
}

/// `wc_format_price_range`: `min – max` with a screen-reader sentence.
pub fn range_html(min: Money, max: Money, currency: &Currency) -> String {
    format!(
        "{} <span aria-hidden=\"true\">&ndash;</span> {}<span class=\"screen-reader-text\">Price range: {} through {}</span>",
        amount_html(min, currency, true),
        amount_html(max, currency, true),
        amount_text(min, currency),
        amount_text(max, currency),
    )
}

/// A product's price HTML as `get_price_html` writes it ("" without a price).
pub fn product_price_html(family: &ProductFamily<'_>, currency: &Currency, now: i64) -> String {
    let product = family.product;
    match product.kind {
        ProductType::Variable => match family.price_range(now) {
            None => String::new(),
            Some(range) if !range.is_single_price() => range_html(range.min, range.max, currency),
            Some(range) if family.is_on_sale(now) && range.min_regular == range.max_regular => {
                sale_html(range.max_regular, range.min, currency)
            }
            Some(range) => amount_html(range.min, currency, false),
        },
        ProductType::Grouped => match family.price_range(now) {
            None => String::new(),
            Some(range) if !range.is_single_price() => range_html(range.min, range.max, currency),
            Some(range) if range.min.is_zero() => "Free!".to_owned(),
            Some(range) => amount_html(range.min, currency, false),
        },
        _ => simple_price_html(&product.pricing, currency, now),
    }
}

/// The price HTML of one priced item (a simple product or a variation).
pub fn simple_price_html(
    pricing: &super::pricing::Pricing,
    currency: &Currency,
    now: i64,
) -> String {
    match (pricing.current(now), pricing.regular) {
        (None, _) => String::new(),
        (Some(current), Some(regular)) if pricing.is_on_sale(now) => {
            sale_html(regular, current, currency)
        }
        (Some(current), _) => amount_html(current, currency, false),
    }
}

/// The Store API's form of WordPress HTML: `<bdi>` dropped and numeric entities padded to
/// three digits (`&#36;` → `&#036;`), as its kses filter leaves them.
pub fn for_store_api(html: &str) -> String {
    normalize_entities(&html.replace("<bdi>", "").replace("</bdi>", ""))
}

/// Removes tags, keeping the text between them.
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// Pads decimal numeric entities to at least three digits (WordPress's
/// `wp_kses_normalize_entities`).
fn normalize_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(start) = rest.find("&#") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && after.as_bytes().get(digits) == Some(&b';') {
            let number = after[..digits].trim_start_matches('0');
            out.push_str(&format!("&#{number:0>3};"));
            rest = &after[digits + 1..];
        } else {
            out.push_str("&#");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::fixtures::{
        beanie, golden, hoodie, hoodie_with_logo, logo_collection, pennant, tshirt, usd, vneck,
    };
    use crate::catalogue::{Pricing, Product};

    #[test]
    fn entities_are_normalised() {
        assert_eq!(
            normalize_entities("&#36;1 &#8211; &#x24; &#; &amp;"),
            "&#036;1 &#8211; &#x24; &#; &amp;"
        );
        assert_eq!(strip_tags("<span class=\"a\">x<b>y</b></span>"), "xy");
    }

    #[test]
    fn single_amounts() {
        let usd_currency = Currency::default();
        assert_eq!(
            amount_html(usd(4500), &usd_currency, false),
            "<span class=\"woocommerce-Price-amount amount\"><bdi><span class=\"woocommerce-Price-currencySymbol\">&#36;</span>45.00</bdi></span>"
        );
        assert_eq!(amount_text(usd(-4500), &usd_currency), "-&#036;45.00");
        let euro = Currency {
            symbol: "€".into(),
            symbol_position: SymbolPosition::RightSpace,
            ..Currency::default()
        };
        assert!(
            amount_html(usd(100), &euro, false).contains(
                "1.00&nbsp;<span class=\"woocommerce-Price-currencySymbol\">&euro;</span>"
            )
        );
    }

    #[test]
    fn store_api_price_html_matches_the_recording() {
        let currency = Currency::default();
        let html = |_: &Product, family: ProductFamily<'_>| {
            for_store_api(&product_price_html(&family, &currency, 0))
        };
        let (hoodie, hoodie_variations) = hoodie();
        assert_eq!(
            html(
                &hoodie,
                ProductFamily::new(&hoodie).with_variations(&hoodie_variations)
            ),
            golden("product-hoodie")["price_html"]
        );
        let (vneck, vneck_variations) = vneck();
        assert_eq!(
            html(
                &vneck,
                ProductFamily::new(&vneck).with_variations(&vneck_variations)
            ),
            golden("product-vneck")["price_html"]
        );
        let beanie = beanie();
        assert_eq!(
            html(&beanie, ProductFamily::new(&beanie)),
            golden("product-beanie")["price_html"]
        );
        let list = golden("products-per-page-3");
        let pennant = pennant();
        assert_eq!(
            html(&pennant, ProductFamily::new(&pennant)),
            list[0]["price_html"]
        );
        let group = logo_collection();
        let children = [hoodie_with_logo(), tshirt(), beanie];
        assert_eq!(
            html(&group, ProductFamily::new(&group).with_children(&children)),
            list[1]["price_html"]
        );
    }

    #[test]
    fn classic_variation_price_html_matches_get_variation() {
        let currency = Currency::default();
        let sale = Pricing::on_sale(usd(4500), usd(4200));
        let expected = golden("variation-hoodie-red-no")["price_html"].clone();
        assert_eq!(
            format!(
                "<span class=\"price\">{}</span>",
                simple_price_html(&sale, &currency, 0)
            ),
            expected
        );
    }

    #[test]
    fn variable_with_one_price() {
        let currency = Currency::default();
        let (product, mut variations) = hoodie();
        for v in &mut variations {
            v.pricing = Pricing::on_sale(usd(4500), usd(4000));
        }
        let html = product_price_html(
            &ProductFamily::new(&product).with_variations(&variations),
            &currency,
            0,
        );
        assert!(html.starts_with("<del aria-hidden=\"true\">"));
        for v in &mut variations {
            v.pricing = Pricing::regular(usd(4500));
        }
        let html = product_price_html(
            &ProductFamily::new(&product).with_variations(&variations),
            &currency,
            0,
        );
        assert_eq!(html, amount_html(usd(4500), &currency, false));
        let html = product_price_html(&ProductFamily::new(&product), &currency, 0);
        assert_eq!(html, "");
    }
}
