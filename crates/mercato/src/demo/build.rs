//! Small helpers that turn the demo's product list into CSV rows, so the demo goes through
//! the importer like any merchant's file.

use mercato_core::csv_format::{
    Attribute, Decimal, ProductKind, ProductRow, ProductType, Reference, Stock,
};
use mercato_core::money::Money;

use super::svg::{Shape, View};

/// The demo's colours: name, SKU code and swatch.
pub const COLORS: [(&str, &str, &str); 10] = [
    ("Black", "BLK", "#1f1f1f"),
    ("White", "WHT", "#f5f5f2"),
    ("Heather grey", "GRY", "#9ea3a8"),
    ("Navy", "NVY", "#1f2a44"),
    ("Forest green", "GRN", "#2f5d3a"),
    ("Burgundy", "BRG", "#7a1f2b"),
    ("Mustard", "MST", "#d4a017"),
    ("Sand", "SND", "#d8c3a5"),
    ("Sky blue", "SKY", "#7fb2d9"),
    ("Orange", "ORG", "#e0712c"),
];

/// Clothing sizes, smallest first.
pub const SIZES: [&str; 6] = ["XS", "S", "M", "L", "XL", "XXL"];

/// The swatch of a demo colour.
pub fn hex(color: &str) -> &'static str {
    COLORS
        .iter()
        .find(|(name, _, _)| *name == color)
        .map_or("#888888", |c| c.2)
}

fn code(color: &str) -> &'static str {
    COLORS
        .iter()
        .find(|(name, _, _)| *name == color)
        .map_or("XXX", |c| c.1)
}

/// The media path of a demo picture (the front view).
pub fn picture_path(slug: &str, color: &str) -> String {
    view_path(slug, color, View::Front)
}

/// The media path of a demo picture in `view`: `demo/{slug}-{colour}{-back, -detail}.svg`.
pub fn view_path(slug: &str, color: &str, view: View) -> String {
    format!(
        "demo/{slug}-{}{}.svg",
        mercato_core::catalogue::slugify(color),
        view.suffix()
    )
}

/// A picture the demo stores: path, shape, view and colour (`#rrggbb`).
#[derive(Debug, Clone)]
pub struct Picture {
    pub path: String,
    pub shape: Shape,
    pub view: View,
    pub color: String,
}

/// One demo product being described.
#[derive(Debug, Clone)]
pub struct Item {
    pub row: ProductRow,
    pub variations: Vec<ProductRow>,
    pub pictures: Vec<Picture>,
    shape: Shape,
    slug: String,
}

fn cents(minor: i64) -> Option<Money> {
    Some(Money::from_minor(minor))
}

/// Category path from `Clothing > T-shirts`.
fn path(category: &str) -> Vec<String> {
    category.split('>').map(|s| s.trim().to_owned()).collect()
}

impl Item {
    /// A simple product in `color`, priced in cents.
    pub fn simple(
        sku: &str,
        name: &str,
        category: &str,
        shape: Shape,
        color: &str,
        price: i64,
    ) -> Item {
        let slug = mercato_core::catalogue::slugify(name);
        let mut item = Item {
            row: ProductRow {
                sku: Some(sku.to_owned()),
                name: Some(name.to_owned()),
                categories: vec![path(category)],
                regular_price: cents(price),
                ..ProductRow::default()
            },
            variations: Vec::new(),
            pictures: Vec::new(),
            shape,
            slug,
        };
        let image = item.picture(color);
        item.row.images = vec![image];
        item
    }

    /// Stores a picture of the item in `color`, from the front; returns its URL.
    fn picture(&mut self, color: &str) -> String {
        self.picture_in(color, View::Front)
    }

    /// Stores a picture of the item in `color` seen in `view`; returns its URL.
    fn picture_in(&mut self, color: &str, view: View) -> String {
        let path = view_path(&self.slug, color, view);
        if !self.pictures.iter().any(|p| p.path == path) {
            self.pictures.push(Picture {
                path: path.clone(),
                shape: self.shape,
                view,
                color: hex(color).to_owned(),
            });
        }
        format!("/media/{path}")
    }

