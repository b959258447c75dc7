//! `mercato pages …`: the merchant's content pages (privacy policy, terms, about, ...) until
//! an admin screen exists. A page is written in Markdown or HTML in a file (or on standard
//! input); it is sanitised once when saved and shown at `/{slug}/`.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Subcommand;
use mercato::terminal::{inert, inert_lines};
use mercato_core::content::{MAX_SOURCE_BYTES, SourceFormat, prepare};
use mercato_db::{Db, content_pages};

/// `mercato pages`.
#[derive(Debug, Subcommand)]
pub enum PagesCommand {
    /// List the content pages: slug, title, format, last saved.
    List,
    /// Print a page's source as it was saved.
    Show {
        /// The page's slug: `terms` for `/terms/`.
        slug: String,
    },
    /// Create or replace the page at `/{slug}/` from a Markdown or HTML file.
    Set {
        /// The page's slug: lower-case letters, digits and dashes.
        slug: String,
        /// The page's title.
        #[arg(long)]
        title: String,
        /// Its meta description, for search engines and link previews.
        #[arg(long, default_value = "")]
        description: String,
        /// `markdown` or `html`; by default from the file's extension (`.md`, `.html`),
        /// Markdown for standard input.
        #[arg(long)]
        format: Option<String>,
        /// The file holding the page, or `-` for standard input.
        file: PathBuf,
    },
    /// Delete the page at `/{slug}/`.
    Delete {
        /// The page's slug.
        slug: String,
    },
}

fn read_source(file: &Path) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    let limit = u64::try_from(MAX_SOURCE_BYTES).unwrap_or(u64::MAX) + 1;
    if file.as_os_str() == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(file)
            .with_context(|| format!("cannot open {}", file.display()))?
            .take(limit)
            .read_to_end(&mut bytes)?;
    }
    if bytes.len() > MAX_SOURCE_BYTES {
        bail!("the page is larger than {MAX_SOURCE_BYTES} bytes");
    }
    String::from_utf8(bytes).context("the page is not UTF-8 text")
}

fn format_of(named: Option<&str>, file: &Path) -> anyhow::Result<SourceFormat> {
    if let Some(name) = named {
        return SourceFormat::parse(name)
            .with_context(|| format!("unknown format {name:?}: markdown or html"));
    }
    let extension = file.extension().and_then(|e| e.to_str()).unwrap_or("md");
    Ok(SourceFormat::parse(extension).unwrap_or(SourceFormat::Markdown))
}

/// Runs `mercato pages …`.
pub async fn run(db: &Db, command: PagesCommand) -> anyhow::Result<()> {
    match command {
        PagesCommand::List => {
            for stored in content_pages::list(db).await? {
                let page = stored.page;
                println!(
                    "/{}/\t{}\t{}\t{}",
                    inert(&page.slug),
                    inert(&page.title),
                    page.format.as_str(),
                    stored.updated_at
                );
            }
            Ok(())
        }
        PagesCommand::Show { slug } => {
            let stored = content_pages::get(db, &slug)
                .await?
                .with_context(|| format!("no page {slug:?}"))?;
            // The source is the whole output: its lines need no marks, only its controls.
            print!("{}", inert_lines(&stored.page.source, ""));
            Ok(())
        }
        PagesCommand::Set {
            slug,
            title,
            description,
            format,
            file,
        } => {
            let format = format_of(format.as_deref(), &file)?;
            let source = read_source(&file)?;
            let page = prepare(&slug, &title, &description, format, &source)?;
            let created = content_pages::put(db, &page).await?;
            println!(
                "/{}/ {}",
                page.slug,
                if created { "created" } else { "replaced" }
            );
            Ok(())
        }
        PagesCommand::Delete { slug } => {
            if !content_pages::delete(db, &slug).await? {
                bail!("no page {slug:?}");
            }
            println!("/{slug}/ deleted");
            Ok(())
        }
    }
}
