//! Mapping the full fixture onto records and back.

use std::collections::HashMap;

use super::*;
use crate::catalogue::{
    AttributeId, AttributeTerm, Backorders, Product, ProductStatus, ProductType, StockStatus,
    Variation, slugify, taxonomy_name,
};
use crate::csv_format::{Column, ProductKind, ProductRow, read_rows};
use crate::money::Money;

/// Taxonomy and products in memory, ids counting up.
#[derive(Default)]
struct Memory {
    categories: Vec<(Option<CategoryId>, String, CategoryId)>,
    tags: Vec<(String, TagId)>,
    attributes: Vec<GlobalAttribute>,
    products: HashMap<Reference, ProductId>,
    next: i64,
}

impl Memory {
    fn id(&mut self) -> i64 {
        self.next += 1;
        self.next
    }
}

impl Resolver for Memory {
    fn category(&mut self, path: &[String]) -> Result<CategoryId, String> {
        let mut parent = None;
        for name in path {
            let found = self
                .categories
                .iter()
                .find(|(p, n, _)| *p == parent && n == name)
                .map(|c| c.2);
            let id = match found {
                Some(id) => id,
                None => {
                    let id = CategoryId(self.id());
                    self.categories.push((parent, name.clone(), id));
                    id
                }
            };
            parent = Some(id);
        }
        parent.ok_or_else(|| "empty path".to_owned())
    }

    fn tag(&mut self, name: &str) -> Result<TagId, String> {
        if let Some((_, id)) = self.tags.iter().find(|(n, _)| n == name) {
            return Ok(*id);
        }
        let id = TagId(self.id());
        self.tags.push((name.to_owned(), id));
        Ok(id)
    }

    fn global_attribute(
        &mut self,
        name: &str,
        values: &[String],
    ) -> Result<(GlobalAttribute, Vec<TermId>), String> {
        let index = match self.attributes.iter().position(|a| a.name == name) {
            Some(index) => index,
            None => {
                let id = AttributeId(self.id());
                self.attributes.push(GlobalAttribute::new(id, name));
                self.attributes.len() - 1
            }
        };
        let mut ids = Vec::new();
        for value in values {
            let found = self.attributes[index]
                .terms
                .iter()
                .find(|t| &t.name == value)
                .map(|t| t.id);
            let id = match found {
                Some(id) => id,
                None => {
                    let id = TermId(self.id());
                    let mut term = AttributeTerm::new(id, value);
                    term.menu_order =
                        i64::try_from(self.attributes[index].terms.len()).expect("few terms");
                    self.attributes[index].terms.push(term);
                    id
                }
            };
            ids.push(id);
        }
        Ok((self.attributes[index].clone(), ids))
    }

    fn product(&mut self, reference: &Reference) -> Result<ProductId, String> {
        self.products
            .get(reference)
            .copied()
            .ok_or_else(|| format!("{reference:?} is unknown"))
    }

    fn image(&mut self, source: &str) -> Result<Image, String> {
        Ok(image_from_source(source))
    }
}

impl Names for Memory {
    fn category_path(&self, id: CategoryId) -> Option<Vec<String>> {
        let mut path = Vec::new();
        let mut at = Some(id);
        while let Some(id) = at {
            let (parent, name, _) = self.categories.iter().find(|c| c.2 == id)?;
            path.insert(0, name.clone());
            at = *parent;
        }
        Some(path)
    }

    fn tag_name(&self, id: TagId) -> Option<String> {
        self.tags.iter().find(|t| t.1 == id).map(|t| t.0.clone())
    }

    fn product_reference(&self, id: ProductId) -> Option<Reference> {
        let mut keys: Vec<&Reference> = self
            .products
            .iter()
            .filter(|(_, p)| **p == id)
            .map(|(r, _)| r)
            .collect();
        keys.sort_by_key(|r| matches!(r, Reference::Id(_)));
        keys.first().map(|r| (*r).clone())
    }
}

fn fixture() -> Vec<(u64, ProductRow)> {
    let file = include_bytes!("../testdata/full.csv");
    read_rows(&file[..], &Default::default())
        .expect("reads")
        .rows
}

fn all(_: Column) -> bool {
    true
}

