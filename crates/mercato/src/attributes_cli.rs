//! `mercato attributes …`: a merchant's way to give attribute terms their swatch colour or
//! picture (and to see them) until an admin screen exists. The display type of each
//! attribute's swatches is the `swatches` setting (`mercato settings set swatches`); the
//! colours and pictures belong to the terms, where the product page's swatches and the shop's
//! colour filters both read them.

use anyhow::{Context, bail};
use clap::Subcommand;
use mercato::terminal::inert;
use mercato_core::catalogue::{AttributeTerm, HexColor, Image};
use mercato_db::Db;
use mercato_db::catalogue::{load_taxonomy, save_term};

/// The longest picture URL a term may carry.
const MAX_IMAGE_URL: usize = 2048;

/// `mercato attributes`.
#[derive(Debug, Subcommand)]
pub enum AttributesCommand {
    /// List the global attributes and their terms, with each term's colour and picture.
    List,
    /// Set (or clear) a term's swatch colour and picture.
    SetTerm {
        /// The attribute: `pa_color` or `color`.
        attribute: String,
        /// The term's slug or name: `navy` or `Navy`.
        term: String,
        /// The swatch colour, `#rrggbb`.
        #[arg(long, conflicts_with = "no_color")]
        color: Option<String>,
        /// Remove the swatch colour.
        #[arg(long)]
        no_color: bool,
        /// The swatch picture: a path on this shop (`/media/…`) or an https URL.
        #[arg(long, conflicts_with = "no_image")]
        image: Option<String>,
        /// Remove the swatch picture.
        #[arg(long)]
        no_image: bool,
    },
}

/// A swatch picture's URL: a path on the shop or an http(s) URL, without spaces or quotes.
fn check_image_url(url: &str) -> anyhow::Result<String> {
    let url = url.trim();
    let shape_ok = url.starts_with('/') && !url.starts_with("//")
        || url.starts_with("https://")
        || url.starts_with("http://");
    if !shape_ok {
        bail!("the picture must be a path on this shop (/media/…) or an http(s) URL, not {url:?}");
    }
    if url.len() > MAX_IMAGE_URL {
        bail!("the picture's URL is longer than {MAX_IMAGE_URL} characters");
    }
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>'))
    {
        bail!("the picture's URL may not hold spaces, quotes or angle brackets: {url:?}");
    }
    Ok(url.to_owned())
}

/// Runs `mercato attributes …`.
pub async fn run(db: &Db, command: AttributesCommand) -> anyhow::Result<()> {
    let taxonomy = load_taxonomy(db).await?;
    match command {
        AttributesCommand::List => {
            for attribute in &taxonomy.attributes {
                println!("{}\t{}", inert(&attribute.slug), inert(&attribute.name));
                for term in attribute.sorted_terms() {
                    let color = term.swatch_color.as_ref().map_or("-", |c| c.as_str());
                    let image = term.image.as_ref().map_or("-", |i| i.src.as_str());
                    println!(
                        "  {}\t{}\t{color}\t{}",
                        inert(&term.slug),
                        inert(&term.name),
                        inert(image)
                    );
                }
            }
            Ok(())
        }
        AttributesCommand::SetTerm {
            attribute,
            term,
            color,
            no_color,
            image,
            no_image,
        } => {
            if color.is_none() && !no_color && image.is_none() && !no_image {
                bail!("nothing to change: give --color, --no-color, --image or --no-image");
            }
            let found = taxonomy
                .attribute_by_slug(&attribute)
                .with_context(|| format!("no global attribute {attribute:?}"))?;
            let wanted = term.to_lowercase();
            let current = found
                .terms
                .iter()
                .find(|t| t.slug.to_lowercase() == wanted || t.name.to_lowercase() == wanted)
                .with_context(|| format!("{} has no term {term:?}", found.name))?;
            let mut changed: AttributeTerm = current.clone();
            if let Some(color) = color {
                changed.swatch_color = Some(HexColor::parse(&color)?);
            } else if no_color {
                changed.swatch_color = None;
            }
            if let Some(url) = image {
                changed.image = Some(Image {
                    src: check_image_url(&url)?,
                    alt: format!("{} {}", found.name, changed.name),
                    name: changed.name.clone(),
                    ..Image::default()
                });
            } else if no_image {
                changed.image = None;
            }
            save_term(db, found.id, &changed).await?;
            println!("{} {}: saved", found.slug, changed.slug);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_image_url;

    #[test]
    fn picture_urls_are_shop_paths_or_web_addresses_without_markup() {
        assert_eq!(
            check_image_url(" /media/navy.png ").expect("a shop path"),
            "/media/navy.png"
        );
        assert!(check_image_url("https://cdn.example.com/navy.png").is_ok());
        for bad in [
            "navy.png",
            "//evil.example/x.png",
            "javascript:alert(1)",
            "/media/a b.png",
            "/media/\"onerror=x.png",
            "/media/<svg>.png",
        ] {
            assert!(check_image_url(bad).is_err(), "{bad}");
        }
        assert!(check_image_url(&format!("/{}", "a".repeat(2048))).is_err());
    }
}
