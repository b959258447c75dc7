//! Extensions the merchant installs without recompiling (docs/extensions.md): every folder of
//! the extensions directory (`--extensions-dir`) holding an `extension.json`. They are read
//! once at start: a broken one is reported with what is wrong and left out, the others load.
//!
//! What the server does with them: serves their files under `/extensions/{name}/`
//! ([`files`]), prints their scripts on the cart and checkout pages and widens those pages'
//! content security policy by what they declare ([`scripts`]), adds their gateways to the
//! shop's ([`crate::payments::app`]), takes their payment apps' signed notifications
//! ([`notify`]), and compiles their `data_schema` once, for the extension data that
//! `POST /cart/extensions` and the checkout accept ([`crate::services::extensions`]).

pub mod files;
pub mod manifest;
pub mod scripts;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use mercato_core::orders::OrderStatus;
use sha2::{Digest, Sha256};

use crate::payments::app::{ExtensionGateway, PaymentApp, Secret, Settlement};
use crate::payments::{Gateway, NEEDS_PROCESSING};
use crate::services::extensions::DataSchema;
use manifest::{DEFAULT_APP_TIMEOUT_MS, MANIFEST_FILE, MIN_SECRET_LEN, Manifest, Settle};

/// Bytes of an `extension.json` read at most.
const MAX_MANIFEST_BYTES: u64 = 1024 * 1024;

/// An installed extension.
#[derive(Debug)]
pub struct Extension {
    /// Its manifest.
    pub manifest: Manifest,
    /// Its folder, links resolved.
    pub root: PathBuf,
    /// Each script's `?ver=` (the start of its file's SHA-256), by `src`.
    pub versions: HashMap<String, String>,
    /// Its gateways, secrets resolved.
    pub gateways: Vec<Arc<ExtensionGateway>>,
    /// Its extension data namespaces, each with its compiled `data_schema`.
    pub data_schemas: Vec<(String, Arc<DataSchema>)>,
}

impl Extension {
    /// Its name.
    pub fn name(&self) -> &str {
        &self.manifest.name
    }
}

/// A folder whose extension could not be loaded, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    /// The folder's name.
    pub folder: String,
    /// What is wrong, one problem a line.
    pub problems: Vec<String>,
}

/// The extensions of the shop, as read at start.
#[derive(Debug, Default)]
pub struct Extensions {
    /// The directory they were read from.
    pub dir: PathBuf,
    /// Those that loaded, by folder name.
    pub installed: Vec<Extension>,
    /// Those that did not.
    pub broken: Vec<Broken>,
    /// What loads but may not work as meant (unknown script dependencies).
    pub warnings: Vec<String>,
    /// Script tags and policy for the cart and checkout pages.
    pub page: scripts::PageScripts,
}

impl Extensions {
    /// Reads every extension in `dir`. A missing directory is a shop without extensions.
    pub fn load(dir: &Path) -> Self {
        let mut extensions = Extensions {
            dir: dir.to_path_buf(),
            ..Extensions::default()
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return extensions;
        };
        let mut folders: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().join(MANIFEST_FILE).is_file())
            .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
            .collect();
        folders.sort();
        for (folder, path) in folders {
            match load_one(&folder, &path) {
                Ok(extension) => {
                    let clashes = clashes(&extensions.installed, &extension);
                    if clashes.is_empty() {
                        extensions.installed.push(extension);
                    } else {
                        extensions.broken.push(Broken {
                            folder,
                            problems: clashes,
                        });
                    }
                }
                Err(problems) => extensions.broken.push(Broken { folder, problems }),
            }
        }
        let (page, warnings) = scripts::PageScripts::build(&extensions.installed);
        extensions.page = page;
        extensions.warnings = warnings;
        extensions
    }

    /// The installed extension called `name`.
    pub fn get(&self, name: &str) -> Option<&Extension> {
        self.installed.iter().find(|e| e.name() == name)
    }

    /// Every gateway the installed extensions declare, for the shop's registry.
    pub fn gateways(&self) -> Vec<Arc<dyn Gateway>> {
        self.installed
            .iter()
            .flat_map(|e| e.gateways.iter())
            .map(|g| Arc::clone(g) as Arc<dyn Gateway>)
            .collect()
    }

    /// The gateway `id` of an installed extension when it is paid through an app.
    pub fn app_gateway(&self, id: &str) -> Option<&ExtensionGateway> {
        self.installed
            .iter()
            .flat_map(|e| e.gateways.iter())
            .find(|g| g.info.id == id && g.app().is_some())
            .map(AsRef::as_ref)
    }

    /// Every installed extension's `settings`, merged (the first extension to set a key wins).
    pub fn settings(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut all = serde_json::Map::new();
        for extension in &self.installed {
            for (key, value) in &extension.manifest.settings {
                all.entry(key.clone()).or_insert_with(|| value.clone());
            }
        }
        all
    }

    /// Every installed extension's data namespaces with their compiled schemas.
    pub fn data_schemas(&self) -> impl Iterator<Item = (&str, &Arc<DataSchema>)> {
        self.installed
            .iter()
            .flat_map(|e| e.data_schemas.iter())
            .map(|(namespace, schema)| (namespace.as_str(), schema))
    }

    /// The longest a payment app may be waited for.
    pub fn longest_app_timeout(&self) -> Option<Duration> {
        self.installed
            .iter()
            .flat_map(|e| e.gateways.iter())
            .filter_map(|g| g.app().map(|app| app.timeout))
            .max()
    }

    /// Logs what was found (at start).
    pub fn log(&self) {
        for extension in &self.installed {
            tracing::info!(
                extension = extension.name(),
                scripts = extension.manifest.scripts.len(),
                gateways = extension.gateways.len(),
                "extension installed"
            );
        }
        for broken in &self.broken {
            tracing::error!(
                extension.folder = broken.folder,
                problems = broken.problems.join("; "),
                "extension not loaded"
            );
        }
        for warning in &self.warnings {
            tracing::warn!("{warning}");
        }
    }
}

