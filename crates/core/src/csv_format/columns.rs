//! Column names: recognising WooCommerce headers (and their alternative spellings) and the
//! export order.

use std::sync::LazyLock;

use regex::Regex;

/// One of WooCommerce's fixed (non-numbered) columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// `ID`.
    Id,
    /// `Type`.
    Type,
    /// `SKU`.
    Sku,
    /// `GTIN, UPC, EAN, or ISBN`.
    Gtin,
    /// `Name`.
    Name,
    /// `Published`.
    Published,
    /// `Is featured?`.
    Featured,
    /// `Visibility in catalog`.
    CatalogVisibility,
    /// `Short description`.
    ShortDescription,
    /// `Description`.
    Description,
    /// `Date sale price starts`.
    SaleStarts,
    /// `Date sale price ends`.
    SaleEnds,
    /// `Tax status`.
    TaxStatus,
    /// `Tax class`.
    TaxClass,
    /// `In stock?`.
    StockStatus,
    /// `Stock`.
    Stock,
    /// `Low stock amount`.
    LowStockAmount,
    /// `Backorders allowed?`.
    Backorders,
    /// `Sold individually?`.
    SoldIndividually,
    /// `Weight (<unit>)`.
    Weight,
    /// `Length (<unit>)`.
    Length,
    /// `Width (<unit>)`.
    Width,
    /// `Height (<unit>)`.
    Height,
    /// `Allow customer reviews?`.
    ReviewsAllowed,
    /// `Purchase note`.
    PurchaseNote,
    /// `Sale price`.
    SalePrice,
    /// `Regular price`.
    RegularPrice,
    /// `Categories`.
    Categories,
    /// `Tags`.
    Tags,
    /// `Tags (space separated)`.
    TagsSpaceSeparated,
    /// `Shipping class`.
    ShippingClass,
    /// `Images`.
    Images,
    /// `Download limit`.
    DownloadLimit,
    /// `Download expiry days`.
    DownloadExpiryDays,
    /// `Parent`.
    Parent,
    /// `Grouped products`.
    GroupedProducts,
    /// `Upsells`.
    Upsells,
    /// `Cross-sells`.
    CrossSells,
    /// `External URL`.
    ExternalUrl,
    /// `Button text`.
    ButtonText,
    /// `Position`.
    Position,
    /// `Brands`.
    Brands,
    /// `Commodity code (HS code)`.
    CommodityCode,
    /// `Country of origin`.
    CountryOfOrigin,
    /// `Customs description`.
    CustomsDescription,
    /// `Cost of goods`.
    CostOfGoods,
}

/// Header names, in WooCommerce's export order (the exporter writes `Tags`, never the space form).
pub(crate) const EXPORT_ORDER: [(Column, &str); 45] = [
    (Column::Id, "ID"),
    (Column::Type, "Type"),
    (Column::Sku, "SKU"),
    (Column::Gtin, "GTIN, UPC, EAN, or ISBN"),
    (Column::Name, "Name"),
    (Column::Published, "Published"),
    (Column::Featured, "Is featured?"),
    (Column::CatalogVisibility, "Visibility in catalog"),
    (Column::ShortDescription, "Short description"),
    (Column::Description, "Description"),
    (Column::SaleStarts, "Date sale price starts"),
    (Column::SaleEnds, "Date sale price ends"),
    (Column::TaxStatus, "Tax status"),
    (Column::TaxClass, "Tax class"),
    (Column::StockStatus, "In stock?"),
    (Column::Stock, "Stock"),
    (Column::LowStockAmount, "Low stock amount"),
    (Column::Backorders, "Backorders allowed?"),
    (Column::SoldIndividually, "Sold individually?"),
    (Column::Weight, "Weight"),
    (Column::Length, "Length"),
    (Column::Width, "Width"),
    (Column::Height, "Height"),
    (Column::ReviewsAllowed, "Allow customer reviews?"),
    (Column::PurchaseNote, "Purchase note"),
    (Column::SalePrice, "Sale price"),
    (Column::RegularPrice, "Regular price"),
    (Column::Categories, "Categories"),
    (Column::Tags, "Tags"),
    (Column::ShippingClass, "Shipping class"),
    (Column::Images, "Images"),
    (Column::DownloadLimit, "Download limit"),
    (Column::DownloadExpiryDays, "Download expiry days"),
    (Column::Parent, "Parent"),
    (Column::GroupedProducts, "Grouped products"),
    (Column::Upsells, "Upsells"),
    (Column::CrossSells, "Cross-sells"),
    (Column::ExternalUrl, "External URL"),
    (Column::ButtonText, "Button text"),
    (Column::Position, "Position"),
    (Column::Brands, "Brands"),
    (Column::CommodityCode, "Commodity code (HS code)"),
    (Column::CountryOfOrigin, "Country of origin"),
    (Column::CustomsDescription, "Customs description"),
    (Column::CostOfGoods, "Cost of goods"),
];

