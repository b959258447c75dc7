//! Extensions installed in the extensions directory (docs/extensions.md), as `mercato serve`
//! loads them: their files are served under `/extensions/{name}/` and nothing else is (no
//! path out of the folder, no symbolic link out, never `extension.json`); the cart and
//! checkout pages print their scripts in dependency order, and only those pages' content
//! security policy allows the extensions' inline code (by hash) and declared origins.

use std::path::Path;

use axum::http::{Method, StatusCode};
use base64::Engine;
use mercato_server::ServerConfig;
use mercato_server::extensions::Extensions;
use mercato_server::middleware::CONTENT_SECURITY_POLICY;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::store_api_cart_support::{self, Client, ref_shop};

/// Writes extension `name` into `dir`: its manifest and files (path, content).
pub fn install(dir: &Path, name: &str, manifest: &Value, files: &[(&str, &str)]) {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::write(
        folder.join("extension.json"),
        serde_json::to_vec_pretty(manifest).expect("json"),
    )
    .expect("manifest");
    for (path, content) in files {
        let file = folder.join(path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("dirs");
        std::fs::write(file, content).expect("file");
    }
}

/// The reference shop served as `mercato serve --extensions-dir dir` serves it, with the
/// gateway settings `gateways` stored.
pub async fn shop_with_extensions(
    dir: &Path,
    gateways: Value,
) -> (store_api_cart_support::RefShop, axum::Router) {
    let shop = ref_shop().await;
    let list: Vec<mercato_core::settings::GatewaySettings> =
        serde_json::from_value(gateways).expect("settings");
    mercato_db::options::set(
        &shop.state.db,
        mercato_core::settings::GatewaySettings::OPTION,
        &list,
    )
    .await
    .expect("store");
    let config = ServerConfig {
        assets_dir: std::path::PathBuf::from("/nonexistent"),
        extensions_dir: dir.to_path_buf(),
        ..ServerConfig::default()
    };
    let state = mercato_server::load_state(shop.state.db.clone(), config)
        .await
        .expect("state");
    (shop, mercato_server::router(state))
}

/// A response to a browser's GET: status, headers, text.
pub struct Fetched {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub text: String,
}

impl Fetched {
    /// A header as text ("" when absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }
}

/// `GET path` as a browser with `client`'s cookies.
pub async fn get(client: &mut Client, path: &str) -> Fetched {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let cookies = client
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let request = axum::http::Request::builder()
        .method(Method::GET)
        .uri(path)
        .header(
            axum::http::header::HOST,
            store_api_cart_support::client::HOST,
        )
        .header(axum::http::header::COOKIE, cookies)
        .body(axum::body::Body::empty())
        .expect("request");
    let response = client.app().oneshot(request).await.expect("response");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    Fetched {
        status,
        headers,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

#[tokio::test]
async fn an_extension_s_files_are_served_and_nothing_outside_them() {
    let dir = tempfile::tempdir().expect("dir");
    let extensions = dir.path().join("extensions");
    std::fs::write(dir.path().join("secret.txt"), "the shop's secrets").expect("outside");
    install(
        &extensions,
        "dummy",
        &json!({
            "name": "dummy",
            "scripts": [{"src": "dist/index.js", "handle": "dummy-blocks"}],
            "gateways": [{"id": "acme", "title": "Acme", "app": {"url": "http://127.0.0.1:9/pay", "secret": "a secret of sixteen+"}}]
        }),
        &[
            ("dist/index.js", "window.dummyLoaded = true;"),
            ("dist/style.css", "a{}"),
            (
                "dist/nested/extension.json",
                "{\"secret\": \"also hidden\"}",
            ),
            (".env", "SECRET=1"),
        ],
    );
    let dist = extensions.join("dummy/dist");
    std::os::unix::fs::symlink(dir.path().join("secret.txt"), dist.join("out.js")).expect("link");
    std::os::unix::fs::symlink(dist.join("index.js"), dist.join("alias.js")).expect("link");
    install(
        &extensions,
        "broken",
        &json!({"name": "broken", "nonsense": 1}),
        &[("a.js", "x")],
    );
    let (_shop, app) = shop_with_extensions(&extensions, json!([])).await;
    let mut client = Client::new(&app);

    let script = get(&mut client, "/extensions/dummy/dist/index.js").await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.text, "window.dummyLoaded = true;");
    assert_eq!(
        script.header("content-type"),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(script.header("cache-control"), "public, max-age=86400");
    assert_eq!(script.header("x-content-type-options"), "nosniff");
    let style = get(&mut client, "/extensions/dummy/dist/style.css").await;
    assert_eq!(style.header("content-type"), "text/css; charset=utf-8");
    // A link that stays inside the folder is followed.
    let alias = get(&mut client, "/extensions/dummy/dist/alias.js").await;
    assert_eq!(alias.status, StatusCode::OK);

    for refused in [
        "/extensions/dummy/extension.json",
        "/extensions/dummy/EXTENSION.JSON",
        "/extensions/dummy/dist/nested/extension.json",
        "/extensions/dummy/dist/out.js",
        "/extensions/dummy/../secret.txt",
        "/extensions/dummy/%2e%2e/secret.txt",
        "/extensions/dummy/dist/..%2f..%2fsecret.txt",
        "/extensions/dummy/dist/%2e%2e/%2e%2e/secret.txt",
        "/extensions/dummy/.env",
        "/extensions/dummy//etc/passwd",
        "/extensions/dummy/dist/missing.js",
        "/extensions/dummy/dist",
        "/extensions/broken/a.js",
        "/extensions/nobody/a.js",
    ] {
        let reply = get(&mut client, refused).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{refused}");
        assert!(!reply.text.contains("secret"), "{refused}: {}", reply.text);
    }
}

/// The CSP source of an inline script's text.
fn hash_source(code: &str) -> String {
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(Sha256::digest(code.as_bytes()))
    )
}

/// Every `<script ...>` element of `page` from the first extension script on: (opening tag,
/// text).
fn extension_scripts(page: &str) -> Vec<(String, String)> {
    let start = page
        .find("<script id=\"")
        .into_iter()
        .chain(page.find("<script src=\"/extensions/"))
        .chain(page.find("<script type=\"module\" src=\"/extensions/"))
        .chain(page.find("<script type=\"module\" id=\""))
        .chain(page.find("<script defer src=\"/extensions/"))
        .min()
        .expect("extension scripts on the page");
    // The slice starts with `<script`, so the split's first part is empty.
    page[start..]
        .split("<script")
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (tag, rest) = part.split_once('>').expect("tag");
            let text = rest.split("</script>").next().expect("text");
            (tag.trim().to_owned(), text.to_owned())
        })
        .collect()
}

