//! Writing then reading gives the same rows: a property test over generated rows, the
//! fixtures, and the writer's header and refusals.

use proptest::prelude::*;

use super::*;
use crate::money::Money;

fn write(rows: &[ProductRow], options: &WriteOptions) -> Vec<u8> {
    let mut out = Vec::new();
    write_rows(&mut out, rows, options).expect("rows are representable");
    out
}

fn read_back(bytes: &[u8], options: &WriteOptions) -> ReadOutcome {
    let read_options = ReadOptions {
        minor_unit: options.minor_unit,
        decimal_separator: options.decimal_separator,
    };
    read_rows(bytes, &read_options).expect("our own output reads")
}

fn rows_of(outcome: ReadOutcome) -> Vec<ProductRow> {
    assert_eq!(outcome.errors, vec![], "no row errors");
    outcome.rows.into_iter().map(|(_, row)| row).collect()
}

/// Characters that stress quoting, list escapes, the `'` guard and description escapes.
const CHARS: &[char] = &[
    'a', 'Z', '0', '7', ' ', ',', ';', '"', '\'', '=', '+', '-', '@', '>', '<', '/', '\\', 'n',
    '\n', '\r', '\t', ':', 'é', '€', '😀',
];

fn any_text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(CHARS), 1..max).prop_map(String::from_iter)
}

/// Text in the reader's normal form for trimmed columns: no surrounding whitespace.
fn trimmed() -> impl Strategy<Value = String> {
    any_text(10).prop_filter_map("blank", |s| {
        let t = s.trim();
        (!t.is_empty()).then(|| t.to_string())
    })
}

fn items() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(trimmed(), 0..4)
}

fn paths() -> impl Strategy<Value = Vec<Vec<String>>> {
    let segment = trimmed().prop_filter_map("has >", |s| {
        let t = s.replace('>', "").trim().to_string();
        (!t.is_empty()).then_some(t)
    });
    prop::collection::vec(prop::collection::vec(segment, 1..3), 0..3)
}

fn reference() -> impl Strategy<Value = Reference> {
    prop_oneof![
        (1..i64::MAX).prop_map(Reference::Id),
        trimmed()
            .prop_filter("looks like id:", |s| !s
                .to_ascii_lowercase()
                .starts_with("id:"))
            .prop_map(Reference::Sku),
    ]
}

fn price() -> impl Strategy<Value = Option<Money>> {
    prop::option::of((0..1_000_000_000_000i64).prop_map(Money::from_minor))
}

fn decimal() -> impl Strategy<Value = Option<Decimal>> {
    prop::option::of(
        (0..10_000_000u64, 0..7u32).prop_filter_map("scale", |(m, s)| Decimal::new(m, s)),
    )
}

fn sale_date() -> impl Strategy<Value = Option<SaleDate>> {
    let text = (
        1970..2100u32,
        1..=12u32,
        1..=28u32,
        prop::option::of((0..24u32, 0..60u32, 0..60u32)),
    )
        .prop_map(|(y, m, d, time)| match time {
            Some((h, mi, s)) => format!("{y:04}-{m:02}-{d:02} {h:02}:{mi:02}:{s:02}"),
            None => format!("{y:04}-{m:02}-{d:02}"),
        });
    prop::option::of(text.prop_map(|t| SaleDate::parse(&t).expect("generated dates are valid")))
}

