//! Product add-ons in the cart through every way in: the product page's form without
//! JavaScript, store AJAX `add_to_cart` and the Store API `add-item` (`addons` list). The
//! server prices the choice from the stored product, keeps different choices on different
//! lines, refuses unknown groups and options, and drops a line whose option the merchant
//! has since removed, saying so.

use crate::cart_page_support::{Browser as FormBrowser, cart_json, cart_shop};
use crate::store_ajax_support::Browser;
use crate::store_api_cart_support::{Client, RefShop};
use crate::store_api_support::assert_wp_error;

use axum::http::StatusCode;
use mercato_core::catalogue::{
    AddonGroup, AddonOption, AddonPrice, Pricing, Product, ProductId, ProductType,
};
use mercato_core::money::Money;
use mercato_db::catalogue::{self, CatalogueWriter};
use serde_json::{Value, json};

/// The mug: $10.00, gift wrap (No by default, Yes +$3.00) and a required print position
/// (Front, Back +$2.00, Both +10 %).
const MUG: i64 = 70;

fn mug() -> Product {
    let flat = |minor| AddonPrice::Flat {
        amount: Money::from_minor(minor),
    };
    Product {
        pricing: Pricing::regular(Money::from_minor(1000)),
        addons: vec![
            AddonGroup {
                default: Some("no".into()),
                ..AddonGroup::new(
                    "Gift wrap",
                    vec![
                        AddonOption::new("No", AddonPrice::Free),
                        AddonOption::new("Yes", flat(300)),
                    ],
                )
            },
            AddonGroup {
                required: true,
                ..AddonGroup::new(
                    "Print position",
                    vec![
                        AddonOption::new("Front", AddonPrice::Free),
                        AddonOption::new("Back", flat(200)),
                        AddonOption::new(
                            "Both",
                            AddonPrice::Percent {
                                basis_points: 1_000,
                            },
                        ),
                    ],
                )
            },
        ],
        ..Product::new(ProductId(MUG), ProductType::Simple, "Mug")
    }
}

async fn shop() -> RefShop {
    let shop = cart_shop().await;
    save(&shop, mug()).await;
    shop
}

async fn save(shop: &RefShop, mut product: Product) {
    let mut writer = CatalogueWriter::begin(&shop.state.db)
        .await
        .expect("writer");
    writer
        .save_product(&mut product, &mut [])
        .await
        .expect("mug");
    writer.commit().await.expect("commit");
}

/// `(name, value, display)` of each `item_data` entry of a cart item.
fn item_data(item: &Value) -> Vec<(String, String, String)> {
    item["item_data"]
        .as_array()
        .expect("item_data")
        .iter()
        .map(|d| {
            let text = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
            (text("name"), text("value"), text("display"))
        })
        .collect()
}

fn data(list: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    list.iter()
        .map(|(a, b, c)| ((*a).to_owned(), (*b).to_owned(), (*c).to_owned()))
        .collect()
}