/// Maps every row of the fixture: products by their ID, variations under their parent.
fn map_fixture(memory: &mut Memory) -> (Vec<Product>, Vec<Variation>) {
    let rows = fixture();
    for (_, row) in &rows {
        let id = ProductId(row.id.unwrap_or(200));
        memory.products.insert(Reference::Id(id.0), id);
        if let Some(sku) = &row.sku {
            memory.products.insert(Reference::Sku(sku.clone()), id);
        }
    }
    let mut products = Vec::new();
    for (_, row) in rows
        .iter()
        .filter(|(_, r)| r.product_type.kind != ProductKind::Variation)
    {
        let mut product = new_product(ProductId(row.id.unwrap_or(200)));
        let mut extras = ProductExtras::default();
        apply_product_row(row, &mut product, &mut extras, &all, memory).expect("maps");
        products.push(product);
    }
    let mut variations = Vec::new();
    for (_, row) in rows
        .iter()
        .filter(|(_, r)| r.product_type.kind == ProductKind::Variation)
    {
        let parent = products
            .iter()
            .find(|p| p.id == ProductId(102))
            .expect("parent");
        let mut variation = new_variation(ProductId(row.id.unwrap_or(0)), parent.id);
        let mut extras = ProductExtras::default();
        apply_variation_row(row, &mut variation, &mut extras, parent, &all, memory).expect("maps");
        variations.push(variation);
    }
    (products, variations)
}

#[test]
fn a_simple_row_keeps_woocommerce_meaning() {
    let mut memory = Memory::default();
    let (products, _) = map_fixture(&mut memory);
    let tee = &products[0];
    assert_eq!(tee.kind, ProductType::Simple);
    assert_eq!(tee.name, "Logo T-shirt");
    assert!(tee.featured);
    assert_eq!(tee.pricing.regular, Some(Money::from_minor(1999)));
    assert_eq!(tee.pricing.sale, Some(Money::from_minor(1500)));
    assert_eq!(tee.pricing.sale_from, Some(1_717_200_000));
    assert_eq!(tee.pricing.sale_to, Some(1_719_791_999));
    assert!(tee.stock.managed);
    assert_eq!(tee.stock.quantity, Some(25));
    assert_eq!(tee.stock.low_stock_amount, Some(5));
    assert_eq!(tee.weight, "0.2");
    assert_eq!(tee.dimensions.length, "30");
    // Only the last category of a path is assigned; `Sale\, Summer` is one name.
    let assigned: Vec<Vec<String>> = tee
        .category_ids
        .iter()
        .filter_map(|id| memory.category_path(*id))
        .collect();
    assert_eq!(
        assigned,
        vec![
            vec!["Clothing".to_owned(), "Tshirts".to_owned()],
            vec!["Sale, Summer".to_owned()]
        ]
    );
    assert_eq!(tee.tag_ids.len(), 2);
    let images: Vec<(&str, &str)> = tee
        .images()
        .map(|i| (i.src.as_str(), i.alt.as_str()))
        .collect();
    assert_eq!(
        images,
        [
            ("https://shop.example/img/tee-front.jpg", "Logo T-shirt"),
            ("https://shop.example/img/tee-back.jpg", "Logo T-shirt")
        ]
    );
    assert_eq!(tee.upsell_ids, [ProductId(102)]);
    assert_eq!(tee.cross_sell_ids, [ProductId(104), ProductId(106)]);
    let size = tee.attribute("Size").expect("size");
    assert_eq!(size.taxonomy.as_deref(), Some("pa_size"));
    assert_eq!(size.slugs(), ["s", "m", "l"]);
    assert!(!tee.attribute("Fit").expect("fit").is_global());
}

#[test]
fn variable_products_and_variations() {
    let mut memory = Memory::default();
    let (products, variations) = map_fixture(&mut memory);
    let hoodie = &products[1];
    assert_eq!(hoodie.kind, ProductType::Variable);
    assert_eq!(hoodie.catalog_visibility.as_str(), "catalog");
    let colour = hoodie.attribute("Colour").expect("colour");
    assert!(
        colour.variation,
        "a default marks the attribute for variations"
    );
    assert_eq!(hoodie.default_value(colour), Some("red"));
    let red_m = &variations[0];
    assert_eq!(red_m.value_of("pa_colour"), Some("red"));
    assert_eq!(red_m.value_of("pa_size"), Some("m"));
    assert_eq!(red_m.stock.quantity, Some(3));
    assert_eq!(red_m.tax_class, None, "`parent` is the parent's class");
    assert_eq!(red_m.stock.backorders, Backorders::Notify);
    assert_eq!(red_m.pricing.regular, Some(Money::from_minor(4900)));
    assert!(red_m.enabled, "a draft variation is published");
    let blue_any = &variations[1];
    assert_eq!(
        blue_any.value_of("pa_size"),
        Some(""),
        "an empty value is any"
    );
    assert!(blue_any.is_virtual);
    assert!(
        !blue_any.stock.managed,
        "stock `parent` leaves it to the parent"
    );
    assert_eq!(blue_any.stock.status, StockStatus::OnBackorder);
    assert_eq!(red_m.title(hoodie), "Zip Hoodie - Red, M");
}

