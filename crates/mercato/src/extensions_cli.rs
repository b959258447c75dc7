//! `mercato extensions`: what the extensions directory holds, as `mercato serve` reads it.

use std::path::Path;

use mercato_server::extensions::Extensions;

/// `mercato extensions …`.
#[derive(Debug, clap::Subcommand)]
pub enum ExtensionsCommand {
    /// Each extension with its scripts, gateways and extension data namespaces; each folder
    /// that cannot load with what is wrong (exit status 1 when one cannot).
    List,
}

/// Runs `command` on the extensions in `dir`.
pub fn run(dir: &Path, command: &ExtensionsCommand) -> anyhow::Result<()> {
    match command {
        ExtensionsCommand::List => list(dir),
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn list(dir: &Path) -> anyhow::Result<()> {
    let extensions = Extensions::load(dir);
    if extensions.installed.is_empty() && extensions.broken.is_empty() {
        println!("no extensions in {}", dir.display());
        return Ok(());
    }
    for extension in &extensions.installed {
        let manifest = &extension.manifest;
        let version = if manifest.version.is_empty() {
            String::new()
        } else {
            format!(" {}", manifest.version)
        };
        let gateways: Vec<String> = manifest
            .gateways
            .iter()
            .map(|g| {
                let kind = if g.app.is_some() {
                    "payment app"
                } else {
                    "offline"
                };
                format!("{} ({kind})", g.id)
            })
            .collect();
        let gateways = if gateways.is_empty() {
            "no gateways".to_owned()
        } else {
            format!("gateways: {}", gateways.join(", "))
        };
        let data = if extension.data_schemas.is_empty() {
            String::new()
        } else {
            let namespaces: Vec<&str> = extension
                .data_schemas
                .iter()
                .map(|(namespace, _)| namespace.as_str())
                .collect();
            format!(", extension data: {}", namespaces.join(", "))
        };
        println!(
            "{}{version}: {}, {gateways}{data}",
            manifest.name,
            plural(manifest.scripts.len(), "script", "scripts"),
        );
    }
    for broken in &extensions.broken {
        println!("{}: NOT LOADED", broken.folder);
        for problem in &broken.problems {
            println!("  - {problem}");
        }
    }
    for warning in &extensions.warnings {
        println!("warning: {warning}");
    }
    if extensions.broken.is_empty() {
        Ok(())
    } else {
        anyhow::bail!(
            "{} of {} could not be loaded",
            plural(extensions.broken.len(), "extension", "extensions"),
            extensions.installed.len() + extensions.broken.len()
        )
    }
}