    /// Makes it variable over `sizes` × `colors` (either may be empty), one variation each,
    /// with a picture per colour; SKUs like `TS-ORG-BLK-M`.
    pub fn variable(mut self, sizes: &[&str], colors: &[&str], price: i64) -> Item {
        self.row.product_type.kind = ProductKind::Variable;
        self.row.regular_price = None;
        let sku = self.row.sku.clone().unwrap_or_default();
        if !colors.is_empty() {
            self.row
                .attributes
                .push(global("Color", colors, Some(colors[0])));
            let first = self.picture(colors[0]);
            self.row.images = vec![first];
        }
        if !sizes.is_empty() {
            let default = if sizes.contains(&"M") { "M" } else { sizes[0] };
            self.row
                .attributes
                .push(global("Size", sizes, Some(default)));
        }
        let color_list: Vec<Option<&str>> = if colors.is_empty() {
            vec![None]
        } else {
            colors.iter().copied().map(Some).collect()
        };
        let size_list: Vec<Option<&str>> = if sizes.is_empty() {
            vec![None]
        } else {
            sizes.iter().copied().map(Some).collect()
        };
        for color in &color_list {
            for size in &size_list {
                let mut parts = vec![sku.clone()];
                parts.extend(color.map(|c| code(c).to_owned()));
                parts.extend(size.map(str::to_owned));
                let mut row = variation_row(&sku, &parts.join("-"), price);
                if let Some(color) = color {
                    row.attributes.push(value("Color", color));
                    let image = self.picture(color);
                    row.images = vec![image];
                }
                if let Some(size) = size {
                    row.attributes.push(value("Size", size));
                }
                self.variations.push(row);
            }
        }
        self
    }

    /// Adds other views of the item, in its main picture's colour, after that picture: the
    /// page's gallery (the back, a detail). Call after `variable` so the colour is the
    /// default one.
    pub fn gallery(mut self, views: &[View]) -> Item {
        let color = self
            .pictures
            .iter()
            .find(|p| self.row.images.first() == Some(&format!("/media/{}", p.path)))
            .map(|p| p.color.clone());
        let Some(color) = color else { return self };
        let name = COLORS
            .iter()
            .find(|c| c.2 == color)
            .map_or("", |c| c.0)
            .to_owned();
        for view in views {
            let image = self.picture_in(&name, *view);
            if !self.row.images.contains(&image) {
                self.row.images.push(image);
            }
        }
        self
    }

    /// Makes it variable over the global attribute `attribute` whose values are named
    /// colourways, each drawn in a demo colour: one variation per value with its own picture
    /// (the terms show the same pictures as image swatches); SKUs like `PS-WAV-SKY`.
    pub fn colorways(mut self, attribute: &str, colorways: &[(&str, &str)], price: i64) -> Item {
        self.row.product_type.kind = ProductKind::Variable;
        self.row.regular_price = None;
        let sku = self.row.sku.clone().unwrap_or_default();
        let names: Vec<&str> = colorways.iter().map(|(name, _)| *name).collect();
        self.row
            .attributes
            .push(global(attribute, &names, names.first().copied()));
        for (name, color) in colorways {
            let mut row = variation_row(&sku, &format!("{sku}-{}", code(color)), price);
            row.attributes.push(value(attribute, name));
            row.images = vec![self.picture(color)];
            self.variations.push(row);
        }
        self
    }

    /// Makes it variable over a product-local attribute.
    pub fn local_variants(mut self, attribute: &str, values: &[(&str, &str, i64)]) -> Item {
        self.row.product_type.kind = ProductKind::Variable;
        self.row.regular_price = None;
        let sku = self.row.sku.clone().unwrap_or_default();
        let names: Vec<&str> = values.iter().map(|v| v.0).collect();
        self.row.attributes.push(Attribute {
            name: attribute.to_owned(),
            values: names.iter().map(|s| (*s).to_owned()).collect(),
            visible: Some(true),
            global: Some(false),
            default: names.first().map(|s| (*s).to_owned()),
        });
        for (name, code, price) in values {
            let mut row = variation_row(&sku, &format!("{sku}-{code}"), *price);
            row.attributes.push(Attribute {
                name: attribute.to_owned(),
                values: vec![(*name).to_owned()],
                global: Some(false),
                ..Attribute::default()
            });
            self.variations.push(row);
        }
        self
    }

