//! Password "hashing" for tests of the layers above: instant and readable. The real
//! Argon2id adapter is tested on its own (`passwords.rs`); here speed matters.

use async_trait::async_trait;
use store_domain::accounts::Password;
use store_domain::ports::{PasswordError, Passwords};

#[derive(Default)]
pub struct PlainPasswords;

#[async_trait]
impl Passwords for PlainPasswords {
    async fn hash(&self, password: &Password) -> Result<String, PasswordError> {
        Ok(format!("plain:{}", password.expose()))
    }

    async fn verify(&self, password: &Password, hash: Option<&str>) -> bool {
        hash.is_some_and(|h| h.strip_prefix("plain:") == Some(password.expose()))
    }
}
