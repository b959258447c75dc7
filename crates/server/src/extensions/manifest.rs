//! An extension's `extension.json`: what it is read into, and the checks that turn a manifest
//! that would misbehave into a clear message before anything of it is used (docs/extensions.md).

use serde::Deserialize;
use serde_json::{Map, Value};

/// The manifest's file name in an extension's folder. Never served: it may hold secrets.
pub const MANIFEST_FILE: &str = "extension.json";

/// Gateway ids Mercato itself has (an extension cannot take one over).
const BUILT_IN_GATEWAYS: &[&str] = &["bacs", "cheque", "cod", "test_card"];

/// Shortest secret a payment app may have, in bytes.
pub const MIN_SECRET_LEN: usize = 16;

/// How long the shop waits for a payment app when the manifest does not say, in milliseconds.
pub const DEFAULT_APP_TIMEOUT_MS: u64 = 10_000;
/// The longest wait a manifest may ask for: below the server's request timeout, so the
/// shopper gets the app's answer or a clear message, never the server's 503.
pub const MAX_APP_TIMEOUT_MS: u64 = 20_000;

/// `extension.json`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The extension's name: its folder's name and its URL segment (`/extensions/{name}/`).
    pub name: String,
    /// Its version, shown by `mercato extensions list`.
    #[serde(default)]
    pub version: String,
    /// One sentence about it.
    #[serde(default)]
    pub description: String,
    /// Scripts the cart and checkout pages load.
    #[serde(default)]
    pub scripts: Vec<ScriptSpec>,
    /// Settings its scripts read with `wc.wcSettings.getSetting(key)`.
    #[serde(default)]
    pub settings: Map<String, Value>,
    /// Payment gateways it adds.
    #[serde(default)]
    pub gateways: Vec<GatewaySpec>,
    /// Origins beyond the shop's own that its scripts need on the cart and checkout pages.
    #[serde(default)]
    pub origins: Origins,
    /// JSON Schemas of the extension data it sends, by namespace.
    #[serde(default)]
    pub data_schema: Map<String, Value>,
}

/// One script (WordPress's registered script).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptSpec {
    /// Its file, relative to the extension's folder (`dist/index.js`).
    pub src: String,
    /// Its handle, which other scripts name in their `deps`.
    pub handle: String,
    /// Handles of scripts it needs first.
    #[serde(default)]
    pub deps: Vec<String>,
    /// Loaded as an ES module.
    #[serde(default)]
    pub module: bool,
    /// Globals printed before it (WordPress's localized script data): name → JSON value.
    #[serde(default)]
    pub data: Map<String, Value>,
    /// Inline code run just before it.
    #[serde(default)]
    pub before: Option<String>,
    /// Inline code run just after it (before a module runs: modules are deferred).
    #[serde(default)]
    pub after: Option<String>,
}

/// How an offline gateway settles an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Settle {
    /// On hold until the merchant sees the money (bank transfer, cheque).
    #[serde(rename = "on-hold")]
    OnHold,
    /// Processing at once (cash on delivery).
    #[serde(rename = "processing")]
    Processing,
}

/// A payment gateway an extension adds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatewaySpec {
    /// Its id (`payment_method` on the wire).
    pub id: String,
    /// The title shoppers see.
    pub title: String,
    /// The description shoppers see.
    #[serde(default)]
    pub description: String,
    /// An offline gateway: how the order settles.
    #[serde(default)]
    pub settle: Option<Settle>,
    /// A gateway paid through a payment app.
    #[serde(default)]
    pub app: Option<AppSpec>,
}

/// Where a gateway's payment app is and how the shop signs what it sends.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppSpec {
    /// The URL the shop posts payments to (`http://` or `https://`).
    pub url: String,
    /// The signing secret, written in the manifest.
    #[serde(default)]
    pub secret: Option<String>,
    /// The environment variable holding the signing secret (instead of `secret`).
    #[serde(default)]
    pub secret_env: Option<String>,
    /// How long the shop waits for the app's answer, in milliseconds.
    #[serde(default)]
    pub timeout_ms: Option<u64>,
}

