//! The extensions' scripts on the cart and checkout pages, and the content security policy
//! that lets exactly them run there.
//!
//! Each script is printed as WordPress prints a registered script: its `data` as globals
//! (`var name = {...};`), its `before` code, the script itself, its `after` code, in
//! dependency order across every extension. The inline parts are allowed by their SHA-256
//! hashes in `script-src` (no `'unsafe-inline'`): they are the manifest's text, fixed at
//! start, so the hashes are computed once. The origins the extensions declare join the
//! policy of those two pages only, and so do their payment apps' origins in `form-action`:
//! the classic checkout's form is answered with a redirect to a pending payment's page, which
//! the browser follows only to an origin `form-action` allows.

use axum::http::HeaderValue;
use base64::Engine;
use sha2::{Digest, Sha256};

use super::Extension;
use super::manifest::ScriptSpec;
use crate::middleware::CONTENT_SECURITY_POLICY;

/// Dependency handles of WordPress and WooCommerce scripts that the shop's own pages stand in
/// for (the `wc.*` and `wp.*` globals, React) or that a modern browser does not need
/// (`wp-polyfill`): a script naming them loads without a warning.
const PROVIDED_HANDLES: &[&str] = &[
    "react",
    "react-dom",
    "react-jsx-runtime",
    "wc-blocks-registry",
    "wc-settings",
    "wc-blocks-checkout",
    "wc-blocks-checkout-events",
    "wc-blocks-data-store",
    "wc-blocks-components",
    "wc-price-format",
    "wp-element",
    "wp-i18n",
    "wp-html-entities",
    "wp-hooks",
    "wp-plugins",
    "wp-data",
    "wp-components",
    "wp-polyfill",
];

/// What the cart and checkout pages add for the installed extensions.
#[derive(Debug, Default)]
pub struct PageScripts {
    /// The script elements, in order (empty without scripts). They run after the shop's
    /// extension globals (web/README.md, "Extensions"): a script is `defer` (or a module), its
    /// `before` and `after` code inline modules, and module and deferred scripts run in
    /// document order once the page is parsed, after the globals' module printed before them.
    pub html: String,
    /// The names of the extensions with scripts, as a JSON array for `#mercato-settings`'s
    /// `extensions` key (`None`: no extension has a script, the page loads no globals).
    pub names_json: Option<String>,
    /// The policy of those pages (`None`: the shop's own policy is enough).
    pub policy: Option<HeaderValue>,
    /// The shop's own policy with the payment apps' origins in `form-action` (`None`: no
    /// app), for the pay-for-order page: it loads no extension script, but its form too is
    /// answered with a redirect to a pending payment's page.
    pub pay_policy: Option<HeaderValue>,
}

/// `text` as the content of a `<script>` element: JSON with `<` escaped can neither end the
/// element nor open a comment in it.
fn script_json(value: &serde_json::Value) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "null".to_owned())
        .replace('<', "\\u003c")
}

