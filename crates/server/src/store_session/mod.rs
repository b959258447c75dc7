//! Who is calling the Store API: nonces for browser requests, Cart-Tokens for headless
//! clients.

pub mod cart_token;
pub mod nonce;