#[tokio::test]
async fn the_product_form_posts_the_chosen_radios_and_the_cart_prices_them() {
    let shop = shop().await;
    let mut browser = FormBrowser::new(&shop);
    let added = browser
        .post(
            "/product/mug/",
            &[
                ("quantity", "2"),
                ("addon[gift-wrap]", "yes"),
                ("addon[print-position]", "back"),
                ("add-to-cart", &MUG.to_string()),
            ],
        )
        .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = browser.get("/cart/").await;
    let cart = cart_json(&page.body);
    let item = &cart["items"][0];
    assert_eq!(item["quantity"], 2);
    assert_eq!(item["prices"]["price"], "1500");
    assert_eq!(item["totals"]["line_subtotal"], "3000");
    assert_eq!(
        item_data(item),
        data(&[
            ("Gift wrap", "Yes", "Yes (+$3.00)"),
            ("Print position", "Back", "Back (+$2.00)"),
        ])
    );
    assert!(
        page.body.contains(
            "<dt>Gift wrap:</dt><dd>Yes (+$3.00)</dd><dt>Print position:</dt><dd>Back (+$2.00)</dd>"
        ),
        "the cart page lists the chosen options under the line: {}",
        page.body
    );
    let checkout = browser.get("/checkout/").await;
    assert!(
        checkout
            .body
            .contains("<dt>Gift wrap:</dt><dd>Yes (+$3.00)</dd>"),
        "the classic checkout lists them too"
    );
    let mut fragments = Browser::new(&shop.app);
    fragments.cookies = browser.cookies.clone();
    let mini = fragments
        .ajax("get_refreshed_fragments", &[])
        .await
        .fragment("div.widget_shopping_cart_content");
    assert!(
        mini.contains("<dt>Print position:</dt><dd>Back (+$2.00)</dd>"),
        "the mini cart lists them: {mini}"
    );

    // Leaving out the required group is refused with a notice; nothing is added.
    let refused = browser
        .post(
            "/product/mug/",
            &[
                ("addon[gift-wrap]", "yes"),
                ("add-to-cart", &MUG.to_string()),
            ],
        )
        .await;
    let back = browser.get(&refused.location).await;
    assert!(
        back.body.contains("Print position is a required field."),
        "{}",
        back.body
    );
    assert!(
        back.body
            .contains(r#"name="addon[gift-wrap]" value="yes" checked"#),
        "the refused choice is still checked: {}",
        back.body
    );
    let cart = cart_json(&browser.get("/cart/").await.body);
    assert_eq!(cart["items_count"], 2);
}

#[tokio::test]
async fn store_ajax_adds_with_the_chosen_options_and_refuses_unknown_ones() {
    let shop = shop().await;
    let mut browser = Browser::new(&shop.app);
    let answer = browser
        .ajax(
            "add_to_cart",
            &[
                ("product_id", &MUG.to_string()),
                ("quantity", "1"),
                ("addon[print-position]", "both"),
            ],
        )
        .await;
    assert!(answer.json()["fragments"].is_object(), "{}", answer.text);
    let cart = cart_json(&browser.get("/cart/").await.text);
    let item = &cart["items"][0];
    // $10.00 + 10 % for both sides; no gift wrap by default.
    assert_eq!(item["prices"]["price"], "1100");
    assert_eq!(
        item_data(item),
        data(&[
            ("Gift wrap", "No", "No"),
            ("Print position", "Both", "Both (+10%)"),
        ])
    );

    for bad in [
        ("addon[engraving]", "yes"),
        ("addon[print-position]", "sleeve"),
        ("addon[gift-wrap]", "<script>"),
    ] {
        let refused = browser
            .ajax(
                "add_to_cart",
                &[
                    ("product_id", &MUG.to_string()),
                    bad,
                    ("addon[print-position]", "front"),
                ],
            )
            .await;
        assert_eq!(refused.json()["error"], true, "{bad:?}: {}", refused.text);
        let url = refused.json()["product_url"].clone();
        assert!(
            url.as_str().is_some_and(|u| u.ends_with("/product/mug/")),
            "back to the product page to choose: {url}"
        );
    }
    let cart = cart_json(&browser.get("/cart/").await.text);
    assert_eq!(cart["items_count"], 1, "refused adds add nothing");
}

async fn client(shop: &RefShop) -> Client {
    let mut client = Client::new(&shop.app);
    let first = client.get("/cart").await;
    assert_eq!(first.status, StatusCode::OK);
    client
}

fn add(addons: Value) -> Value {
    json!({ "id": MUG, "quantity": 1, "addons": addons })
}

#[tokio::test]
async fn the_store_api_takes_an_addons_list_and_keeps_choices_on_their_own_lines() {
    let shop = shop().await;
    let mut client = client(&shop).await;
    let wrapped = add(json!([
        {"group": "gift-wrap", "option": "yes"},
        {"group": "print-position", "option": "front"}
    ]));
    let reply = client.post("/cart/add-item", wrapped.clone()).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    // Names and labels work too, in any case.
    let by_label = add(json!([
        {"group": "Gift wrap", "option": "YES"},
        {"group": "Print position", "option": "Front"}
    ]));
    let reply = client.post("/cart/add-item", by_label).await;
    let items = reply.body["items"].as_array().expect("items").clone();
    assert_eq!(items.len(), 1, "the same choice is the same line");
    assert_eq!(items[0]["quantity"], 2);
    assert_eq!(items[0]["prices"]["price"], "1300");

    let plain = add(json!([{"group": "print-position", "option": "back"}]));
    let reply = client.post("/cart/add-item", plain).await;
    let items = reply.body["items"].as_array().expect("items").clone();
    assert_eq!(items.len(), 2, "another choice is another line");
    assert_ne!(items[0]["key"], items[1]["key"]);
    assert_eq!(items[1]["prices"]["price"], "1200");
    assert_eq!(items[1]["totals"]["line_subtotal"], "1200");
    // 2 × $13.00 + $12.00.
    assert_eq!(reply.body["totals"]["total_items"], "3800");
}

#[tokio::test]
async fn the_store_api_refuses_bad_addons_in_its_error_format() {
    let shop = shop().await;
    let mut client = client(&shop).await;
    let cases = [
        (
            add(json!([{"group": "engraving", "option": "yes"}])),
            "mercato_rest_invalid_addon_data",
            "&quot;engraving&quot; is not an option group of this product.",
        ),
        (
            add(json!([{"group": "print-position", "option": "sleeve"}])),
            "mercato_rest_invalid_addon_data",
            "&quot;sleeve&quot; is not a choice of Print position.",
        ),
        (
            add(json!([{"group": "gift-wrap", "option": "yes"}])),
            "mercato_rest_invalid_addon_data",
            "Print position is a required field.",
        ),
        (
            add(json!([{"group": "print-position", "option": "<img src=x onerror=alert(1)>"}])),
            "mercato_rest_invalid_addon_data",
            "&quot;&lt;img src=x onerror=alert(1)&gt;&quot; is not a choice of Print position.",
        ),
        (
            add(json!([
                {"group": "print-position", "option": "back"},
                {"group": "print-position", "option": "front"}
            ])),
            "mercato_rest_invalid_addon_data",
            "Print position was chosen more than once.",
        ),
    ];
    for (body, code, message) in cases {
        let reply = client.post("/cart/add-item", body.clone()).await;
        assert_wp_error(&reply, 400, code);
        assert_eq!(reply.body["message"], message, "{body}");
    }
    for shape in [
        json!("gift-wrap"),
        json!([1]),
        json!([{"group": 3, "option": "x"}]),
    ] {
        let reply = client.post("/cart/add-item", add(shape.clone())).await;
        assert_wp_error(&reply, 400, "rest_invalid_param");
        assert!(
            reply.body["data"]["params"]["addons"].is_string(),
            "{shape}: {}",
            reply.body
        );
    }
    // A product without add-ons refuses any.
    let reply = client
        .post(
            "/cart/add-item",
            json!({"id": 17, "addons": [{"group": "gift-wrap", "option": "yes"}]}),
        )
        .await;
    assert_wp_error(&reply, 400, "mercato_rest_invalid_addon_data");
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 0);
}

