//! Customers as the storage contracts need them: registered the way the use case
//! registers one, since the database's keys refer to them.

use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::ports::{Accounts, PendingRegistration};
use store_domain::token::TokenHash;

/// A customer registered at `at` with `address`: their id.
pub async fn registered(store: &dyn Accounts, address: &str, at: Timestamp) -> i64 {
    let email = Email::parse(address).unwrap();
    store
        .hold_registration(&PendingRegistration {
            email: email.clone(),
            name: "Dana Levi".into(),
            password_hash: "hash".into(),
            code: TokenHash::of("111111"),
            expires_at: at.plus(Duration::from_secs(900)),
        })
        .await
        .unwrap();
    store
        .confirm_registration(&email, &TokenHash::of("111111"), at, 5)
        .await
        .unwrap()
        .unwrap()
        .id
}
