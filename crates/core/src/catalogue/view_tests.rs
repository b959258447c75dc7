//! The JSON views against responses recorded from WooCommerce (golden/): same keys, same
//! types, same values.

use serde_json::Value;

use super::fixtures::*;
use super::*;
use crate::money::Currency;

const BASE: &str = "http://127.0.0.1:8091";

fn with_ctx<T>(f: impl FnOnce(&ViewContext<'_>, &Taxonomies<'_>) -> T) -> T {
    let currency = Currency::default();
    let settings = CatalogueSettings::default();
    let tree = categories();
    let ctx = ViewContext {
        base_url: BASE,
        currency: &currency,
        settings: &settings,
        now: 1_795_289_196,
    };
    let taxonomies = Taxonomies {
        categories: &tree,
        tags: &[],
    };
    f(&ctx, &taxonomies)
}

fn json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Compares two JSON values and names the first path that differs.
fn assert_same(actual: &Value, expected: &Value, path: &str) {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => {
            let (mut ak, mut ek): (Vec<_>, Vec<_>) = (a.keys().collect(), e.keys().collect());
            ak.sort();
            ek.sort();
            assert_eq!(ak, ek, "keys differ at {path}");
            for (key, value) in e {
                assert_same(&a[key], value, &format!("{path}.{key}"));
            }
        }
        (Value::Array(a), Value::Array(e)) => {
            assert_eq!(a.len(), e.len(), "lengths differ at {path}");
            for (i, (x, y)) in a.iter().zip(e).enumerate() {
                assert_same(x, y, &format!("{path}[{i}]"));
            }
        }
        _ => assert_eq!(actual, expected, "values differ at {path}"),
    }
}

#[test]
fn variable_hoodie_matches_recording() {
    let (product, variations) = hoodie();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let actual = with_ctx(|ctx, tax| json(&store_product(&family, tax, ctx)));
    assert_same(&actual, &golden("product-hoodie"), "hoodie");
}

#[test]
fn variable_vneck_with_any_size_matches_recording() {
    let (product, variations) = vneck();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let actual = with_ctx(|ctx, tax| json(&store_product(&family, tax, ctx)));
    assert_same(&actual, &golden("product-vneck"), "vneck");
}

#[test]
fn simple_beanie_with_stock_matches_recording() {
    let product = beanie();
    let actual = with_ctx(|ctx, tax| json(&store_product(&ProductFamily::new(&product), tax, ctx)));
    assert_same(&actual, &golden("product-beanie"), "beanie");
}

#[test]
fn listing_of_external_grouped_and_simple_matches_recording() {
    let (pennant, group, logo_beanie) = (pennant(), logo_collection(), beanie_with_logo());
    let children = [hoodie_with_logo(), tshirt(), beanie()];
    let actual = with_ctx(|ctx, tax| {
        json(&vec![
            store_product(&ProductFamily::new(&pennant), tax, ctx),
            store_product(
                &ProductFamily::new(&group).with_children(&children),
                tax,
                ctx,
            ),
            store_product(&ProductFamily::new(&logo_beanie), tax, ctx),
        ])
    });
    assert_same(&actual, &golden("products-per-page-3"), "list");
}

#[test]
fn key_order_follows_woocommerce() {
    let product = beanie();
    let text = with_ctx(|ctx, tax| {
        serde_json::to_string(&store_product(&ProductFamily::new(&product), tax, ctx))
    })
    .unwrap_or_default();
    let order = [
        "\"id\"",
        "\"name\"",
        "\"slug\"",
        "\"parent\"",
        "\"type\"",
        "\"variation\"",
        "\"permalink\"",
        "\"prices\"",
        "\"price_html\"",
        "\"images\"",
        "\"attributes\"",
        "\"has_options\"",
        "\"add_to_cart\"",
        "\"extensions\"",
    ];
    let positions: Vec<usize> = order.iter().filter_map(|k| text.find(k)).collect();
    assert_eq!(positions.len(), order.len());
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
}

fn variation_of(family: &ProductFamily<'_>, chosen: &AttributeChoice) -> Value {
    let found = find_matching_variation(family.variations, chosen);
    with_ctx(|ctx, _| {
        found
            .map(|v| json(&variation_json(family, v, ctx)))
            .unwrap_or(Value::Bool(false))
    })
}

