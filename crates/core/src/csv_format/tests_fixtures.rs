//! Reading real-shaped files from `testdata/`: every column, BOM + CRLF, multi-line HTML and
//! broken rows with their line numbers.

use super::*;
use crate::money::Money;

fn read(bytes: &[u8]) -> ReadOutcome {
    read_rows(bytes, &ReadOptions::default()).expect("the fixture reads")
}

fn row_at(outcome: &ReadOutcome, line: u64) -> &ProductRow {
    outcome
        .rows
        .iter()
        .find(|(l, _)| *l == line)
        .map(|(_, row)| row)
        .unwrap_or_else(|| panic!("no row at line {line}: {:?}", outcome.errors))
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn date(text: &str) -> Option<SaleDate> {
    Some(SaleDate::parse(text).expect("valid date"))
}

fn decimal(text: &str) -> Option<Decimal> {
    Some(Decimal::parse(text).expect("valid decimal"))
}

#[test]
fn full_export_reads_every_column() {
    let outcome = read(include_bytes!("testdata/full.csv"));
    assert_eq!(outcome.errors, vec![]);
    assert_eq!(
        outcome.warnings,
        vec![ReadWarning::UnknownColumn {
            name: "Internal code".into()
        }]
    );
    let lines: Vec<u64> = outcome.rows.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(outcome.weight_unit.as_deref(), Some("kg"));
    assert_eq!(outcome.dimension_unit.as_deref(), Some("cm"));
    assert_eq!(outcome.columns.len(), 45);

    let expected_tee = ProductRow {
        id: Some(101),
        product_type: ProductType::default(),
        sku: Some("TEE-LOGO".into()),
        gtin: Some("4006381333931".into()),
        name: Some("Logo T-shirt".into()),
        published: Some(Published::Publish),
        featured: Some(true),
        catalog_visibility: Some(CatalogVisibility::Visible),
        short_description: Some("Soft cotton tee.".into()),
        description: Some(
            "<p>Our classic tee, now in \"organic\" cotton.</p>\n<ul><li>100% cotton</li></ul>"
                .into(),
        ),
        sale_starts: date("2024-06-01"),
        sale_ends: date("2024-06-30 23:59:59"),
        tax_status: Some(TaxStatus::Taxable),
        tax_class: None,
        stock_status: Some(StockStatus::InStock),
        stock: Some(Stock::Quantity(25)),
        low_stock_amount: Some(5),
        backorders: Some(Backorders::No),
        sold_individually: Some(false),
        weight: decimal("0.2"),
        length: decimal("30"),
        width: decimal("20"),
        height: decimal("2"),
        reviews_allowed: Some(true),
        purchase_note: Some("Thanks for your order!".into()),
        sale_price: Some(Money::from_minor(1500)),
        regular_price: Some(Money::from_minor(1999)),
        categories: vec![
            strings(&["Clothing", "Tshirts"]),
            strings(&["Sale, Summer"]),
        ],
        tags: strings(&["cotton", "logo"]),
        shipping_class: Some("Small parcel".into()),
        images: strings(&[
            "https://shop.example/img/tee-front.jpg",
            "https://shop.example/img/tee-back.jpg",
        ]),
        download_limit: None,
        download_expiry_days: None,
        parent: None,
        grouped_products: vec![],
        upsells: vec![Reference::Sku("HOODIE".into())],
        cross_sells: vec![Reference::Id(104), Reference::Sku("CAP".into())],
        external_url: None,
        button_text: None,
        position: Some(1),
        brands: vec![strings(&["Mercato", "Basics"])],
        commodity_code: Some("6109.10".into()),
        country_of_origin: Some("PT".into()),
        customs_description: Some("Cotton T-shirt".into()),
        cost_of_goods: Some(Money::from_minor(650)),
        attributes: vec![
            Attribute {
                name: "Size".into(),
                values: strings(&["S", "M", "L"]),
                visible: Some(true),
                global: Some(true),
                default: None,
            },
            Attribute {
                name: "Fit".into(),
                values: strings(&["Regular"]),
                visible: Some(true),
                global: Some(false),
                default: None,
            },
        ],
        downloads: vec![],
        meta: vec![("_warranty".into(), "2 years".into())],
    };
    assert_eq!(row_at(&outcome, 2), &expected_tee);

    let hoodie = row_at(&outcome, 3);
    assert_eq!(hoodie.product_type.kind, ProductKind::Variable);
    assert_eq!(hoodie.catalog_visibility, Some(CatalogVisibility::Catalog));
    assert_eq!(hoodie.attributes[0].default.as_deref(), Some("Red"));
    assert_eq!(hoodie.regular_price, None);

    let red = row_at(&outcome, 4);
    assert_eq!(red.product_type.kind, ProductKind::Variation);
    assert_eq!(red.published, Some(Published::Draft));
    assert_eq!(red.effective_status(), Some(Published::Publish));
    assert_eq!(red.parent, Some(Reference::Sku("HOODIE".into())));
    assert_eq!(red.backorders, Some(Backorders::Notify));
    assert_eq!(red.tax_class.as_deref(), Some("parent"));
    assert_eq!(red.attributes[0].visible, None);

    let blue = row_at(&outcome, 5);
    assert!(blue.product_type.is_virtual && !blue.product_type.is_downloadable);
    assert_eq!(blue.stock, Some(Stock::Parent));
    assert_eq!(blue.stock_status, Some(StockStatus::OnBackorder));
    assert_eq!(blue.parent, Some(Reference::Id(102)));
    assert_eq!(blue.sale_price, Some(Money::from_minor(3950)));
    assert_eq!(
        blue.attributes[1].values,
        Vec::<String>::new(),
        "empty value means any"
    );

    let bundle = row_at(&outcome, 6);
    assert_eq!(bundle.published, Some(Published::Private));
    assert_eq!(
        bundle.grouped_products,
        vec![
            Reference::Sku("TEE-LOGO".into()),
            Reference::Id(102),
            Reference::Sku("CAP".into())
        ]
    );

    let cap = row_at(&outcome, 7);
    assert_eq!(cap.product_type.kind, ProductKind::External);
    assert_eq!(
        cap.name.as_deref(),
        Some("=Partner cap"),
        "the ' guard is removed"
    );
    assert_eq!(
        cap.published,
        Some(Published::Publish),
        "true means published"
    );
    assert_eq!(
        cap.external_url.as_deref(),
        Some("https://partner.example/cap?ref=mercato&x=1")
    );
    assert_eq!(cap.regular_price, Some(Money::from_minor(1250)));

    let ebook = row_at(&outcome, 8);
    assert!(ebook.product_type.is_virtual && ebook.product_type.is_downloadable);
    assert_eq!(ebook.stock, Some(Stock::Quantity(3)), "3.43 becomes 3");
    assert_eq!(ebook.position, Some(-1));
    assert_eq!(ebook.tags, strings(&["guide", "care, washing"]));
    assert_eq!(
        ebook.downloads,
        vec![
            Download {
                id: Some("a1b2c3".into()),
                name: Some("Guide".into()),
                url: "https://shop.example/files/guide.pdf".into(),
            },
            Download {
                id: None,
                name: None,
                url: "https://shop.example/files/extra.pdf".into()
            },
        ]
    );
    assert_eq!(
        (ebook.download_limit, ebook.download_expiry_days),
        (Some(5), Some(30))
    );
    assert_eq!(
        ebook.meta,
        vec![("Fabric Notes".into(), "  <b>not</b> fabric  ".into())]
    );

    let socks = row_at(&outcome, 9);
    assert_eq!(socks.id, None);
    assert_eq!(
        socks.published,
        Some(Published::Draft),
        "2 (pending) is read as a draft"
    );
    assert_eq!(socks.sale_starts, date("2023-07-13T09:10:00Z"));
    assert_eq!(socks.stock, Some(Stock::Quantity(0)));
    assert_eq!(socks.stock_status, Some(StockStatus::OutOfStock));
}

#[test]
fn bom_and_crlf_are_tolerated() {
    let bytes = include_bytes!("testdata/bom_crlf.csv");
    assert!(bytes.starts_with(b"\xef\xbb\xbfID,") && bytes.ends_with(b"\r\n"));
    let outcome = read(bytes);
    assert_eq!(outcome.errors, vec![]);
    assert_eq!(outcome.warnings, vec![]);
    assert_eq!(outcome.columns[0], Column::Id);
    assert_eq!(outcome.weight_unit.as_deref(), Some("lbs"));
    assert_eq!(outcome.dimension_unit.as_deref(), Some("in"));
    let lines: Vec<u64> = outcome.rows.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![2, 3, 4]);
    assert_eq!(row_at(&outcome, 2).id, Some(10));
    assert_eq!(row_at(&outcome, 2).weight, decimal("0.8"));
    assert_eq!(
        row_at(&outcome, 3).parent,
        Some(Reference::Sku("MUG".into()))
    );
    assert_eq!(
        row_at(&outcome, 4).parent,
        Some(Reference::Id(10)),
        "no stray \\r"
    );
}

