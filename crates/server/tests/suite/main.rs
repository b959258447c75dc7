//! The server crate's integration tests, in one binary so the workspace links it once.

mod cart_page_support;
mod store_ajax_support;
mod store_api_cart_support;
mod store_api_support;
mod storefront_support;

mod assets_dist;
mod cart_page;
mod cart_page_changes;
mod checkout_page;
mod emails;
mod pages;
mod store_ajax;
mod store_ajax_hostile;
mod store_api_cart_batch;
mod store_api_cart_changes;
mod store_api_cart_collections;
mod store_api_cart_flow;
mod store_api_cart_hostile;
mod store_api_cart_hostile_fields;
mod store_api_cart_security;
mod store_api_cart_settings;
mod store_api_checkout;
mod store_api_checkout_concurrency;
mod store_api_checkout_payments;
mod store_api_collection_data;
mod store_api_products;
mod store_api_products_order;
mod store_api_terms;
mod store_api_wire;
mod storefront_listing;
mod storefront_page_cache;
mod storefront_product;
mod storefront_reviews;
mod storefront_search;