    /// Short and long description.
    pub fn about(mut self, short: &str, long: &str) -> Item {
        self.row.short_description = Some(short.to_owned());
        self.row.description = Some(long.to_owned());
        self
    }

    /// Weight (lbs) and length × width × height (in), as decimal text.
    pub fn size(mut self, weight: &str, dimensions: [&str; 3]) -> Item {
        let decimal = |t: &str| Decimal::parse(t).ok();
        self.row.weight = decimal(weight);
        self.row.length = decimal(dimensions[0]);
        self.row.width = decimal(dimensions[1]);
        self.row.height = decimal(dimensions[2]);
        self
    }

    /// Tags.
    pub fn tags(mut self, tags: &[&str]) -> Item {
        self.row.tags = tags.iter().map(|t| (*t).to_owned()).collect();
        self
    }

    /// A sale price (cents) on the product or on every variation.
    pub fn sale(mut self, price: i64) -> Item {
        if self.variations.is_empty() {
            self.row.sale_price = cents(price);
        }
        for variation in &mut self.variations {
            variation.sale_price = cents(price);
        }
        self
    }

    /// Stock managed, with a quantity.
    pub fn stock(mut self, quantity: i64) -> Item {
        self.row.stock = Some(Stock::Quantity(quantity));
        self
    }

    /// Add-on radio groups, as the `Meta: _product_addons` cell carries them (see
    /// `mercato_core::csv_format::addons_from_cell`).
    pub fn addons(mut self, json: &str) -> Item {
        self.row.meta.push((
            mercato_core::csv_format::ADDONS_META_KEY.to_owned(),
            json.to_owned(),
        ));
        self
    }

    /// Upsells and cross-sells by SKU.
    pub fn links(mut self, upsells: &[&str], cross_sells: &[&str]) -> Item {
        let refs = |skus: &[&str]| {
            skus.iter()
                .map(|s| Reference::Sku((*s).to_owned()))
                .collect()
        };
        self.row.upsells = refs(upsells);
        self.row.cross_sells = refs(cross_sells);
        self
    }

    /// Featured on the home page.
    pub fn featured(mut self) -> Item {
        self.row.featured = Some(true);
        self
    }

    /// Any other change to the row.
    pub fn with(mut self, change: impl FnOnce(&mut ProductRow)) -> Item {
        change(&mut self.row);
        self
    }
}

fn variation_row(parent: &str, sku: &str, price: i64) -> ProductRow {
    ProductRow {
        sku: Some(sku.to_owned()),
        product_type: ProductType {
            kind: ProductKind::Variation,
            ..ProductType::default()
        },
        parent: Some(Reference::Sku(parent.to_owned())),
        regular_price: cents(price),
        stock: Some(Stock::Quantity(
            12 + i64::try_from(sku.len() % 7).unwrap_or(0) * 3,
        )),
        ..ProductRow::default()
    }
}

fn global(name: &str, values: &[&str], default: Option<&str>) -> Attribute {
    Attribute {
        name: name.to_owned(),
        values: values.iter().map(|v| (*v).to_owned()).collect(),
        visible: Some(true),
        global: Some(true),
        default: default.map(str::to_owned),
    }
}

fn value(name: &str, value: &str) -> Attribute {
    Attribute {
        name: name.to_owned(),
        values: vec![value.to_owned()],
        global: Some(true),
        ..Attribute::default()
    }
}

impl Item {
    /// Any change to the variation rows.
    pub fn with_variations(mut self, change: impl Fn(&mut ProductRow)) -> Item {
        self.variations.iter_mut().for_each(change);
        self
    }
}