#[test]
fn multi_line_html_keeps_the_line_where_the_record_starts() {
    let outcome = read(include_bytes!("testdata/multiline_html.csv"));
    assert_eq!(outcome.errors, vec![]);
    let lines: Vec<u64> = outcome.rows.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![2, 7, 9]);
    let apron = row_at(&outcome, 2);
    assert_eq!(
        apron.description.as_deref(),
        Some(
            "<h2>Details</h2>\n<ul>\n  <li>Adjustable \"cross-back\" straps</li>\n  <li>Two pockets, 40 cm × 30 cm</li>\n</ul>"
        )
    );
    assert_eq!(apron.regular_price, Some(Money::from_minor(3500)));
    let towel = row_at(&outcome, 7);
    assert_eq!(
        towel.short_description.as_deref(),
        Some("Two lines\nof short text")
    );
    assert_eq!(
        towel.description.as_deref(),
        Some("<p>First paragraph.</p>\n<p>Second paragraph with a literal \\n in code.</p>")
    );
    assert_eq!(row_at(&outcome, 9).description, None);
}

#[test]
fn broken_rows_are_reported_with_their_lines_and_do_not_stop_the_rest() {
    let outcome = read(include_bytes!("testdata/broken.csv"));
    let lines: Vec<u64> = outcome.rows.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![2, 6, 16]);
    assert_eq!(
        row_at(&outcome, 6).name.as_deref(),
        Some("Echo\non two lines")
    );
    let found: Vec<(u64, Option<&str>)> = outcome
        .errors
        .iter()
        .map(|e| (e.line, e.column.as_deref()))
        .collect();
    assert_eq!(
        found,
        vec![
            (3, Some("Regular price")),
            (4, Some("Parent")),
            (5, None),
            (8, Some("Published")),
            (8, Some("Stock")),
            (9, Some("Type")),
            (11, Some("Date sale price starts")),
            (12, Some("Attribute 1 name")),
            (13, Some("In stock?")),
            (14, Some("Upsells")),
            (15, Some("ID")),
        ]
    );
    let message = |line: u64| {
        outcome
            .errors
            .iter()
            .find(|e| e.line == line)
            .map(ToString::to_string)
            .unwrap_or_default()
    };
    assert_eq!(
        message(3),
        "line 3, column \"Regular price\": \"abc\" is not a price (expected digits with an optional '.' and decimals)"
    );
    assert!(
        message(4).contains("\"id:abc\" is not a valid product reference"),
        "{}",
        message(4)
    );
    assert!(
        message(5).contains("14 cells but the header has 13"),
        "{}",
        message(5)
    );
    assert!(
        message(9).contains("unknown product type \"bundle\""),
        "{}",
        message(9)
    );
    assert!(message(12).contains("no name"), "{}", message(12));
}

