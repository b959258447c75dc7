//! Which payment gateways a shop offers (docs/payments.md): a new shop none, with a warning
//! when `mercato serve` starts, until the merchant turns one on with `mercato settings set
//! payment_gateways`; the demo shop all four, the test card saying it is in test mode.

use mercato_db::catalogue as store;
use serde_json::json;

use crate::common::served::{Answer, Served};
use crate::common::{cli_shop, run_cli, text};

const API: &str = "/wp-json/wc/store/v1";
const WARNING: &str =
    "no payment method is enabled: customers cannot check out; see docs/payments.md";
const TEST_MODE: &str =
    "Test mode: use 4242 4242 4242 4242 with any future expiry and any code. No money is taken.";

/// A shopper with `product` in the cart: the add-item answer and the session cookie.
fn shopper_with(served: &Served, product: i64) -> (Answer, String) {
    let cart = served.request("GET", &format!("{API}/cart"), &[], None);
    assert_eq!(cart.status, 200, "{cart:?}");
    let cookies = |answer: &Answer| -> Vec<String> {
        answer
            .headers
            .iter()
            .filter(|(k, _)| k == "set-cookie")
            .filter_map(|(_, v)| v.split(';').next())
            .map(str::to_owned)
            .collect()
    };
    let mut cookie = cookies(&cart).join("; ");
    let nonce = cart.header("nonce").expect("nonce").to_owned();
    let added = served.request(
        "POST",
        &format!("{API}/cart/add-item"),
        &[("Cookie", &cookie), ("Nonce", &nonce)],
        Some(&json!({"id": product, "quantity": 1})),
    );
    assert_eq!(added.status, 201, "{added:?}");
    for pair in cookies(&added) {
        cookie = format!("{cookie}; {pair}");
    }
    (added, cookie)
}

async fn a_poster(db: &mercato_db::Db) -> i64 {
    use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType};
    let mut writer = store::CatalogueWriter::begin(db).await.expect("writer");
    let mut poster = Product::new(ProductId(0), ProductType::Simple, "Poster");
    poster.pricing = Pricing::regular(mercato_core::money::Money::from_minor(1800));
    poster.is_virtual = true;
    let id = writer
        .save_product(&mut poster, &mut [])
        .await
        .expect("save")
        .0;
    writer.commit().await.expect("commit");
    id
}

#[tokio::test]
async fn a_new_shop_offers_nothing_and_warns_until_the_merchant_turns_a_gateway_on() {
    let (dir, url, db) = cli_shop().await;
    let poster = a_poster(&db).await;
    let no_assets = ["--assets-dir", "/nonexistent"];
    let served = Served::start(dir.path(), &url, &no_assets, "warn");
    assert!(served.log_text().contains(WARNING), "{}", served.log_text());
    let (added, _) = shopper_with(&served, poster);
    assert_eq!(added.json()["payment_methods"], json!([]));
    drop(served);

    // The command docs/payments.md gives.
    let file = dir.path().join("gateways.json");
    std::fs::write(&file, r#"[{"id": "cheque", "enabled": true}]"#).expect("write");
    let set = run_cli(
        &url,
        &[
            "settings",
            "set",
            "payment_gateways",
            file.to_str().expect("path"),
        ],
        "",
    );
    assert!(set.status.success(), "{}", text(&set.stderr));
    let served = Served::start(dir.path(), &url, &no_assets, "warn");
    let (added, _) = shopper_with(&served, poster);
    assert_eq!(added.json()["payment_methods"], json!(["cheque"]));
    assert!(
        !served.log_text().contains(WARNING),
        "{}",
        served.log_text()
    );
}

#[tokio::test]
async fn the_demo_shop_pays_with_every_gateway_and_says_the_card_is_a_test() {
    let (dir, url, db) = cli_shop().await;
    mercato::demo::load(&db).await.expect("demo");
    let poster = store::product_by_sku(&db, "PS-CTY")
        .await
        .expect("find")
        .expect("the City Lights Poster");
    let store::StoredRecord::Product(poster) = poster else {
        panic!("a product: {poster:?}");
    };
    let poster = poster.id.0;
    let served = Served::start(dir.path(), &url, &["--assets-dir", "/nonexistent"], "warn");
    assert!(
        !served.log_text().contains(WARNING),
        "{}",
        served.log_text()
    );
    let (added, cookie) = shopper_with(&served, poster);
    assert_eq!(
        added.json()["payment_methods"],
        json!(["bacs", "cheque", "cod", "test_card"])
    );
    let page = served.request("GET", "/checkout/", &[("Cookie", &cookie)], None);
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(&format!("<p>{TEST_MODE}</p>")),
        "{}",
        page.body
    );
}
