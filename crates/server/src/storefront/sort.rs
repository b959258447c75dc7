//! The sort options of a listing's ordering drop-down.

use mercato_db::catalogue::ProductOrder;

/// A sort option of the ordering drop-down (WooCommerce's `orderby` values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortOption {
    /// `menu_order`: the merchant's order.
    MenuOrder,
    /// `popularity`: best sellers first.
    Popularity,
    /// `rating`: best rated first.
    Rating,
    /// `date`: newest first.
    Date,
    /// `price`: cheapest first.
    Price,
    /// `price-desc`: dearest first.
    PriceDesc,
    /// `relevance`: search results only.
    Relevance,
}

impl SortOption {
    /// The options of a catalogue listing, in the drop-down's order.
    pub const CATALOGUE: [SortOption; 6] = [
        SortOption::MenuOrder,
        SortOption::Popularity,
        SortOption::Rating,
        SortOption::Date,
        SortOption::Price,
        SortOption::PriceDesc,
    ];

    /// The options of search results.
    pub const SEARCH: [SortOption; 7] = [
        SortOption::Relevance,
        SortOption::MenuOrder,
        SortOption::Popularity,
        SortOption::Rating,
        SortOption::Date,
        SortOption::Price,
        SortOption::PriceDesc,
    ];

    /// Reads an `orderby` value.
    pub fn parse(text: &str) -> Option<SortOption> {
        [SortOption::Relevance]
            .into_iter()
            .chain(SortOption::CATALOGUE)
            .find(|o| o.as_str() == text.trim())
    }

    /// The `orderby` value.
    pub fn as_str(self) -> &'static str {
        match self {
            SortOption::MenuOrder => "menu_order",
            SortOption::Popularity => "popularity",
            SortOption::Rating => "rating",
            SortOption::Date => "date",
            SortOption::Price => "price",
            SortOption::PriceDesc => "price-desc",
            SortOption::Relevance => "relevance",
        }
    }

    /// The drop-down label (WooCommerce's wording).
    pub fn label(self) -> &'static str {
        match self {
            SortOption::MenuOrder => "Default sorting",
            SortOption::Popularity => "Sort by popularity",
            SortOption::Rating => "Sort by average rating",
            SortOption::Date => "Sort by latest",
            SortOption::Price => "Sort by price: low to high",
            SortOption::PriceDesc => "Sort by price: high to low",
            SortOption::Relevance => "Relevance",
        }
    }

    /// The storage order.
    pub fn order(self) -> ProductOrder {
        match self {
            SortOption::MenuOrder => ProductOrder::MenuOrder,
            SortOption::Popularity => ProductOrder::Popularity,
            SortOption::Rating => ProductOrder::Rating,
            SortOption::Date => ProductOrder::Date,
            SortOption::Price => ProductOrder::Price,
            SortOption::PriceDesc => ProductOrder::PriceDesc,
            SortOption::Relevance => ProductOrder::Relevance,
        }
    }
}