/// Other spellings WooCommerce maps automatically (generic and WordPress mappings).
const ALIASES: [(&str, Column); 13] = [
    ("Tags (space separated)", Column::TagsSpaceSeparated),
    ("Tags (comma separated)", Column::Tags),
    ("Title", Column::Name),
    ("Product Title", Column::Name),
    ("Price", Column::RegularPrice),
    ("Parent SKU", Column::Parent),
    ("Quantity", Column::Stock),
    ("Menu order", Column::Position),
    ("post_id", Column::Id),
    ("post_title", Column::Name),
    ("post_content", Column::Description),
    ("post_excerpt", Column::ShortDescription),
    ("post_parent", Column::Parent),
];

impl Column {
    /// The header WooCommerce exports (for weight and dimensions, without the unit).
    pub fn header(self) -> &'static str {
        match self {
            Column::TagsSpaceSeparated => "Tags (space separated)",
            other => EXPORT_ORDER
                .iter()
                .find(|(column, _)| *column == other)
                .map_or("", |(_, name)| name),
        }
    }

    /// Whether the reader keeps the cell's surrounding whitespace (free text and HTML).
    pub(crate) fn keeps_whitespace(self) -> bool {
        matches!(
            self,
            Column::Name | Column::ShortDescription | Column::Description | Column::PurchaseNote
        )
    }
}

/// The part of an `Attribute N …` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum AttributePart {
    Name,
    Values,
    Visible,
    Global,
    Default,
}

/// The part of a `Download N …` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum DownloadPart {
    Id,
    Name,
    Url,
}

/// What a header cell names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HeaderKind {
    /// A fixed column; for weight and dimensions, the unit in parentheses if any.
    Fixed(Column, Option<String>),
    Attribute(u32, AttributePart),
    Download(u32, DownloadPart),
    Meta(String),
    Unknown,
}

static UNIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(weight|length|width|height)\s*\((.*)\)$").expect("valid unit pattern")
});
static ATTRIBUTE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^attribute\s+(\d+)\s+(name|value\(s\)|values?|visible|global|default)$")
        .expect("valid attribute pattern")
});
static DOWNLOAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^download\s+(\d+)\s+(id|name|url)$").expect("valid download pattern")
});

