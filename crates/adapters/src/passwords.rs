//! Argon2id password hashing (RustCrypto `argon2`), at OWASP's minimum cost: 19 MiB of
//! memory, 2 passes, 1 lane. Each hash takes tens of milliseconds of one core, so it
//! runs on tokio's blocking pool, never on a thread that serves requests; and no more
//! run at once than there are cores, so a flood of sign-ins queues (until the request
//! times out with a 503) instead of taking 19 MiB per request and every core.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use std::sync::Arc;
use store_domain::accounts::Password;
use store_domain::ports::{PasswordError, Passwords};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// OWASP's Password Storage Cheat Sheet minimum for Argon2id.
const MEMORY_KIB: u32 = 19 * 1024;
const PASSES: u32 = 2;
const LANES: u32 = 1;

pub struct Argon2Passwords {
    hasher: Argon2<'static>,
    /// One permit per core: held by a hash from its start to its end.
    running: Arc<Semaphore>,
    /// A hash of a password nobody has, checked when an address has no account so
    /// that answering "wrong" takes as long for an unknown address as for a wrong
    /// password.
    decoy: Arc<str>,
}

impl Argon2Passwords {
    pub fn new() -> Result<Self, PasswordError> {
        let params = Params::new(MEMORY_KIB, PASSES, LANES, None)
            .map_err(|e| PasswordError(e.to_string()))?;
        let hasher = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
        let decoy = hasher
            .hash_password(b"no account has this password")
            .map_err(|e| PasswordError(e.to_string()))?
            .to_string();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Argon2Passwords {
            hasher,
            running: Arc::new(Semaphore::new(cores)),
            decoy: decoy.into(),
        })
    }
}

impl Argon2Passwords {
    /// Waits for a core. The permit moves into the blocking task, so a request that
    /// gives up (times out) while its hash runs still frees the core only when the
    /// hash ends: at most one hash per core, whatever the clients do.
    async fn permit(&self) -> Result<OwnedSemaphorePermit, PasswordError> {
        self.running
            .clone()
            .acquire_owned()
            .await
            .map_err(|e| PasswordError(e.to_string()))
    }
}

#[async_trait]
impl Passwords for Argon2Passwords {
    async fn hash(&self, password: &Password) -> Result<String, PasswordError> {
        let hasher = self.hasher.clone();
        let password = password.clone();
        let permit = self.permit().await?;
        tokio::task::spawn_blocking(move || {
            let _running = permit;
            hasher
                .hash_password(password.expose().as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|e| PasswordError(e.to_string()))
        })
        .await
        .map_err(|e| PasswordError(e.to_string()))?
    }

    async fn verify(&self, password: &Password, hash: Option<&str>) -> bool {
        let known = hash.is_some();
        let stored: Arc<str> = hash.map_or_else(|| self.decoy.clone(), Arc::from);
        let hasher = self.hasher.clone();
        let password = password.clone();
        let Ok(permit) = self.permit().await else {
            return false;
        };
        let matched = tokio::task::spawn_blocking(move || {
            let _running = permit;
            // The hash's own parameters are used, so older hashes keep working.
            PasswordHash::new(&stored).is_ok_and(|parsed| {
                hasher
                    .verify_password(password.expose().as_bytes(), &parsed)
                    .is_ok()
            })
        })
        .await
        .unwrap_or(false);
        known && matched
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_at_owasp_cost_and_verify() {
        let passwords = Argon2Passwords::new().unwrap();
        let password = Password::new_password("correct horse").unwrap();
        let hash = passwords.hash(&password).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(!hash.contains("correct horse"));
        assert!(passwords.verify(&password, Some(&hash)).await);
        let wrong = Password::given("correct horsE").unwrap();
        assert!(!passwords.verify(&wrong, Some(&hash)).await);
        // Two hashes of one password differ (each has its own salt).
        assert_ne!(hash, passwords.hash(&password).await.unwrap());
    }

    #[tokio::test]
    async fn no_account_never_matches_even_the_decoys_password() {
        let passwords = Argon2Passwords::new().unwrap();
        let decoy = Password::given("no account has this password").unwrap();
        assert!(!passwords.verify(&decoy, None).await);
        assert!(!passwords.verify(&decoy, Some("not a hash")).await);
    }

    #[tokio::test]
    async fn a_hash_waits_for_a_free_core() {
        let passwords = Arc::new(Argon2Passwords::new().unwrap());
        let cores = u32::try_from(passwords.running.available_permits()).unwrap();
        let every_core = passwords.running.clone().acquire_many_owned(cores).await;
        let hasher = passwords.clone();
        let hashing = tokio::spawn(async move {
            let password = Password::new_password("correct horse").unwrap();
            hasher.hash(&password).await
        });
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert!(!hashing.is_finished(), "no core is free: the hash waits");
        drop(every_core);
        assert!(hashing.await.unwrap().is_ok());
    }
}
