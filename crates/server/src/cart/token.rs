//! Cart-Token: a signed token naming a cart, for headless clients without cookies. Same
//! shape as WooCommerce's: a JWT (HS256) with `user_id` (the cart key), `iat`, `exp` and
//! `iss: "store-api"`, valid for 48 hours.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// How long a token is valid, in seconds.
pub const LIFETIME_SECS: i64 = 48 * 3600;

const ISSUER: &str = "store-api";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    user_id: String,
    exp: i64,
    iss: String,
    iat: i64,
}

/// A token for the cart `cart_key`, issued at `now`.
pub fn issue(secret: &str, cart_key: &str, now: i64) -> String {
    let claims = Claims {
        user_id: cart_key.to_owned(),
        exp: now + LIFETIME_SECS,
        iss: ISSUER.to_owned(),
        iat: now,
    };
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap_or_default()
}

/// The cart key of a valid token: right signature, issuer, not expired at `now`.
pub fn verify(secret: &str, token: &str, now: i64) -> Option<String> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.set_issuer(&[ISSUER]);
    validation.set_required_spec_claims(&["exp", "iss"]);
    // We compare `exp` ourselves against the caller's clock.
    validation.validate_exp = false;
    let data = jsonwebtoken::decode::<Claims>(
        token,
        &DecodingKey::from_secret(secret.as_bytes()),
        &validation,
    )
    .ok()?;
    let claims = data.claims;
    (claims.exp > now && mercato_db::carts::is_well_formed(&claims.user_id))
        .then_some(claims.user_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_cart_until_it_expires() {
        let key = mercato_db::carts::new_guest_key();
        let token = issue("s3cret", &key, 1_000);
        assert_eq!(token.split('.').count(), 3);
        assert_eq!(verify("s3cret", &token, 1_000 + 60), Some(key.clone()));
        assert_eq!(
            verify("s3cret", &token, 1_000 + LIFETIME_SECS),
            None,
            "expired"
        );
        assert_eq!(
            verify("other", &token, 1_060),
            None,
            "signed by someone else"
        );
    }

    #[test]
    fn tampered_and_junk_tokens_are_refused() {
        let token = issue("s3cret", "42", 1_000);
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        parts[1] = parts[1].replace('A', "B");
        assert_eq!(verify("s3cret", &parts.join("."), 1_060), None);
        for junk in [
            "",
            "a.b.c",
            "eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoiNDIifQ.",
            "not a token",
        ] {
            assert_eq!(verify("s3cret", junk, 1_060), None, "{junk}");
        }
    }
}
