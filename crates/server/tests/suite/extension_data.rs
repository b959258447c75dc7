//! Extension data (docs/extensions.md, "Extension data"): an installed extension's
//! `data_schema` namespaces are accepted by `POST /cart/extensions` and by the checkout's
//! `extensions` once the data is valid under the namespace's schema and small enough; they
//! are kept on the cart and reach the order. Invalid and oversized data are Store API errors
//! that store nothing; the checkout ignores namespaces no extension declares, as WooCommerce
//! does (`POST /cart/extensions` refuses them). A schema that does not compile keeps its
//! extension from loading.

use axum::http::StatusCode;
use mercato_core::orders::OrderStatus;
use mercato_db::orders;
use mercato_server::extensions::Extensions;
use serde_json::{Value, json};

use crate::extensions::{install, shop_with_extensions};
use crate::store_api_cart_support::{Client, RefShop, golden_request};
use crate::store_api_support::{Reply, assert_wp_error};

/// The tip extension's manifest: a tip of whole dollars, an optional short note, nothing else.
fn tips_manifest() -> Value {
    json!({
        "name": "tips",
        "data_schema": {
            "tips": {
                "type": "object",
                "properties": {
                    "tip": {"type": "integer", "minimum": 0},
                    "note": {"type": "string", "maxLength": 20},
                    "padding": {"type": "string"}
                },
                "required": ["tip"],
                "additionalProperties": false
            },
            "tips/survey": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}}}
        }
    })
}

/// The reference shop with the tips extension installed and cash on delivery on, and a
/// client whose cart holds a T-shirt.
async fn shop_with_tips() -> (RefShop, Client, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("dir");
    install(dir.path(), "tips", &tips_manifest(), &[]);
    let (shop, app) =
        shop_with_extensions(dir.path(), json!([{"id": "cod", "enabled": true}])).await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    let added = client.post("/cart/add-item", golden_request("031")).await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    (shop, client, dir)
}

/// The recorded cash-on-delivery checkout (golden 034) with `extensions` replaced.
fn checkout_with(extensions: Value) -> Value {
    let mut body = golden_request("034");
    body["extensions"] = extensions;
    body
}

/// What the recorded checkout sends for order attribution.
fn attribution() -> Value {
    golden_request("034")["extensions"]["woocommerce/order-attribution"].clone()
}

fn assert_refused_param(reply: &Reply, code: &str, message: &str) {
    assert_wp_error(reply, 400, "rest_invalid_param");
    assert_eq!(
        reply.body["data"]["params"]["extensions"], message,
        "{}",
        reply.body
    );
    assert_eq!(
        reply.body["data"]["details"]["extensions"]["code"], code,
        "{}",
        reply.body
    );
}

#[tokio::test]
async fn the_cart_keeps_valid_data_and_refuses_the_rest_keeping_nothing() {
    let (_shop, mut client, _dir) = shop_with_tips().await;

    let kept = client
        .post(
            "/cart/extensions",
            json!({"namespace": "tips", "data": {"tip": 2, "note": "Thanks!"}}),
        )
        .await;
    assert_eq!(kept.status, StatusCode::OK, "{}", kept.body);
    // The answer is the cart, which shows what the namespace keeps.
    assert_eq!(kept.body["items_count"], 1);
    assert_eq!(
        kept.body["extensions"]["tips"],
        json!({"tip": 2, "note": "Thanks!"})
    );
    // Sent again, the data replaces what was kept.
    let replaced = client
        .post(
            "/cart/extensions",
            json!({"namespace": "tips", "data": {"tip": 3}}),
        )
        .await;
    assert_eq!(replaced.body["extensions"]["tips"], json!({"tip": 3}));

    let refusals = [
        (
            json!({"namespace": "tips", "data": {"tip": "lots"}}),
            "The data for tips was refused: data[tip] is not of type &quot;integer&quot;.",
        ),
        (
            json!({"namespace": "tips", "data": {"tip": -1}}),
            "The data for tips was refused: data[tip] is less than the minimum of 0.",
        ),
        (
            json!({"namespace": "tips", "data": {"note": "no tip"}}),
            "The data for tips was refused: data: &quot;tip&quot; is a required property.",
        ),
        (
            json!({"namespace": "tips", "data": {"tip": 1, "<b>x</b>": 1}}),
            "The data for tips was refused: data: Additional properties are not allowed (&#039;&lt;b&gt;x&lt;/b&gt;&#039; was unexpected).",
        ),
        (
            json!({"namespace": "tips", "data": {"tip": 1, "padding": "x".repeat(20_000)}}),
            "The data for tips was refused: data must be at most 16384 bytes of JSON (it has 20022).",
        ),
        (
            json!({"namespace": "nobody", "data": {"tip": 1}}),
            "There is no such namespace registered: nobody.",
        ),
    ];
    for (body, message) in refusals {
        let reply = client.post("/cart/extensions", body.clone()).await;
        assert_wp_error(&reply, 400, "woocommerce_rest_cart_extensions_error");
        assert_eq!(reply.body["message"], message, "{body}");
    }
    // Nothing refused was kept.
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["extensions"]["tips"], json!({"tip": 3}));
    assert_eq!(cart.body["extensions"].get("nobody"), None);
}