/// Recognises a header cell (already trimmed), ignoring case except in meta keys.
pub(crate) fn classify(header: &str) -> HeaderKind {
    let named = |name: &str| header.eq_ignore_ascii_case(name);
    if let Some((column, _)) = EXPORT_ORDER.iter().find(|(_, name)| named(name)) {
        return HeaderKind::Fixed(*column, None);
    }
    if let Some((_, column)) = ALIASES.iter().find(|(name, _)| named(name)) {
        return HeaderKind::Fixed(*column, None);
    }
    if let Some(caps) = UNIT.captures(header) {
        let column = match caps[1].to_ascii_lowercase().as_str() {
            "weight" => Column::Weight,
            "length" => Column::Length,
            "width" => Column::Width,
            _ => Column::Height,
        };
        let unit = caps[2].trim();
        return HeaderKind::Fixed(column, (!unit.is_empty()).then(|| unit.to_string()));
    }
    if let Some(caps) = ATTRIBUTE.captures(header) {
        let part = match caps[2].to_ascii_lowercase().as_str() {
            "name" => AttributePart::Name,
            "visible" => AttributePart::Visible,
            "global" => AttributePart::Global,
            "default" => AttributePart::Default,
            _ => AttributePart::Values,
        };
        return caps[1]
            .parse()
            .map_or(HeaderKind::Unknown, |n| HeaderKind::Attribute(n, part));
    }
    if let Some(caps) = DOWNLOAD.captures(header) {
        let part = match caps[2].to_ascii_lowercase().as_str() {
            "id" => DownloadPart::Id,
            "name" => DownloadPart::Name,
            _ => DownloadPart::Url,
        };
        return caps[1]
            .parse()
            .map_or(HeaderKind::Unknown, |n| HeaderKind::Download(n, part));
    }
    let meta_key = header
        .get(..5)
        .filter(|prefix| prefix.eq_ignore_ascii_case("meta:"))
        .map(|_| header[5..].trim());
    match meta_key {
        Some(key) if !key.is_empty() => HeaderKind::Meta(key.to_string()),
        _ => HeaderKind::Unknown,
    }
}

/// `Attribute 3 value(s)` and friends, as WooCommerce writes them.
pub(crate) fn attribute_header(n: usize, part: AttributePart) -> String {
    let suffix = match part {
        AttributePart::Name => "name",
        AttributePart::Values => "value(s)",
        AttributePart::Visible => "visible",
        AttributePart::Global => "global",
        AttributePart::Default => "default",
    };
    format!("Attribute {n} {suffix}")
}

/// `Download 2 URL` and friends, as WooCommerce writes them.
pub(crate) fn download_header(n: usize, part: DownloadPart) -> String {
    let suffix = match part {
        DownloadPart::Id => "ID",
        DownloadPart::Name => "name",
        DownloadPart::Url => "URL",
    };
    format!("Download {n} {suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_match_ignoring_case_and_aliases() {
        assert_eq!(classify("sku"), HeaderKind::Fixed(Column::Sku, None));
        assert_eq!(
            classify("IN STOCK?"),
            HeaderKind::Fixed(Column::StockStatus, None)
        );
        assert_eq!(
            classify("Product Title"),
            HeaderKind::Fixed(Column::Name, None)
        );
        assert_eq!(
            classify("post_excerpt"),
            HeaderKind::Fixed(Column::ShortDescription, None)
        );
        assert_eq!(
            classify("Tags (space separated)"),
            HeaderKind::Fixed(Column::TagsSpaceSeparated, None)
        );
        assert_eq!(
            classify("Weight (lbs)"),
            HeaderKind::Fixed(Column::Weight, Some("lbs".into()))
        );
        assert_eq!(
            classify("length (in)"),
            HeaderKind::Fixed(Column::Length, Some("in".into()))
        );
        assert_eq!(classify("Weight"), HeaderKind::Fixed(Column::Weight, None));
    }

    #[test]
    fn numbered_and_meta_headers() {
        assert_eq!(
            classify("Attribute 12 value(s)"),
            HeaderKind::Attribute(12, AttributePart::Values)
        );
        assert_eq!(
            classify("attribute 1 GLOBAL"),
            HeaderKind::Attribute(1, AttributePart::Global)
        );
        assert_eq!(
            classify("Download 2 URL"),
            HeaderKind::Download(2, DownloadPart::Url)
        );
        assert_eq!(
            classify("Meta: _Custom Key"),
            HeaderKind::Meta("_Custom Key".into())
        );
        assert_eq!(classify("meta:x"), HeaderKind::Meta("x".into()));
        assert_eq!(classify("Meta:"), HeaderKind::Unknown);
        assert_eq!(classify("Colour"), HeaderKind::Unknown);
        assert_eq!(classify("Attribute x name"), HeaderKind::Unknown);
    }

    #[test]
    fn every_column_has_an_export_header() {
        for (column, name) in EXPORT_ORDER {
            assert_eq!(column.header(), name);
            assert_eq!(classify(name), HeaderKind::Fixed(column, None));
        }
    }
}