/// Origins an extension needs, by CSP directive.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Origins {
    /// `script-src`.
    #[serde(default)]
    pub script: Vec<String>,
    /// `connect-src`.
    #[serde(default)]
    pub connect: Vec<String>,
    /// `frame-src`.
    #[serde(default)]
    pub frame: Vec<String>,
}

/// Reads a manifest's text. The error names the line and column serde stopped at.
pub fn parse(text: &str) -> Result<Manifest, String> {
    serde_json::from_str(text).map_err(|e| format!("{MANIFEST_FILE} is not valid: {e}"))
}

/// A name or id: lower-case letters, digits, `-` and `_`, starting with a letter or digit.
fn is_slug(text: &str) -> bool {
    text.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric())
        && text.len() <= 64
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

/// A JavaScript identifier a global may be named (ASCII only).
fn is_js_identifier(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'$')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
}

/// A relative path of plain names (no `..`, `.`, hidden or empty names, no `\`), in URL-safe
/// characters, so it is the same text on disk and in a URL.
pub fn is_plain_path(path: &str) -> bool {
    !path.is_empty()
        && path.split('/').all(|name| {
            !name.is_empty()
                && !name.starts_with('.')
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.~@+".contains(&b))
        })
}

/// An origin a CSP directive may list: `https://host[:port]` (a `*.` wildcard first label
/// allowed), or `http://` for a loopback host during development.
fn is_csp_origin(origin: &str) -> bool {
    let Some((scheme, rest)) = origin.split_once("://") else {
        return false;
    };
    let (host, port) = match rest.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (rest, None),
    };
    let host_ok = {
        let plain = host.strip_prefix("*.").unwrap_or(host);
        !plain.is_empty()
            && plain.split('.').all(|label| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
            })
    };
    let port_ok =
        port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.bytes().all(|b| b.is_ascii_digit()));
    let scheme_ok = match scheme {
        "https" => true,
        "http" => host == "localhost" || host == "127.0.0.1",
        _ => false,
    };
    scheme_ok && host_ok && port_ok
}

/// Whether inline code would end its `<script>` element early or open an HTML comment in it.
fn breaks_out_of_script(code: &str) -> bool {
    let lower = code.to_ascii_lowercase();
    lower.contains("</script") || lower.contains("<!--")
}

