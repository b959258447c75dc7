//! The db crate's integration tests, in one binary so the workspace links it once.

#[macro_use]
mod common;

mod carts;
mod catalogue;
mod content_pages;
mod downloads;
mod jobs;
mod orders;
mod payment_tokens;
mod product_addons;
mod rate_limits;
mod storage;
mod users;