#[test]
fn other_types_statuses_and_extras() {
    let mut memory = Memory::default();
    let (products, _) = map_fixture(&mut memory);
    let bundle = &products[2];
    assert_eq!(bundle.status, ProductStatus::Private);
    assert_eq!(
        bundle.grouped_ids,
        [ProductId(101), ProductId(102), ProductId(106)]
    );
    let cap = &products[3];
    assert_eq!(cap.name, "=Partner cap");
    assert_eq!(
        cap.external.as_ref().map(|l| l.button_text.as_str()),
        Some("Buy at Partner")
    );
    let ebook = &products[4];
    assert!(ebook.is_virtual && ebook.is_downloadable);
    assert_eq!(ebook.stock.quantity, Some(3));
    assert!(ebook.sold_individually);
    assert_eq!(products[5].status, ProductStatus::Draft, "2 means draft");

    let rows = fixture();
    let mut extras = ProductExtras::default();
    let mut product = new_product(ProductId(107));
    apply_product_row(&rows[6].1, &mut product, &mut extras, &all, &mut memory).expect("maps");
    assert_eq!(extras.download_limit, Some(5));
    assert_eq!(extras.downloads.len(), 2);
    assert_eq!(
        extras.downloads[0].url,
        "https://shop.example/files/guide.pdf"
    );
}

#[test]
fn only_web_links_are_imported_for_external_products() {
    let mut memory = Memory::default();
    map_fixture(&mut memory);
    let rows = fixture();
    let (_, cap) = rows
        .iter()
        .find(|(_, r)| r.product_type.kind == ProductKind::External)
        .expect("an external row");
    let mut url = |text: &str| {
        let row = ProductRow {
            external_url: Some(text.to_owned()),
            ..cap.clone()
        };
        let mut product = new_product(ProductId(row.id.unwrap_or(200)));
        let mut extras = ProductExtras::default();
        apply_product_row(&row, &mut product, &mut extras, &all, &mut memory).expect("maps");
        product.external.map(|l| l.url).expect("a link")
    };
    assert_eq!(url("javascript:alert(document.domain)"), "");
    assert_eq!(
        url("https://partner.example/cap"),
        "https://partner.example/cap"
    );
}

#[test]
fn a_missing_attribute_on_the_parent_fails_the_variation() {
    let mut memory = Memory::default();
    let parent = Product {
        kind: ProductType::Variable,
        ..Product::new(ProductId(1), ProductType::Variable, "Mug")
    };
    let mut row = ProductRow::default();
    row.product_type.kind = ProductKind::Variation;
    row.attributes.push(crate::csv_format::Attribute {
        name: "Size".into(),
        values: vec!["M".into()],
        ..Default::default()
    });
    let mut variation = new_variation(ProductId(2), parent.id);
    let error = apply_variation_row(
        &row,
        &mut variation,
        &mut ProductExtras::default(),
        &parent,
        &all,
        &mut memory,
    )
    .expect_err("no such attribute");
    assert!(error.contains("has no \"Size\" attribute"), "{error}");
}

#[test]
fn updates_touch_only_the_columns_of_the_file() {
    let mut memory = Memory::default();
    let (products, _) = map_fixture(&mut memory);
    let mut tee = products[0].clone();
    let row = ProductRow {
        regular_price: Some(Money::from_minor(2500)),
        ..ProductRow::default()
    };
    let only_price = |c: Column| matches!(c, Column::Id | Column::RegularPrice);
    apply_product_row(
        &row,
        &mut tee,
        &mut ProductExtras::default(),
        &only_price,
        &mut memory,
    )
    .expect("maps");
    assert_eq!(tee.pricing.regular, Some(Money::from_minor(2500)));
    assert_eq!(tee.name, "Logo T-shirt");
    assert_eq!(tee.stock.quantity, Some(25));
    assert_eq!(tee.category_ids, products[0].category_ids);
}

#[test]
fn records_make_rows_that_map_back_to_the_same_records() {
    let mut memory = Memory::default();
    let (products, variations) = map_fixture(&mut memory);
    let hoodie = products[1].clone();
    for product in &products {
        let row = product_to_row(product, &ProductExtras::default(), &memory);
        let mut again = new_product(product.id);
        apply_product_row(
            &row,
            &mut again,
            &mut ProductExtras::default(),
            &all,
            &mut memory,
        )
        .expect("maps back");
        // Variation rows promote the parent's attributes; the fixture's Size has no default.
        let mut expected = product.clone();
        if product.id == ProductId(102) {
            expected = hoodie.clone();
        }
        assert_eq!(again, expected, "{}", product.name);
    }
    for variation in &variations {
        let row = variation_to_row(variation, &hoodie, &ProductExtras::default(), &memory);
        assert_eq!(row.parent, Some(Reference::Sku("HOODIE".into())));
        let mut again = new_variation(variation.id, hoodie.id);
        apply_variation_row(
            &row,
            &mut again,
            &mut ProductExtras::default(),
            &hoodie,
            &all,
            &mut memory,
        )
        .expect("maps back");
        assert_eq!(&again, variation);
    }
    assert_eq!(slugify("Colour"), "colour");
    assert_eq!(taxonomy_name("Colour"), "pa_colour");
}