#[tokio::test]
async fn a_line_whose_option_is_withdrawn_leaves_the_cart_with_a_notice() {
    let shop = shop().await;
    let mut client = client(&shop).await;
    let back = add(json!([{"group": "print-position", "option": "back"}]));
    let front = add(json!([{"group": "print-position", "option": "front"}]));
    client.post("/cart/add-item", back).await;
    client.post("/cart/add-item", front).await;

    let mut changed = catalogue::product_by_id(&shop.state.db, ProductId(MUG))
        .await
        .expect("read")
        .expect("mug");
    if let Some(group) = changed.addons.get_mut(1) {
        group.options.retain(|o| o.key != "back");
    }
    save(&shop, changed).await;

    let cart = client.get("/cart").await;
    let items = cart.body["items"].as_array().expect("items");
    assert_eq!(items.len(), 1, "{}", cart.body);
    assert_eq!(items[0]["item_data"][1]["value"], "Front");
    assert_eq!(
        cart.body["errors"][0]["message"],
        "Mug has been removed from your cart because its options have changed. Please choose them again."
    );
    let again = client.get("/cart").await;
    assert_eq!(again.body["errors"], json!([]), "the notice is given once");
}

#[tokio::test]
async fn the_order_keeps_the_chosen_options_as_line_meta() {
    let shop = shop().await;
    let mut client = client(&shop).await;
    let wrapped = add(json!([
        {"group": "gift-wrap", "option": "yes"},
        {"group": "print-position", "option": "front"}
    ]));
    client.post("/cart/add-item", wrapped).await;
    let placed = client
        .post(
            "/checkout",
            crate::store_api_cart_support::golden_request("034"),
        )
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    let id = placed.body["order_id"].as_i64().expect("order id");
    let order = mercato_db::orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    let line = order.line_items.first().expect("line");
    assert_eq!(line.subtotal, Money::from_minor(1300));
    let meta: Vec<(&str, &str)> = line
        .addons
        .iter()
        .map(|a| (a.label.as_str(), a.display_value.as_str()))
        .collect();
    assert_eq!(
        meta,
        [("Gift wrap", "Yes (+$3.00)"), ("Print position", "Front")]
    );

    let key = placed.body["order_key"].as_str().expect("key").to_owned();
    let view = client
        .get(&format!(
            "/order/{id}?key={key}&billing_email=jane.doe%40example.com"
        ))
        .await;
    assert_eq!(view.status, StatusCode::OK, "{}", view.body);
    let data = &view.body["items"][0]["item_data"];
    assert_eq!(data[0]["display_key"], "Gift wrap", "{data}");
    assert_eq!(data[0]["display_value"], "<p>Yes (+$3.00)</p>\n");

    let mut browser = FormBrowser::new(&shop);
    browser.cookies = client.cookies.clone();
    let received = browser
        .get(&format!("/checkout/order-received/{id}/?key={key}"))
        .await;
    assert!(
        received
            .body
            .contains("Gift wrap: Yes (+$3.00), Print position: Front"),
        "{}",
        received.body
    );
}

