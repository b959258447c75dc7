//! Identifiers as newtypes, so a category id is never passed where a product id belongs.

use std::fmt;

use serde::{Deserialize, Serialize};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl $name {
            /// The raw number.
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<i64> for $name {
            fn from(raw: i64) -> Self {
                $name(raw)
            }
        }
    };
}

id_type!(
    /// A product or a variation (variations share the products' id space, as in WooCommerce).
    ProductId
);
id_type!(
    /// A term of a global attribute (`pa_color` → Red).
    TermId
);
id_type!(
    /// A global attribute (`pa_color`).
    AttributeId
);
id_type!(
    /// A product category.
    CategoryId
);
id_type!(
    /// A product tag.
    TagId
);
id_type!(
    /// An uploaded image.
    ImageId
);
id_type!(
    /// A product review.
    ReviewId
);
