//! What storage keeps of a secret a shopper holds (a newsletter confirmation link, a
//! session cookie, a password-reset link, a registration code): its SHA-256, in hex.
//! A copy of the database (a backup, a leak) then opens nothing.

use sha2::{Digest, Sha256};
use std::fmt::Write;

/// A secret's SHA-256, in hex. A long random token cannot be found from it by
/// guessing; a short code is protected by its short life and few attempts instead.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenHash(String);

impl TokenHash {
    pub fn of(token: &str) -> Self {
        let digest = Sha256::digest(token.as_bytes());
        let mut hex = String::with_capacity(64);
        for byte in digest {
            let _ = write!(hex, "{byte:02x}");
        }
        TokenHash(hex)
    }

    /// A hash as storage kept it (`of` made it on the way in).
    pub fn from_stored(hex: String) -> Self {
        TokenHash(hex)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_stored_as_their_sha256() {
        // SHA-256("abc"), the standard's own example.
        assert_eq!(
            TokenHash::of("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(TokenHash::of("t1"), TokenHash::of("t2"));
    }
}
