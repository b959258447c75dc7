//! The TypeScript types of the Store API objects, derived from the Rust types that serialise
//! them (`#[derive(TS)]`, the `ts-rs` crate). The browser's copy is the committed file
//! [`GENERATED_PATH`]; the suite test `wire_types` fails when it differs from what these types
//! generate, so neither side can change alone. Regenerate it with
//! `MERCATO_WRITE_WIRE_TYPES=1 cargo test -p mercato-server --test suite wire_types`.

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};

use ts_rs::{Config, TS, TypeVisitor};

use super::error::StoreApiErrorBody;
use crate::cart::{CartResponse, CouponView};

/// The generated file, relative to the repository root.
pub const GENERATED_PATH: &str = "web/src/core/api/storeapi.generated.ts";

/// The command that rewrites [`GENERATED_PATH`].
pub const REGENERATE: &str =
    "MERCATO_WRITE_WIRE_TYPES=1 cargo test -p mercato-server --test suite wire_types";

/// Collects the declaration of every type reachable from the roots, once each, by name.
struct Collect<'a> {
    cfg: &'a Config,
    seen: HashSet<TypeId>,
    declarations: BTreeMap<String, String>,
}

impl Collect<'_> {
    fn add<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        let mut text = T::docs().unwrap_or_default();
        text.push_str("export ");
        text.push_str(&T::decl(self.cfg));
        self.declarations.insert(T::ident(self.cfg), text);
        T::visit_dependencies(self);
    }
}

impl TypeVisitor for Collect<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        self.add::<T>();
    }
}

/// The contents of [`GENERATED_PATH`]: every type the cart, its items, coupons, rates,
/// cross-sells and errors are made of, sorted by name. Integers are `number` (every id and
/// count the Store API sends fits in a double).
pub fn typescript() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut collect = Collect {
        cfg: &cfg,
        seen: HashSet::new(),
        declarations: BTreeMap::new(),
    };
    collect.add::<CartResponse>();
    collect.add::<CouponView>();
    // Flattened into every object with amounts; named too, for code that formats money.
    collect.add::<mercato_core::money::CurrencyFields>();
    collect.add::<StoreApiErrorBody>();
    collect.add::<mercato_core::orders::CheckoutView>();
    let mut out = format!(
        "// Generated from the Rust types that serialise the Store API (crates/server/src/store_api/wire_types.rs).\n\
         // Do not edit: change the Rust type, then run\n//   {REGENERATE}\n\
         /* eslint-disable @typescript-eslint/array-type, @typescript-eslint/consistent-type-definitions, \
         @typescript-eslint/consistent-indexed-object-style -- ts-rs's own style */\n\n"
    );
    let declarations: Vec<String> = collect.declarations.into_values().collect();
    for line in declarations.join("\n\n").lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