/// An app URL the shop can post to: `http://` or `https://`, a host, no credentials.
fn is_app_url(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
    else {
        return false;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    !authority.is_empty() && !authority.contains('@') && url.parse::<axum::http::Uri>().is_ok()
}

/// Everything wrong with `manifest` in the folder `folder`, in the manifest's order (empty
/// when it can be used). Files and environment variables are checked by the caller.
pub fn problems(manifest: &Manifest, folder: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if !is_slug(&manifest.name) {
        problems.push(format!(
            "name {:?} must be 1 to 64 lower-case letters, digits, `-` or `_`",
            manifest.name
        ));
    } else if manifest.name != folder {
        problems.push(format!(
            "name {:?} must be the folder's name ({folder:?})",
            manifest.name
        ));
    }
    let mut handles: Vec<&str> = Vec::new();
    for (i, script) in manifest.scripts.iter().enumerate() {
        let at = format!("scripts[{i}]");
        if !is_plain_path(&script.src) {
            problems.push(format!(
                "{at}.src {:?} must be a path inside the extension's folder (plain names, no `..`)",
                script.src
            ));
        } else if script.src == MANIFEST_FILE {
            problems.push(format!("{at}.src cannot be {MANIFEST_FILE}"));
        }
        if script.handle.trim().is_empty() || script.handle.bytes().any(|b| b.is_ascii_whitespace())
        {
            problems.push(format!("{at}.handle must be a name without spaces"));
        } else if handles.contains(&script.handle.as_str()) {
            problems.push(format!("{at}.handle {:?} is used twice", script.handle));
        }
        handles.push(&script.handle);
        for name in script.data.keys() {
            if !is_js_identifier(name) {
                problems.push(format!(
                    "{at}.data key {name:?} must be a JavaScript name (letters, digits, `_`, `$`)"
                ));
            }
        }
        for (field, code) in [("before", &script.before), ("after", &script.after)] {
            if code.as_deref().is_some_and(breaks_out_of_script) {
                problems.push(format!("{at}.{field} cannot contain `</script` or `<!--`"));
            }
        }
    }
    for key in manifest.settings.keys() {
        if key.trim().is_empty() {
            problems.push("settings cannot have an empty key".to_owned());
        }
    }
    let mut ids: Vec<&str> = Vec::new();
    for (i, gateway) in manifest.gateways.iter().enumerate() {
        let at = format!("gateways[{i}]");
        if !is_slug(&gateway.id) {
            problems.push(format!(
                "{at}.id {:?} must be 1 to 64 lower-case letters, digits, `-` or `_`",
                gateway.id
            ));
        } else if BUILT_IN_GATEWAYS.contains(&gateway.id.as_str()) {
            problems.push(format!(
                "{at}.id {:?} is one of Mercato's own gateways",
                gateway.id
            ));
        } else if ids.contains(&gateway.id.as_str()) {
            problems.push(format!("{at}.id {:?} is used twice", gateway.id));
        }
        ids.push(&gateway.id);
        if gateway.title.trim().is_empty() {
            problems.push(format!("{at}.title cannot be empty"));
        }
        match (&gateway.settle, &gateway.app) {
            (Some(_), Some(_)) => problems.push(format!(
                "{at} has both `settle` and `app`: an offline gateway takes no payment"
            )),
            (None, None) => problems.push(format!(
                "{at} needs `settle` (\"on-hold\" or \"processing\") or `app` (a payment app)"
            )),
            (None, Some(app)) => problems.extend(
                app_problems(app)
                    .into_iter()
                    .map(|p| format!("{at}.app{p}")),
            ),
            (Some(_), None) => {}
        }
    }
    for (directive, list) in [
        ("script", &manifest.origins.script),
        ("connect", &manifest.origins.connect),
        ("frame", &manifest.origins.frame),
    ] {
        for origin in list {
            if !is_csp_origin(origin) {
                problems.push(format!(
                    "origins.{directive} {origin:?} must be an origin such as https://pay.example (http only for localhost)"
                ));
            }
        }
    }
    for (namespace, schema) in &manifest.data_schema {
        if !is_namespace(namespace) {
            problems.push(format!(
                "data_schema namespace {namespace:?} must be 1 to 100 letters, digits, `-`, `_`, `.` or `/` (such as \"acme\" or \"acme/tips\")"
            ));
        } else if RESERVED_NAMESPACES.contains(&namespace.as_str()) {
            problems.push(format!(
                "data_schema.{namespace} is one of Mercato's own namespaces"
            ));
        }
        if !schema.is_object() {
            problems.push(format!(
                "data_schema.{namespace} must be a JSON Schema object"
            ));
        }
    }
    problems
}

/// Extension data namespaces Mercato itself reads (an extension cannot take one over): the
/// gift-wrap choice and order attribution.
pub const RESERVED_NAMESPACES: &[&str] =
    &["mercato", mercato_core::attribution::EXTENSION_NAMESPACE];

/// An extension data namespace: 1 to 100 ASCII letters, digits, `-`, `_`, `.` or `/`, not
/// starting or ending with `/` (WooCommerce's are like `woocommerce/order-attribution`).
fn is_namespace(namespace: &str) -> bool {
    (1..=100).contains(&namespace.len())
        && !namespace.starts_with('/')
        && !namespace.ends_with('/')
        && namespace
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'))
}

/// What is wrong with a payment app's settings, each message starting with the field
/// (`.url …`).
fn app_problems(app: &AppSpec) -> Vec<String> {
    let mut problems = Vec::new();
    if !is_app_url(&app.url) {
        problems.push(format!(
            ".url {:?} must be an http:// or https:// URL without credentials",
            app.url
        ));
    }
    match (&app.secret, &app.secret_env) {
        (Some(_), Some(_)) => {
            problems.push(" has both `secret` and `secret_env`: give one".to_owned());
        }
        (None, None) => problems.push(
            " needs `secret` or `secret_env` (the environment variable holding it)".to_owned(),
        ),
        (Some(secret), None) if secret.len() < MIN_SECRET_LEN => problems.push(format!(
            ".secret must be at least {MIN_SECRET_LEN} characters"
        )),
        (None, Some(name)) if !is_js_identifier(name) || name.contains('$') => problems.push(
            format!(".secret_env {name:?} must be an environment variable's name"),
        ),
        _ => {}
    }
    if let Some(ms) = app.timeout_ms
        && !(1..=MAX_APP_TIMEOUT_MS).contains(&ms)
    {
        problems.push(format!(
            ".timeout_ms must be between 1 and {MAX_APP_TIMEOUT_MS}"
        ));
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(json: Value) -> Manifest {
        serde_json::from_value(json).expect("manifest")
    }

    fn problems_of(json: Value) -> Vec<String> {
        problems(&manifest(json), "dummy")
    }

    #[test]
    fn the_issue_example_is_accepted() {
        let text = r#"{
            "name": "dummy",
            "scripts": [
              {"src": "dist/index.js", "handle": "dummy-blocks", "deps": ["wc-blocks-registry", "wc-settings"],
               "module": false, "data": {"dummyVars": {"any": "json"}}, "before": "js text", "after": "js text"}
            ],
            "settings": {"dummy_data": {"title": "Dummy", "description": "…", "supports": ["products"]}},
            "gateways": [{"id": "dummy", "title": "Dummy", "settle": "on-hold"},
                         {"id": "acme", "title": "Acme Pay", "app": {"url": "http://127.0.0.1:9000/pay", "secret": "0123456789abcdef"}}],
            "origins": {"script": ["https://js.acme.example"], "connect": ["https://api.acme.example:8443"], "frame": ["https://*.acme.example"]},
            "data_schema": {"dummy": {"type": "object"}}
        }"#;
        let parsed = parse(text).expect("parses");
        assert_eq!(problems(&parsed, "dummy"), Vec::<String>::new());
        assert_eq!(parsed.gateways[0].settle, Some(Settle::OnHold));
        assert_eq!(
            parsed.scripts[0].deps,
            ["wc-blocks-registry", "wc-settings"]
        );
    }

    #[test]
    fn syntax_errors_and_unknown_fields_say_where() {
        let error = parse(r#"{"name": "dummy", "gatways": []}"#).expect_err("unknown field");
        assert!(error.contains("unknown field `gatways`"), "{error}");
        assert!(error.contains("line 1"), "{error}");
        let error = parse("{\"name\": \"dummy\",\n}").expect_err("trailing comma");
        assert!(error.contains("line 2"), "{error}");
        let error = parse(
            r#"{"name": "dummy", "gateways": [{"id": "x", "title": "X", "settle": "later"}]}"#,
        )
        .expect_err("unknown settle");
        assert!(error.contains("unknown variant `later`"), "{error}");
    }

    #[test]
    fn the_name_is_the_folder_and_a_slug() {
        assert_eq!(
            problems(&manifest(serde_json::json!({"name": "other"})), "dummy"),
            ["name \"other\" must be the folder's name (\"dummy\")"]
        );
        assert_eq!(
            problems(&manifest(serde_json::json!({"name": "../x"})), "../x").len(),
            1
        );
        assert_eq!(
            problems(&manifest(serde_json::json!({"name": "Dummy"})), "Dummy").len(),
            1
        );
    }

    #[test]
    fn scripts_stay_in_the_folder_and_inline_code_stays_in_its_element() {
        let found = problems_of(serde_json::json!({
            "name": "dummy",
            "scripts": [
                {"src": "../other/index.js", "handle": "a"},
                {"src": "/etc/passwd", "handle": "b"},
                {"src": "extension.json", "handle": "c"},
                {"src": "dist/.hidden.js", "handle": "d"},
                {"src": "ok.js", "handle": "a", "data": {"not-a-name": 1}},
                {"src": "ok2.js", "handle": "e", "before": "x()</SCRIPT><script>evil()", "after": "<!-- y"}
            ]
        }));
        assert_eq!(
            found,
            [
                "scripts[0].src \"../other/index.js\" must be a path inside the extension's folder (plain names, no `..`)",
                "scripts[1].src \"/etc/passwd\" must be a path inside the extension's folder (plain names, no `..`)",
                "scripts[2].src cannot be extension.json",
                "scripts[3].src \"dist/.hidden.js\" must be a path inside the extension's folder (plain names, no `..`)",
                "scripts[4].handle \"a\" is used twice",
                "scripts[4].data key \"not-a-name\" must be a JavaScript name (letters, digits, `_`, `$`)",
                "scripts[5].before cannot contain `</script` or `<!--`",
                "scripts[5].after cannot contain `</script` or `<!--`",
            ]
        );
    }

    #[test]
    fn gateways_are_offline_or_paid_by_an_app_with_a_secret() {
        let found = problems_of(serde_json::json!({
            "name": "dummy",
            "gateways": [
                {"id": "cod", "title": "Mine", "settle": "processing"},
                {"id": "x", "title": " "},
                {"id": "y", "title": "Y", "settle": "on-hold", "app": {"url": "http://a/", "secret": "0123456789abcdef"}},
                {"id": "z", "title": "Z", "app": {"url": "ftp://a/", "secret": "short"}},
                {"id": "w", "title": "W", "app": {"url": "https://user:pw@a/", "secret_env": "NOT A NAME", "timeout_ms": 0}},
                {"id": "v", "title": "V", "app": {"url": "https://pay.example/v", "secret": "0123456789abcdef", "secret_env": "V"}},
                {"id": "v", "title": "V", "app": {"url": "https://pay.example/v"}}
            ]
        }));
        assert_eq!(
            found,
            [
                "gateways[0].id \"cod\" is one of Mercato's own gateways",
                "gateways[1].title cannot be empty",
                "gateways[1] needs `settle` (\"on-hold\" or \"processing\") or `app` (a payment app)",
                "gateways[2] has both `settle` and `app`: an offline gateway takes no payment",
                "gateways[3].app.url \"ftp://a/\" must be an http:// or https:// URL without credentials",
                "gateways[3].app.secret must be at least 16 characters",
                "gateways[4].app.url \"https://user:pw@a/\" must be an http:// or https:// URL without credentials",
                "gateways[4].app.secret_env \"NOT A NAME\" must be an environment variable's name",
                "gateways[4].app.timeout_ms must be between 1 and 20000",
                "gateways[5].app has both `secret` and `secret_env`: give one",
                "gateways[6].id \"v\" is used twice",
                "gateways[6].app needs `secret` or `secret_env` (the environment variable holding it)",
            ]
        );
    }

    #[test]
    fn origins_are_origins_and_nothing_more() {
        let found = problems_of(serde_json::json!({
            "name": "dummy",
            "origins": {
                "script": ["https://js.pay.example", "'unsafe-inline'", "https://a.example; script-src *"],
                "connect": ["http://api.pay.example", "http://localhost:9000", "https://*.pay.example:443"],
                "frame": ["*", "https://"]
            }
        }));
        assert_eq!(
            found,
            [
                "origins.script \"'unsafe-inline'\" must be an origin such as https://pay.example (http only for localhost)",
                "origins.script \"https://a.example; script-src *\" must be an origin such as https://pay.example (http only for localhost)",
                "origins.connect \"http://api.pay.example\" must be an origin such as https://pay.example (http only for localhost)",
                "origins.frame \"*\" must be an origin such as https://pay.example (http only for localhost)",
                "origins.frame \"https://\" must be an origin such as https://pay.example (http only for localhost)",
            ]
        );
    }

    #[test]
    fn a_data_schema_is_an_object_under_a_namespace_of_the_extension_s_own() {
        assert_eq!(
            problems_of(serde_json::json!({"name": "dummy", "data_schema": {"dummy": true}})),
            ["data_schema.dummy must be a JSON Schema object"]
        );
        assert_eq!(
            problems_of(serde_json::json!({"name": "dummy", "data_schema": {
                "acme/tips": {}, "woocommerce/order-attribution": {}, "mercato": {},
                "": {}, "a b": {}, "/x": {}
            }})),
            [
                "data_schema namespace \"\" must be 1 to 100 letters, digits, `-`, `_`, `.` or `/` (such as \"acme\" or \"acme/tips\")",
                "data_schema namespace \"/x\" must be 1 to 100 letters, digits, `-`, `_`, `.` or `/` (such as \"acme\" or \"acme/tips\")",
                "data_schema namespace \"a b\" must be 1 to 100 letters, digits, `-`, `_`, `.` or `/` (such as \"acme\" or \"acme/tips\")",
                "data_schema.mercato is one of Mercato's own namespaces",
                "data_schema.woocommerce/order-attribution is one of Mercato's own namespaces",
            ]
        );
    }
}
