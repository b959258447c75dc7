//! The mercato crate's integration tests, in one binary so the workspace links it once.

#[macro_use]
mod common;

mod attributes_cli;
mod crash;
mod demo;
mod extensions_cli;
mod import;
mod orders_cli;
mod pages_cli;
mod payment_setup;
mod roundtrip;
mod serve_public_url;
mod settings;
mod slow_clients;
mod terminal_text;
mod users_cli;
