//! The extensions' routes (a surface): their files under `/extensions/{name}/`, and the
//! payment apps' notifications (docs/extensions.md). What an extension is, and its gateways and
//! page scripts, is the `extensions` module's.

pub mod files;
pub mod notify;