/// `text` escaped for an HTML attribute value.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The CSP source allowing an inline script whose text is `code`.
fn hash_source(code: &str) -> String {
    let digest = Sha256::digest(code.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The scripts of every extension, in an order where each comes after the extension scripts
/// it depends on (declared order otherwise), and warnings for dependencies nobody provides
/// and for cycles.
fn ordered(extensions: &[Extension]) -> (Vec<(&Extension, &ScriptSpec)>, Vec<String>) {
    let all: Vec<(&Extension, &ScriptSpec)> = extensions
        .iter()
        .flat_map(|e| e.manifest.scripts.iter().map(move |s| (e, s)))
        .collect();
    let handles: Vec<&str> = all.iter().map(|(_, s)| s.handle.as_str()).collect();
    let is_extension_handle = |handle: &str| handles.contains(&handle);
    let mut warnings = Vec::new();
    for (extension, script) in &all {
        for dep in &script.deps {
            if !is_extension_handle(dep) && !PROVIDED_HANDLES.contains(&dep.as_str()) {
                warnings.push(format!(
                    "extension {:?}: script {:?} depends on {dep:?}, which Mercato does not provide; it loads anyway",
                    extension.name(),
                    script.handle
                ));
            }
        }
    }
    let mut done: Vec<&str> = Vec::new();
    let mut order = Vec::with_capacity(all.len());
    let mut waiting = all;
    while !waiting.is_empty() {
        let ready = waiting.iter().position(|(_, s)| {
            s.deps
                .iter()
                .all(|d| !is_extension_handle(d) || done.contains(&d.as_str()))
        });
        match ready {
            Some(i) => {
                let (extension, script) = waiting.remove(i);
                done.push(&script.handle);
                order.push((extension, script));
            }
            None => {
                let handles: Vec<&str> = waiting.iter().map(|(_, s)| s.handle.as_str()).collect();
                warnings.push(format!(
                    "scripts {handles:?} depend on each other in a circle; they load in the order declared"
                ));
                order.append(&mut waiting);
            }
        }
    }
    (order, warnings)
}

impl PageScripts {
    /// The page additions for `extensions`, and warnings about their dependencies.
    pub fn build(extensions: &[Extension]) -> (Self, Vec<String>) {
        let (order, warnings) = ordered(extensions);
        let mut html = String::new();
        let mut hashes: Vec<String> = Vec::new();
        // `module`: run in order with the deferred scripts, after the globals (data globals
        // are plain values and run at once, as WordPress prints them).
        let mut inline = |html: &mut String, id: String, code: &str, module: bool| {
            hashes.push(hash_source(code));
            let kind = if module { " type=\"module\"" } else { "" };
            html.push_str(&format!(
                "<script{kind} id=\"{}\">{code}</script>\n",
                attribute(&id)
            ));
        };
        for (extension, script) in &order {
            let handle = &script.handle;
            if !script.data.is_empty() {
                let globals: Vec<String> = script
                    .data
                    .iter()
                    .map(|(name, value)| format!("var {name} = {};", script_json(value)))
                    .collect();
                inline(
                    &mut html,
                    format!("{handle}-js-extra"),
                    &globals.join("\n"),
                    false,
                );
            }
            if let Some(code) = &script.before {
                inline(&mut html, format!("{handle}-js-before"), code, true);
            }
            let version = extension
                .versions
                .get(&script.src)
                .map(String::as_str)
                .unwrap_or_default();
            let kind = if script.module {
                " type=\"module\""
            } else {
                " defer"
            };
            html.push_str(&format!(
                "<script{kind} src=\"/extensions/{}/{}?ver={version}\" id=\"{}\"></script>\n",
                extension.name(),
                script.src,
                attribute(&format!("{handle}-js"))
            ));
            if let Some(code) = &script.after {
                inline(&mut html, format!("{handle}-js-after"), code, true);
            }
        }
        let mut script_sources = hashes;
        let mut connect_sources = Vec::new();
        let mut frame_sources = Vec::new();
        let mut form_sources = Vec::new();
        for extension in extensions {
            let origins = &extension.manifest.origins;
            script_sources.extend(origins.script.iter().cloned());
            connect_sources.extend(origins.connect.iter().cloned());
            frame_sources.extend(origins.frame.iter().cloned());
            form_sources.extend(
                extension
                    .manifest
                    .gateways
                    .iter()
                    .filter_map(|g| g.app.as_ref().and_then(|app| origin_of(&app.url))),
            );
        }
        let pay_policy = (!form_sources.is_empty()).then(|| {
            HeaderValue::from_str(&widened_policy(&Sources {
                script: &[],
                connect: &[],
                frame: &[],
                form: &form_sources,
            }))
            .ok()
        });
        let policy = if script_sources.is_empty()
            && connect_sources.is_empty()
            && frame_sources.is_empty()
            && form_sources.is_empty()
        {
            None
        } else {
            HeaderValue::from_str(&widened_policy(&Sources {
                script: &script_sources,
                connect: &connect_sources,
                frame: &frame_sources,
                form: &form_sources,
            }))
            .ok()
        };
        let mut names: Vec<&str> = Vec::new();
        for (extension, _) in &order {
            if !names.contains(&extension.name()) {
                names.push(extension.name());
            }
        }
        let names_json = (!names.is_empty())
            .then(|| serde_json::to_string(&names).unwrap_or_else(|_| "[]".to_owned()));
        (
            PageScripts {
                html,
                names_json,
                policy,
                pay_policy: pay_policy.flatten(),
            },
            warnings,
        )
    }
}

/// `scheme://host[:port]` of a payment app's URL (the manifest checked it is `http(s)://`).
fn origin_of(url: &str) -> Option<String> {
    let uri: axum::http::Uri = url.parse().ok()?;
    Some(format!("{}://{}", uri.scheme_str()?, uri.authority()?))
}

/// Sources the extensions add to the shop's policy, by directive.
struct Sources<'a> {
    script: &'a [String],
    connect: &'a [String],
    frame: &'a [String],
    /// `form-action`: the payment apps' origins.
    form: &'a [String],
}

/// The shop's policy with the extensions' sources added to their directives (each source
/// once).
fn widened_policy(sources: &Sources<'_>) -> String {
    let unique = |sources: &[String]| {
        let mut seen: Vec<&str> = Vec::new();
        for source in sources {
            if !seen.contains(&source.as_str()) {
                seen.push(source);
            }
        }
        seen.join(" ")
    };
    let mut directives: Vec<String> = CONTENT_SECURITY_POLICY
        .split(';')
        .map(|d| d.trim().to_owned())
        .filter(|d| !d.is_empty())
        .collect();
    for (name, sources) in [
        ("script-src", sources.script),
        ("connect-src", sources.connect),
        ("form-action", sources.form),
    ] {
        if sources.is_empty() {
            continue;
        }
        if let Some(directive) = directives
            .iter_mut()
            .find(|d| d.split(' ').next() == Some(name))
        {
            directive.push(' ');
            directive.push_str(&unique(sources));
        }
    }
    if !sources.frame.is_empty() {
        directives.push(format!("frame-src 'self' {}", unique(sources.frame)));
    }
    directives.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_widened_policy_keeps_every_directive_and_adds_sources() {
        let policy = widened_policy(&Sources {
            script: &[
                "'sha256-abc'".to_owned(),
                "https://js.pay.example".to_owned(),
            ],
            connect: &[
                "https://api.pay.example".to_owned(),
                "https://api.pay.example".to_owned(),
            ],
            frame: &["https://pay.example".to_owned()],
            form: &["http://127.0.0.1:4848".to_owned()],
        });
        assert!(
            policy.contains("script-src 'self' 'sha256-abc' https://js.pay.example;"),
            "{policy}"
        );
        assert!(
            policy.contains("connect-src 'self' https://api.pay.example;"),
            "{policy}"
        );
        assert!(
            policy.ends_with("frame-src 'self' https://pay.example"),
            "{policy}"
        );
        assert!(
            policy.contains("form-action 'self' http://127.0.0.1:4848;"),
            "{policy}"
        );
        assert!(policy.contains("object-src 'none'"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
    }

    #[test]
    fn a_payment_app_s_origin_is_its_url_s_scheme_and_authority() {
        assert_eq!(
            origin_of("https://pay.example:8443/mercato/pay?x=1").as_deref(),
            Some("https://pay.example:8443")
        );
        assert_eq!(
            origin_of("http://127.0.0.1:4848/pay").as_deref(),
            Some("http://127.0.0.1:4848")
        );
        assert_eq!(origin_of("/pay"), None);
    }

    #[test]
    fn inline_hashes_are_the_sha256_of_the_exact_text() {
        // `printf %s 'alert(1)' | openssl dgst -sha256 -binary | base64`
        assert_eq!(
            hash_source("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
        assert_eq!(
            script_json(&serde_json::json!({"a": "</script><!--"})),
            r#"{"a":"\u003c/script>\u003c!--"}"#
        );
    }
}