#[tokio::test]
async fn listings_send_shoppers_to_the_page_when_a_choice_is_required() {
    let shop = shop().await;
    let mut browser = FormBrowser::new(&shop);
    let listing = browser.get("/shop/").await;
    assert!(
        listing
            .body
            .contains("Select options for \u{201c}Mug\u{201d}"),
        "the mug's card links to its page"
    );
    assert!(!listing.body.contains(&format!("?add-to-cart={MUG}")));
    let mut client = client(&shop).await;
    let product = client.get(&format!("/products/{MUG}")).await;
    assert_eq!(product.body["add_to_cart"]["text"], "Select options");

    // With a default for the required group the listing adds again.
    let mut defaulted = mug();
    defaulted.addons[1].default = Some("front".into());
    save(&shop, defaulted).await;
    let listing = browser.get("/shop/").await;
    assert!(listing.body.contains(&format!("?add-to-cart={MUG}")));
}

#[tokio::test]
async fn a_variation_line_takes_its_percentage_of_each_of_its_prices() {
    let shop = shop().await;
    let mut hoodie = catalogue::product_by_id(&shop.state.db, ProductId(15))
        .await
        .expect("read")
        .expect("hoodie");
    hoodie.addons = vec![mug().addons[1].clone()];
    let mut variations = catalogue::variations_of(&shop.state.db, ProductId(15))
        .await
        .expect("variations");
    let mut writer = CatalogueWriter::begin(&shop.state.db)
        .await
        .expect("writer");
    writer
        .save_product(&mut hoodie, &mut variations)
        .await
        .expect("hoodie");
    writer.commit().await.expect("commit");

    let mut client = client(&shop).await;
    // Variation 31 (red, no logo) is on sale: $42.00 instead of $45.00.
    let reply = client
        .post(
            "/cart/add-item",
            json!({"id": 31, "quantity": 2, "addons": [{"group": "print-position", "option": "both"}]}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    let item = &reply.body["items"][0];
    assert_eq!(item["prices"]["price"], "4620");
    assert_eq!(item["prices"]["sale_price"], "4620");
    assert_eq!(item["prices"]["regular_price"], "4950");
    assert_eq!(item["totals"]["line_subtotal"], "9240");
    let chosen = item["variation"].as_array().expect("variation");
    assert!(chosen.iter().any(|v| v["value"] == "Red"), "{chosen:?}");
    assert_eq!(
        item_data(item),
        data(&[("Print position", "Both", "Both (+10%)")])
    );
}