/// What `extension` has that an extension loaded before it has already.
fn clashes(installed: &[Extension], extension: &Extension) -> Vec<String> {
    let mut problems = Vec::new();
    for other in installed {
        for script in &extension.manifest.scripts {
            if other
                .manifest
                .scripts
                .iter()
                .any(|s| s.handle == script.handle)
            {
                problems.push(format!(
                    "script handle {:?} is already extension {:?}'s",
                    script.handle,
                    other.name()
                ));
            }
        }
        for gateway in &extension.gateways {
            if other.gateways.iter().any(|g| g.info.id == gateway.info.id) {
                problems.push(format!(
                    "gateway id {:?} is already extension {:?}'s",
                    gateway.info.id,
                    other.name()
                ));
            }
        }
        for (namespace, _) in &extension.data_schemas {
            if other.data_schemas.iter().any(|(n, _)| n == namespace) {
                problems.push(format!(
                    "data_schema namespace {namespace:?} is already extension {:?}'s",
                    other.name()
                ));
            }
        }
    }
    problems
}

/// The extension in `path` (a folder called `folder`), or everything wrong with it.
fn load_one(folder: &str, path: &Path) -> Result<Extension, Vec<String>> {
    let root = path
        .canonicalize()
        .map_err(|e| vec![format!("cannot open the folder: {e}")])?;
    let manifest_path = root.join(MANIFEST_FILE);
    let size = manifest_path.metadata().map(|m| m.len()).unwrap_or(0);
    if size > MAX_MANIFEST_BYTES {
        return Err(vec![format!(
            "{MANIFEST_FILE} is larger than {MAX_MANIFEST_BYTES} bytes"
        )]);
    }
    let text = std::fs::read_to_string(&manifest_path)
        .map_err(|e| vec![format!("cannot read {MANIFEST_FILE}: {e}")])?;
    let manifest = manifest::parse(&text).map_err(|e| vec![e])?;
    let mut problems = manifest::problems(&manifest, folder);
    let mut versions = HashMap::new();
    for (i, script) in manifest.scripts.iter().enumerate() {
        if !manifest::is_plain_path(&script.src) {
            continue;
        }
        match files::inside(&root, &script.src) {
            Some(file) => match std::fs::read(&file) {
                Ok(bytes) => {
                    let digest = hex::encode(Sha256::digest(&bytes));
                    versions.insert(script.src.clone(), digest[..12].to_owned());
                }
                Err(e) => problems.push(format!("scripts[{i}].src cannot be read: {e}")),
            },
            None => problems.push(format!(
                "scripts[{i}].src {:?} is not a file inside the extension's folder",
                script.src
            )),
        }
    }
    let mut gateways = Vec::new();
    for (i, spec) in manifest.gateways.iter().enumerate() {
        let settlement = match (&spec.settle, &spec.app) {
            (Some(Settle::OnHold), None) => Settlement::Offline(OrderStatus::OnHold),
            (Some(Settle::Processing), None) => Settlement::Offline(
                mercato_core::payments::payment_complete_status(NEEDS_PROCESSING),
            ),
            (None, Some(app)) => {
                let secret = match (&app.secret, &app.secret_env) {
                    (Some(secret), None) => Some(secret.clone()),
                    (None, Some(name)) => match std::env::var(name) {
                        Ok(value) if value.len() >= MIN_SECRET_LEN => Some(value),
                        Ok(_) => {
                            problems.push(format!(
                                "gateways[{i}].app.secret_env: {name} must hold at least {MIN_SECRET_LEN} characters"
                            ));
                            None
                        }
                        Err(_) => {
                            problems.push(format!(
                                "gateways[{i}].app.secret_env: the environment variable {name} is not set"
                            ));
                            None
                        }
                    },
                    _ => None,
                };
                match (secret, app.url.parse()) {
                    (Some(secret), Ok(url)) => Settlement::App(Arc::new(PaymentApp {
                        url,
                        secret: Secret::new(secret),
                        timeout: Duration::from_millis(
                            app.timeout_ms.unwrap_or(DEFAULT_APP_TIMEOUT_MS),
                        ),
                    })),
                    // The problem is listed already.
                    _ => continue,
                }
            }
            // The problem is listed already.
            _ => continue,
        };
        let mut gateway =
            ExtensionGateway::new(&spec.id, &spec.title, &spec.description, settlement);
        gateway.method_data = manifest.settings.get(&format!("{}_data", spec.id)).cloned();
        gateways.push(Arc::new(gateway));
    }
    let mut data_schemas = Vec::new();
    for (namespace, schema) in &manifest.data_schema {
        // A schema that is not an object is listed already.
        if !schema.is_object() {
            continue;
        }
        match DataSchema::compile(schema) {
            Ok(compiled) => data_schemas.push((namespace.clone(), Arc::new(compiled))),
            Err(error) => problems.push(format!(
                "data_schema.{namespace} is not a valid JSON Schema: {error}"
            )),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Extension {
        manifest,
        root,
        versions,
        gateways,
        data_schemas,
    })
}