#[tokio::test]
async fn cart_and_checkout_print_the_scripts_in_order_with_a_policy_for_them_only() {
    let dir = tempfile::tempdir().expect("dir");
    let extensions = dir.path().join("extensions");
    // "alpha" comes first by name but needs "beta"'s script, and a handle nobody has.
    install(
        &extensions,
        "alpha",
        &json!({
            "name": "alpha",
            "scripts": [{
                "src": "build/index.js", "handle": "alpha-blocks",
                "deps": ["beta-lib", "wp-polyfill", "wc-blocks-registry", "mystery-lib"],
                "data": {"alphaVars": {"title": "</script><script>alert(1)</script>", "n": 2}},
                "before": "window.alphaBefore = 1;", "after": "window.alphaAfter = 1;"
            }],
            "origins": {"script": ["https://js.alpha.example"], "connect": ["https://api.alpha.example"], "frame": ["https://pay.alpha.example"]}
        }),
        &[("build/index.js", "window.alpha = 1;")],
    );
    install(
        &extensions,
        "beta",
        &json!({
            "name": "beta",
            "scripts": [{"src": "lib.mjs", "handle": "beta-lib", "module": true, "before": "window.betaBefore = 1;"}]
        }),
        &[("lib.mjs", "export const beta = 1;")],
    );
    let loaded = Extensions::load(&extensions);
    assert_eq!(loaded.broken, []);
    assert_eq!(
        loaded.warnings,
        [
            "extension \"alpha\": script \"alpha-blocks\" depends on \"mystery-lib\", which Mercato does not provide; it loads anyway"
        ]
    );
    let (_shop, app) =
        shop_with_extensions(&extensions, json!([{"id": "cod", "enabled": true}])).await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);

    let alpha_version = {
        let digest = hex::encode(Sha256::digest(b"window.alpha = 1;"));
        digest[..12].to_owned()
    };
    for path in ["/cart/", "/checkout/"] {
        let page = get(&mut client, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.text);
        let scripts = extension_scripts(&page.text);
        let tags: Vec<&str> = scripts.iter().map(|(tag, _)| tag.as_str()).collect();
        assert_eq!(
            tags,
            [
                "type=\"module\" id=\"beta-lib-js-before\"".to_owned(),
                format!(
                    "type=\"module\" src=\"/extensions/beta/lib.mjs?ver={}\" id=\"beta-lib-js\"",
                    &hex::encode(Sha256::digest(b"export const beta = 1;"))[..12]
                ),
                "id=\"alpha-blocks-js-extra\"".to_owned(),
                "type=\"module\" id=\"alpha-blocks-js-before\"".to_owned(),
                format!(
                    "defer src=\"/extensions/alpha/build/index.js?ver={alpha_version}\" id=\"alpha-blocks-js\""
                ),
                "type=\"module\" id=\"alpha-blocks-js-after\"".to_owned(),
            ],
            "{path}"
        );
        // The page's globals chunk learns which extensions it serves (web/README.md,
        // "Extensions"); their scripts run after it (deferred, or modules).
        assert!(
            page.text.contains(r#""extensions":["beta","alpha"],"#),
            "{path}: the settings name the extensions"
        );
        // The data is printed as globals, unable to end its element.
        assert_eq!(
            scripts[2].1,
            r#"var alphaVars = {"n":2,"title":"\u003c/script>\u003cscript>alert(1)\u003c/script>"};"#
        );
        let policy = page.header("content-security-policy");
        for (_, code) in scripts.iter().filter(|(_, code)| !code.is_empty()) {
            assert!(
                policy.contains(&hash_source(code)),
                "{path}: {code} not allowed by {policy}"
            );
        }
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert!(policy.contains(" https://js.alpha.example"), "{policy}");
        assert!(
            policy.contains("connect-src 'self' https://api.alpha.example"),
            "{policy}"
        );
        assert!(
            policy.contains("frame-src 'self' https://pay.alpha.example"),
            "{policy}"
        );
        assert!(policy.contains("object-src 'none'"), "{policy}");
        // What the page loads is served.
        let served = get(
            &mut client,
            &format!("/extensions/alpha/build/index.js?ver={alpha_version}"),
        )
        .await;
        assert_eq!(served.status, StatusCode::OK);
    }

    // Other pages keep the shop's own policy and load no extension script.
    for path in ["/", "/shop/", "/my-account/"] {
        let page = get(&mut client, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(
            page.header("content-security-policy"),
            CONTENT_SECURITY_POLICY,
            "{path}"
        );
        assert!(!page.text.contains("/extensions/"), "{path}");
    }
}

#[tokio::test]
async fn without_extensions_the_cart_and_checkout_keep_the_shop_s_policy() {
    let dir = tempfile::tempdir().expect("dir");
    let (_shop, app) = shop_with_extensions(
        &dir.path().join("none"),
        json!([{"id": "cod", "enabled": true}]),
    )
    .await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    for path in ["/cart/", "/checkout/"] {
        let page = get(&mut client, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(
            page.header("content-security-policy"),
            CONTENT_SECURITY_POLICY,
            "{path}"
        );
        assert!(!page.text.contains("/extensions/"), "{path}");
    }
}

#[tokio::test]
async fn one_broken_extension_is_reported_and_the_others_load() {
    let dir = tempfile::tempdir().expect("dir");
    let extensions = dir.path().join("extensions");
    install(
        &extensions,
        "good",
        &json!({"name": "good", "gateways": [{"id": "invoice", "title": "Invoice", "settle": "on-hold"}]}),
        &[],
    );
    install(
        &extensions,
        "env-secret",
        &json!({"name": "env-secret", "gateways": [{"id": "envpay", "title": "Env Pay", "app": {"url": "https://pay.example/", "secret_env": "MERCATO_TEST_UNSET_SECRET_4711"}}]}),
        &[],
    );
    install(
        &extensions,
        "thief",
        &json!({"name": "thief", "gateways": [{"id": "invoice", "title": "Mine", "settle": "processing"}]}),
        &[],
    );
    std::fs::create_dir_all(extensions.join("not-json")).expect("dir");
    std::fs::write(extensions.join("not-json/extension.json"), "{\"name\": ").expect("file");
    std::fs::create_dir_all(extensions.join("no-manifest")).expect("dir");

    let loaded = Extensions::load(&extensions);
    let names: Vec<&str> = loaded.installed.iter().map(|e| e.name()).collect();
    assert_eq!(names, ["good"]);
    let broken: Vec<(&str, Vec<String>)> = loaded
        .broken
        .iter()
        .map(|b| (b.folder.as_str(), b.problems.clone()))
        .collect();
    assert_eq!(
        broken,
        [
            (
                "env-secret",
                vec!["gateways[0].app.secret_env: the environment variable MERCATO_TEST_UNSET_SECRET_4711 is not set".to_owned()]
            ),
            (
                "not-json",
                vec!["extension.json is not valid: EOF while parsing a value at line 1 column 9".to_owned()]
            ),
            (
                "thief",
                vec!["gateway id \"invoice\" is already extension \"good\"'s".to_owned()]
            ),
        ]
    );

    // The good one's gateway is the shop's: offered, and on hold once chosen.
    let (shop, app) = shop_with_extensions(&extensions, json!([])).await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.body["payment_methods"], json!(["invoice"]));
    let mut body = crate::store_api_cart_support::golden_request("034");
    body["payment_method"] = json!("invoice");
    let placed = client.post("/checkout", body).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    assert_eq!(placed.body["status"], "on-hold");
    assert_eq!(placed.body["payment_result"]["payment_status"], "success");
    let order_id = placed.body["order_id"].as_i64().expect("order");
    let order = mercato_db::orders::load(&shop.state.db, order_id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.payment_method_title, "Invoice");
}