#[test]
fn empty_files_and_missing_headers_are_clear_errors() {
    for empty in [&b""[..], b"\xef\xbb\xbf", b"\n\n", b",,,\r\n"] {
        let error = read_rows(empty, &ReadOptions::default()).expect_err("empty");
        assert!(matches!(error, ReadError::Empty), "{error:?}");
        assert!(error.to_string().contains("the file is empty"));
    }
    let data_first = b"101,simple,TEE,Logo T-shirt\n102,simple,CAP,Cap\n";
    let error = read_rows(&data_first[..], &ReadOptions::default()).expect_err("no header");
    assert_eq!(
        error.to_string(),
        "the first line is not a product CSV header: none of its cells (101, simple, TEE, Logo T-shirt) is a known column such as ID, Type, SKU or Name"
    );
}

#[test]
fn header_spellings_short_rows_and_store_options() {
    let file = "sku,TITLE,Price,Tags (space separated),Quantity,post_parent,Meta: a,meta: a,Weight\n\
                S1,Shirt,\"12,5\",red  blue,7,id:3,x,y,1.5\n\
                S2,Short row\n";
    let options = ReadOptions {
        minor_unit: 2,
        decimal_separator: ',',
    };
    let outcome = read_rows(file.as_bytes(), &options).expect("reads");
    assert_eq!(outcome.errors, vec![]);
    assert_eq!(
        outcome.warnings,
        vec![ReadWarning::DuplicateColumn {
            name: "meta: a".into()
        }]
    );
    assert_eq!(outcome.weight_unit, None);
    let shirt = row_at(&outcome, 2);
    assert_eq!(shirt.name.as_deref(), Some("Shirt"));
    assert_eq!(shirt.regular_price, Some(Money::from_minor(1250)));
    assert_eq!(shirt.tags, strings(&["red", "blue"]));
    assert_eq!(shirt.stock, Some(Stock::Quantity(7)));
    assert_eq!(shirt.parent, Some(Reference::Id(3)));
    assert_eq!(
        shirt.meta,
        vec![("a".into(), "y".into())],
        "the last duplicate wins"
    );
    assert_eq!(row_at(&outcome, 3).name.as_deref(), Some("Short row"));
}

#[test]
fn line_numbers_count_every_kind_of_line_break() {
    let file = "SKU,Name\r\rA,Old Mac\r\"B\",\"two\r\nlines\"\n\n\r\nC,after blanks\n";
    let outcome = read_rows(file.as_bytes(), &ReadOptions::default()).expect("reads");
    let lines: Vec<u64> = outcome.rows.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![3, 4, 8]);
}

#[test]
fn invalid_utf8_is_replaced_with_a_warning() {
    let file = b"SKU,Name\nS1,Caf\xe9\n";
    let outcome = read_rows(&file[..], &ReadOptions::default()).expect("reads");
    assert_eq!(row_at(&outcome, 2).name.as_deref(), Some("Caf\u{fffd}"));
    assert_eq!(
        outcome.warnings,
        vec![ReadWarning::InvalidUtf8 {
            line: 2,
            column: "Name".into()
        }]
    );
}