#[test]
fn get_variation_hoodie_blue_yes() {
    let (product, variations) = hoodie();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "blue")
        .with("attribute_logo", "Yes");
    assert_same(
        &variation_of(&family, &chosen),
        &golden("variation-hoodie-blue-yes"),
        "blue-yes",
    );
}

#[test]
fn get_variation_hoodie_red_no_on_sale() {
    let (product, variations) = hoodie();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "red")
        .with("attribute_logo", "No");
    assert_same(
        &variation_of(&family, &chosen),
        &golden("variation-hoodie-red-no"),
        "red-no",
    );
}

#[test]
fn get_variation_vneck_any_size() {
    let (product, variations) = vneck();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "red")
        .with("attribute_pa_size", "large");
    assert_same(
        &variation_of(&family, &chosen),
        &golden("variation-vneck-any-size"),
        "vneck-any",
    );
}

#[test]
fn get_variation_no_match_is_false() {
    let (product, variations) = hoodie();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let chosen = AttributeChoice::new()
        .with("attribute_pa_color", "green")
        .with("attribute_logo", "Yes");
    assert_eq!(variation_of(&family, &chosen), Value::Bool(false));
}

#[test]
fn variation_object_with_image_stock_and_limits() {
    let (mut product, mut variations) = hoodie();
    product.sold_individually = true;
    let v = &mut variations[3];
    v.image = Some(Image {
        id: ImageId(7),
        src: "https://cdn.example/hoodie-blue.jpg".into(),
        thumbnail: Some("https://cdn.example/hoodie-blue-300.jpg".into()),
        width: Some(800),
        height: Some(600),
        ..Image::default()
    });
    v.stock = Stock {
        backorders: Backorders::Notify,
        ..Stock::managed(2)
    };
    let family = ProductFamily::new(&product).with_variations(&variations);
    let value = with_ctx(|ctx, _| json(&variation_json(&family, &variations[3], ctx)));
    assert_eq!(value["image_id"], 7);
    assert_eq!(value["image"]["alt"], "Hoodie");
    assert_eq!(
        value["image"]["thumb_src"],
        "https://cdn.example/hoodie-blue-300.jpg"
    );
    assert_eq!(value["image"]["src_w"], 800);
    assert_eq!(
        value["availability_html"],
        "<p class=\"stock in-stock\">2 in stock (can be backordered)</p>\n"
    );
    assert_eq!(value["backorders_allowed"], true);
    assert_eq!(value["is_sold_individually"], "yes");
    assert_eq!(value["max_qty"], 1);
    let all = with_ctx(|ctx, _| available_variations(&family, ctx));
    assert_eq!(
        all.iter().map(|v| v.variation_id).collect::<Vec<_>>(),
        [38, 31, 32, 33]
    );
}

#[test]
fn same_price_everywhere_hides_variation_price_html() {
    let (product, mut variations) = vneck();
    for v in &mut variations {
        v.pricing = Pricing::regular(usd(2000));
    }
    let family = ProductFamily::new(&product).with_variations(&variations);
    let value = with_ctx(|ctx, _| json(&variation_json(&family, &variations[0], ctx)));
    assert_eq!(value["price_html"], "");
}

#[test]
fn variation_as_product() {
    let (product, variations) = hoodie();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let value =
        with_ctx(|ctx, tax| json(&store_variation_product(&family, &variations[3], tax, ctx)));
    assert_eq!(value["type"], "variation");
    assert_eq!(value["parent"], 15);
    assert_eq!(value["name"], "Hoodie");
    assert_eq!(value["variation"], "Color: Blue, Logo: Yes");
    assert_eq!(
        value["permalink"],
        "http://127.0.0.1:8091/product/hoodie/?attribute_pa_color=blue&attribute_logo=Yes"
    );
    assert_eq!(value["sku"], "woo-hoodie-blue-logo");
    assert_eq!(value["prices"]["price"], "4500");
    assert_eq!(
        value["add_to_cart"]["url"],
        "http://127.0.0.1:8091/product/hoodie/?attribute_pa_color=blue&attribute_logo=Yes&variation_id=38&add-to-cart=15"
    );
    let (vproduct, vvariations) = vneck();
    let vfamily = ProductFamily::new(&vproduct).with_variations(&vvariations);
    let link = with_ctx(|ctx, _| variation_permalink(ctx, &vproduct, &vfamily.variations[0]));
    assert_eq!(
        link,
        "http://127.0.0.1:8091/product/v-neck-t-shirt/?attribute_pa_color=red"
    );
}

