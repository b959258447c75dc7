//! The `mercato` binary's commands as a library, so tests call them directly: importing and
//! exporting WooCommerce product CSV files and loading the demo shop.

pub mod demo;
pub mod export;
pub mod import;
