//! The `mercato` binary's commands as a library, so tests call them directly: importing and
//! exporting WooCommerce product CSV files, loading the demo shop, and printing stored text
//! safely on a terminal.

pub mod demo;
pub mod export;
pub mod import;
pub mod terminal;