#[tokio::test]
async fn the_checkout_s_extension_data_and_the_cart_s_reach_the_order() {
    let (shop, mut client, _dir) = shop_with_tips().await;
    client
        .post(
            "/cart/extensions",
            json!({"namespace": "tips", "data": {"tip": 2}}),
        )
        .await;
    client
        .post(
            "/cart/extensions",
            json!({"namespace": "tips/survey", "data": {"email": "jane@example.com"}}),
        )
        .await;
    // The checkout sends a newer tip; the survey answer comes from the cart alone; order
    // attribution takes the same path.
    let placed = client
        .post(
            "/checkout",
            checkout_with(json!({
                "woocommerce/order-attribution": attribution(),
                "tips": {"tip": 5, "note": "Great service"}
            })),
        )
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    let id = placed.body["order_id"].as_i64().expect("order id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(
        serde_json::to_value(&order.extension_data).expect("json"),
        json!({
            "tips": {"tip": 5, "note": "Great service"},
            "tips/survey": {"email": "jane@example.com"}
        })
    );
    let attribution = order.attribution.expect("attribution kept");
    assert_eq!(attribution.origin(), "Direct");
}

#[tokio::test]
async fn data_sent_with_put_checkout_is_kept_on_the_draft_and_placed() {
    let (shop, mut client, _dir) = shop_with_tips().await;
    let put = client
        .call(
            axum::http::Method::PUT,
            "/checkout",
            Some(json!({"extensions": {"tips": {"tip": 7}}})),
        )
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    let draft_id = put.body["order_id"].as_i64().expect("draft");
    let placed = client
        .post(
            "/checkout",
            checkout_with(json!({"woocommerce/order-attribution": attribution()})),
        )
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    assert_eq!(placed.body["order_id"].as_i64(), Some(draft_id));
    let order = orders::load(&shop.state.db, draft_id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(
        serde_json::to_value(&order.extension_data).expect("json"),
        json!({"tips": {"tip": 7}})
    );
}

#[tokio::test]
async fn a_checkout_with_refused_extension_data_places_nothing() {
    let (shop, mut client, _dir) = shop_with_tips().await;
    let before = orders::count(&shop.state.db).await.expect("count");
    let cases = [
        (
            json!({"tips": {"tip": "five"}}),
            "rest_invalid_type",
            "extensions[tips][tip] is not of type &quot;integer&quot;.",
        ),
        (
            json!({"tips": {"tip": 1, "note": "a note far longer than twenty characters"}}),
            "rest_too_long",
            "extensions[tips][note] is longer than 20 characters.",
        ),
        (
            json!({"tips/survey": {"email": "not an address"}}),
            "rest_invalid_param",
            "extensions[tips/survey][email] is not a &quot;email&quot;.",
        ),
        (
            json!({"tips": {"tip": 1, "padding": "x".repeat(20_000)}}),
            "rest_too_long",
            "extensions[tips] must be at most 16384 bytes of JSON (it has 20022).",
        ),
    ];
    for (extensions, code, message) in cases {
        let reply = client
            .post("/checkout", checkout_with(extensions.clone()))
            .await;
        assert_refused_param(&reply, code, message);
    }
    assert_eq!(
        orders::count(&shop.state.db).await.expect("count"),
        before,
        "no order was placed"
    );
    // Attribution data of the wrong type is still refused as WordPress words it.
    let mut bad_attribution = attribution();
    bad_attribution["session_pages"] = json!(3);
    let reply = client
        .post(
            "/checkout",
            checkout_with(json!({"woocommerce/order-attribution": bad_attribution})),
        )
        .await;
    assert_refused_param(
        &reply,
        "rest_invalid_type",
        "extensions[woocommerce/order-attribution][session_pages] is not of type string,null.",
    );
    // The cart is untouched: the same checkout with good data goes through.
    let placed = client
        .post("/checkout", checkout_with(json!({"tips": {"tip": 1}})))
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
}

#[tokio::test]
async fn a_schema_that_cannot_be_compiled_or_a_taken_namespace_keeps_the_extension_out() {
    let dir = tempfile::tempdir().expect("dir");
    install(dir.path(), "tips", &tips_manifest(), &[]);
    install(
        dir.path(),
        "broken",
        &json!({
            "name": "broken",
            "data_schema": {
                "broken": {"type": "nonsense"},
                "broken/remote": {"$ref": "https://schemas.example/tip.json"},
                "broken/lookaround": {"type": "string", "pattern": "^(?=a)"}
            }
        }),
        &[],
    );
    install(
        dir.path(),
        "zzz-copycat",
        &json!({"name": "zzz-copycat", "data_schema": {"tips": {"type": "object"}}}),
        &[],
    );
    let loaded = Extensions::load(dir.path());
    let names: Vec<&str> = loaded.installed.iter().map(|e| e.name()).collect();
    assert_eq!(names, ["tips"]);
    assert_eq!(loaded.broken.len(), 2, "{:?}", loaded.broken);
    let broken = &loaded.broken[0];
    assert_eq!(broken.folder, "broken");
    assert_eq!(broken.problems.len(), 3, "{:?}", broken.problems);
    for (problem, (namespace, says)) in broken.problems.iter().zip([
        ("broken", "at /type: "),
        (
            "broken/lookaround",
            "at /pattern: \"^(?=a)\" is not a \"regex\"",
        ),
        ("broken/remote", "https://schemas.example/tip.json"),
    ]) {
        assert!(
            problem.starts_with(&format!(
                "data_schema.{namespace} is not a valid JSON Schema: "
            )) && problem.contains(says),
            "{problem}"
        );
    }
    assert_eq!(
        loaded.broken[1].problems,
        ["data_schema namespace \"tips\" is already extension \"tips\"'s"]
    );
    let namespaces: Vec<&str> = loaded.data_schemas().map(|(n, _)| n).collect();
    assert_eq!(namespaces, ["tips", "tips/survey"]);
}

#[tokio::test]
async fn the_checkout_ignores_namespaces_no_extension_declares() {
    // An installed script may set data for a namespace its manifest has no schema for (or a
    // client may send its own): WooCommerce's checkout takes the order and nobody reads the
    // data, so a shopper is never refused for it. Mercato keeps none of it.
    let (shop, mut client, _dir) = shop_with_tips().await;
    let placed = client
        .post(
            "/checkout",
            checkout_with(json!({
                "nobody": {"x": 1},
                "mercato": {"gift_wrap": true},
                "tips": {"tip": 2},
            })),
        )
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    let id = placed.body["order_id"].as_i64().expect("order id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(
        serde_json::to_value(&order.extension_data).expect("json"),
        json!({"tips": {"tip": 2}})
    );
}