fn product_type() -> impl Strategy<Value = ProductType> {
    (
        prop::sample::select(&ProductKind::ALL[..]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(kind, is_virtual, is_downloadable)| ProductType {
            kind,
            is_virtual,
            is_downloadable,
        })
}

fn attribute() -> impl Strategy<Value = Attribute> {
    let flag = || prop::option::of(any::<bool>());
    (
        trimmed(),
        items(),
        flag(),
        flag(),
        prop::option::of(trimmed()),
    )
        .prop_map(|(name, values, visible, global, default)| Attribute {
            name,
            values,
            visible,
            global,
            default,
        })
}

fn download() -> impl Strategy<Value = Download> {
    (
        prop::option::of(trimmed()),
        prop::option::of(trimmed()),
        trimmed(),
    )
        .prop_map(|(id, name, url)| Download { id, name, url })
}

/// Meta keys are a subsequence of one shared order, as they are in any single file.
fn meta() -> impl Strategy<Value = Vec<(String, String)>> {
    const KEYS: [&str; 4] = ["_warranty", "Fabric Notes", "x:y", "_a"];
    prop::collection::vec(prop::option::of(any_text(8)), 4).prop_map(|values| {
        KEYS.iter()
            .zip(values)
            .filter_map(|(key, value)| value.map(|v| (key.to_string(), v)))
            .collect()
    })
}

prop_compose! {
    fn product_row()(
        (id, product_type, sku, gtin, name, published, featured, catalog_visibility) in (
            prop::option::of(1..i64::MAX), product_type(), prop::option::of(trimmed()),
            prop::option::of(trimmed()), prop::option::of(any_text(12)),
            prop::option::of(prop::sample::select(vec![Published::Publish, Published::Private, Published::Draft])),
            prop::option::of(any::<bool>()),
            prop::option::of(prop::sample::select(vec![
                CatalogVisibility::Visible, CatalogVisibility::Catalog,
                CatalogVisibility::Search, CatalogVisibility::Hidden,
            ])),
        ),
        (short_description, description, sale_starts, sale_ends, tax_status, tax_class, stock_status, stock) in (
            prop::option::of(any_text(16)), prop::option::of(any_text(16)), sale_date(), sale_date(),
            prop::option::of(prop::sample::select(vec![TaxStatus::Taxable, TaxStatus::Shipping, TaxStatus::None])),
            prop::option::of(trimmed()),
            prop::option::of(prop::sample::select(vec![
                StockStatus::InStock, StockStatus::OutOfStock, StockStatus::OnBackorder,
            ])),
            prop::option::of(prop_oneof![any::<i64>().prop_map(Stock::Quantity), Just(Stock::Parent)]),
        ),
        (low_stock_amount, backorders, sold_individually, weight, length, width, height, reviews_allowed) in (
            prop::option::of(any::<i64>()),
            prop::option::of(prop::sample::select(vec![Backorders::No, Backorders::Yes, Backorders::Notify])),
            prop::option::of(any::<bool>()), decimal(), decimal(), decimal(), decimal(),
            prop::option::of(any::<bool>()),
        ),
        (purchase_note, sale_price, regular_price, categories, tags, shipping_class, images) in (
            prop::option::of(any_text(12)), price(), price(), paths(), items(),
            prop::option::of(trimmed()), items(),
        ),
        (download_limit, download_expiry_days, parent, grouped_products, upsells, cross_sells) in (
            prop::option::of(any::<i64>()), prop::option::of(any::<i64>()), prop::option::of(reference()),
            prop::collection::vec(reference(), 0..3), prop::collection::vec(reference(), 0..3),
            prop::collection::vec(reference(), 0..3),
        ),
        (external_url, button_text, position, brands, commodity_code, country_of_origin, customs_description) in (
            prop::option::of(trimmed()), prop::option::of(trimmed()), prop::option::of(any::<i64>()), paths(),
            prop::option::of(trimmed()), prop::option::of(trimmed()), prop::option::of(trimmed()),
        ),
        (cost_of_goods, attributes, downloads, meta) in (
            price(), prop::collection::vec(attribute(), 0..3), prop::collection::vec(download(), 0..3), meta(),
        ),
    ) -> ProductRow {
        ProductRow {
            id, product_type, sku, gtin, name, published, featured, catalog_visibility,
            short_description, description, sale_starts, sale_ends, tax_status, tax_class,
            stock_status, stock, low_stock_amount, backorders, sold_individually, weight, length,
            width, height, reviews_allowed, purchase_note, sale_price, regular_price, categories,
            tags, shipping_class, images, download_limit, download_expiry_days, parent,
            grouped_products, upsells, cross_sells, external_url, button_text, position, brands,
            commodity_code, country_of_origin, customs_description, cost_of_goods, attributes,
            downloads, meta,
        }
    }
}

fn write_options() -> impl Strategy<Value = WriteOptions> {
    (0..=4u32, prop::sample::select(vec!['.', ','])).prop_map(|(minor_unit, decimal_separator)| {
        WriteOptions {
            minor_unit,
            decimal_separator,
            ..WriteOptions::default()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn read_of_write_gives_the_same_rows(
        rows in prop::collection::vec(product_row(), 0..6),
        options in write_options(),
    ) {
        let bytes = write(&rows, &options);
        let outcome = read_back(&bytes, &options);
        prop_assert_eq!(&outcome.warnings, &vec![]);
        let lines: Vec<u64> = outcome.rows.iter().map(|(line, _)| *line).collect();
        prop_assert!(lines.windows(2).all(|w| w[0] < w[1]));
        prop_assert_eq!(rows_of(outcome), rows);
    }
}

#[test]
fn fixtures_survive_a_round_trip() {
    let fixtures: [&[u8]; 3] = [
        include_bytes!("testdata/full.csv"),
        include_bytes!("testdata/bom_crlf.csv"),
        include_bytes!("testdata/multiline_html.csv"),
    ];
    for fixture in fixtures {
        let options = WriteOptions::default();
        let rows = rows_of(read_back(fixture, &options));
        let again = rows_of(read_back(&write(&rows, &options), &options));
        assert_eq!(again, rows);
    }
}

#[test]
fn header_follows_woocommerce_export_order() {
    let tee = ProductRow {
        sku: Some("TEE".into()),
        description: Some("Line one\nline two".into()),
        stock: Some(Stock::Quantity(-2)),
        attributes: vec![
            Attribute {
                name: "Size".into(),
                values: vec!["S".into(), "M, L".into()],
                ..Attribute::default()
            },
            Attribute {
                name: "Colour".into(),
                default: Some("Red".into()),
                ..Attribute::default()
            },
        ],
        downloads: vec![Download {
            url: "https://x.example/a.pdf".into(),
            ..Download::default()
        }],
        meta: vec![("_b".into(), "1".into()), ("_a".into(), "2".into())],
        ..ProductRow::default()
    };
    let options = WriteOptions {
        weight_unit: "lbs".into(),
        dimension_unit: "in".into(),
        ..WriteOptions::default()
    };
    let text = String::from_utf8(write(&[tee], &options)).expect("utf-8");
    let mut lines = text.split("\r\n");
    let header = lines.next().expect("header");
    assert!(header.starts_with("\u{feff}ID,Type,SKU,\"GTIN, UPC, EAN, or ISBN\",Name,Published,"));
    assert!(
        header
            .contains(",Sold individually?,Weight (lbs),Length (in),Width (in),Height (in),Allow")
    );
    assert!(header.contains(",Parent,Grouped products,Upsells,Cross-sells,External URL,Button text,Position,Download 1 ID,"));
    assert!(
        !header.contains("Brands") && !header.contains("Cost of goods"),
        "unused optional columns"
    );
    assert!(header.ends_with(
        "Download 1 URL,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,\
         Attribute 2 name,Attribute 2 value(s),Attribute 2 visible,Attribute 2 global,\
         Attribute 2 default,Meta: _b,Meta: _a"
    ));
    let record = lines.next().expect("record");
    assert!(
        record.starts_with(",simple,TEE,,,,,,,Line one\\nline two,"),
        "{record}"
    );
    assert!(
        record.contains(",'-2,"),
        "negative numbers get the spreadsheet guard: {record}"
    );
    assert!(record.contains(",Size,\"S, M\\, L\","), "{record}");
}

#[test]
fn values_that_would_change_meaning_are_refused() {
    let cases = [
        (
            ProductRow {
                categories: vec![vec!["A > B".into()]],
                ..ProductRow::default()
            },
            "Categories",
        ),
        (
            ProductRow {
                parent: Some(Reference::Sku("id:12".into())),
                ..ProductRow::default()
            },
            "Parent",
        ),
        (
            ProductRow {
                upsells: vec![Reference::Id(0)],
                ..ProductRow::default()
            },
            "Upsells",
        ),
        (
            ProductRow {
                regular_price: Some(Money::from_minor(-1)),
                ..ProductRow::default()
            },
            "Regular price",
        ),
        (
            ProductRow {
                meta: vec![("k".into(), String::new())],
                ..ProductRow::default()
            },
            "Meta: k",
        ),
        (
            ProductRow {
                downloads: vec![Download::default()],
                ..ProductRow::default()
            },
            "Download 1 URL",
        ),
    ];
    for (row, column) in cases {
        let mut out = Vec::new();
        let rows = [ProductRow::default(), row];
        match write_rows(&mut out, &rows, &WriteOptions::default()) {
            Err(WriteError::Unrepresentable {
                index,
                column: found,
                ..
            }) => {
                assert_eq!((index, found.as_str()), (1, column));
            }
            other => panic!("expected a refusal for {column}, got {other:?}"),
        }
        assert!(out.is_empty(), "nothing is written before the check");
    }
}