#[test]
fn defaults_tags_and_out_of_stock() {
    let (mut product, mut variations) = hoodie();
    product.default_attributes = vec![VariationAttribute::new("pa_color", "blue")];
    product.tag_ids = vec![TagId(5)];
    for v in &mut variations {
        v.stock = Stock::untracked(StockStatus::OutOfStock);
    }
    let tags = [Tag::new(TagId(5), "Winter Wear")];
    let currency = Currency::default();
    let settings = CatalogueSettings {
        hide_out_of_stock: true,
        ..CatalogueSettings::default()
    };
    let tree = categories();
    let ctx = ViewContext {
        base_url: BASE,
        currency: &currency,
        settings: &settings,
        now: 0,
    };
    let taxonomies = Taxonomies {
        categories: &tree,
        tags: &tags,
    };
    let family = ProductFamily::new(&product).with_variations(&variations);
    let value = json(&store_product(&family, &taxonomies, &ctx));
    assert_eq!(value["attributes"][0]["terms"][0]["default"], true);
    assert_eq!(value["attributes"][0]["terms"][1]["default"], false);
    assert!(value["attributes"][1]["terms"][0].get("default").is_none());
    assert_eq!(
        value["tags"][0]["link"],
        "http://127.0.0.1:8091/product-tag/winter-wear/"
    );
    assert_eq!(value["is_in_stock"], false);
    assert_eq!(value["stock_availability"]["text"], "Out of stock");
    assert_eq!(value["variations"], Value::Array(Vec::new()));
    assert_eq!(value["is_purchasable"], false);
    assert_eq!(value["add_to_cart"]["text"], "Read more");
}

#[test]
fn term_routes() {
    let tree = categories();
    let value = with_ctx(|ctx, _| json(&store_category(&tree, CategoryId(18), 0, ctx)));
    assert_eq!(
        value["permalink"],
        "http://127.0.0.1:8091/product-category/clothing/hoodies/"
    );
    assert_eq!(value["parent"], 16);
    assert_eq!(value["image"], Value::Null);
    let summary = json(&store_attribute_summary(&color(), 5));
    assert_eq!(
        summary,
        serde_json::json!({"id": 1, "name": "Color", "taxonomy": "pa_color", "type": "select",
            "order": "menu_order", "has_archives": false, "count": 5})
    );
    let term = json(&store_attribute_term(&color().terms[0]));
    assert_eq!(
        term,
        serde_json::json!({"id": 22, "name": "Blue", "slug": "blue", "description": "", "parent": 0, "count": 0})
    );
}

#[test]
fn family_rules() {
    let (product, variations) = hoodie();
    let family = ProductFamily::new(&product).with_variations(&variations);
    let range = family.price_range(0).expect("a value");
    assert_eq!(
        (range.min, range.max, range.min_regular, range.max_regular),
        (usd(4200), usd(4500), usd(4500), usd(4500))
    );
    assert!(
        family.is_on_sale(0)
            && family.is_purchasable(0)
            && family.has_options()
            && family.is_in_stock()
    );
    assert_eq!(family.current_price(0), Some(usd(4200)));
    assert_eq!(ProductFamily::new(&product).current_price(0), None);
    assert!(!ProductFamily::new(&product).is_purchasable(0));
    let group = logo_collection();
    let children = [hoodie_with_logo(), tshirt(), beanie()];
    let grouped = ProductFamily::new(&group).with_children(&children);
    assert!(grouped.is_on_sale(0) && !grouped.is_purchasable(0) && grouped.is_in_stock());
    assert!(!ProductFamily::new(&pennant()).is_purchasable(0));
    let mut sold_out = beanie();
    sold_out.stock = Stock::managed(0);
    assert!(!ProductFamily::new(&sold_out).is_in_stock());
    assert!(ProductFamily::new(&sold_out).is_purchasable(0));
}
